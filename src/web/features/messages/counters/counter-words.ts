// Counter-offers in words (tested beside it): the standing offer on a card, the
// question before accepting it, a bid's history line, and the counter form's checks.
import { counterInputSchema, type BidHistoryEntry, type BidHistoryKind, type CounterInput, type OwnBid } from "@contract/schemas/bid";
import { formatCardDateTime, formatMoney, formatTime } from "../../../lib/format";

const ukDay = (d: Date) => d.toLocaleDateString("en-GB", { timeZone: "Europe/London" });

/** "14:30" today (UK time), else "Mon 23 Nov 2026, 14:30" */
export function expiryWords(expiresAt: string, now: Date = new Date()): string {
  const at = new Date(expiresAt);
  return ukDay(at) === ukDay(now) ? formatTime(at) : formatCardDateTime(at);
}

/** "Countered at £900.00 — expires 14:30" */
export function counterLine(bid: Pick<OwnBid, "counterAmount" | "counterExpiresAt">, now?: Date): string {
  const expiry = bid.counterExpiresAt ? ` — expires ${expiryWords(bid.counterExpiresAt, now)}` : "";
  return `Countered at ${formatMoney(bid.counterAmount)}${expiry}`;
}

const KIND_WORDS: Record<BidHistoryKind, string> = {
  placed: "Bid placed",
  amount: "Bid changed",
  countered: "Counter-offer",
  counter_accepted: "Counter-offer accepted",
  counter_declined: "Counter-offer declined",
  counter_expired: "Counter-offer expired",
  accepted: "Bid accepted",
  rejected: "Bid rejected",
};

/** One history line's headline: "Counter-offer £900.00" */
export function historyHeadline(e: Pick<BidHistoryEntry, "kind" | "amount">): string {
  return e.amount == null ? KIND_WORDS[e.kind] : `${KIND_WORDS[e.kind]} ${formatMoney(e.amount)}`;
}

/** Who did it: the person (staff marked), or "System" for an offer that lapsed or a load taken by another */
export function historyActor(e: Pick<BidHistoryEntry, "actorName" | "actorRole">): string {
  if (e.actorRole === "system" || !e.actorName) return "System";
  return e.actorRole === "staff" ? `${e.actorName} (staff)` : e.actorName;
}

export interface CounterFormValues {
  amount: string;
  expiresInMinutes: string;
  note: string;
}

/** The form's values as the contract's input, or the contract's message for the field that is wrong. */
export function parseCounterForm(v: CounterFormValues): { input: CounterInput } | { errors: Partial<Record<keyof CounterFormValues, string>> } {
  const amount = v.amount.trim() === "" ? undefined : Number(v.amount);
  const minutes = v.expiresInMinutes.trim() === "" ? undefined : Number(v.expiresInMinutes);
  const r = counterInputSchema.safeParse({ amount, expiresInMinutes: minutes, note: v.note });
  if (r.success) return { input: { amount: r.data.amount, expiresInMinutes: r.data.expiresInMinutes, note: r.data.note } };
  const errors: Partial<Record<keyof CounterFormValues, string>> = {};
  for (const issue of r.error.issues) {
    const field = (issue.path[0] === "note" ? "note" : issue.path[0] === "expiresInMinutes" ? "expiresInMinutes" : "amount") as keyof CounterFormValues;
    errors[field] ??= issue.message;
  }
  return { errors };
}
