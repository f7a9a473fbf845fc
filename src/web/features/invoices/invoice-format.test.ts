// The invoice screens' pure helpers: status words, UK days, the list
// call a set of filters makes, the statement's checks and addresses, payment-run
// sums in whole pence, the Mark paid form's checks and the settings form.
import { describe, expect, it } from "vitest";
import { EXPORT_KINDS } from "@contract/schemas/export";
import { INVOICE_MSG, invoiceListQuerySchema, statementQuerySchema } from "@contract/schemas/invoice";
import {
  NO_FILTERS,
  bulkSummary,
  defaultStatementPeriod,
  formatDay,
  formatShortDay,
  invoiceExportUrl,
  invoiceListUrl,
  invoicePdfUrl,
  invoiceStatusTone,
  invoiceStatusWord,
  markPaidProblems,
  rangeProblem,
  statementProblem,
  statementUrl,
  sumMoney,
  vatRateText,
} from "./invoice-format";
import { TERMS_MSG, readSettingsForm } from "./staff/settings-form";

const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("invoice status in words", () => {
  it("an issued invoice past its due day reads Overdue in red; otherwise the contract's words", () => {
    expect(invoiceStatusWord({ status: "issued", overdue: false })).toBe("Issued");
    expect(invoiceStatusWord({ status: "issued", overdue: true })).toBe("Overdue");
    expect(invoiceStatusWord({ status: "paid", overdue: false })).toBe("Paid");
    expect(invoiceStatusWord({ status: "void", overdue: false })).toBe("Void");
    expect(invoiceStatusTone({ status: "issued", overdue: true })).toBe("red");
    expect(invoiceStatusTone({ status: "issued", overdue: false })).toBe("blue");
    expect(invoiceStatusTone({ status: "paid", overdue: false })).toBe("emerald");
    expect(invoiceStatusTone({ status: "void", overdue: false })).toBe("slate");
  });

  it("VAT reads as its rate, or No VAT for a company without a VAT number", () => {
    expect(vatRateText(20)).toBe("VAT 20%");
    expect(vatRateText(0)).toBe("No VAT");
  });
});

describe("UK days", () => {
  it("a calendar day reads Mon 23 Nov 2026 whatever the time zone, across the clock changes", () => {
    expect(formatDay("2026-11-23")).toBe("Mon 23 Nov 2026");
    expect(formatDay("2026-03-29")).toBe("Sun 29 Mar 2026");
    expect(formatDay("2026-10-25")).toBe("Sun 25 Oct 2026");
    expect(formatDay("2028-02-29")).toBe("Tue 29 Feb 2028");
    expect(formatDay(null)).toBe("—");
    expect(formatDay("2026-02-30")).toBe("Invalid Date");
  });

  it("the staff table's short form is 23/11/2026 (ui.md admin tables)", () => {
    expect(formatShortDay("2026-11-23")).toBe("23/11/2026");
    expect(formatShortDay("2027-01-05")).toBe("05/01/2027");
    expect(formatShortDay(null)).toBe("—");
    expect(formatShortDay("2026-13-01")).toBe("Invalid Date");
  });
});

