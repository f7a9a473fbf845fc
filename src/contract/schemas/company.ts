// Carrier companies and compliance:
// the company record, its UK identifiers, its insurance and FORS documents, the
// compliance status computed from them, and the two staff settings that enforce it.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { FORS_LEVELS, type ForsLevel } from "../constants";
import { pageQuerySchema } from "./page";
import { COMPANY_MSG, FORS_RANK, forsMeets, forsRequiredMessage } from "../company-rules";
export { COMPANY_MSG, FORS_RANK, forsMeets, forsRequiredMessage };

// ------------------------------------------------------------------ formats

/** Companies House number: 8 characters, 8 digits or 2 letters and 6 digits (e.g. 01234567, SC123456). */
export const COMPANY_NUMBER_RE = /^(?:\d{8}|[A-Z]{2}\d{6})$/;
/** GB VAT number: GB and 9 or 12 digits (spaces allowed on the way in, e.g. GB 123 4567 89). */
export const VAT_NUMBER_RE = /^GB(?:\d{9}|\d{12})$/;
/** Operator licence (GB goods vehicle): 2 letters (traffic area and licence type) and 7 digits, e.g. OB1234567. */
export const OPERATOR_LICENCE_RE = /^[A-Z]{2}\d{7}$/;



/** Upper-case, spaces removed: how the identifiers are stored and compared. */
export const compactId = (v: string): string => v.replace(/\s+/g, "").toUpperCase();

const identifier = (re: RegExp, message: string) =>
  z
    .string()
    .max(40, message)
    .transform(compactId)
    .refine((v) => v === "" || re.test(v), message);

export const companyNumberSchema = identifier(COMPANY_NUMBER_RE, COMPANY_MSG.companyNumber);
export const vatNumberSchema = identifier(VAT_NUMBER_RE, COMPANY_MSG.vatNumber);
export const operatorLicenceSchema = identifier(OPERATOR_LICENCE_RE, COMPANY_MSG.operatorLicence);
export const forsLevelSchema = z.enum(FORS_LEVELS, { error: COMPANY_MSG.forsLevel });
/** The level a FORS certificate shows: never "none". */
export const CERTIFICATE_FORS_LEVELS = ["Bronze", "Silver", "Gold"] as const satisfies readonly ForsLevel[];
export type CertificateForsLevel = (typeof CERTIFICATE_FORS_LEVELS)[number];
export const certificateForsLevelSchema = z.enum(CERTIFICATE_FORS_LEVELS, { error: COMPANY_MSG.certificateForsLevel });


// ------------------------------------------------------------------ company

export const COMPLIANCE_STATUSES = ["compliant", "expiring", "non_compliant"] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export const COMPLIANCE_LABELS: Record<ComplianceStatus, string> = {
  compliant: "Compliant",
  expiring: "Insurance expiring",
  non_compliant: "Not compliant",
};

export interface Company {
  id: string;
  name: string;
  companyNumber: string;
  /** confirmed by staff: self-billing invoices charge VAT only on this number */
  vatNumber: string;
  /**
   * A member's VAT number waiting for staff to confirm (POST /api/companies/{id}/vat-number/confirm);
   * null when none waits, "" when a member asks to remove the VAT number.
   */
  proposedVatNumber: string | null;
  operatorLicence: string;
  /** as claimed by the company */
  forsLevel: ForsLevel;
  /** the level backed by a verified, unexpired FORS certificate ("" when none) */
  verifiedForsLevel: ForsLevel;
  compliance: ComplianceStatus;
  memberCount: number;
  createdAt: string;
  /** GET /api/companies items only: per cent of known deliveries on time over the last 90 days (scorecard.ts CompanyScoreSummary) */
  onTimeDeliveryRate?: number | null;
  /** GET /api/companies items only: median hours from delivery to POD over the last 90 days */
  podHoursMedian?: number | null;
}

/**
 * PUT /api/companies/{id}: members and staff edit the profile; only staff change `name` (a member's changed name → 403).
 * The VAT rule (self-billing: the network pays the VAT it computes): a member's `vatNumber`
 * is only a proposal (`proposedVatNumber`, staff told); staff sending `vatNumber` set it.
 */
export const companyUpdateSchema = z.object({
  name: z.string().trim().min(1, COMPANY_MSG.name).max(200).optional(),
  companyNumber: companyNumberSchema.optional(),
  vatNumber: vatNumberSchema.optional(),
  operatorLicence: operatorLicenceSchema.optional(),
  forsLevel: forsLevelSchema.optional(),
});
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;

/**
 * POST /api/companies/{id}/vat-number/confirm (staff): the proposed VAT number becomes the
 * company's. `vatNumber`, when sent, must be the proposal staff saw (else 409: it changed).
 */
export const vatConfirmSchema = z.object({ vatNumber: z.string().max(40).transform(compactId).optional() });
export type VatConfirm = z.input<typeof vatConfirmSchema>;

/** POST /api/companies/{id}/merge {intoId}: staff fold this company into another (members, bookings and documents move). */
export const companyMergeSchema = z.object({ intoId: z.uuid("Please choose the company to merge into") });

