// How claims are ordered and worded in the lists: the ones waiting for a decision
// first (the office's work, the carrier's open question), newest first within each.
import { STOP_EVIDENCE_LABELS, STOP_LABELS, type WaitingClaim } from "@contract/schemas/claim";
import { formatMoney } from "../../lib/format";

export function pendingFirst(rows: readonly WaitingClaim[]): WaitingClaim[] {
  return [...rows].sort((a, b) => (a.status === "pending") !== (b.status === "pending") ? (a.status === "pending" ? -1 : 1) : b.createdAt.localeCompare(a.createdAt));
}

/** "Position" / "Declared (no position)" / "Staff": how the stop's time was backed. */
export function evidenceLabel(c: Pick<WaitingClaim, "evidence">): string {
  return c.evidence === "declared" ? "Declared (no position)" : STOP_EVIDENCE_LABELS[c.evidence];
}

/** What the office decided, in words: "£30.00 approved (claimed £37.50)" / "£37.50 approved" / "Rejected" / "Waiting for the office". */
export function decisionWords(c: Pick<WaitingClaim, "status" | "amount" | "decidedAmount">): string {
  if (c.status === "pending") return "Waiting for the office";
  if (c.status === "rejected") return "Rejected";
  const paid = c.decidedAmount ?? c.amount;
  return paid < c.amount ? `${formatMoney(paid)} approved (claimed ${formatMoney(c.amount)})` : `${formatMoney(paid)} approved`;
}

export const stopWord = (c: Pick<WaitingClaim, "stop">) => STOP_LABELS[c.stop];
