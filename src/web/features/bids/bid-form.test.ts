// The bid form reads pounds as people type them and says so in plain words.
import { describe, expect, it } from "vitest";
import { bidFormSchema, bidFormSchemaFor } from "./components/bid-dialog";
import { bidFigures, listedPriceOf } from "./bid-figures";

const messages = (amount: string) => {
  const r = bidFormSchema.safeParse({ amount, notes: "" });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("the bid form's amount", () => {
  it("takes 1,100 as £1,100 and 1100.50 as it is", () => {
    expect(messages("1,100")).toEqual([]);
    expect(messages("£1,100.50")).toEqual([]);
    expect(messages("1100.50")).toEqual([]);
  });
  it("says how to write pounds when the text is not an amount, and the spec's words below 0.01", () => {
    expect(messages("1,1")).toEqual(["Enter the amount in pounds, e.g. 1100"]);
    expect(messages("eleven hundred")).toEqual(["Enter the amount in pounds, e.g. 1100"]);
    expect(messages("0")).toEqual(["Bid amount must be greater than 0"]);
    expect(messages("")).toEqual(["Bid amount must be greater than 0"]);
  });
});

describe("the bid form's limits, each with its rule named", () => {
  const on = (price: number | null) => (amount: string) => {
    const r = bidFormSchemaFor({ price }).safeParse({ amount, notes: "" });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it("takes up to 10 times a listed price, to the penny", () => {
    expect(on(680)("6,800")).toEqual([]);
    expect(on(680)("6800.01")).toEqual(["A bid can be at most 10 times the listed price (10 × £680.00 = £6,800.00)"]);
  });
  it("takes no bid above £1,000,000, with or without a listed price", () => {
    expect(on(null)("1,000,000")).toEqual([]);
    expect(on(null)("1,000,000.01")).toEqual(["A bid can be at most £1,000,000"]);
    expect(on(500_000)("1,000,001")).toEqual(["A bid can be at most £1,000,000"]);
  });
  it("a load listed at £0 has no listed price: only the cap holds", () => {
    expect(on(0)("25,000")).toEqual([]);
  });
});

describe("the bid dialog's figures", () => {
  // £680 over 283 miles is listed at £2.40/mile, and 2.40 × 283 = £679.20: the
  // figures must be measured from the £680.00 the carrier sees, not that total
  const load = { price: 680, ratePerMile: 2.4, distance: 283 };
  it("measure a bid from the listed price itself", () => {
    expect(listedPriceOf(load)).toBe(680);
    expect(bidFigures(680, load)).toEqual({ reference: 680, pounds: 0, percent: 0 });
    expect(bidFigures(730, load)).toEqual({ reference: 680, pounds: 50, percent: 7.4 });
    expect(bidFigures(612, load)).toEqual({ reference: 680, pounds: -68, percent: -10 });
  });
  it("have nothing to compare with when the load has no listed price, or no amount yet", () => {
    expect(listedPriceOf({ price: 0 })).toBeNull();
    expect(bidFigures(500, { price: 0 })).toBeNull();
    expect(bidFigures(null, load)).toBeNull();
    expect(bidFigures(0, load)).toBeNull();
  });
});
