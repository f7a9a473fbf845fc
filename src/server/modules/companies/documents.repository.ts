// Queries of company documents, their reminders and the compliance settings
// (repositories take a DbOrTx).
// "The latest of a kind" (docs/decisions/0013-compliance.md): of a company's verified
// documents of one kind, the one that expires last (ties: the later id) is the
// one that counts; an earlier one is superseded and neither listed as expiring or
// expired nor reminded about.
// An applicant's document (company_id null, applicant_id set: registration with
// documents) belongs to no company until approval moves it: every query of a
// company's documents names the company, and the staff-wide ones ask for one.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, companyDocuments, complianceSettings, documentReminders, users, type CompanyDocumentRow } from "../../db/schema";
import { EXPIRING_WITHIN_DAYS, type DocumentView } from "../../../contract/schemas/company";

type Page = { limit: number; offset: number };

export async function insertDocument(db: DbOrTx, values: typeof companyDocuments.$inferInsert): Promise<CompanyDocumentRow> {
  const [row] = await db.insert(companyDocuments).values(values).returning();
  return row;
}

/** `lock`: held to the end of the caller's transaction (a review). */
export async function findDocument(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<CompanyDocumentRow | undefined> {
  const q = db.select().from(companyDocuments).where(eq(companyDocuments.id, id)).limit(1);
  const [row] = opts.lock ? await q.for("update") : await q;
  return row;
}

/** A company's documents, newest upload first. */
export async function listCompanyDocumentRows(db: DbOrTx, companyId: string, page: Page): Promise<CompanyDocumentRow[]> {
  return db
    .select()
    .from(companyDocuments)
    .where(eq(companyDocuments.companyId, companyId))
    .orderBy(desc(companyDocuments.uploadedAt), desc(companyDocuments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCompanyDocuments(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companyDocuments).where(eq(companyDocuments.companyId, companyId));
  return Number(row?.n ?? 0);
}

/** A pending document becomes verified or rejected: one conditional update, so of two reviews exactly one lands. */
export async function reviewPendingDocument(
  db: DbOrTx,
  id: string,
  set: { status: "verified" | "rejected"; reason: string | null; forsLevel: string | null; reviewedBy: string; reviewedAt: Date },
): Promise<CompanyDocumentRow | undefined> {
  const [row] = await db
    .update(companyDocuments)
    .set(set)
    // an applicant's document is reviewed once approval has made it its company's
    .where(and(eq(companyDocuments.id, id), eq(companyDocuments.status, "pending"), isNotNull(companyDocuments.companyId)))
    .returning();
  return row;
}

/** The document whose file this is (objectPath), with its company's name (null: an applicant's, no company yet). */
export async function findDocumentByObjectPath(db: DbOrTx, objectPath: string) {
  const [row] = await db
    .select({ companyId: companyDocuments.companyId, kind: companyDocuments.kind, companyName: companies.name })
    .from(companyDocuments)
    .leftJoin(companies, eq(companies.id, companyDocuments.companyId))
    .where(eq(companyDocuments.objectPath, objectPath))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- an applicant's documents (registration)

/** The applicant's documents, newest upload first (at most one of each of the two kinds). */
export async function listApplicantDocumentRows(
  db: DbOrTx,
  applicantId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: CompanyDocumentRow[]; total: number }> {
  const where = eq(companyDocuments.applicantId, applicantId);
  // every list is bounded; the total before paging for X-Total-Count
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(companyDocuments).where(where).orderBy(desc(companyDocuments.uploadedAt), desc(companyDocuments.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(companyDocuments).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** How many documents each of these applicants added (the Pending tab). */
export async function countApplicantDocuments(db: DbOrTx, applicantIds: string[]): Promise<Map<string, number>> {
  if (applicantIds.length === 0) return new Map();
  const rows = await db
    .select({ applicantId: companyDocuments.applicantId, n: count() })
    .from(companyDocuments)
    .where(inArray(companyDocuments.applicantId, applicantIds))
    .groupBy(companyDocuments.applicantId);
  return new Map(rows.map((r) => [r.applicantId!, Number(r.n)]));
}

/** Delete the applicant's documents (of one kind, or all); their files' paths, for the objects module to release. */
export async function deleteApplicantDocuments(db: DbOrTx, applicantId: string, kind?: string): Promise<string[]> {
  const rows = await db
    .delete(companyDocuments)
    .where(and(eq(companyDocuments.applicantId, applicantId), kind ? eq(companyDocuments.kind, kind) : undefined))
    .returning({ objectPath: companyDocuments.objectPath });
  return rows.map((r) => r.objectPath);
}

/** The files of the applicant's documents (released before the account goes). */
export async function applicantDocumentPaths(db: DbOrTx, applicantId: string): Promise<string[]> {
  const rows = await db.select({ objectPath: companyDocuments.objectPath }).from(companyDocuments).where(eq(companyDocuments.applicantId, applicantId));
  return rows.map((r) => r.objectPath);
}

/** Approval: the applicant's documents become the company's, still waiting for review. */
export async function moveApplicantDocuments(db: DbOrTx, applicantId: string, companyId: string): Promise<number> {
  const rows = await db
    .update(companyDocuments)
    .set({ companyId, applicantId: null, status: "pending" })
    .where(eq(companyDocuments.applicantId, applicantId))
    .returning({ id: companyDocuments.id });
  return rows.length;
}

// ---------------------------------------------------------------- companies and members

export async function findCompany(db: DbOrTx, id: string, opts: { share?: boolean } = {}) {
  const q = db.select({ id: companies.id, name: companies.name, forsLevel: companies.forsLevel }).from(companies).where(eq(companies.id, id)).limit(1);
  const [row] = opts.share ? await q.for("share") : await q;
  return row;
}

/** The user's company as it is now (not the session's copy of the user). */
export async function companyIdOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.companyId ?? null;
}

/** The approved members of a company (the reminders' recipients). */
export async function memberIds(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isApproved, true)));
  return rows.map((r) => r.id);
}

/** Verified documents still good on `today` of these companies: what compliance is computed from. */
export async function goodDocumentsOf(db: DbOrTx, companyIds: string[], today: string) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      companyId: companyDocuments.companyId,
      kind: companyDocuments.kind,
      status: companyDocuments.status,
      expiresOn: companyDocuments.expiresOn,
      forsLevel: companyDocuments.forsLevel,
    })
    .from(companyDocuments)
    .where(and(inArray(companyDocuments.companyId, companyIds), eq(companyDocuments.status, "verified"), gte(companyDocuments.expiresOn, today)));
}

