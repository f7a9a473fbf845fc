// Pure helpers of the invoice screens: how an invoice's status and days read (ui.md: status in
// words, UK dates like `Mon 23 Nov 2026`), the list call a set of filters makes,
// and the statement's download addresses, checked here first because a download
// link that fails lands the user on a bare error page.
import { EXPORT_KINDS } from "@contract/schemas/export";
import { INVOICE_MSG, INVOICE_STATUSES, INVOICE_STATUS_LABELS, type Invoice, type InvoiceStatus } from "@contract/schemas/invoice";
import type { BadgeTone } from "../../components/ui/badge";

/** What the list is filtered by; "" is no filter. The carrier's screen uses status, from and to. */
export interface InvoiceFilters {
  status: "" | InvoiceStatus;
  /** staff: part of the carrier company's name */
  carrier: string;
  /** YYYY-MM-DD, on the day the invoice was issued */
  from: string;
  to: string;
  /** staff: issued and past its due day */
  overdueOnly: boolean;
}

export const NO_FILTERS: InvoiceFilters = { status: "", carrier: "", from: "", to: "", overdueOnly: false };

/** A page of the list (INVOICE_LIST_DEFAULT rows unless asked). */
export const INVOICE_PAGE = 50;

export { daysBetween, formatDay, formatShortDay, isRealDay } from "../../lib/calendar-day";
import { daysBetween, isRealDay } from "../../lib/calendar-day";

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The status in words: Issued, Overdue (issued and past due), Paid, Void; never colour alone (ui.md). */
export function invoiceStatusWord(inv: Pick<Invoice, "status" | "overdue">): string {
  return inv.status === "issued" && inv.overdue ? "Overdue" : INVOICE_STATUS_LABELS[inv.status];
}

/** The badge colour of that word: overdue red, paid emerald (done, as a completed load), issued blue, void slate. */
export function invoiceStatusTone(inv: Pick<Invoice, "status" | "overdue">): BadgeTone {
  if (inv.status === "paid") return "emerald";
  if (inv.status === "void") return "slate";
  return inv.overdue ? "red" : "blue";
}

/** "VAT 20%" or "No VAT" (the company has no VAT number). */
export const vatRateText = (rate: number): string => (rate > 0 ? `VAT ${rate}%` : "No VAT");

/** Only an issued invoice can be paid (contract: else 409). */
export const canMarkPaid = (inv: Pick<Invoice, "status">): boolean => inv.status === "issued";

/** The filters as the list call's query, in a fixed order (the query key and the Export link use it). */
export function invoiceQuery(f: InvoiceFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.status && INVOICE_STATUSES.includes(f.status)) q.set("status", f.status);
  const carrier = f.carrier.trim();
  if (carrier) q.set("carrier", carrier.slice(0, 200));
  // a half-typed or impossible day is no filter yet (the field says why); the server would answer 400
  if (isRealDay(f.from)) q.set("from", f.from);
  if (isRealDay(f.to)) q.set("to", f.to);
  if (f.overdueOnly) q.set("overdue", "true");
  return q;
}

/** GET /api/invoices?limit&offset&status&carrier&from&to&overdue */
export function invoiceListUrl(f: InvoiceFilters, page: { limit: number; offset: number }): string {
  const q = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  for (const [k, v] of invoiceQuery(f)) q.set(k, v);
  return `/api/invoices?${q}`;
}

/** Why a from/to pair is not a usable range, or null. Empty ends are fine (no filter). */
export function rangeProblem(from: string, to: string): { field: "from" | "to"; message: string } | null {
  if (from && !isRealDay(from)) return { field: "from", message: INVOICE_MSG.dateInvalid };
  if (to && !isRealDay(to)) return { field: "to", message: INVOICE_MSG.dateInvalid };
  if (from && to && from > to) return { field: "to", message: INVOICE_MSG.rangeOrder };
  return null;
}

/** The server's limit on one statement (statement.ts STATEMENT_MAX_DAYS). */
export const STATEMENT_MAX_DAYS = 366;

