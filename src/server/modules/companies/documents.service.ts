// Company documents: a company's
// members and staff list and add them; staff verify or reject them and see the
// Compliance tab's lists. A document's file is an upload of the poster's own,
// claimed through the objects module in the same transaction as the document
// (attachOwnUpload), and served like POD paperwork (compliance.service
// documentFileAccess). docs/decisions/0013-compliance.md.
import type { AppContext } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import type { CompanyDocumentRow, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso, money } from "../../lib/serialize";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import {
  COMPANY_MSG,
  type CertificateForsLevel,
  type CompanyDocument,
  type DocumentKind,
  type DocumentStatus,
  type DocumentView,
  type RegistrationDocument,
  type ReviewDocument,
} from "../../../contract/schemas/company";
import { attachOwnUpload, releaseUploads } from "../objects/objects.service";
import { ukToday } from "./compliance.service";
import {
  applicantDocumentPaths,
  countApplicantDocuments,
  deleteApplicantDocuments,
  listApplicantDocumentRows,
  moveApplicantDocuments,
  countCompanyDocuments,
  countReviewRows,
  findCompany,
  findDocument,
  insertDocument,
  listCompanyDocumentRows,
  listReviewRows,
  reviewPendingDocument,
} from "./documents.repository";

type Page = { limit: number; offset: number };

/** "2026-02-30" is no day: the round trip through a UTC date must give it back. */
const isCalendarDay = (ymd: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(ymd) && !Number.isNaN(Date.parse(`${ymd}T00:00:00Z`)) && new Date(`${ymd}T00:00:00Z`).toISOString().slice(0, 10) === ymd;
type Viewer = Pick<UserRow, "id" | "role" | "isAdmin" | "companyId">;

/** A company's document as the contract shows it. */
export function toDocument(row: CompanyDocumentRow): CompanyDocument {
  // every caller reads a company's documents (the queries name the company or join it)
  if (!row.companyId) throw new Error("an applicant's document has no company yet");
  return { ...toRegistrationDocument(row), companyId: row.companyId };
}

/** An applicant's document (registration): a company document without the company. */
export function toRegistrationDocument(row: CompanyDocumentRow): RegistrationDocument {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    objectPath: row.objectPath,
    expiresOn: row.expiresOn,
    coverAmount: money(row.coverAmount),
    forsLevel: row.kind === "fors_certificate" ? ((row.forsLevel as CertificateForsLevel | null) ?? null) : null,
    status: row.status as DocumentStatus,
    reason: row.reason,
    uploadedBy: row.uploadedBy,
    uploadedAt: iso(row.uploadedAt)!,
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
  };
}

/** Staff and the company's own members; anyone else (and an unknown company) 404: they may not know it exists. */
async function companyFor(db: DbOrTx, viewer: Viewer, companyId: string) {
  const member = !!viewer.companyId && viewer.companyId === companyId;
  if (!member && !isStaffRole(viewer)) throw new AppError(404, MSG.notFound);
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError(404, MSG.notFound);
  return company;
}

/** 404 unless the viewer is staff or a member of the company (and it exists). */
export async function assertCompanyDocumentsAccess(opts: { db: DbOrTx; viewer: Viewer; companyId: string }): Promise<void> {
  await companyFor(opts.db, opts.viewer, opts.companyId);
}

/** GET /api/companies/{id}/documents: newest upload first, one page and the total. */
export async function listCompanyDocuments(opts: { db: DbOrTx; viewer: Viewer; companyId: string; page: Page }) {
  await companyFor(opts.db, opts.viewer, opts.companyId);
  const [rows, total] = await Promise.all([listCompanyDocumentRows(opts.db, opts.companyId, opts.page), countCompanyDocuments(opts.db, opts.companyId)]);
  return { items: rows.map(toDocument), total };
}

const badUpload = () => new AppError(400, COMPANY_MSG.uploadNotUsable, [{ path: "objectPath", message: COMPANY_MSG.uploadNotUsable }]);

type DocumentInput = { kind: DocumentKind; objectPath: string; expiresOn: string; coverAmount?: number | null; forsLevel?: CertificateForsLevel };