// ---------------------------------------------------------------- the Compliance tab

/** SQL: `d` is the latest verified document of its kind in its company (the alias "newer" is the later one, if any). */
function isLatestVerified(d: typeof companyDocuments): SQL {
  return sql`${d.status} = 'verified' and not exists (select 1 from company_documents newer where newer.company_id = ${d.companyId} and newer.kind = ${d.kind}
    and newer.status = 'verified' and (newer.expires_on > ${d.expiresOn} or (newer.expires_on = ${d.expiresOn} and newer.id > ${d.id})))`;
}

function viewWhere(view: DocumentView, today: string): SQL {
  const d = companyDocuments;
  // a pending applicant's documents wait for approval, not for review: only a company's are listed
  if (view === "pending") return sql`${d.status} = 'pending' and ${d.companyId} is not null`;
  if (view === "expiring") {
    return sql`${isLatestVerified(d)} and ${d.expiresOn} >= ${today}::date and ${d.expiresOn} <= ${today}::date + ${EXPIRING_WITHIN_DAYS}::int`;
  }
  return sql`${isLatestVerified(d)} and ${d.expiresOn} < ${today}::date`;
}

function viewOrder(view: DocumentView) {
  const d = companyDocuments;
  if (view === "pending") return [asc(d.uploadedAt), asc(d.id)];
  if (view === "expiring") return [asc(d.expiresOn), asc(d.id)];
  return [desc(d.expiresOn), asc(d.id)];
}

