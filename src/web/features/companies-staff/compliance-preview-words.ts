// The words of the compliance settings preview: how many companies and open bids
// the switches would block, singular and plural right. Open bids are pending bids
// on loads still on the board: the rule stops them being awarded; loads already
// booked are not touched, so they are not counted.
import type { CompliancePreview } from "@contract/schemas/compliance-preview";

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** The headline, e.g. "Saving will stop 2 companies from booking loads and 1 open bid from being awarded." */
export function previewHeadline(p: Pick<CompliancePreview, "companyCount" | "openBidCount">): string {
  if (p.companyCount === 0 && p.openBidCount === 0) return "Saving will not block any company or open bid today.";
  const parts: string[] = [];
  if (p.companyCount > 0) parts.push(`${count(p.companyCount, "company", "companies")} from booking loads`);
  if (p.openBidCount > 0) parts.push(`${count(p.openBidCount, "open bid", "open bids")} from being awarded`);
  return `Saving will stop ${parts.join(" and ")}.`;
}

/** What "open bids" means, said once under the lists. */
export const OPEN_BIDS_MEANING = "Open bids are pending bids on loads still on the board. Loads already accepted or approved are not affected.";

/** "Companies (2)", "Open bids (1)": list headings with their whole count. */
export const listHeading = (label: string, n: number) => `${label} (${n.toLocaleString("en-GB")})`;

/** When only the first names came back: "and 150 more" (the server sends at most 100 of each). */
export function moreText(total: number, shown: number): string | null {
  return total > shown ? `and ${(total - shown).toLocaleString("en-GB")} more` : null;
}