describe("filters → the list call", () => {
  it("no filters: only the page", () => {
    expect(invoiceListUrl(NO_FILTERS, { limit: 50, offset: 0 })).toBe("/api/invoices?limit=50&offset=0");
  });

  it("every filter goes into the query the contract's list schema accepts", () => {
    const url = invoiceListUrl({ status: "issued", carrier: "  Smith & Sons, Ltd  ", from: "2026-11-01", to: "2026-11-30", overdueOnly: true }, { limit: 50, offset: 100 });
    expect(url).toBe("/api/invoices?limit=50&offset=100&status=issued&carrier=Smith+%26+Sons%2C+Ltd&from=2026-11-01&to=2026-11-30&overdue=true");
    const parsed = invoiceListQuerySchema.parse(queryOf(url));
    expect(parsed).toEqual({ limit: 50, offset: 100, status: "issued", carrier: "Smith & Sons, Ltd", from: "2026-11-01", to: "2026-11-30", overdue: "true" });
  });

  it("a half-typed or impossible day is left out (the field says why) rather than sent for a 400", () => {
    const q = queryOf(invoiceListUrl({ ...NO_FILTERS, from: "2026-02-30", to: "2026-1" }, { limit: 50, offset: 0 }));
    expect(q).toEqual({ limit: "50", offset: "0" });
  });

  it("a carrier search longer than the server takes is cut to 200 characters", () => {
    const q = queryOf(invoiceListUrl({ ...NO_FILTERS, carrier: "x".repeat(250) }, { limit: 50, offset: 0 }));
    expect(q.carrier).toHaveLength(200);
    expect(invoiceListQuerySchema.safeParse(q).success).toBe(true);
  });

  it("the Export link carries the same filters without the page, once the exports registry has invoices", () => {
    const url = invoiceExportUrl({ ...NO_FILTERS, status: "paid", from: "2026-11-01" });
    if ((EXPORT_KINDS as readonly string[]).includes("invoices")) expect(url).toBe("/api/export/invoices.csv?status=paid&from=2026-11-01");
    else expect(url).toBeNull();
  });

  it("a range with From after To, or a day that does not exist, is named on its field", () => {
    expect(rangeProblem("", "")).toBeNull();
    expect(rangeProblem("2026-11-01", "")).toBeNull();
    expect(rangeProblem("2026-11-30", "2026-11-01")).toEqual({ field: "to", message: INVOICE_MSG.rangeOrder });
    expect(rangeProblem("2026-02-30", "")).toEqual({ field: "from", message: INVOICE_MSG.dateInvalid });
    expect(rangeProblem("", "2026-13-01")).toEqual({ field: "to", message: INVOICE_MSG.dateInvalid });
  });
});

describe("the statement", () => {
  it("needs both days, in order, and at most 366 calendar days, as the server (statement.ts)", () => {
    expect(statementProblem("", "2026-11-25")?.field).toBe("from");
    expect(statementProblem("2026-11-01", "")?.field).toBe("to");
    expect(statementProblem("2026-11-25", "2026-11-01")).toEqual({ field: "to", message: INVOICE_MSG.rangeOrder });
    expect(statementProblem("2028-01-01", "2028-12-31")).toBeNull(); // the whole leap year
    expect(statementProblem("2026-01-01", "2027-01-01")).toBeNull(); // 366 calendar days, both ends counted
    expect(statementProblem("2026-01-01", "2027-01-02")).toEqual({ field: "from", message: INVOICE_MSG.rangeTooLong });
    expect(statementProblem("2028-01-01", "2029-01-01")).toEqual({ field: "from", message: INVOICE_MSG.rangeTooLong });
    expect(statementProblem("2026-11-25", "2026-11-25")).toBeNull();
  });

  it("its addresses are the contract's query; a PDF is asked as a download; staff name the company", () => {
    const pdf = statementUrl({ from: "2026-10-01", to: "2026-11-25", format: "pdf" });
    expect(pdf).toBe("/api/invoices/statement?from=2026-10-01&to=2026-11-25&format=pdf&download=1");
    const id = "0b6f7f5e-3f55-4d39-9a5b-4f8d2c1e9a10";
    const csv = statementUrl({ from: "2026-10-01", to: "2026-11-25", format: "csv", companyId: id });
    expect(csv).toBe(`/api/invoices/statement?from=2026-10-01&to=2026-11-25&format=csv&companyId=${id}`);
    const { download: _d, ...rest } = queryOf(csv);
    expect(statementQuerySchema.parse(rest)).toEqual({ from: "2026-10-01", to: "2026-11-25", format: "csv", companyId: id });
  });

  it("starts on the first day of last month, across a year's end", () => {
    expect(defaultStatementPeriod("2026-11-25")).toEqual({ from: "2026-10-01", to: "2026-11-25" });
    expect(defaultStatementPeriod("2027-01-03")).toEqual({ from: "2026-12-01", to: "2027-01-03" });
  });

  it("an invoice's PDF: opened, or saved", () => {
    expect(invoicePdfUrl("abc")).toBe("/api/invoices/abc/pdf");
    expect(invoicePdfUrl("abc", true)).toBe("/api/invoices/abc/pdf?download=1");
  });
});

