import { describe, expect, it } from "vitest";
import { claimWindowEnds, previewClaim, waitedMinutes } from "./claim-preview";

const terms = { freeMinutes: 120, ratePerHour: 30, maxHours: 4 };
const at = (h: number, m: number, s = 0) => new Date(Date.UTC(2026, 10, 23, h, m, s)).toISOString();

describe("claim preview", () => {
  it("prices the worked example: 3 h 15 min waited, 2 h free, £30/h → 75 min, £37.50", () => {
    expect(previewClaim(at(10, 0), at(13, 15), terms)).toEqual({ minutes: 195, chargeableMinutes: 75, amount: 37.5 });
  });
  it("charges nothing at exactly the free time, and a started minute is not a minute", () => {
    expect(previewClaim(at(10, 0), at(12, 0), terms).chargeableMinutes).toBe(0);
    expect(previewClaim(at(10, 0), at(12, 0, 59), terms).amount).toBe(0);
    expect(waitedMinutes(at(10, 0), at(12, 1, 30))).toBe(121);
  });
  it("caps the chargeable time at the maximum hours", () => {
    expect(previewClaim(at(1, 0), at(12, 0), terms)).toEqual({ minutes: 660, chargeableMinutes: 240, amount: 120 });
  });
  it("rounds half up to the penny", () => {
    // 1 min at £0.30/h = 0.5p → 1p; 1 min at £0.29/h = 0.483p → 0p
    expect(previewClaim(at(10, 0), at(10, 1), { freeMinutes: 0, ratePerHour: 0.3, maxHours: 1 }).amount).toBe(0.01);
    expect(previewClaim(at(10, 0), at(10, 1), { freeMinutes: 0, ratePerHour: 0.29, maxHours: 1 }).amount).toBe(0);
    // 7 min at £33.33/h = 388.85p → £3.89
    expect(previewClaim(at(10, 0), at(10, 7), { freeMinutes: 0, ratePerHour: 33.33, maxHours: 1 }).amount).toBe(3.89);
  });
  it("ends the claim window at the end of the UK day claimDays after leaving", () => {
    // left Mon 23 Nov 2026 17:00 UK (GMT), 7 days → Mon 30 Nov 23:59:59 GMT
    expect(claimWindowEnds(at(17, 0), 7).toISOString()).toBe("2026-11-30T23:59:59.000Z");
    // summer: left 1 Jul 2026 23:30 BST (22:30 UTC), 1 day → 2 Jul 23:59:59 BST = 22:59:59 UTC
    expect(claimWindowEnds("2026-07-01T22:30:00Z", 1).toISOString()).toBe("2026-07-02T22:59:59.000Z");
  });
});
