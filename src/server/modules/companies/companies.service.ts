// The carrier company record.
// A company's users are those whose carrierName matches its name (case and
// surrounding spaces aside); approval links a carrier to the matching company or
// creates it; only staff create, rename or merge companies or move a user.
// Carrier visibility still compares names exactly (loads/load-visibility.ts), so
// every change here rewrites each stored copy of the name in one transaction:
// members' carrierName, bookings' acceptedByCarrier (with a line in each load's
// history). Bids store no name (the bidder's carrierName is read when listed).
// Decisions: docs/decisions/0013-compliance.md "Company record".
import type { AppContext } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import type { CompanyRow, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso, toUser } from "../../lib/serialize";
import { isStaffRole, type ForsLevel } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import {
  COMPANY_MSG,
  COMPANY_PAGE_SIZE,
  type Company,
  type CompanyListQuery,
  type CompanySortKey,
  type ComplianceStatus,
  type companyUpdateSchema,
} from "../../../contract/schemas/company";
import type { User } from "../../../contract/schemas/user";
import type { z } from "zod";
import { complianceOfCompanies, ukToday, type CompanyCompliance } from "./compliance.service";
import { adoptApplicantDocuments } from "./documents.service";
import { vatNumberChange } from "./vat-number";
import {
  companiesByKeys,
  companyKeyTaken,
  deleteCompanyRow,
  establishedSpelling,
  findCompanyById,
  findCompanyByKey,
  findUserForUpdate,
  insertCompanyIfAbsent,
  listCompanyRows,
  memberCounts,
  scoreSummaries,
  moveDocuments,
  nameKeyOf,
  recordBookingEvents,
  renameBookings,
  renameMembers,
  setUserCompany,
  updateCompanyRow,
} from "./companies.repository";

export { confirmVatNumber } from "./vat-number";

/** For carriers written straight into the database (the demo data set): see the repository. */
export { linkApprovedCarriers } from "./companies.repository";

export const COMPANIES_MSG = {
  nameTaken: "Another company already has this name. Merge the two companies instead.",
  mergeIntoItself: "A company cannot be merged into itself",
  notCarrier: "Only an approved carrier account belongs to a company",
} as const;

/** Two companies may not share a name key (companies_name_key, SQLSTATE 23505), whichever driver raised it. */
function isNameKeyClash(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === "23505") return e.constraint === "companies_name_key" || String(e.message ?? "").includes("companies_name_key");
  }
  return false;
}

/**
 * The compliance status of each of these companies on `today` (a UK day), in one
 * query (compliance.service complianceOfCompanies, by the contract's
 * complianceOf): what the users lists, GET /api/auth/user and the Carriers tab show.
 */
export async function complianceFor(ctx: Pick<AppContext, "clock">, db: DbOrTx, companyIds: string[], today = ukToday(ctx.clock.now())): Promise<Map<string, ComplianceStatus>> {
  const out = new Map<string, ComplianceStatus>();
  if (!companyIds.length) return out;
  const status = await complianceOfCompanies({ db, companies: [...new Set(companyIds)].map((id) => ({ id, forsLevel: "" })), today });
  for (const [id, c] of status) out.set(id, c.compliance);
  return out;
}

/** A company row, its compliance and member count → the contract's Company. */
export function companyView(opts: { row: CompanyRow; compliance: CompanyCompliance; memberCount: number }): Company {
  const { row } = opts;
  return {
    id: row.id,
    name: row.name,
    companyNumber: row.companyNumber,
    vatNumber: row.vatNumber,
    proposedVatNumber: row.proposedVatNumber,
    operatorLicence: row.operatorLicence,
    forsLevel: row.forsLevel as ForsLevel,
    verifiedForsLevel: opts.compliance.verifiedForsLevel,
    compliance: opts.compliance.compliance,
    memberCount: opts.memberCount,
    createdAt: iso(row.createdAt)!,
  };
}

