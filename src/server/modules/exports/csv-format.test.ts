// The cell rules of the CSV exports: UK dates and
// times either side of a clock change, numbers kept as numbers, text guarded.
import { describe, expect, it } from "vitest";
import { numberText, toCell, ukDate, ukDateTime } from "./csv-format";

describe("UK dates and times in exports", () => {
  it("writes a calendar day as YYYY-MM-DD and a moment as YYYY-MM-DD HH:MM, in London time", () => {
    // GMT in winter, BST in summer
    expect(ukDateTime("2026-11-23T09:00:00.000Z")).toBe("2026-11-23 09:00");
    expect(ukDateTime("2026-07-01T08:30:00.000Z")).toBe("2026-07-01 09:30");
    // 23:30 UTC on 30 June is already 1 July in the UK
    expect(ukDate("2026-06-30T23:30:00.000Z")).toBe("2026-07-01");
    expect(ukDate(new Date("2026-12-31T23:59:00.000Z"))).toBe("2026-12-31");
  });

  it("is right on the days the clocks change, hour by hour", () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST
    expect(ukDateTime("2026-03-29T00:59:00.000Z")).toBe("2026-03-29 00:59");
    expect(ukDateTime("2026-03-29T01:00:00.000Z")).toBe("2026-03-29 02:00");
    // 25 October 2026: 02:00 BST becomes 01:00 GMT
    expect(ukDateTime("2026-10-25T00:30:00.000Z")).toBe("2026-10-25 01:30");
    expect(ukDateTime("2026-10-25T01:30:00.000Z")).toBe("2026-10-25 01:30");
    expect(ukDateTime("2026-10-25T23:30:00.000Z")).toBe("2026-10-25 23:30");
    // the day before each change, late in the evening, is in its own offset
    expect(ukDateTime("2026-03-28T23:30:00.000Z")).toBe("2026-03-28 23:30");
    expect(ukDateTime("2026-10-24T23:30:00.000Z")).toBe("2026-10-25 00:30");
  });

  it("leaves a missing or unreadable date empty", () => {
    expect(ukDate(null)).toBe("");
    expect(ukDateTime(undefined)).toBe("");
    expect(ukDateTime("not a date")).toBe("");
  });
});

describe("cells", () => {
  it("keeps money and counts as numbers, written with 2 decimals and none", () => {
    expect(toCell("money", 1234.5)).toBe(1234.5);
    expect(toCell("money", "-12.5")).toBe(-12.5);
    expect(numberText("money", 1234.5)).toBe("1234.50");
    expect(numberText("money", -12.5)).toBe("-12.50");
    expect(numberText("money", -0)).toBe("0.00");
    expect(numberText("money", 0.1 + 0.2)).toBe("0.30");
    expect(numberText("int", 12000)).toBe("12000");
    expect(numberText("decimal", 13.6)).toBe("13.6");
  });

  it("writes yes/no, leaves empty values empty, and guards the full-width formula characters csv-stringify does not", () => {
    expect(toCell("yesno", true)).toBe("Yes");
    expect(toCell("yesno", false)).toBe("No");
    expect(toCell("text", null)).toBeNull();
    expect(toCell("text", "")).toBeNull();
    expect(toCell("int", "x")).toBeNull();
    expect(toCell("text", "\uFF1D1+1")).toBe("'\uFF1D1+1");
    expect(toCell("text", "\uFF20SUM(A1)")).toBe("'\uFF20SUM(A1)");
    // the ASCII starts by the same rule (the import's: startsAsFormula), before csv-stringify's escape_formulas
    expect(toCell("text", "=1+1")).toBe("'=1+1");
    expect(toCell("text", "\uFF0B44 Town")).toBe("'\uFF0B44 Town");
    expect(toCell("text", "\uFF0D5")).toBe("'\uFF0D5");
    expect(toCell("text", "\uFE66x")).toBe("'\uFE66x"); // small equals: NFKC folds it to =
    expect(toCell("text", "Llanfairpwllgwyngyll")).toBe("Llanfairpwllgwyngyll");
  });
});