/** PUT /api/users/{id}/company {companyId}: staff move a carrier user to another company. */
export const moveUserSchema = z.object({ companyId: z.uuid("Please choose a company") });

export const COMPANY_SORT_KEYS = ["name", "memberCount", "compliance", "createdAt", "onTimeDelivery", "podHours"] as const;
export type CompanySortKey = (typeof COMPANY_SORT_KEYS)[number];
/** GET /api/companies: a page of 50 unless asked, at most 200; the total in X-Total-Count. */
export const COMPANY_PAGE_SIZE = 50;
export const COMPANY_LIST_MAX = 200;
/**
 * `sort`: a key ascending or "-key" descending; by name (A to Z) unless asked.
 * `compliance` ascending puts the companies most in need of attention first
 * (not compliant, then expiring, then compliant). `onTimeDelivery` and `podHours` order by
 * the scorecard's figures (companies with none last either way).
 */
export const companyListQuerySchema = pageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(COMPANY_LIST_MAX, `limit must be at most ${COMPANY_LIST_MAX}`).optional(),
  search: z.string().trim().max(200).optional(),
  compliance: z.enum(COMPLIANCE_STATUSES).optional(),
  sort: z.enum(COMPANY_SORT_KEYS.flatMap((k) => [k, `-${k}`]) as [`${CompanySortKey}` | `-${CompanySortKey}`, ...(`${CompanySortKey}` | `-${CompanySortKey}`)[]]).default("name"),
});
export type CompanyListQuery = z.output<typeof companyListQuerySchema>;

// ------------------------------------------------------------------ documents

export const DOCUMENT_KINDS = ["vehicle_insurance", "goods_in_transit", "public_liability", "operator_licence", "fors_certificate"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  vehicle_insurance: "Vehicle insurance",
  goods_in_transit: "Goods in transit insurance",
  public_liability: "Public liability insurance",
  operator_licence: "Operator licence",
  fors_certificate: "FORS certificate",
};
/** The two documents compliance needs (contract). */
export const REQUIRED_DOCUMENT_KINDS = ["vehicle_insurance", "goods_in_transit"] as const satisfies readonly DocumentKind[];

export const DOCUMENT_STATUSES = ["pending", "verified", "rejected"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = { pending: "Waiting for review", verified: "Verified", rejected: "Rejected" };

export interface CompanyDocument {
  id: string;
  companyId: string;
  kind: DocumentKind;
  objectPath: string;
  /** YYYY-MM-DD, a UK calendar day */
  expiresOn: string;
  /** pounds, for insurance cover */
  coverAmount: number | null;
  /** a FORS certificate's level (as uploaded, or as staff corrected it when verifying); null for every other kind */
  forsLevel: CertificateForsLevel | null;
  status: DocumentStatus;
  reason: string | null;
  uploadedBy: string | null;
  uploadedAt: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, COMPANY_MSG.expiresOn);

/**
 * POST /api/companies/{id}/documents: the file first through POST /api/objects/upload.
 * `expiresOn` in the past (UK calendar day) → 400: the server checks it against its clock.
 */
const documentFields = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: "Please choose the kind of document" }),
  objectPath: z.string().regex(/^\/objects\/[0-9a-f-]{36}$/, "Please upload the document first"),
  expiresOn: ymd,
  coverAmount: z.number().positive("Cover must be more than £0").max(1_000_000_000).nullable().optional(),
  /** a FORS certificate's level, required for that kind (and ignored for the others) */
  forsLevel: certificateForsLevelSchema.optional(),
});

/** A FORS certificate without its level could never make a company's FORS level: asked at upload. */
export const documentCreateSchema = documentFields.superRefine((v, ctx) => {
  if (v.kind === "fors_certificate" && !v.forsLevel) ctx.addIssue({ code: "custom", path: ["forsLevel"], message: COMPANY_MSG.certificateForsLevel });
});
export type DocumentCreate = z.input<typeof documentCreateSchema>;

/** POST /api/documents/{id}/verify (staff): a FORS certificate may be verified at a corrected level (no body: as uploaded). */
export const documentVerifySchema = z.object({ forsLevel: certificateForsLevelSchema.optional() }).default({});
export type DocumentVerify = z.input<typeof documentVerifySchema>;

/** "FORS certificate (Silver)": a document's kind as people read it, with a certificate's level. */
export const documentKindLabel = (doc: Pick<CompanyDocument, "kind"> & { forsLevel?: string | null }): string =>
  doc.kind === "fors_certificate" && doc.forsLevel ? `${DOCUMENT_KIND_LABELS[doc.kind]} (${doc.forsLevel})` : DOCUMENT_KIND_LABELS[doc.kind];

/**
 * Registration with documents: a pending applicant may add only the two insurances,
 * with the applicant cookie, through POST /api/registration/upload and then
 * POST /api/registration/documents. The same body and checks as a company's document.
 */