/**
 * A new document waiting for review, of a company or of a pending applicant, posted by
 * `uploader` with an upload of their own. `expiresOn` must name a real calendar day,
 * not before today in the UK (contract: in the past → 400). For an applicant, an
 * earlier document of the same kind goes in the same transaction.
 */
async function insertNewDocument(opts: {
  db: Db;
  uploader: Pick<UserRow, "id">;
  owner: { companyId: string } | { applicantId: string };
  input: DocumentInput;
  now: Date;
}): Promise<CompanyDocumentRow> {
  const { db, uploader, owner, input, now } = opts;
  if (!isCalendarDay(input.expiresOn)) throw new AppError(400, COMPANY_MSG.expiresOn, [{ path: "expiresOn", message: COMPANY_MSG.expiresOn }]);
  if (input.expiresOn < ukToday(now)) throw new AppError(400, COMPANY_MSG.expiresInPast, [{ path: "expiresOn", message: COMPANY_MSG.expiresInPast }]);
  return db.transaction(async (tx) => {
    const objectPath = await attachOwnUpload({ db: tx, objectPath: input.objectPath, user: uploader });
    if (!objectPath) throw badUpload();
    if ("applicantId" in owner) {
      // one of each kind: a second replaces the first, whose file the sweep then takes
      await releaseUploads({ db: tx, objectPaths: await deleteApplicantDocuments(tx, owner.applicantId, input.kind) });
    }
    return insertDocument(tx, {
      ...owner,
      kind: input.kind,
      objectPath,
      expiresOn: input.expiresOn,
      coverAmount: input.coverAmount == null ? null : String(input.coverAmount),
      // the level is a FORS certificate's alone: another kind sent with one keeps none
      forsLevel: input.kind === "fors_certificate" ? (input.forsLevel ?? null) : null,
      status: "pending",
      uploadedBy: uploader.id,
      uploadedAt: now,
    });
  });
}

/** POST /api/companies/{id}/documents: a new document of the company, waiting for review. */
export async function createCompanyDocument(opts: { db: Db; viewer: Viewer; companyId: string; input: DocumentInput; now: Date }): Promise<CompanyDocument> {
  const { db, viewer, companyId, input, now } = opts;
  await companyFor(db, viewer, companyId);
  return toDocument(await insertNewDocument({ db, uploader: viewer, owner: { companyId }, input, now }));
}

// ---------------------------------------------------------------- registration with documents
// docs/decisions/0013-compliance.md "Registration with documents". The applicant is
// authenticated by the registration module (its cookie); these hold the rules.

/**
 * POST /api/registration/documents: a pending applicant's insurance, held on the
 * account (no company yet) with the same checks as a company's document; one of
 * each kind (a second replaces the first).
 */
export async function createApplicantDocument(opts: { db: Db; applicant: Pick<UserRow, "id">; input: DocumentInput; now: Date }): Promise<RegistrationDocument> {
  const { db, applicant, input, now } = opts;
  return toRegistrationDocument(await insertNewDocument({ db, uploader: applicant, owner: { applicantId: applicant.id }, input, now }));
}

/** GET /api/registration/documents: the applicant's own, newest first. */
export async function listApplicantDocuments(opts: {
  db: DbOrTx;
  applicantId: string;
  page: { limit: number; offset: number };
}): Promise<{ items: RegistrationDocument[]; total: number }> {
  const { rows, total } = await listApplicantDocumentRows(opts.db, opts.applicantId, opts.page);
  return { items: rows.map(toRegistrationDocument), total };
}

/** The Pending tab: how many documents each applicant added. */
export function applicantDocumentCounts(opts: { db: DbOrTx; applicantIds: string[] }): Promise<Map<string, number>> {
  return countApplicantDocuments(opts.db, opts.applicantIds);
}

/** Approval (in its transaction, through linkUserToCompany): the applicant's documents become the company's, pending review. */
export function adoptApplicantDocuments(opts: { tx: DbOrTx; applicantId: string; companyId: string }): Promise<number> {
  return moveApplicantDocuments(opts.tx, opts.applicantId, opts.companyId);
}

