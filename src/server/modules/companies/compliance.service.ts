// Compliance: the status of a
// company computed one way everywhere (complianceOf() of the contract, on the UK
// calendar day), the two staff settings, the rule checked inside every booking
// transaction (assertMayBook), and who may read a document's file (the objects
// module asks documentFileAccess; it lives here, not in documents.service, which
// itself uses the objects module: no import cycle). docs/decisions/0013-compliance.md.
import type { DbOrTx } from "../../db/client";
import type { LoadRow, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isStaffRole, type ForsLevel } from "../../../contract/constants";
import { ukDayKey } from "../../../contract/wall-clock";
import {
  DOCUMENT_KIND_LABELS,
  type CertificateForsLevel,
  complianceOf,
  verifiedForsOf,
  type ComplianceMe,
  type ComplianceSettings,
  type ComplianceStatus,
  type ComplianceSummary,
  type DocumentKind,
} from "../../../contract/schemas/company";
import { bookingRefusal } from "./booking-rule";
import { companyIdOfUser, countReviewRows, findCompany, findDocumentByObjectPath, goodDocumentsOf, readSettings, writeSettings } from "./documents.repository";

/** The UK calendar day (YYYY-MM-DD) of an instant: compliance and expiry are judged on it (contract). */
export const ukToday = (now: Date): string => ukDayKey(now);

export interface CompanyCompliance {
  compliance: ComplianceStatus;
  verifiedForsLevel: ForsLevel;
}

/**
 * The status and verified FORS level of each company on `today`, in one query
 * however many (GET /api/companies, the users lists, the Carriers tab).
 */
export async function complianceOfCompanies(opts: {
  db: DbOrTx;
  companies: { id: string }[];
  today: string;
}): Promise<Map<string, CompanyCompliance>> {
  const docs = await goodDocumentsOf(
    opts.db,
    opts.companies.map((c) => c.id),
    opts.today,
  );
  const out = new Map<string, CompanyCompliance>();
  for (const c of opts.companies) {
    const own = docs
      .filter((d) => d.companyId === c.id)
      .map((d) => ({ kind: d.kind as DocumentKind, status: "verified" as const, expiresOn: d.expiresOn, forsLevel: d.forsLevel as CertificateForsLevel | null }));
    out.set(c.id, { compliance: complianceOf(own, opts.today), verifiedForsLevel: verifiedForsOf(own, opts.today) });
  }
  return out;
}

export async function getComplianceSettings(opts: { db: DbOrTx }): Promise<ComplianceSettings> {
  return readSettings(opts.db);
}

export async function setComplianceSettings(opts: { db: DbOrTx; input: ComplianceSettings; now: Date }): Promise<ComplianceSettings> {
  await writeSettings(opts.db, { ...opts.input, now: opts.now });
  return readSettings(opts.db);
}

/** GET /api/compliance/me: the signed-in user's company and status and the settings (staff: no company). */
export async function complianceMe(opts: { db: DbOrTx; user: Pick<UserRow, "id" | "role" | "isAdmin" | "companyId">; now: Date }): Promise<ComplianceMe> {
  const settings = await readSettings(opts.db);
  const company = !isStaffRole(opts.user) && opts.user.companyId ? await findCompany(opts.db, opts.user.companyId) : undefined;
  if (!company) return { companyId: null, compliance: null, verifiedForsLevel: "", ...settings };
  const status = (await complianceOfCompanies({ db: opts.db, companies: [company], today: ukToday(opts.now) })).get(company.id)!;
  return { companyId: company.id, ...status, ...settings };
}

/** GET /api/compliance/summary (staff): the Compliance tab's three counts. */
export async function complianceSummary(opts: { db: DbOrTx; now: Date }): Promise<ComplianceSummary> {
  const today = ukToday(opts.now);
  const [pending, expiring, expired] = await Promise.all(
    (["pending", "expiring", "expired"] as const).map((view) => countReviewRows(opts.db, { view, today })),
  );
  return { pending, expiring, expired };
}

/**
 * The booking rule (contract: with requireCompliance, accepting or bidding by a
 * user of a non-compliant company → 409; with enforceFors, a load whose
 * forsRequirement is above the company's verified FORS level → 409 naming the
 * level). Call it INSIDE the booking transaction, with the load as locked there:
 * the settings, the user's company (its row held FOR SHARE, so a rename, a merge
 * or a change of the claimed FORS level waits for the booking) and the documents
 * are read in that transaction, so what is checked is what commits. The user's
 * row is read, not locked: a rename locks the company and then its members, so
 * holding a member here before the company could deadlock with it.
 *
 * `user` is the one the load is booked to: the carrier accepting or bidding, or
 * the bidder when staff award a bid (`awardedBy` set: the messages then speak to
 * staff). Staff booking for themselves are not checked: they are the network's own
 * people, not a carrier company (docs/decisions/0013-compliance.md).
 */
export async function assertMayBook(
  tx: DbOrTx,
  user: Pick<UserRow, "id" | "role" | "isAdmin">,
  load: Pick<LoadRow, "forsRequirement">,
  today: string,
  opts: { awardedBy?: Pick<UserRow, "id"> } = {},
): Promise<void> {
  if (isStaffRole(user)) return;
  const settings = await readSettings(tx);
  const required = (load.forsRequirement ?? "") as ForsLevel;
  const checkFors = settings.enforceFors && required !== "";
  if (!settings.requireCompliance && !checkFors) return;

  const companyId = await companyIdOfUser(tx, user.id);
  const company = companyId ? await findCompany(tx, companyId, { share: true }) : undefined;
  const status = company ? (await complianceOfCompanies({ db: tx, companies: [company], today })).get(company.id)! : null;
  const refusal = bookingRefusal(settings, status, required, { awarding: !!opts.awardedBy });
  if (refusal) throw new AppError(409, refusal);
}

/**
 * Who may read a file (GET /objects/:key), for the objects module: null when no
 * company document names it; else allowed to staff and the company's members only
 * (contract: "served like POD paperwork"), with a download name saying what it is.
 * An applicant's document (no company until approval) is staff's only: the
 * applicant has no session that could read it.
 */
export async function documentFileAccess(opts: {
  db: DbOrTx;
  objectPath: string;
  user: Pick<UserRow, "id" | "role" | "isAdmin" | "companyId">;
}): Promise<{ allowed: boolean; filename: string } | null> {
  const doc = await findDocumentByObjectPath(opts.db, opts.objectPath);
  if (!doc) return null;
  const allowed = isStaffRole(opts.user) || (!!doc.companyId && !!opts.user.companyId && opts.user.companyId === doc.companyId);
  const label = DOCUMENT_KIND_LABELS[doc.kind as DocumentKind] ?? "Document";
  const filename =
    `${label} ${doc.companyName ?? "applicant"}`
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[.-]+|-+$/g, "")
      .slice(0, 100) || "document";
  return { allowed, filename };
}