export const REGISTRATION_DOCUMENT_KINDS = REQUIRED_DOCUMENT_KINDS;
export const REGISTRATION_MSG = {
  kind: "Only vehicle insurance and goods in transit insurance can be added when you register",
  noApplicant: "Your registration session has ended. Please email your documents to us instead.",
} as const;
export const registrationDocumentSchema = documentFields.extend({
  kind: z.enum(REGISTRATION_DOCUMENT_KINDS, { error: REGISTRATION_MSG.kind }),
});
export type RegistrationDocumentCreate = z.input<typeof registrationDocumentSchema>;
/** An applicant's document: a company document without a company yet (it gets one on approval). */
export type RegistrationDocument = Omit<CompanyDocument, "companyId">;

export const documentRejectSchema = z.object({ reason: z.string().trim().min(1, COMPANY_MSG.reasonRequired).max(500) });

// ------------------------------------------------------------------ settings

/** GET|PUT /api/admin/compliance-settings: both default false, so an existing network keeps working after upgrade. */
export const complianceSettingsSchema = z.object({ requireCompliance: z.boolean(), enforceFors: z.boolean() });
export type ComplianceSettings = z.infer<typeof complianceSettingsSchema>;

/** Days before expiry a reminder goes out (and on the day itself, 0). */
export const REMINDER_DAYS = [30, 7, 0] as const;
/** `expiring`: a required document expires within this many days. */
export const EXPIRING_WITHIN_DAYS = 30;

/**
 * The contract's compliance status, from a company's documents, on `today`
 * (a UK calendar day, YYYY-MM-DD): the same function everywhere.
 * A document is good until the end of its expiry day.
 */
export function complianceOf(docs: Pick<CompanyDocument, "kind" | "status" | "expiresOn">[], today: string): ComplianceStatus {
  const horizon = addDays(today, EXPIRING_WITHIN_DAYS);
  let expiring = false;
  for (const kind of REQUIRED_DOCUMENT_KINDS) {
    const good = docs.filter((d) => d.kind === kind && d.status === "verified" && d.expiresOn >= today);
    if (good.length === 0) return "non_compliant";
    const latest = good.reduce((a, b) => (a.expiresOn >= b.expiresOn ? a : b));
    if (latest.expiresOn <= horizon) expiring = true;
  }
  return expiring ? "expiring" : "compliant";
}

/**
 * The verified FORS level (contract): the level of the company's verified, unexpired
 * FORS certificate, else none. Of several, the one that expires last counts (the
 * latest of a kind, as everywhere else: a renewal at a lower level replaces a higher
 * one). The level the company claims on its profile is shown, never counted.
 */
export function verifiedForsOf(docs: Pick<CompanyDocument, "kind" | "status" | "expiresOn" | "forsLevel">[], today: string): ForsLevel {
  let latest: Pick<CompanyDocument, "expiresOn" | "forsLevel"> | null = null;
  for (const d of docs) {
    if (d.kind !== "fors_certificate" || d.status !== "verified" || d.expiresOn < today || !d.forsLevel) continue;
    if (!latest || d.expiresOn > latest.expiresOn) latest = d;
  }
  return latest?.forsLevel ?? "";
}

/** YYYY-MM-DD plus n calendar days (UTC arithmetic on a date with no time: no DST edge). */
export function addDays(ymdDate: string, n: number): string {
  const d = new Date(`${ymdDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

// ------------------------------------------------------------------ our additions (docs/decisions/0013-compliance.md)

/** The 409 when staff award a bid to a carrier below the load's FORS requirement. */
export const bidderForsRequiredMessage = (level: ForsLevel): string => `This load needs FORS ${level} or above, and this carrier has no verified FORS ${level} certificate.`;

/**
 * GET /api/documents?view=… (staff): the Compliance tab's three lists. pending: waiting
 * for review, oldest first; expiring: a company's latest verified document of a kind
 * that expires within 30 days, soonest first; expired: one that has expired, most
 * recent first. A document superseded by a later-expiring verified one of the same
 * kind is in neither of the last two.
 */
export const DOCUMENT_VIEWS = ["pending", "expiring", "expired"] as const;
export type DocumentView = (typeof DOCUMENT_VIEWS)[number];
export const documentListQuerySchema = pageQuerySchema.extend({
  view: z.enum(DOCUMENT_VIEWS, { error: COMPANY_MSG.documentView }).default("pending"),
});
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;

/** A row of the Compliance tab: the document, its company, who uploaded it, and whether a newer one of its kind waits for review. */
export interface ReviewDocument extends CompanyDocument {
  companyName: string;
  uploadedByName: string | null;
  replacementPending: boolean;
}

/** GET /api/compliance/summary (staff): the counts of the three lists, for the tab title. */
export interface ComplianceSummary {
  pending: number;
  expiring: number;
  expired: number;
}

/**
 * GET /api/compliance/me (signed in): what the board needs to explain a refusal before
 * the carrier presses a button. Staff and users without a company: companyId and
 * compliance null, verifiedForsLevel "".
 */
export interface ComplianceMe {
  companyId: string | null;
  compliance: ComplianceStatus | null;
  verifiedForsLevel: ForsLevel;
  requireCompliance: boolean;
  enforceFors: boolean;
}