describe("payment runs", () => {
  it("add up in whole pence: ten £0.10s make £1.00 and £1,234.57 + £0.05 + £246.91 make £1,481.53", () => {
    expect(sumMoney(Array(10).fill(0.1))).toBe(1);
    expect(0.1 + 0.2).not.toBe(0.3); // why: binary floating point
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([1234.57, 0.05, 246.91])).toBe(1481.53);
    expect(sumMoney([])).toBe(0);
  });

  it("say what was paid and what skipped", () => {
    expect(bulkSummary(1, 0)).toBe("1 invoice marked as paid");
    expect(bulkSummary(3, 1)).toBe("3 invoices marked as paid; 1 skipped");
    expect(bulkSummary(0, 2)).toBe("0 invoices marked as paid; 2 skipped");
  });

  it("the paid form: a real day, not in the future, not before issue; a reference of 1 to 100 characters", () => {
    const today = "2026-11-25";
    expect(markPaidProblems({ paidOn: today, paymentReference: "BACS 123" }, today, "2026-11-20")).toEqual({});
    expect(markPaidProblems({ paidOn: "", paymentReference: "  " }, today)).toEqual({ paidOn: INVOICE_MSG.paidOn, paymentReference: INVOICE_MSG.reference });
    expect(markPaidProblems({ paidOn: "2026-02-30", paymentReference: "x" }, today).paidOn).toBe(INVOICE_MSG.paidOnInvalid);
    expect(markPaidProblems({ paidOn: "2026-11-26", paymentReference: "x" }, today).paidOn).toBe(INVOICE_MSG.paidOnFuture);
    expect(markPaidProblems({ paidOn: "2026-11-19", paymentReference: "x" }, today, "2026-11-20").paidOn).toBe(INVOICE_MSG.paidOnBeforeIssue);
    // a run has no one issue day: the server skips the invoices issued after the paid day
    expect(markPaidProblems({ paidOn: "2026-11-19", paymentReference: "x" }, today)).toEqual({});
    expect(markPaidProblems({ paidOn: today, paymentReference: "r".repeat(101) }, today).paymentReference).toMatch(/at most 100/);
  });
});

describe("invoice settings form", () => {
  const ok = { paymentTermsDays: "30", companyName: " Flatbed Network Ltd ", companyAddress: "1 Dock Road\nHull HU1 1AA", companyVatNumber: "GB123456789" };

  it("reads the days as a whole number and trims the text, as the contract's schema", () => {
    expect(readSettingsForm(ok)).toEqual({ value: { paymentTermsDays: 30, companyName: "Flatbed Network Ltd", companyAddress: "1 Dock Road\nHull HU1 1AA", companyVatNumber: "GB123456789" } });
    expect(readSettingsForm({ ...ok, paymentTermsDays: " 0 " })).toMatchObject({ value: { paymentTermsDays: 0 } });
  });

  it("refuses days that are not a whole number from 0 to 365, and a VAT number over 20 characters", () => {
    for (const days of ["", "30.5", "-1", "366", "3e1", "thirty"]) expect(readSettingsForm({ ...ok, paymentTermsDays: days }), days).toEqual({ errors: { paymentTermsDays: TERMS_MSG } });
    const long = readSettingsForm({ ...ok, companyVatNumber: "G".repeat(21) });
    expect("errors" in long && long.errors.companyVatNumber).toBeTruthy();
    expect("errors" in long && long.errors.paymentTermsDays).toBeUndefined();
  });
});
