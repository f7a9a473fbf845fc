import { describe, expect, it } from "vitest";
import { bidDifference } from "./bid-difference";

describe("bidDifference (spec §2 Bid dialog, §9 bid comparison)", () => {
  it("compares against ratePerMile × distance, in pounds and percent to one decimal", () => {
    // £6.00/mile × 200 miles = £1,200; a £1,250 bid is £50 (4.2%) above
    expect(bidDifference(1250, 6, 200)).toEqual({ reference: 1200, pounds: 50, percent: 4.2 });
  });

  it("is negative below the listed rate", () => {
    expect(bidDifference(1100, 6, 200)).toEqual({ reference: 1200, pounds: -100, percent: -8.3 });
  });

  it("is zero at the listed rate", () => {
    expect(bidDifference(1200, 6, 200)).toEqual({ reference: 1200, pounds: 0, percent: 0 });
  });

  it("uses the rate times distance, not the listed price (rate is rounded to 2 dp)", () => {
    // price £1,000 over 300 miles → £3.33/mile → reference £999.00
    expect(bidDifference(1000, 3.33, 300)).toEqual({ reference: 999, pounds: 1, percent: 0.1 });
  });

  it("rounds the pounds to pence and the percent half away from zero", () => {
    // 2.35 × 157 is 368.95000000000005 in floating point
    expect(bidDifference(400, 2.35, 157)).toEqual({ reference: 368.95, pounds: 31.05, percent: 8.4 });
    // 0.25% exactly → 0.3, and -0.25% → -0.3
    expect(bidDifference(1002.5, 10, 100)?.percent).toBe(0.3);
    expect(bidDifference(997.5, 10, 100)?.percent).toBe(-0.3);
  });

  it("has no reference when the distance is 0 or missing", () => {
    expect(bidDifference(500, 6, 0)).toBeNull();
    expect(bidDifference(500, 6, null)).toBeNull();
    expect(bidDifference(500, 6, undefined)).toBeNull();
  });

  it("has no reference when there is no rate per mile (or it is 0)", () => {
    expect(bidDifference(500, null, 200)).toBeNull();
    expect(bidDifference(500, undefined, 200)).toBeNull();
    expect(bidDifference(500, 0, 200)).toBeNull();
  });

  it("has nothing to compare for a missing or non-numeric amount", () => {
    expect(bidDifference(null, 6, 200)).toBeNull();
    expect(bidDifference(Number.NaN, 6, 200)).toBeNull();
  });

  it("handles a bid of 0.01 against a large reference", () => {
    expect(bidDifference(0.01, 99.99, 1000)).toEqual({ reference: 99990, pounds: -99989.99, percent: -100 });
  });
});
