// Small rules of the Company page, apart
// from React so they can be tested: how a document's expiry reads, which kinds
// ask for the cover amount, what the upload dialog offers first, and what a
// compliance status tells the carrier to do next.
import {
  COMPLIANCE_LABELS,
  DOCUMENT_KINDS,
  EXPIRING_WITHIN_DAYS,
  REQUIRED_DOCUMENT_KINDS,
  type CompanyDocument,
  type ComplianceStatus,
  type DocumentKind,
} from "@contract/schemas/company";

/** Insurance certificates state a cover amount; licences and FORS certificates do not. */
export const COVER_KINDS: readonly DocumentKind[] = ["vehicle_insurance", "goods_in_transit", "public_liability"];
export const takesCover = (kind: DocumentKind): boolean => COVER_KINDS.includes(kind);

export { daysUntil, formatDay } from "../../lib/calendar-day";
import { daysUntil } from "../../lib/calendar-day";

/**
 * The words beside an expiry date. A document is good to the end of its expiry
 * day (contract), so "expires today" is still good and "expired" starts the day after.
 */
export function expiryNote(ymd: string, today: string): { text: string; tone: "expired" | "soon" | "ok" } {
  const days = daysUntil(ymd, today);
  if (days < 0) return { text: "Expired", tone: "expired" };
  if (days === 0) return { text: "Expires today", tone: "soon" };
  if (days <= EXPIRING_WITHIN_DAYS) return { text: `Expires in ${days} ${days === 1 ? "day" : "days"}`, tone: "soon" };
  return { text: "", tone: "ok" };
}

/**
 * The kind the upload dialog starts on: the first required insurance the company
 * has nothing good for (no verified or waiting copy still in date), else vehicle insurance.
 */
export function suggestedKind(docs: Pick<CompanyDocument, "kind" | "status" | "expiresOn">[], today: string): DocumentKind {
  const missing = REQUIRED_DOCUMENT_KINDS.find((kind) => !docs.some((d) => d.kind === kind && d.status !== "rejected" && d.expiresOn >= today));
  return missing ?? DOCUMENT_KINDS[0];
}

/**
 * The status badge's tone, its words and what the carrier should do next (words,
 * never colour alone: ui.md). `required`: the two insurances' checklist
 * (requiredDocuments); when neither is missing but one still waits for staff (as
 * straight after approval of a registration with documents), the page says they
 * are with the office rather than asking for an upload already made.
 */
export function complianceAdvice(
  status: ComplianceStatus,
  requireCompliance: boolean,
  required: readonly RequiredDocState[] = [],
): { tone: "green" | "amber" | "red"; label: string; next: string } {
  switch (status) {
    case "compliant":
      return { tone: "green", label: COMPLIANCE_LABELS.compliant, next: "Your vehicle insurance and goods in transit insurance are verified and in date. Upload the renewals here before they expire." };
    case "expiring":
      return {
        tone: "amber",
        label: COMPLIANCE_LABELS.expiring,
        next: `Your vehicle insurance or goods in transit insurance expires within ${EXPIRING_WITHIN_DAYS} days. Upload the renewed certificate now so staff can verify it in time${requireCompliance ? ", or you will not be able to book loads" : ""}.`,
      };
    case "non_compliant":
      if (required.length > 0 && required.every((r) => r.state !== "missing") && required.some((r) => r.state === "pending"))
        return {
          tone: "amber",
          label: WAITING_FOR_OFFICE,
          next: `Your insurance documents are waiting for the office to check them. You will be told in the bell and by email as each one is verified${requireCompliance ? "; you can book loads once both are" : ""}. Nothing else to upload for now.`,
        };
      return {
        tone: "red",
        label: COMPLIANCE_LABELS.non_compliant,
        next: `Upload your vehicle insurance and goods in transit insurance certificates. Staff check each one; once both are verified your company is compliant${requireCompliance ? " and you can book loads" : ""}.`,
      };
  }
}

/** The badge while the insurances the company sent wait for staff. */
export const WAITING_FOR_OFFICE = "Waiting for the office";

/**
 * Whether a document's row offers "Upload a new copy": staff rejected it, or it
 * is verified and has run out or will within 30 days, and no later copy of the
 * same kind (waiting or verified) has been uploaded since.
 */
export function wantsNewCopy(doc: Pick<CompanyDocument, "id" | "kind" | "status" | "expiresOn">, all: Pick<CompanyDocument, "id" | "kind" | "status" | "expiresOn">[], today: string): boolean {
  const due = doc.status === "rejected" || (doc.status === "verified" && daysUntil(doc.expiresOn, today) <= EXPIRING_WITHIN_DAYS);
  if (!due) return false;
  return !all.some((o) => o.id !== doc.id && o.kind === doc.kind && o.status !== "rejected" && o.expiresOn > doc.expiresOn);
}

export type RequiredDocState =
  | { kind: DocumentKind; state: "verified"; expiresOn: string }
  | { kind: DocumentKind; state: "pending"; expiresOn: string }
  | { kind: DocumentKind; state: "missing" };

/**
 * The checklist beside the compliance badge: for each of the two insurances,
 * the best copy on file today. A verified, unexpired copy counts (the latest
 * expiry); else one waiting for review; else it is missing (never sent, rejected
 * or expired), which is what the carrier must upload.
 */
export function requiredDocuments(docs: Pick<CompanyDocument, "kind" | "status" | "expiresOn">[], today: string): RequiredDocState[] {
  return REQUIRED_DOCUMENT_KINDS.map((kind): RequiredDocState => {
    const inDate = docs.filter((d) => d.kind === kind && d.expiresOn >= today);
    const latest = (status: CompanyDocument["status"]) =>
      inDate.filter((d) => d.status === status).reduce<string | null>((a, d) => (a === null || d.expiresOn > a ? d.expiresOn : a), null);
    const verified = latest("verified");
    if (verified) return { kind, state: "verified", expiresOn: verified };
    const pending = latest("pending");
    if (pending) return { kind, state: "pending", expiresOn: pending };
    return { kind, state: "missing" };
  });
}
