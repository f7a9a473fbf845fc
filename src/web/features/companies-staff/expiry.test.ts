import { describe, expect, it } from "vitest";
import { daysUntil, formatDay, relativeExpiry, ukToday } from "./expiry";

describe("expiry wording", () => {
  it("writes a calendar day the UK way, whatever the time zone", () => {
    expect(formatDay("2026-12-01")).toBe("Tue 1 Dec 2026");
    expect(formatDay("2027-03-28")).toBe("Sun 28 Mar 2027");
    expect(formatDay("nonsense")).toBe("Invalid Date");
  });

  it("counts calendar days across a clock change and a month end", () => {
    expect(daysUntil("2026-12-25", "2026-11-25")).toBe(30);
    expect(daysUntil("2027-03-29", "2027-03-27")).toBe(2);
    expect(daysUntil("2026-11-24", "2026-11-25")).toBe(-1);
  });

  it("says how far away the expiry is", () => {
    expect(relativeExpiry("2026-11-25", "2026-11-25")).toBe("today (last day)");
    expect(relativeExpiry("2026-11-26", "2026-11-25")).toBe("tomorrow");
    expect(relativeExpiry("2026-12-07", "2026-11-25")).toBe("in 12 days");
    expect(relativeExpiry("2026-11-24", "2026-11-25")).toBe("yesterday");
    expect(relativeExpiry("2026-11-20", "2026-11-25")).toBe("5 days ago");
  });

  it("takes today from the UK day, not UTC's: 23:30 UTC in summer is already tomorrow in London", () => {
    expect(ukToday(Date.UTC(2026, 6, 1, 23, 30))).toBe("2026-07-02");
    expect(ukToday(Date.UTC(2026, 11, 1, 23, 30))).toBe("2026-12-01");
  });
});
