// Reading staff's decision on a claim before it is sent, with the contract's
// words: an amount in pounds to the penny, never more than claimed; a lower one,
// or a rejection, needs a reason. The server checks the same.
import { CLAIM_MSG } from "@contract/schemas/claim";

export type Decision = { decision: "approve"; amount?: number; reason?: string } | { decision: "reject"; reason: string };

export function readDecision(kind: "approve" | "reject", text: { amount: string; reason: string }, claimed: number): { value: Decision } | { errors: { amount?: string; reason?: string } } {
  const reason = text.reason.trim();
  if (kind === "reject") return reason ? { value: { decision: "reject", reason } } : { errors: { reason: "Please give a reason" } };
  const raw = text.amount.trim().replace(/^£/, "").replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(raw)) return { errors: { amount: "Amount must be a number of pounds, e.g. 37.50" } };
  const amount = Number(raw);
  if (Math.round(amount * 100) > Math.round(claimed * 100)) return { errors: { amount: CLAIM_MSG.moreThanClaimed } };
  const lower = Math.round(amount * 100) < Math.round(claimed * 100);
  if (lower && !reason) return { errors: { reason: CLAIM_MSG.lowerNeedsReason } };
  // the whole amount: sent without one, so the server pays exactly what it priced
  return { value: { decision: "approve", ...(lower ? { amount } : {}), ...(reason ? { reason } : {}) } };
}
