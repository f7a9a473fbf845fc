import { describe, expect, it } from "vitest";
import { awardConfirmation, bidderLabel, otherPendingCount, othersLine } from "./award-words";

const bid = (id: string, status: "pending" | "accepted" | "rejected" = "pending") => ({ id, status });

describe("the award confirmation", () => {
  it("names the carrier, the amount and the load", () => {
    const words = awardConfirmation({ bid: { carrierName: "Ann Jones", carrierCompany: "Severn Haulage Ltd", bidAmount: 1234.5 }, loadNumber: "FN-2026-042", otherPending: 2 });
    expect(words.question).toBe("Award Load #FN-2026-042 to Severn Haulage Ltd (Ann Jones) for £1,234.50? This cannot be undone.");
    expect(words.others).toBe("The other 2 bids will be rejected and told.");
    expect(words.confirmLabel).toBe("Award for £1,234.50");
  });

  it("says one other bid in the singular, many in the plural, and none plainly", () => {
    expect(othersLine(1)).toBe("The other 1 bid will be rejected and told.");
    expect(othersLine(3)).toBe("The other 3 bids will be rejected and told.");
    expect(othersLine(1500)).toBe("The other 1,500 bids will be rejected and told.");
    expect(othersLine(0)).toBe("There are no other pending bids on this load.");
  });

  it("counts only the other pending bids: not the one awarded, not those already decided", () => {
    const list = [bid("a"), bid("b"), bid("c", "rejected"), bid("d"), bid("e", "accepted")];
    expect(otherPendingCount({ id: "a" }, list)).toBe(2);
    expect(otherPendingCount({ id: "c" }, list)).toBe(3);
    expect(otherPendingCount({ id: "a" }, [bid("a")])).toBe(0);
  });

  it("names a bidder by company and person, or whichever is known", () => {
    expect(bidderLabel({ carrierName: "Ann", carrierCompany: null })).toBe("Ann");
    expect(bidderLabel({ carrierName: null, carrierCompany: "Severn Haulage" })).toBe("Severn Haulage");
    expect(bidderLabel({ carrierName: " ", carrierCompany: "" })).toBe("this carrier");
  });
});
