import { describe, expect, it } from "vitest";
import { parsePounds } from "./pounds";

describe("issue 15 #8: parsePounds reads amounts as people type them", () => {
  it.each([
    ["1100", 1100],
    ["1,100", 1100],
    ["£1,100.50", 1100.5],
    ["£ 950", 950],
    [" 12,345,678.9 ", 12345678.9],
    ["0.5", 0.5],
    [".5", 0.5],
    ["0", 0],
  ])("%j is £%d", (text, pounds) => expect(parsePounds(text)).toBe(pounds));

  it.each(["", " ", "1,1", "1,10", "11,00", "12abc", "-5", "1.100,50", "£", "1e3"])("%j is not an amount of pounds", (text) => {
    expect(parsePounds(text)).toBeNull();
  });
});