/**
 * Before a pending account is deleted (rejection or DELETE /api/users/{id}), in that
 * transaction: the documents go with the account (cascade) and their files are
 * released, so the sweep of unattached uploads deletes them like any other.
 */
export async function releaseApplicantDocuments(opts: { tx: DbOrTx; applicantId: string }): Promise<void> {
  await releaseUploads({ db: opts.tx, objectPaths: await applicantDocumentPaths(opts.tx, opts.applicantId) });
}

/**
 * POST /api/documents/{id}/verify | reject (staff): only a pending document (else
 * 409); who and when are recorded. The row is locked for the review: of two reviews
 * at once, exactly one lands and the other is told the document is no longer pending.
 * A FORS certificate is verified at the level staff confirm (`forsLevel`, else the
 * level it was uploaded with; one with neither → 400): that level is the company's
 * FORS level from then on. The review publishes company.document_verified or
 * company.document_rejected in its transaction; the company's members are told
 * after commit (notifications).
 */
export async function reviewDocument(opts: {
  ctx: Pick<AppContext, "db" | "events">;
  actor: Pick<UserRow, "id" | "name">;
  id: string;
  decision: { status: "verified"; forsLevel?: CertificateForsLevel } | { status: "rejected"; reason: string };
  now: Date;
}): Promise<CompanyDocument> {
  const { ctx, actor, id, decision, now } = opts;
  const reason = decision.status === "rejected" ? decision.reason : null;
  const row = await ctx.db.transaction(async (tx) => {
    const doc = await findDocument(tx, id, { lock: true });
    // an applicant's document is no company's yet: nothing staff can review (404)
    if (!doc?.companyId) throw new AppError(404, MSG.notFound);
    if (doc.status !== "pending") throw new AppError(409, COMPANY_MSG.documentNotPending);
    const forsLevel = doc.kind === "fors_certificate" && decision.status === "verified" ? (decision.forsLevel ?? doc.forsLevel) : doc.forsLevel;
    if (doc.kind === "fors_certificate" && decision.status === "verified" && !forsLevel) {
      throw new AppError(400, COMPANY_MSG.certificateForsLevel, [{ path: "forsLevel", message: COMPANY_MSG.certificateForsLevel }]);
    }
    const reviewed = await reviewPendingDocument(tx, id, { status: decision.status, reason, forsLevel, reviewedBy: actor.id, reviewedAt: now });
    if (!reviewed?.companyId) throw new AppError(409, COMPANY_MSG.documentNotPending);
    const company = await findCompany(tx, reviewed.companyId);
    const base = { occurredAt: now, actor: { id: actor.id, name: actor.name }, loadId: null, loadNumber: null };
    const about = { companyId: reviewed.companyId, companyName: company?.name ?? "", documentId: reviewed.id, kind: reviewed.kind, forsLevel: reviewed.forsLevel };
    await ctx.events.publish(tx, [
      decision.status === "verified"
        ? { ...base, type: "company.document_verified", data: { ...about, expiresOn: reviewed.expiresOn } }
        : { ...base, type: "company.document_rejected", data: { ...about, reason: decision.reason } },
    ]);
    return reviewed;
  });
  return toDocument(row);
}

/** GET /api/documents?view= (staff): one page of the Compliance tab's list and its total. */
export async function listReviewDocuments(opts: { db: DbOrTx; view: DocumentView; page: Page; now: Date }): Promise<{ items: ReviewDocument[]; total: number }> {
  const today = ukToday(opts.now);
  const [rows, total] = await Promise.all([listReviewRows(opts.db, { view: opts.view, today, page: opts.page }), countReviewRows(opts.db, { view: opts.view, today })]);
  return {
    items: rows.map((r) => ({ ...toDocument(r.doc), companyName: r.companyName, uploadedByName: r.uploadedByName, replacementPending: Boolean(r.replacementPending) })),
    total,
  };
}

// ---------------------------------------------------------------- for the document reminders (notifications)

export { claimReminder, dueReminders, memberIds } from "./documents.repository";
export { ukToday } from "./compliance.service";
