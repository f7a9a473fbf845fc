import { describe, expect, it } from "vitest";
import type { ScorecardLoad } from "@contract/schemas/scorecard";
import {
  formatDay,
  formatDays,
  formatHours,
  formatOnTime,
  formatPercent,
  formatWait,
  lateNumbers,
  loadsBehind,
  onTimeShare,
  periodLabel,
  punctualityDetail,
  siteWaitingLine,
  worstFirst,
} from "./scorecard-format";

const load = (loadNumber: string, collection: ScorecardLoad["collection"], delivery: ScorecardLoad["delivery"], podHours: number | null, handedBack = false): ScorecardLoad => ({
  id: loadNumber,
  loadNumber,
  collection,
  delivery,
  podHours,
  handedBack,
});

describe("scorecard words", () => {
  it("writes UK days and the period as the product's dates, every month three letters", () => {
    expect(formatDay("2026-09-03")).toBe("3 Sep 2026");
    expect(periodLabel({ from: "2026-08-30", to: "2026-11-27" })).toBe("30 Aug 2026 to 27 Nov 2026");
    expect(periodLabel({ from: "2026-11-27", to: "2026-11-27" })).toBe("27 Nov 2026");
  });

  it("counts on time against the stops whose time is known; not known counts neither way", () => {
    expect(onTimeShare({ onTime: 6, late: 1, unknown: 3 })).toBeCloseTo(6 / 7);
    expect(formatOnTime({ onTime: 6, late: 1, unknown: 3 })).toBe("85.7% (6 of 7)");
    expect(formatOnTime({ onTime: 0, late: 0, unknown: 2 })).toBe("—");
    expect(onTimeShare({ onTime: 0, late: 0, unknown: 0 })).toBeNull();
    expect(formatOnTime({ onTime: 1234, late: 0, unknown: 0 })).toBe("100% (1,234 of 1,234)");
    expect(formatPercent(85.7)).toBe("85.7%");
    expect(formatPercent(100)).toBe("100%");
    expect(formatPercent(null)).toBe("—");
    expect(punctualityDetail({ onTime: 6, late: 1, unknown: 3 })).toBe("1 late · 3 not known");
    expect(punctualityDetail({ onTime: 6, late: 0, unknown: 0 })).toBe("0 late");
    expect(punctualityDetail({ onTime: 0, late: 0, unknown: 0 })).toBe("No recorded stops");
  });

  it("writes hours, days and waits with their units", () => {
    expect(formatHours(null)).toBe("—");
    expect(formatHours(0.75)).toBe("45 min");
    expect(formatHours(5.5)).toBe("5.5 h");
    expect(formatHours(1336)).toBe("1,336.0 h");
    expect(formatDays(null)).toBe("—");
    expect(formatDays(1)).toBe("1 day");
    expect(formatDays(23)).toBe("23 days");
    expect(formatDays(12.46)).toBe("12.5 days");
    expect(formatWait(70)).toBe("1 h 10 min");
    expect(formatWait(44.6)).toBe("45 min");
    expect(formatWait(120)).toBe("2 h");
  });

  it("says an area's typical wait as the load details show it", () => {
    expect(siteWaitingLine("pickup", { postcodeArea: "LS", medianMinutes: 70, visits: 12 })).toBe("Typical wait at LS pickups: 1 h 10 min (12 visits)");
    expect(siteWaitingLine("delivery", { postcodeArea: "SO", medianMinutes: 25, visits: 1 })).toBe("Typical wait at SO deliveries: 25 min (1 visit)");
  });

  it("puts the worst site first: the longest median, then the most visits", () => {
    const sites = [
      { postcodeArea: "LS", stop: "pickup" as const, visits: 3, medianMinutes: 40 },
      { postcodeArea: "B", stop: "delivery" as const, visits: 9, medianMinutes: 95 },
      { postcodeArea: "M", stop: "pickup" as const, visits: 5, medianMinutes: 40 },
    ];
    expect(worstFirst(sites).map((s) => s.postcodeArea)).toEqual(["B", "M", "LS"]);
  });

  it("lists the loads behind a figure: late first, POD slowest first, hand-backs only", () => {
    const loads = [
      load("FN-10", "onTime", "late", 30),
      load("FN-2", "late", "onTime", null, true),
      load("FN-3", "unknown", "late", 2.5),
      load("FN-1", "onTime", "unknown", 48),
    ];
    expect(loadsBehind(loads, "completed").map((l) => l.loadNumber)).toEqual(["FN-1", "FN-2", "FN-3", "FN-10"]);
    expect(loadsBehind(loads, "delivery").map((l) => l.loadNumber)).toEqual(["FN-3", "FN-10", "FN-1", "FN-2"]);
    expect(loadsBehind(loads, "collection").map((l) => l.loadNumber)).toEqual(["FN-2", "FN-3", "FN-1", "FN-10"]);
    expect(loadsBehind(loads, "podHours").map((l) => l.loadNumber)).toEqual(["FN-1", "FN-10", "FN-3", "FN-2"]);
    expect(loadsBehind(loads, "handedBack").map((l) => l.loadNumber)).toEqual(["FN-2"]);
    expect(lateNumbers(loads, "delivery")).toEqual(["FN-3", "FN-10"]);
  });
});
