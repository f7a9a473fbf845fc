import { describe, expect, it } from "vitest";
import { COUNTER_WORDS } from "@contract/schemas/bid";
import { counterLine, expiryWords, historyActor, historyHeadline, parseCounterForm } from "./counter-words";
import { counteredBidFor } from "./countered-bid";

describe("counter-offers in words", () => {
  it("names the amount and the UK expiry time, with the date when it is not today", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(counterLine({ counterAmount: 900, counterExpiresAt: "2026-11-28T14:30:00Z" }, now)).toBe("Countered at £900.00 — expires 14:30");
    // British Summer Time: 13:30 UTC is 14:30 in London
    expect(expiryWords("2026-07-01T13:30:00Z", new Date("2026-07-01T09:00:00Z"))).toBe("14:30");
    expect(expiryWords("2026-11-29T09:15:00Z", now)).toBe("Sun 29 Nov 2026, 09:15");
  });

  it("finds the caller's countered bid on a load, not a pending or another load's one", () => {
    const bid = (loadId: string, status: string) => ({ id: `${loadId}-${status}`, loadId, status }) as never;
    const bids = [bid("L1", "pending"), bid("L2", "countered"), bid("L1", "rejected")];
    expect(counteredBidFor(bids, "L1")).toBeUndefined();
    expect(counteredBidFor(bids, "L2")).toMatchObject({ id: "L2-countered" });
    expect(counteredBidFor(undefined, "L2")).toBeUndefined();
  });

  it("words each history line and who did it", () => {
    expect(historyHeadline({ kind: "countered", amount: 900 })).toBe("Counter-offer £900.00");
    expect(historyHeadline({ kind: "counter_expired", amount: null })).toBe("Counter-offer expired");
    expect(historyActor({ actorName: "Olivia Office", actorRole: "staff" })).toBe("Olivia Office (staff)");
    expect(historyActor({ actorName: "Cara Driver", actorRole: "carrier" })).toBe("Cara Driver");
    expect(historyActor({ actorName: null, actorRole: "system" })).toBe("System");
  });

  it("checks the counter form with the contract: amount above 0, 5 to 1,440 minutes, 60 by default", () => {
    expect(parseCounterForm({ amount: "900", expiresInMinutes: "60", note: "  Includes tolls  " })).toEqual({
      input: { amount: 900, expiresInMinutes: 60, note: "Includes tolls" },
    });
    expect(parseCounterForm({ amount: "", expiresInMinutes: "60", note: "" })).toEqual({ errors: { amount: COUNTER_WORDS.amount } });
    expect(parseCounterForm({ amount: "0", expiresInMinutes: "60", note: "" })).toEqual({ errors: { amount: COUNTER_WORDS.amount } });
    expect(parseCounterForm({ amount: "900", expiresInMinutes: "4", note: "" })).toEqual({ errors: { expiresInMinutes: COUNTER_WORDS.expiry } });
    expect(parseCounterForm({ amount: "900", expiresInMinutes: "1441", note: "" })).toEqual({ errors: { expiresInMinutes: COUNTER_WORDS.expiry } });
    const blank = parseCounterForm({ amount: "900", expiresInMinutes: "", note: "" });
    expect(blank).toEqual({ input: { amount: 900, expiresInMinutes: 60, note: undefined } });
  });
});