export async function listReviewRows(db: DbOrTx, opts: { view: DocumentView; today: string; page: Page }) {
  const d = companyDocuments;
  return db
    .select({
      doc: d,
      companyName: companies.name,
      uploadedByName: users.name,
      replacementPending: sql<boolean>`exists (select 1 from company_documents waiting where waiting.company_id = ${d.companyId} and waiting.kind = ${d.kind} and waiting.status = 'pending' and waiting.id <> ${d.id})`,
    })
    .from(d)
    .innerJoin(companies, eq(companies.id, d.companyId))
    .leftJoin(users, eq(users.id, d.uploadedBy))
    .where(viewWhere(opts.view, opts.today))
    .orderBy(...viewOrder(opts.view))
    .limit(opts.page.limit)
    .offset(opts.page.offset);
}

export async function countReviewRows(db: DbOrTx, opts: { view: DocumentView; today: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companyDocuments).where(viewWhere(opts.view, opts.today));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- reminders

/**
 * Verified documents, the latest of their kind, expiring between `today` and 30 days
 * on, with the reminder mark now due (30: more than 7 days left, 7: 1 to 7 days,
 * 0: the day itself) when that mark was not yet sent. Soonest first, at most `limit`.
 */
export async function dueReminders(db: DbOrTx, opts: { today: string; limit: number }) {
  const d = companyDocuments;
  const daysLeft = sql<number>`(${d.expiresOn} - ${opts.today}::date)`;
  const mark = sql<number>`(case when ${daysLeft} = 0 then 0 when ${daysLeft} <= 7 then 7 else 30 end)`;
  const rows = await db
    .select({ id: d.id, companyId: d.companyId, kind: d.kind, expiresOn: d.expiresOn, companyName: companies.name, daysLeft, mark })
    .from(d)
    .innerJoin(companies, eq(companies.id, d.companyId))
    .where(
      sql`${isLatestVerified(d)} and ${d.expiresOn} >= ${opts.today}::date and ${d.expiresOn} <= ${opts.today}::date + 30
        and not exists (select 1 from ${documentReminders} where ${documentReminders.documentId} = ${d.id} and ${documentReminders.daysBefore} = ${mark})`,
    )
    .orderBy(asc(d.expiresOn), asc(d.id))
    .limit(opts.limit);
  // companyId: the inner join on companies, so never an applicant's document
  return rows.map((r) => ({ ...r, companyId: r.companyId!, daysLeft: Number(r.daysLeft), mark: Number(r.mark) }));
}

/** Claim one reminder: true for the one insert that wins, in any process. */
export async function claimReminder(db: DbOrTx, opts: { documentId: string; daysBefore: number; now: Date }): Promise<boolean> {
  const rows = await db
    .insert(documentReminders)
    .values({ documentId: opts.documentId, daysBefore: opts.daysBefore, createdAt: opts.now })
    .onConflictDoNothing()
    .returning({ documentId: documentReminders.documentId });
  return rows.length > 0;
}

// ---------------------------------------------------------------- settings

export async function readSettings(db: DbOrTx) {
  const [row] = await db
    .select({ requireCompliance: complianceSettings.requireCompliance, enforceFors: complianceSettings.enforceFors })
    .from(complianceSettings)
    .where(eq(complianceSettings.id, 1));
  return row ?? { requireCompliance: false, enforceFors: false };
}

export async function writeSettings(db: DbOrTx, values: { requireCompliance: boolean; enforceFors: boolean; now: Date }) {
  const set = { requireCompliance: values.requireCompliance, enforceFors: values.enforceFors, updatedAt: values.now };
  await db.insert(complianceSettings).values({ id: 1, ...set }).onConflictDoUpdate({ target: complianceSettings.id, set });
}
