// The company's members hear of staff's review of their documents (document_verified,
// document_rejected): in the bell, by email unless they turned the type off, and on
// the live stream, after the review has committed. A verified FORS certificate names
// its level, which is the company's FORS level from then on; a rejection gives the
// reason staff wrote, so the carrier knows what to fix.
import type { AppContext } from "../../context";
import { documentKindLabel, type DocumentKind } from "../../../contract/schemas/company";
import { memberIds } from "../companies/documents.service";
import { COMPANY_DOCUMENTS_PATH, ukDateLabel } from "./document-reminders";
import { notify } from "./notify";

type Reviewed = { kind: string; companyName: string; forsLevel?: string | null };

const labelOf = (d: Reviewed): string => documentKindLabel({ kind: d.kind as DocumentKind, forsLevel: d.forsLevel });
/** "the vehicle insurance" in a sentence; "FORS" keeps its capitals */
const inSentence = (label: string): string => `the ${label.startsWith("FORS") ? label : label.charAt(0).toLowerCase() + label.slice(1)}`;

/** What a verification says: the kind (with a FORS certificate's level), the company and how long it holds. */
export function verifiedText(d: Reviewed & { expiresOn: string }): { title: string; body: string } {
  const label = labelOf(d);
  const until = ukDateLabel(d.expiresOn);
  const counts =
    d.kind === "fors_certificate" && d.forsLevel
      ? `Your company's verified FORS level is now ${d.forsLevel}: you can book loads that need FORS ${d.forsLevel} or below.`
      : d.kind === "vehicle_insurance" || d.kind === "goods_in_transit"
        ? "It now counts towards your company's compliance."
        : "It is now on file as verified.";
  return { title: `${label} of ${d.companyName} verified`, body: `Staff verified ${inSentence(label)} of ${d.companyName}, valid until ${until}. ${counts}` };
}

/** What a rejection says: the kind, the company and staff's reason. */
export function rejectedText(d: Reviewed & { reason: string }): { title: string; body: string } {
  const label = labelOf(d);
  return {
    title: `${label} of ${d.companyName} rejected`,
    body: `Staff rejected ${inSentence(label)} of ${d.companyName}. Reason: ${d.reason} Upload a new copy under Company documents.`,
  };
}

export function registerDocumentReviewNotices(ctx: AppContext): void {
  ctx.events.afterCommit({
    name: "document-review-notices",
    types: ["company.document_verified", "company.document_rejected"],
    async handle(events, { tx }) {
      for (const event of events) {
        const text = event.type === "company.document_verified" ? verifiedText(event.data) : event.type === "company.document_rejected" ? rejectedText(event.data) : null;
        if (!text) continue;
        await notify({
          ctx,
          tx,
          type: event.type === "company.document_verified" ? "document_verified" : "document_rejected",
          // the members as they are now (someone who joined since hears of it too)
          recipients: await memberIds(tx, event.data.companyId),
          actorId: event.actor?.id ?? null,
          loadId: null,
          ...text,
          mail: { link: { label: "Open company documents", path: COMPANY_DOCUMENTS_PATH } },
        });
      }
    },
  });
}
