// Company documents (contract-beyond "Carrier compliance", issue 17): a company's
// members and staff list and add them; staff verify or reject them and see the
// Compliance tab's lists. A document's file is an upload of the poster's own,
// claimed through the objects module in the same transaction as the document
// (attachOwnUpload), and served like POD paperwork (compliance.service
// documentFileAccess). docs/decisions/compliance.md.
import type { Db, DbOrTx } from "../../db/client";
import type { CompanyDocumentRow, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso, money } from "../../lib/serialize";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import {
  COMPANY_MSG,
  type CompanyDocument,
  type DocumentKind,
  type DocumentStatus,
  type DocumentView,
  type ReviewDocument,
} from "../../../contract/schemas/company";
import { attachOwnUpload } from "../objects/objects.service";
import { ukToday } from "./compliance.service";
import {
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

export function toDocument(row: CompanyDocumentRow): CompanyDocument {
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind as DocumentKind,
    objectPath: row.objectPath,
    expiresOn: row.expiresOn,
    coverAmount: money(row.coverAmount),
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

/**
 * POST /api/companies/{id}/documents: a new document waiting for review. `expiresOn`
 * must name a real calendar day, not before today in the UK (contract: in the past → 400).
 */
export async function createCompanyDocument(opts: {
  db: Db;
  viewer: Viewer;
  companyId: string;
  input: { kind: DocumentKind; objectPath: string; expiresOn: string; coverAmount?: number | null };
  now: Date;
}): Promise<CompanyDocument> {
  const { db, viewer, companyId, input, now } = opts;
  await companyFor(db, viewer, companyId);
  if (!isCalendarDay(input.expiresOn)) throw new AppError(400, COMPANY_MSG.expiresOn, [{ path: "expiresOn", message: COMPANY_MSG.expiresOn }]);
  if (input.expiresOn < ukToday(now)) throw new AppError(400, COMPANY_MSG.expiresInPast, [{ path: "expiresOn", message: COMPANY_MSG.expiresInPast }]);
  const row = await db.transaction(async (tx) => {
    const objectPath = await attachOwnUpload({ db: tx, objectPath: input.objectPath, user: viewer });
    if (!objectPath) throw badUpload();
    return insertDocument(tx, {
      companyId,
      kind: input.kind,
      objectPath,
      expiresOn: input.expiresOn,
      coverAmount: input.coverAmount == null ? null : String(input.coverAmount),
      status: "pending",
      uploadedBy: viewer.id,
      uploadedAt: now,
    });
  });
  return toDocument(row);
}

/**
 * POST /api/documents/{id}/verify | reject (staff): only a pending document (else
 * 409); who and when are recorded. One conditional update: of two reviews at once,
 * exactly one lands and the other is told the document is no longer pending.
 */
export async function reviewDocument(opts: {
  db: DbOrTx;
  actor: Pick<UserRow, "id">;
  id: string;
  decision: { status: "verified" } | { status: "rejected"; reason: string };
  now: Date;
}): Promise<CompanyDocument> {
  const { db, actor, id, decision, now } = opts;
  const reason = decision.status === "rejected" ? decision.reason : null;
  const row = await reviewPendingDocument(db, id, { status: decision.status, reason, reviewedBy: actor.id, reviewedAt: now });
  if (row) return toDocument(row);
  if (!(await findDocument(db, id))) throw new AppError(404, MSG.notFound);
  throw new AppError(409, COMPANY_MSG.documentNotPending);
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
