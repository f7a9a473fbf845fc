// The insight page's words and numbers: UK week labels, money, shares and hours.
import { describe, expect, it } from "vitest";
import type { Insight } from "@contract/schemas/insight";
import { describeChart, formatHours, formatShare, formatShareOf, isEmptyPeriod, periodLabel, weekLabel, weekTick } from "./insight-format";

const EMPTY = { posted: 0, booked: 0, completed: 0, bookedWithin24h: null, bookedWithin24hCount: 0, medianHoursToBook: null, spend: 0 };

function insight(over: Partial<Insight> = {}): Insight {
  return {
    weeks: 3,
    timeZone: "Europe/London",
    from: "2026-11-02",
    to: "2026-11-22",
    rows: [
      { weekStart: "2026-11-02", posted: 6, booked: 4, completed: 2, bookedWithin24h: 0.3333, bookedWithin24hCount: 2, medianHoursToBook: 13, spend: 0.3 },
      { weekStart: "2026-11-09", ...EMPTY },
      { weekStart: "2026-11-16", posted: 12, booked: 3, completed: 2, bookedWithin24h: 1, bookedWithin24hCount: 2, medianHoursToBook: 3.5, spend: 2234.55 },
    ],
    totals: { posted: 18, booked: 7, completed: 4, bookedWithin24h: 0.4444, bookedWithin24hCount: 8, medianHoursToBook: 0.75, spend: 2234.85 },
    ...over,
  };
}

describe("insight formatting", () => {
  it("names a week by its Monday, UK style, whatever the browser's time zone", () => {
    expect(weekLabel("2026-11-16")).toBe("w/c 16 Nov 2026");
    expect(weekLabel("2026-10-26")).toBe("w/c 26 Oct 2026");
    expect(weekLabel("2024-12-30")).toBe("w/c 30 Dec 2024");
    expect(weekTick("2026-03-02")).toBe("2 Mar");
    // three letters for September too, as the spec writes months (some browsers' en-GB says "Sept")
    expect(weekLabel("2026-09-07")).toBe("w/c 7 Sep 2026");
    expect(weekLabel("nonsense")).toBe("nonsense");
    expect(weekLabel("2026-13-01")).toBe("2026-13-01");
  });

  it("writes shares as percentages and says what they are of", () => {
    expect(formatShare(0.3333)).toBe("33.3%");
    expect(formatShare(1)).toBe("100%");
    expect(formatShare(0)).toBe("0%");
    expect(formatShare(null)).toBe("—");
    expect(formatShareOf(0.4444, 8, 18)).toBe("44.4% (8 of 18)");
    expect(formatShareOf(0.5, 1500, 3000)).toBe("50% (1,500 of 3,000)");
    expect(formatShareOf(null, 0, 0)).toBe("—");
  });

  it("writes the median time to book in minutes under an hour, else hours to one decimal", () => {
    expect(formatHours(0)).toBe("0 min");
    expect(formatHours(0.75)).toBe("45 min");
    expect(formatHours(1)).toBe("1.0 h");
    expect(formatHours(13)).toBe("13.0 h");
    expect(formatHours(84.75)).toBe("84.8 h");
    expect(formatHours(1336)).toBe("1,336.0 h");
    expect(formatHours(null)).toBe("—");
  });

  it("describes each chart in words: the period, its peak and its figure", () => {
    const data = insight();
    expect(periodLabel(data)).toBe("w/c 2 Nov 2026 to w/c 16 Nov 2026");
    expect(describeChart("loads", data)).toBe("18 loads posted, 7 booked and 4 completed, w/c 2 Nov 2026 to w/c 16 Nov 2026. Most posted in one week: 12, w/c 16 Nov 2026.");
    expect(describeChart("spend", data)).toBe("£2,234.85 spent on completed loads, w/c 2 Nov 2026 to w/c 16 Nov 2026. Highest week: £2,234.55, w/c 16 Nov 2026.");
    expect(describeChart("share", data)).toBe("44.4% of the loads posted were booked within 24 hours (8 of 18), w/c 2 Nov 2026 to w/c 16 Nov 2026.");
    expect(describeChart("median", data)).toBe("Half the loads booked were booked within 45 minutes of being posted, w/c 2 Nov 2026 to w/c 16 Nov 2026.");
  });

  it("knows an empty period and says so in every chart's words", () => {
    const empty = insight({ weeks: 1, rows: [{ weekStart: "2026-11-23", ...EMPTY }], totals: EMPTY });
    expect(isEmptyPeriod(empty)).toBe(true);
    expect(isEmptyPeriod(insight())).toBe(false);
    expect(periodLabel(empty)).toBe("w/c 23 Nov 2026");
    expect(describeChart("loads", empty)).toBe("0 loads posted, 0 booked and 0 completed, w/c 23 Nov 2026.");
    expect(describeChart("spend", empty)).toBe("£0.00 spent on completed loads, w/c 23 Nov 2026.");
    expect(describeChart("share", empty)).toBe("No loads were posted, w/c 23 Nov 2026.");
    expect(describeChart("median", empty)).toBe("No loads were booked, w/c 23 Nov 2026.");
  });
});
