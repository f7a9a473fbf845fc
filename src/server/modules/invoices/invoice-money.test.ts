// Invoice money and words, as pure functions (VAT and rounding on
// awkward amounts, exact decimal arithmetic, half up to the penny, VAT per invoice).
import { describe, expect, it } from "vitest";
import { formatPounds, invoiceAmounts, moneyNumber, moneyText, runningTotals, sumMoney } from "./invoice-money";
import { addDays, dayLabel, isRealDay } from "./invoice-text";
import { pdfText } from "../../pdf/fonts";

describe("invoiceAmounts", () => {
  it.each([
    // net, VAT registered, vat, gross
    [0.05, true, "0.01", "0.06"],
    // 0.006 rounds up to a penny
    [0.03, true, "0.01", "0.04"],
    // 0.002 rounds down to nothing
    [0.01, true, "0.00", "0.01"],
    [0.02, true, "0.00", "0.02"],
    [1234.57, true, "246.91", "1481.48"],
    [1200, true, "240.00", "1440.00"],
    [0.1 + 0.2, true, "0.06", "0.36"],
    // large amounts stay exact: 9,999,999.99 × 0.2 = 1,999,999.998 → 2,000,000.00
    [9_999_999.99, true, "2000000.00", "11999999.99"],
    [99_999_999.99, true, "20000000.00", "119999999.99"],
    [10_000_000.05, true, "2000000.01", "12000000.06"],
    [1234.57, false, "0.00", "1234.57"],
    [0, true, "0.00", "0.00"],
  ])("net £%s (VAT registered: %s) → VAT %s, gross %s", (net, registered, vat, gross) => {
    const a = invoiceAmounts(net, registered);
    expect(a).toEqual({ net: moneyText(net), vatRate: registered ? "20.00" : "0.00", vat, gross });
  });

  it("takes the net to the penny half up, before VAT (a 3-decimal amount from a client)", () => {
    expect(invoiceAmounts("1234.565", true)).toEqual({ net: "1234.57", vatRate: "20.00", vat: "246.91", gross: "1481.48" });
    expect(invoiceAmounts("0.005", true).net).toBe("0.01");
    expect(invoiceAmounts("0.004", true).net).toBe("0.00");
  });

  it("is exact where binary floating point is not", () => {
    // in doubles 1.15 × 0.2 = 0.22999999999999998 and 1.005 × 100 = 100.49999999999999
    expect(invoiceAmounts(1.15, true).vat).toBe("0.23");
    expect(moneyText("1.005")).toBe("1.01");
    expect(Math.round(1.005 * 100) / 100).toBe(1); // what a double would have said
    // no double of this gross is off by a penny
    expect(moneyNumber("119999999.99")).toBe(119999999.99);
  });
});

describe("sums", () => {
  it("adds exactly and keeps running totals, skipping what is not counted", () => {
    expect(sumMoney(["0.10", "0.20", 0.3])).toBe("0.60");
    expect(sumMoney(Array.from({ length: 1000 }, () => "0.01"))).toBe("10.00");
    expect(runningTotals(["1440.00", null, "0.06", "99999999.99"])).toEqual(["1440.00", "1440.00", "1440.06", "100001440.05"]);
  });
  it("formats as £1,234.50", () => {
    expect(formatPounds("1234.5")).toBe("£1,234.50");
    expect(formatPounds(119999999.99)).toBe("£119,999,999.99");
    expect(formatPounds(0.06)).toBe("£0.06");
    expect(formatPounds("-12.5")).toBe("-£12.50");
  });
});

describe("invoice words and days", () => {
  it("writes UK days and adds payment terms across months and leap days", () => {
    expect(dayLabel("2026-11-23")).toBe("Mon 23 Nov 2026");
    expect(addDays("2026-11-25", 30)).toBe("2026-12-25");
    expect(addDays("2028-02-15", 14)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 0)).toBe("2026-12-31");
  });
  it("knows a real day from a pattern that only looks like one", () => {
    expect(isRealDay("2028-02-29")).toBe(true);
    for (const bad of ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01", "26-01-01"]) expect(isRealDay(bad), bad).toBe(false);
  });
  it("keeps what the PDF's embedded font can draw and says so where it cannot", () => {
    expect(pdfText("Smith & Sons Haulage Ltd £1,200.50 – café")).toBe("Smith & Sons Haulage Ltd £1,200.50 – café");
    // Welsh ŵ and ŷ, Polish, Greek and Cyrillic are drawn as written; an emoji or a Chinese name is a "?", not an empty box
    expect(pdfText("Cludiant Gŵyr a Dyffryn Ŷ 🚚")).toBe("Cludiant Gŵyr a Dyffryn Ŷ ?");
    expect(pdfText("Łódź Ελλάδα Москва 北京\nTŷ")).toBe("Łódź Ελλάδα Москва ??\nTŷ");
  });
});