/** Rows → Company objects: two queries for any number of companies. */
export async function companyViews(ctx: Pick<AppContext, "clock">, db: DbOrTx, rows: CompanyRow[], today = ukToday(ctx.clock.now())): Promise<Company[]> {
  const status = await complianceOfCompanies({ db, companies: rows, today });
  const members = await memberCounts(db, rows.map((r) => r.id));
  return rows.map((row) => companyView({ row, compliance: status.get(row.id)!, memberCount: members.get(row.id) ?? 0 }));
}

/** Users → the contract's user objects with their company's compliance: one query for the lot (none when no user has a company). */
export async function userViews(ctx: Pick<AppContext, "clock">, db: DbOrTx, rows: UserRow[]): Promise<User[]> {
  const status = await complianceFor(ctx, db, [...new Set(rows.flatMap((r) => (r.companyId ? [r.companyId] : [])))]);
  return rows.map((r) => toUser(r, r.companyId ? (status.get(r.companyId) ?? null) : null));
}

export async function userView(ctx: Pick<AppContext, "clock">, db: DbOrTx, row: UserRow): Promise<User> {
  const [user] = await userViews(ctx, db, [row]);
  return user;
}

/** The company records of these carrier names (the Carriers tab), with their compliance: two queries. */
export async function companiesByName(ctx: Pick<AppContext, "clock">, db: DbOrTx, names: string[]): Promise<Map<string, { companyId: string; compliance: ComplianceStatus }>> {
  const rows = await companiesByKeys(db, [...new Set(names.map(nameKeyOf).filter(Boolean))]);
  const status = await complianceFor(ctx, db, [...rows.values()].map((r) => r.id));
  const out = new Map<string, { companyId: string; compliance: ComplianceStatus }>();
  for (const [key, row] of rows) out.set(key, { companyId: row.id, compliance: status.get(row.id) ?? "non_compliant" });
  return out;
}

// ---------------------------------------------------------------- linking users

/** A user who belongs to a company: an approved carrier (not staff) with a company name. */
const belongsToCompany = (u: UserRow): boolean => u.isApproved && !isStaffRole(u) && nameKeyOf(u.carrierName) !== "";

/**
 * The company of this name key, created if there is none. Of simultaneous
 * approvals of one new name (any process) one creates it and the others join it:
 * INSERT … ON CONFLICT (name_key) DO NOTHING waits for the winner to commit, then
 * the lookup sees it. The row is held (key share) to the end of the transaction,
 * so a merge cannot delete it, nor a rename re-key it, under the new member.
 */
async function ensureCompany(tx: Tx, user: UserRow, now: Date): Promise<CompanyRow> {
  const key = nameKeyOf(user.carrierName);
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findCompanyByKey(tx, key, "key share");
    if (existing) return existing;
    // a name others already use keeps their spelling, so the new member sees their bookings
    const name = (await establishedSpelling(tx, key, user.id)) ?? user.carrierName!.trim();
    const created = await insertCompanyIfAbsent(tx, { name, now });
    if (created) return created;
  }
  // the winner was deleted (merged away) twice in a row: give up rather than spin
  throw new AppError(409, "The company changed while this was saved. Please try again.");
}

/**
 * Keep a user's company in step with their account, in the caller's transaction:
 * an approved carrier joins the company whose name matches their carrierName (or
 * a new one), under its spelling; anyone else (pending, staff, no name) has none.
 * Approval, a staff-created carrier and a staff edit of a user call it. The
 * insurance an applicant added when registering becomes the company's here, still
 * waiting for review (docs/decisions/0013-compliance.md "Registration with documents"),
 * whichever way the account was approved.
 */
export async function linkUserToCompany(opts: { tx: Tx; user: UserRow; now: Date }): Promise<UserRow> {
  const { tx, user, now } = opts;
  if (!belongsToCompany(user)) {
    return user.companyId ? ((await setUserCompany(tx, user.id, { companyId: null, now })) ?? user) : user;
  }
  const company = await ensureCompany(tx, user, now);
  await adoptApplicantDocuments({ tx, applicantId: user.id, companyId: company.id });
  if (user.companyId === company.id && user.carrierName === company.name) return user;
  return (await setUserCompany(tx, user.id, { companyId: company.id, carrierName: company.name, now })) ?? user;
}