/** Why a statement of from…to cannot be made, or null: both days needed, in order, at most a year. */
export function statementProblem(from: string, to: string): { field: "from" | "to"; message: string } | null {
  if (!from) return { field: "from", message: "Please choose the first day of the statement" };
  if (!to) return { field: "to", message: "Please choose the last day of the statement" };
  const range = rangeProblem(from, to);
  if (range) return range;
  if (daysBetween(from, to) >= STATEMENT_MAX_DAYS) return { field: "from", message: INVOICE_MSG.rangeTooLong };
  return null;
}

/** GET /api/invoices/statement?from&to&format[&companyId] (staff name the company); a PDF is asked as a download. */
export function statementUrl(o: { from: string; to: string; format: "pdf" | "csv"; companyId?: string }): string {
  const q = new URLSearchParams({ from: o.from, to: o.to, format: o.format });
  if (o.companyId) q.set("companyId", o.companyId);
  if (o.format === "pdf") q.set("download", "1");
  return `/api/invoices/statement?${q}`;
}

/** The invoice as a PDF: opened in the browser, or saved (`download`). */
export const invoicePdfUrl = (id: string, download = false): string => `/api/invoices/${encodeURIComponent(id)}/pdf${download ? "?download=1" : ""}`;

/** The statement's default period: the first day of last month to today (UK days). */
export function defaultStatementPeriod(today: string): { from: string; to: string } {
  const m = YMD.exec(today);
  if (!m) return { from: "", to: "" };
  const d = new Date(Date.UTC(+m[1], +m[2] - 2, 1));
  return { from: d.toISOString().slice(0, 10), to: today };
}

/**
 * The CSV export of the Invoices tab (contract: `/api/export/invoices.csv` with the
 * tab's filters, every page), or null while the exports registry has no invoices
 * export yet; the tab then shows no Export button rather than a link that 404s.
 */
export function invoiceExportUrl(f: InvoiceFilters): string | null {
  if (!(EXPORT_KINDS as readonly string[]).includes("invoices")) return null;
  const q = invoiceQuery(f).toString();
  return `/api/export/invoices.csv${q ? `?${q}` : ""}`;
}

/** "3 invoices marked as paid; 1 skipped" for a payment run's answer. */
export function bulkSummary(paid: number, skipped: number): string {
  const p = `${paid} ${paid === 1 ? "invoice" : "invoices"} marked as paid`;
  return skipped ? `${p}; ${skipped} skipped` : p;
}

/**
 * The sum of amounts that each have at most 2 decimals, in whole pence (integers
 * add exactly; ten 0.1s in binary floating point do not make 1), back in pounds.
 */
export function sumMoney(amounts: number[]): number {
  return amounts.reduce((pence, a) => pence + Math.round(a * 100), 0) / 100;
}

/**
 * What is wrong with a "paid" form before it is sent (contract markPaidSchema and the
 * server's own checks: a real day, not in the future, not before the invoice was
 * issued when one invoice is paid), by field; empty when it can be sent.
 */
export function markPaidProblems(v: { paidOn: string; paymentReference: string }, today: string, issuedOn?: string): Partial<Record<"paidOn" | "paymentReference", string>> {
  const out: Partial<Record<"paidOn" | "paymentReference", string>> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.paidOn)) out.paidOn = INVOICE_MSG.paidOn;
  else if (!isRealDay(v.paidOn)) out.paidOn = INVOICE_MSG.paidOnInvalid;
  else if (v.paidOn > today) out.paidOn = INVOICE_MSG.paidOnFuture;
  else if (issuedOn && v.paidOn < issuedOn) out.paidOn = INVOICE_MSG.paidOnBeforeIssue;
  const ref = v.paymentReference.trim();
  if (!ref) out.paymentReference = INVOICE_MSG.reference;
  else if (ref.length > 100) out.paymentReference = "The payment reference can be at most 100 characters";
  return out;
}
