import { describe, expect, it } from "vitest";
import { isoToUkLocal, ukLocalToIso, ukTomorrow } from "./uk-time";

describe("UK local date and time ↔ ISO", () => {
  it("reads a winter (GMT) wall-clock time as UTC", () => {
    expect(ukLocalToIso("2026-11-23", "09:00")).toBe("2026-11-23T09:00:00.000Z");
  });
  it("reads a summer (BST) wall-clock time as an hour earlier in UTC", () => {
    expect(ukLocalToIso("2026-07-01", "09:00")).toBe("2026-07-01T08:00:00.000Z");
  });
  it("handles the days the clocks change", () => {
    // 29 Mar 2026: 01:00 GMT becomes 02:00 BST; 25 Oct 2026: 02:00 BST becomes 01:00 GMT
    expect(ukLocalToIso("2026-03-29", "00:30")).toBe("2026-03-29T00:30:00.000Z");
    expect(ukLocalToIso("2026-03-29", "03:00")).toBe("2026-03-29T02:00:00.000Z");
    expect(ukLocalToIso("2026-10-25", "12:00")).toBe("2026-10-25T12:00:00.000Z");
    expect(ukLocalToIso("2026-10-24", "23:30")).toBe("2026-10-24T22:30:00.000Z");
  });
  it("treats a missing time as midnight and rejects a malformed date", () => {
    expect(ukLocalToIso("2026-07-01", "")).toBe("2026-06-30T23:00:00.000Z");
    expect(ukLocalToIso("", "09:00")).toBeNull();
    expect(ukLocalToIso("01/07/2026", "09:00")).toBeNull();
  });
  it("round-trips through isoToUkLocal", () => {
    for (const [date, time] of [
      ["2026-01-15", "07:45"],
      ["2026-06-30", "23:59"],
      ["2026-12-31", "00:00"],
    ]) {
      expect(isoToUkLocal(ukLocalToIso(date, time))).toEqual({ date, time });
    }
    expect(isoToUkLocal("not a date")).toEqual({ date: "", time: "" });
    expect(isoToUkLocal(null)).toEqual({ date: "", time: "" });
  });
  it("knows tomorrow in the UK, not in UTC", () => {
    // 23:30 UTC on 30 Jun is 00:30 BST on 1 Jul, so tomorrow is 2 Jul
    expect(ukTomorrow(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-02");
    expect(ukTomorrow(new Date("2026-12-31T12:00:00Z"))).toBe("2027-01-01");
  });
});