// ---------------------------------------------------------------- the calls

/** staff, or a member of this company (linked to it) */
const maySee = (actor: UserRow, companyId: string): boolean => isStaffRole(actor) || actor.companyId === companyId;

/** "-name" → name, descending; "name" → ascending. */
function splitSort(sort: string): { key: CompanySortKey; desc: boolean } {
  return sort.startsWith("-") ? { key: sort.slice(1) as CompanySortKey, desc: true } : { key: sort as CompanySortKey, desc: false };
}

/** GET /api/companies (staff): a page, 50 unless asked, and the total. */
export async function listCompanies(opts: { ctx: AppContext; query: CompanyListQuery }): Promise<{ rows: Company[]; total: number }> {
  const { ctx, query } = opts;
  const today = ukToday(ctx.clock.now());
  const page = await listCompanyRows(ctx.db, {
    search: query.search || undefined,
    compliance: query.compliance,
    sort: splitSort(query.sort),
    today,
    limit: query.limit ?? COMPANY_PAGE_SIZE,
    offset: query.offset ?? 0,
  });
  const scores = await scoreSummaries(ctx.db, page.rows.map((r) => r.id));
  const rows = (await companyViews(ctx, ctx.db, page.rows, today)).map((c) => ({ ...c, onTimeDeliveryRate: null, podHoursMedian: null, ...scores.get(c.id) }));
  return { rows, total: page.total };
}

/** GET /api/companies/{id}: staff and the company's members; anyone else may not know it exists (404). */
export async function getCompany(opts: { ctx: AppContext; actor: UserRow; id: string }): Promise<Company> {
  const { ctx, actor, id } = opts;
  const row = maySee(actor, id) ? await findCompanyById(ctx.db, id) : undefined;
  if (!row) throw new AppError(404, MSG.notFound);
  const [company] = await companyViews(ctx, ctx.db, [row]);
  return company;
}

/** 404 unless the actor may see the company (checked before the body is read). */
export function assertMaySee(actor: UserRow, id: string): void {
  if (!maySee(actor, id)) throw new AppError(404, MSG.notFound);
}

/**
 * Rewrite every stored copy of the company name (members, bookings and their
 * history) from `keys` to `to.name`, in the caller's transaction.
 */
async function carryName(tx: Tx, v: { companyIds: string[]; keys: string[]; to: CompanyRow; action: string; actor: UserRow; now: Date }): Promise<void> {
  await renameMembers(tx, { companyIds: v.companyIds, keys: v.keys, companyId: v.to.id, name: v.to.name, now: v.now });
  const bookings = await renameBookings(tx, { keys: v.keys, name: v.to.name, now: v.now });
  await recordBookingEvents(tx, { bookings, action: v.action, to: v.to.name, companyId: v.to.id, actor: v.actor, now: v.now });
}

/**
 * PUT /api/companies/{id}: members and staff edit the profile; only staff rename
 * (a member's changed name → 403). A rename renames every member and booking in
 * the same transaction; another company's name → 409 (merge them instead). The
 * FORS level here is only what the company claims: the level that counts is its
 * verified certificate's. A member's VAT number is only a proposal until staff
 * confirm it (vat-number.ts).
 */
