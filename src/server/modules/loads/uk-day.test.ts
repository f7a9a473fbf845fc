// UK calendar days as UTC instants (the date filter), across GMT and BST.
import { describe, expect, it } from "vitest";
import { parseYmd, ukDayEnd, ukDayStart } from "./uk-day";

describe("UK days", () => {
  it("a winter day is the UTC day", () => {
    expect(ukDayStart(2026, 1, 15).toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(ukDayEnd(2026, 1, 15).toISOString()).toBe("2026-01-16T00:00:00.000Z");
  });

  it("a summer day starts at 23:00 UTC the evening before", () => {
    expect(ukDayStart(2026, 7, 2).toISOString()).toBe("2026-07-01T23:00:00.000Z");
    expect(ukDayEnd(2026, 7, 2).toISOString()).toBe("2026-07-02T23:00:00.000Z");
  });

  it("the spring-forward day is 23 hours long", () => {
    // clocks go forward at 01:00 UTC on Sunday 29 March 2026
    const start = ukDayStart(2026, 3, 29);
    const end = ukDayEnd(2026, 3, 29);
    expect(start.toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(end.toISOString()).toBe("2026-03-29T23:00:00.000Z");
  });

  it("the fall-back day is 25 hours long", () => {
    // clocks go back at 01:00 UTC on Sunday 25 October 2026
    const start = ukDayStart(2026, 10, 25);
    const end = ukDayEnd(2026, 10, 25);
    expect(start.toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(end.toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });

  it("the end of the year rolls over", () => {
    expect(ukDayEnd(2026, 12, 31).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("parses only real calendar days", () => {
    expect(parseYmd("2028-02-29")).toEqual([2028, 2, 29]);
    expect(parseYmd("2026-02-29")).toBeNull();
    expect(parseYmd("2026-13-01")).toBeNull();
    expect(parseYmd("2026-1-01")).toBeNull();
    expect(parseYmd("0000-01-01")).toBeNull();
  });
});
