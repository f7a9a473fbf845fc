// The words of the lane-rate hint: the contract's line, the "not enough" line,
// the implied price in whole pounds, and which request (if any) is made.
import { describe, expect, it } from "vitest";
import type { LaneRate } from "@contract/schemas/rate";
import { NOT_ENOUGH_BOOKINGS, impliedPrice, laneRateText } from "./lane-rate-text";
import { laneRequest } from "./api";

const rate = (over: Partial<LaneRate> = {}): LaneRate => ({
  pickupArea: "LS",
  deliveryArea: "B",
  count: 14,
  medianRatePerMile: 2.1,
  p25: 1.9,
  p75: 2.4,
  since: "2026-08-27",
  ...over,
});

describe("laneRateText", () => {
  it("says the contract's line, then the price for this load's miles, the middle half and the lane", () => {
    expect(laneRateText(rate(), { distance: 200 })).toEqual({
      headline: "Typical £2.10/mile on this lane, 14 loads",
      detail: "≈ £420 for 200 miles · half paid £1.90–£2.40/mile · LS → B, last 90 days",
    });
  });

  it("leaves the price out without a distance, and the lane out when asked to", () => {
    expect(laneRateText(rate()).detail).toBe("half paid £1.90–£2.40/mile · LS → B, last 90 days");
    expect(laneRateText(rate(), { distance: 0 }).detail).toBe("half paid £1.90–£2.40/mile · LS → B, last 90 days");
    expect(laneRateText(rate(), { distance: 12.5 }).detail).toBe("half paid £1.90–£2.40/mile · LS → B, last 90 days");
    expect(laneRateText(rate(), { distance: 200, showLane: false }).detail).toBe("≈ £420 for 200 miles · half paid £1.90–£2.40/mile · last 90 days");
  });

  it("writes big numbers with separators and one figure when the quartiles agree", () => {
    const text = laneRateText(rate({ count: 1234, medianRatePerMile: 12.5, p25: 12.5, p75: 12.5 }), { distance: 1000 });
    expect(text.headline).toBe("Typical £12.50/mile on this lane, 1,234 loads");
    expect(text.detail).toBe("≈ £12,500 for 1,000 miles · half paid £12.50/mile · LS → B, last 90 days");
  });

  it("below 3 bookings: no figure, and how many there were", () => {
    const none = { medianRatePerMile: null, p25: null, p75: null };
    expect(laneRateText(rate({ count: 2, ...none }), { distance: 200 })).toEqual({
      headline: NOT_ENOUGH_BOOKINGS,
      detail: "LS → B: 2 bookings in 90 days, 3 needed",
    });
    expect(laneRateText(rate({ count: 1, ...none })).detail).toBe("LS → B: 1 booking in 90 days, 3 needed");
    expect(laneRateText(rate({ count: 0, ...none }), { showLane: false }).detail).toBe("no bookings in 90 days, 3 needed");
    expect(NOT_ENOUGH_BOOKINGS).toBe("Not enough bookings on this lane yet to show a typical rate");
  });
});

describe("impliedPrice", () => {
  it("multiplies in pence and rounds half up to the pound", () => {
    expect(impliedPrice(2.1, 200)).toBe(420);
    // 0.29 × 3 is 0.8699999… in binary floating point; in pence it is 87p → £1
    expect(impliedPrice(0.29, 3)).toBe(1);
    expect(impliedPrice(2.25, 2)).toBe(5); // £4.50 → £5
    expect(impliedPrice(1.15, 10)).toBe(12); // £11.50 → £12
  });
});

describe("laneRequest", () => {
  it("asks nothing until both postcodes can be postcodes, then by district, keyed by the two areas", () => {
    expect(laneRequest(null)).toBeNull();
    expect(laneRequest({ pickup: "", delivery: "B5", equipmentType: "Flatbed" })).toBeNull();
    expect(laneRequest({ pickup: "LS", delivery: "B5", equipmentType: "Flatbed" })).toBeNull();
    expect(laneRequest({ pickup: "LS1 4AP", delivery: "HELLO", equipmentType: "Flatbed" })).toBeNull();
    const a = laneRequest({ pickup: "ls1 4ap", delivery: "B5", equipmentType: "Flatbed" });
    expect(a).toEqual({ key: ["/api/rates/lane", "LS", "B", "Flatbed"], url: "/api/rates/lane?pickup=LS1&delivery=B5&equipmentType=Flatbed" });
    // the rest of a postcode in the same areas is the same question
    expect(laneRequest({ pickup: "LS12", delivery: "B33 8TH", equipmentType: "Flatbed" })?.key).toEqual(a?.key);
    expect(laneRequest({ pickup: "LS1", delivery: "B5", equipmentType: "MOL" })?.key).toEqual(["/api/rates/lane", "LS", "B", "MOL"]);
  });

  it("by load: the load's id only", () => {
    expect(laneRequest({ loadId: "7b0e…" as string })?.url).toBe(`/api/rates/lane?loadId=${encodeURIComponent("7b0e…")}`);
    expect(laneRequest({ loadId: "" })).toBeNull();
  });
});