export async function updateCompany(opts: { ctx: AppContext; actor: UserRow; id: string; input: z.output<typeof companyUpdateSchema> }): Promise<Company> {
  const { ctx, actor, id, input } = opts;
  assertMaySee(actor, id);
  const staff = isStaffRole(actor);
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await findCompanyById(tx, id, "update");
      if (!row) throw new AppError(404, MSG.notFound);
      const renamed = input.name !== undefined && input.name !== row.name;
      if (renamed && !staff) throw new AppError(403, COMPANY_MSG.onlyStaffRename);
      const set: Partial<CompanyRow> = { updatedAt: now };
      if (input.companyNumber !== undefined) set.companyNumber = input.companyNumber;
      if (input.operatorLicence !== undefined) set.operatorLicence = input.operatorLicence;
      if (input.forsLevel !== undefined) set.forsLevel = input.forsLevel;
      if (renamed) {
        const key = nameKeyOf(input.name);
        if (key !== row.nameKey && (await companyKeyTaken(tx, key, id))) throw new AppError(409, COMPANIES_MSG.nameTaken);
        set.name = input.name;
        set.nameKey = key;
      }
      const vat = input.vatNumber !== undefined ? vatNumberChange({ row, vatNumber: input.vatNumber, staff, actor, now }) : undefined;
      Object.assign(set, vat?.set);
      const updated = (await updateCompanyRow(tx, id, set))!;
      if (vat?.events.length) await ctx.events.publish(tx, vat.events);
      if (renamed) await carryName(tx, { companyIds: [id], keys: [row.nameKey], to: updated, action: "carrier-renamed", actor, now });
    });
  } catch (err) {
    // a simultaneous rename or approval took the name first: the unique index decides
    if (isNameKeyClash(err)) throw new AppError(409, COMPANIES_MSG.nameTaken);
    throw err;
  }
  return getCompany({ ctx, actor, id });
}

/**
 * POST /api/companies/{id}/merge {intoId} (staff): the company's members,
 * bookings and documents move into the other company, which keeps its name (and
 * takes the merged company's identifiers where its own are blank); the merged
 * company is deleted. One transaction; both rows locked in id order, so two
 * merges of the same pair cannot deadlock.
 */
export async function mergeCompany(opts: { ctx: AppContext; actor: UserRow; id: string; intoId: string }): Promise<Company> {
  const { ctx, actor, id, intoId } = opts;
  if (id === intoId) throw new AppError(400, COMPANIES_MSG.mergeIntoItself, [{ path: "intoId", message: COMPANIES_MSG.mergeIntoItself }]);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const locked = new Map<string, CompanyRow | undefined>();
    for (const k of [id, intoId].sort()) locked.set(k, await findCompanyById(tx, k, "update"));
    const source = locked.get(id);
    const target = locked.get(intoId);
    if (!source || !target) throw new AppError(404, MSG.notFound);
    const fill: Partial<CompanyRow> = { updatedAt: now };
    for (const f of ["companyNumber", "vatNumber", "operatorLicence", "forsLevel"] as const) if (!target[f] && source[f]) fill[f] = source[f];
    const into = (await updateCompanyRow(tx, intoId, fill))!;
    await carryName(tx, { companyIds: [id, intoId], keys: [source.nameKey, target.nameKey], to: into, action: "carrier-merged", actor, now });
    await moveDocuments(tx, id, intoId);
    // what else belongs to the merged company follows it (its invoices: their copied name stays)
    await ctx.events.publish(tx, [
      { type: "company.merged", occurredAt: now, actor: { id: actor.id, name: actor.name }, loadId: null, loadNumber: null, data: { companyId: id, intoCompanyId: intoId } },
    ]);
    await deleteCompanyRow(tx, id);
  });
  return getCompany({ ctx, actor, id: intoId });
}

/**
 * PUT /api/users/{id}/company {companyId} (staff): one approved carrier moves,
 * taking the company's name as their carrierName. Their past bookings stay with
 * the company they were booked for (docs/decisions/0013-compliance.md).
 */
export async function moveUserToCompany(opts: { ctx: AppContext; userId: string; companyId: string }): Promise<User> {
  const { ctx, userId, companyId } = opts;
  const moved = await ctx.db.transaction(async (tx) => {
    const user = await findUserForUpdate(tx, userId);
    if (!user) throw new AppError(404, MSG.notFound);
    if (!belongsToCompany({ ...user, carrierName: user.carrierName || "-" })) throw new AppError(409, COMPANIES_MSG.notCarrier);
    const company = await findCompanyById(tx, companyId, "key share");
    if (!company) throw new AppError(404, MSG.notFound);
    if (user.companyId === company.id && user.carrierName === company.name) return user;
    return (await setUserCompany(tx, user.id, { companyId: company.id, carrierName: company.name, now: ctx.clock.now() }))!;
  });
  return userView(ctx, ctx.db, moved);
}
