// The pause before an award: what staff are asked before a bid wins its load.
// It names the carrier, the amount and what happens to the other pending bids,
// whose bidders are told (bid_rejected), so the count must be right.
import type { BidWithCarrier } from "@contract/schemas/bid";
import { formatMoney } from "../../lib/format";

/** The pending bids on the load other than `bid`: the ones an award rejects. */
export function otherPendingCount(bid: Pick<BidWithCarrier, "id">, bids: Pick<BidWithCarrier, "id" | "status">[]): number {
  return bids.filter((b) => b.status === "pending" && b.id !== bid.id).length;
}

/** "the other 2 bids will be rejected and told", with the count's own noun. */
export function othersLine(n: number): string {
  if (n === 0) return "There are no other pending bids on this load.";
  return `The other ${n.toLocaleString("en-GB")} ${n === 1 ? "bid" : "bids"} will be rejected and told.`;
}

/** Who wins, as staff know them: the company and the person who bid. */
export function bidderLabel(bid: Pick<BidWithCarrier, "carrierName" | "carrierCompany">): string {
  const person = bid.carrierName?.trim();
  const company = bid.carrierCompany?.trim();
  if (company && person) return `${company} (${person})`;
  return company || person || "this carrier";
}

export function awardConfirmation(opts: {
  bid: Pick<BidWithCarrier, "carrierName" | "carrierCompany" | "bidAmount">;
  loadNumber: string;
  otherPending: number;
}): { title: string; question: string; others: string; confirmLabel: string } {
  const amount = formatMoney(opts.bid.bidAmount);
  return {
    title: "Award this bid?",
    question: `Award Load #${opts.loadNumber} to ${bidderLabel(opts.bid)} for ${amount}? This cannot be undone.`,
    others: othersLine(opts.otherPending),
    confirmLabel: `Award for ${amount}`,
  };
}
