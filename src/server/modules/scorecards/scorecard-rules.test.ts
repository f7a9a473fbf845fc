// The on-time rules at their boundaries, POD hours and the percentiles, as pure
// functions (the API tests in scorecards.test.ts walk the same boundaries through
// the stops and POD calls on both engines).
import { describe, expect, it } from "vitest";
import { percentile, percentileOfCounts, podHoursOf, postcodeAreaOf, punctuality, windowOf, type StopTerms } from "./scorecard-rules";

const at = (iso: string) => new Date(iso);
// 24 Nov 2026 is GMT; 24 Jun 2026 is BST (UK = UTC+1)
const exact: StopTerms = { timeType: "exact", date: at("2026-11-24T08:00:00Z"), startTime: "08:00", endTime: null };
const before: StopTerms = { timeType: "before", date: at("2026-11-24T10:00:00Z"), startTime: null, endTime: "10:00" };
const between: StopTerms = { timeType: "between", date: at("2026-11-24T08:00:00Z"), startTime: "08:00", endTime: "10:00" };

describe("on time", () => {
  it("exact: early and up to 30 minutes after are on time, 31 minutes after is late", () => {
    expect(punctuality(exact, at("2026-11-24T07:10:00Z"), null)).toBe("onTime");
    expect(punctuality(exact, at("2026-11-24T08:00:00Z"), null)).toBe("onTime");
    expect(punctuality(exact, at("2026-11-24T08:30:00Z"), null)).toBe("onTime");
    expect(punctuality(exact, at("2026-11-24T08:30:59Z"), null)).toBe("late");
    expect(punctuality(exact, at("2026-11-24T08:31:00Z"), null)).toBe("late");
  });

  it("before: at the time is on time, a minute after is late", () => {
    expect(punctuality(before, at("2026-11-24T06:00:00Z"), null)).toBe("onTime");
    expect(punctuality(before, at("2026-11-24T10:00:00Z"), null)).toBe("onTime");
    expect(punctuality(before, at("2026-11-24T10:01:00Z"), null)).toBe("late");
  });

  it("between: inside and at both edges on time; a minute outside either way late", () => {
    expect(punctuality(between, at("2026-11-24T07:59:00Z"), null)).toBe("late");
    expect(punctuality(between, at("2026-11-24T08:00:00Z"), null)).toBe("onTime");
    expect(punctuality(between, at("2026-11-24T09:12:00Z"), null)).toBe("onTime");
    expect(punctuality(between, at("2026-11-24T10:00:00Z"), null)).toBe("onTime");
    expect(punctuality(between, at("2026-11-24T10:01:00Z"), null)).toBe("late");
  });

  it("between with no end is judged as exact (the form shows it so)", () => {
    const open = { ...between, endTime: null };
    expect(punctuality(open, at("2026-11-24T08:30:00Z"), null)).toBe("onTime");
    expect(punctuality(open, at("2026-11-24T08:31:00Z"), null)).toBe("late");
  });

  it("window times are UK wall-clock times (BST in June)", () => {
    const june: StopTerms = { timeType: "between", date: at("2026-06-24T07:00:00Z"), startTime: "08:00", endTime: "10:00" };
    expect(punctuality(june, at("2026-06-24T09:00:00Z"), null)).toBe("onTime"); // 10:00 BST
    expect(punctuality(june, at("2026-06-24T09:01:00Z"), null)).toBe("late");
  });

  it("no arrival: the POD's signed UK day on or before the load's day is on time, a later day late; neither unknown", () => {
    expect(punctuality(exact, null, at("2026-11-24T23:59:00Z"))).toBe("onTime");
    expect(punctuality(exact, null, at("2026-11-23T12:00:00Z"))).toBe("onTime");
    expect(punctuality(exact, null, at("2026-11-25T00:00:00Z"))).toBe("late");
    expect(punctuality(exact, null, null)).toBe("unknown");
    // an arrival wins over the POD date
    expect(punctuality(exact, at("2026-11-24T09:00:00Z"), at("2026-11-24T09:00:00Z"))).toBe("late");
    // a load with no date is never judged
    expect(punctuality({ ...exact, date: null }, at("2026-11-24T08:00:00Z"), null)).toBe("unknown");
  });
});

describe("POD hours and figures", () => {
  it("from the delivery departure, else the delivery signed date, to the POD; one decimal", () => {
    const pod = at("2026-11-24T18:00:00Z");
    expect(podHoursOf({ deliveryDepartedAt: at("2026-11-24T15:10:00Z"), deliverySignedDate: at("2026-11-24T12:00:00Z"), podSubmittedAt: pod })).toBe(2.8);
    expect(podHoursOf({ deliveryDepartedAt: null, deliverySignedDate: at("2026-11-24T10:00:00Z"), podSubmittedAt: pod })).toBe(8);
    expect(podHoursOf({ deliveryDepartedAt: null, deliverySignedDate: null, podSubmittedAt: pod })).toBeNull();
    expect(podHoursOf({ deliveryDepartedAt: at("2026-11-24T15:00:00Z"), deliverySignedDate: null, podSubmittedAt: null })).toBeNull();
  });

  it("percentiles interpolate like percentile_cont", () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([3], 0.9)).toBe(3);
    expect(percentile([1.5, 2.5, 2.8, 2.8, 3, 8], 0.5)).toBeCloseTo(2.8);
    expect(percentile([1.5, 2.5, 2.8, 2.8, 3, 8], 0.9)).toBeCloseTo(5.5);
  });

  it("the percentile of counted values equals the percentile of the values listed", () => {
    const values = [15, 25, 28, 28, 30, 80, 80, 80, 7, 120];
    const counts = new Map<number, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    for (const p of [0, 0.1, 0.5, 0.9, 0.99, 1]) expect(percentileOfCounts(counts, p)).toBeCloseTo(percentile(values, p)!);
    expect(percentileOfCounts(new Map(), 0.5)).toBeNull();
    expect(percentileOfCounts(new Map([[42, 1]]), 0.9)).toBe(42);
  });

  it("postcode areas and the UK-day window", () => {
    expect(postcodeAreaOf("ls1 4ap")).toBe("LS");
    expect(postcodeAreaOf("B1 1AA")).toBe("B");
    expect(postcodeAreaOf("")).toBeNull();
    expect(postcodeAreaOf(null)).toBeNull();
    expect(windowOf(at("2026-11-24T18:00:00Z"), 7)).toEqual({ from: "2026-11-18", to: "2026-11-24" });
  });
});
