// Pricing a waiting-time claim at its boundaries: the free period, the cap, the
// rounding to the penny and the claim window's last day.
import { describe, expect, it } from "vitest";
import { WAITING_TIME_DEFAULTS } from "../../../contract/schemas/claim";
import { claimWindowOpen, lastClaimDay, nothingChargeable, priceClaim, waitedMinutes } from "./claim-pricing";

const at = (iso: string) => new Date(iso);
const stop = (minutes: number, seconds = 0) => ({
  arrivedAt: at("2026-11-24T09:00:00Z"),
  departedAt: new Date(at("2026-11-24T09:00:00Z").getTime() + minutes * 60_000 + seconds * 1000),
});
const terms = WAITING_TIME_DEFAULTS; // free 120 min, £30/h, cap 4 h

describe("pricing a waiting-time claim", () => {
  it("the worked example: 3 h 15 min at £30/h with 2 h free is 75 minutes, £37.50", () => {
    expect(priceClaim(stop(195), terms)).toEqual({ minutes: 195, chargeableMinutes: 75, amount: "37.50" });
  });

  it("exactly the free time is nothing chargeable; one minute more is", () => {
    const exact = priceClaim(stop(120), terms);
    expect(exact).toEqual({ minutes: 120, chargeableMinutes: 0, amount: "0.00" });
    expect(nothingChargeable(exact)).toBe(true);
    const one = priceClaim(stop(121), terms);
    expect(one).toEqual({ minutes: 121, chargeableMinutes: 1, amount: "0.50" });
    expect(nothingChargeable(one)).toBe(false);
    expect(nothingChargeable(priceClaim(stop(30), terms))).toBe(true);
  });

  it("counts whole minutes, a part minute down (2 h 0 min 59 s is 120 minutes)", () => {
    expect(priceClaim(stop(120, 59), terms).chargeableMinutes).toBe(0);
    expect(waitedMinutes(at("2026-11-24T09:00:30Z"), at("2026-11-24T09:01:29Z"))).toBe(0);
    expect(waitedMinutes(at("2026-11-24T09:00:30Z"), at("2026-11-24T09:01:30Z"))).toBe(1);
    expect(waitedMinutes(at("2026-11-24T10:00:00Z"), at("2026-11-24T09:00:00Z"))).toBe(0);
  });

  it("caps the chargeable time at maxHours × 60: 2 h free + 4 h cap, so 6 h and 9 h both pay 240 minutes", () => {
    expect(priceClaim(stop(360), terms)).toEqual({ minutes: 360, chargeableMinutes: 240, amount: "120.00" });
    expect(priceClaim(stop(359), terms)).toEqual({ minutes: 359, chargeableMinutes: 239, amount: "119.50" });
    expect(priceClaim(stop(540), terms)).toEqual({ minutes: 540, chargeableMinutes: 240, amount: "120.00" });
    expect(priceClaim(stop(600), { freeMinutes: 0, ratePerHour: 12.5, maxHours: 1 })).toEqual({ minutes: 600, chargeableMinutes: 60, amount: "12.50" });
  });

  it("rounds half up to the penny in exact decimals", () => {
    // 7 min at £30/h = £3.50 exactly
    expect(priceClaim(stop(7), { freeMinutes: 0, ratePerHour: 30, maxHours: 4 }).amount).toBe("3.50");
    // 1 min at £0.01/h = £0.000166…: nothing to pay
    const tiny = priceClaim(stop(1), { freeMinutes: 0, ratePerHour: 0.01, maxHours: 4 });
    expect(tiny).toEqual({ minutes: 1, chargeableMinutes: 1, amount: "0.00" });
    expect(nothingChargeable(tiny)).toBe(true);
    // 1 min at £0.30/h = £0.005: half up to £0.01 (binary floating point would say 0.004999…)
    expect(priceClaim(stop(1), { freeMinutes: 0, ratePerHour: 0.3, maxHours: 4 }).amount).toBe("0.01");
    // 1 min at £0.29/h = £0.004833…: down to £0.00
    expect(priceClaim(stop(1), { freeMinutes: 0, ratePerHour: 0.29, maxHours: 4 }).amount).toBe("0.00");
    // 13 min at £33.33/h = £7.2215: £7.22
    expect(priceClaim(stop(13), { freeMinutes: 0, ratePerHour: 33.33, maxHours: 4 }).amount).toBe("7.22");
    // 17 min at £500/h = £141.666…: £141.67
    expect(priceClaim(stop(17), { freeMinutes: 0, ratePerHour: 500, maxHours: 4 }).amount).toBe("141.67");
    // a rate of 0 pays nothing
    expect(nothingChargeable(priceClaim(stop(300), { freeMinutes: 0, ratePerHour: 0, maxHours: 4 }))).toBe(true);
  });

  it("the window runs to the end of the UK day claimDays after the departure's UK day", () => {
    const left = at("2026-11-20T15:00:00Z"); // Fri 20 Nov, GMT
    expect(lastClaimDay(left, 7)).toBe("2026-11-27");
    expect(claimWindowOpen(left, at("2026-11-27T23:59:59Z"), 7)).toBe(true);
    expect(claimWindowOpen(left, at("2026-11-28T00:00:00Z"), 7)).toBe(false);
    expect(claimWindowOpen(left, at("2026-11-21T00:00:00Z"), 1)).toBe(true);
    expect(claimWindowOpen(left, at("2026-11-22T00:00:00Z"), 1)).toBe(false);
    // in summer time the UK day ends at 23:00 UTC: left at 00:30 BST on 2 June
    const summer = at("2026-06-01T23:30:00Z");
    expect(lastClaimDay(summer, 7)).toBe("2026-06-09");
    expect(claimWindowOpen(summer, at("2026-06-09T22:59:59Z"), 7)).toBe(true);
    expect(claimWindowOpen(summer, at("2026-06-09T23:00:00Z"), 7)).toBe(false);
  });
});
