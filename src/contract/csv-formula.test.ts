import { describe, expect, it } from "vitest";
import { startsAsFormula } from "./csv-formula";

describe("startsAsFormula", () => {
  it.each(["=1+1", "+SUM(1,2)", "-2+3", "@Home", "\tTabbed", "\rX", "\uFF1D1+1", "\uFF0BSUM(1)", "\uFF0D2", "\uFF20SUM(A1)", "\uFE66x", "\u207A1", "=\u0338x"])("%j starts as a formula", (s) => {
    expect(startsAsFormula(s)).toBe(true);
  });

  it.each(["", "Leeds", " =1", "1=1", "'=1", "Llanfairpwllgwyngyll", "≠", "\u{1F69A} lorry", "\uFF21bc"])("%j does not", (s) => {
    expect(startsAsFormula(s)).toBe(false);
  });
});
