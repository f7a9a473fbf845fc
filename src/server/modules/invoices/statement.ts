// GET /api/invoices/statement?from&to&format=pdf|csv: a
// carrier's statement of their company's invoices; staff name the company with
// companyId (required). Every invoice issued in the period, oldest first, void
// ones shown as void and not counted, with a running total of what is counted.
// The CSV follows the exports' rules: RFC 4180
// with CRLF, UTF-8 with a byte-order mark, money with 2 decimals, days as
// YYYY-MM-DD, and a text cell that a spreadsheet could take for a formula
// prefixed with `'`.
import { stringify } from "csv-stringify/sync";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { ukDayKey } from "../../../contract/wall-clock";
import { startsAsFormula } from "../../../contract/csv-formula";
import { INVOICE_MSG, INVOICE_STATUS_LABELS, type InvoiceStatus, type statementQuerySchema } from "../../../contract/schemas/invoice";
import { formatPounds, moneyText, runningTotals, sumMoney } from "./invoice-money";
import type { StoredInvoiceLine } from "../../db/schema";
import { daysBetween, isRealDay } from "./invoice-text";
import * as repo from "./invoices.repository";
import { renderStatementPdf } from "./statement-pdf";
import type { Viewer } from "./invoices.service";

/** A statement covers at most this many days (a year, leap day included)… */
export const STATEMENT_MAX_DAYS = 366;
/** …and at most this many invoices (else: a shorter period, 400). */
export const STATEMENT_MAX_ROWS = 5000;

export interface StatementLine {
  number: string;
  issuedOn: string;
  dueOn: string;
  loadNumber: string;
  status: InvoiceStatus;
  /** Issued, Overdue, Paid or Void */
  statusLabel: string;
  net: string;
  vatRate: string;
  vat: string;
  gross: string;
  paidOn: string | null;
  paymentReference: string | null;
  /** the sum of the counted (not void) gross amounts up to this line */
  runningTotal: string;
  /** what the invoice's net is the sum of: the load's price, then each approved waiting-time claim */
  invoiceLines: StoredInvoiceLine[];
  /** raised for one approved waiting-time claim alone (the load's own invoice was already paid) */
  claimInvoice: boolean;
}

export interface Statement {
  network: string;
  company: repo.CarrierCompany;
  from: string;
  to: string;
  producedOn: string;
  lines: StatementLine[];
  totals: { counted: number; voided: number; net: string; vat: string; gross: string; paid: string; outstanding: string };
}

type StatementQuery = z.output<typeof statementQuerySchema>;

/** Whose statement: staff name the company (400 without, 404 for none); a carrier gets their own (another's id: 404). */
async function companyFor(ctx: AppContext, viewer: Viewer, companyId: string | undefined): Promise<repo.CarrierCompany> {
  if (isStaffRole(viewer)) {
    if (!companyId) throw new AppError(400, INVOICE_MSG.companyRequired, [{ path: "companyId", message: INVOICE_MSG.companyRequired }]);
  } else {
    if (!viewer.companyId) throw new AppError(404, INVOICE_MSG.noCompany);
    if (companyId && companyId.toLowerCase() !== viewer.companyId) throw new AppError(404, MSG.notFound);
    companyId = viewer.companyId;
  }
  const company = await repo.findCompanyRow(ctx.db, companyId.toLowerCase());
  if (!company) throw new AppError(404, MSG.notFound);
  return company;
}

function checkPeriod(from: string, to: string): void {
  for (const [path, v] of [["from", from], ["to", to]] as const) {
    if (!isRealDay(v)) throw new AppError(400, INVOICE_MSG.dateInvalid, [{ path, message: INVOICE_MSG.dateInvalid }]);
  }
  if (from > to) throw new AppError(400, INVOICE_MSG.rangeOrder, [{ path: "to", message: INVOICE_MSG.rangeOrder }]);
  if (daysBetween(from, to) >= STATEMENT_MAX_DAYS) throw new AppError(400, INVOICE_MSG.rangeTooLong, [{ path: "from", message: INVOICE_MSG.rangeTooLong }]);
}

export async function buildStatement(opts: { ctx: AppContext; viewer: Viewer; query: StatementQuery }): Promise<Statement> {
  const { ctx, viewer, query } = opts;
  checkPeriod(query.from, query.to);
  const company = await companyFor(ctx, viewer, query.companyId);
  const [rows, settings] = await Promise.all([
    repo.statementRows(ctx.db, { companyId: company.id, from: query.from, to: query.to, limit: STATEMENT_MAX_ROWS + 1 }),
    repo.readInvoiceSettings(ctx.db),
  ]);
  if (rows.length > STATEMENT_MAX_ROWS) throw new AppError(400, INVOICE_MSG.statementTooBig, [{ path: "from", message: INVOICE_MSG.statementTooBig }]);
  const today = ukDayKey(ctx.clock.now());
  const counted = rows.filter((r) => r.status !== "void");
  const running = runningTotals(rows.map((r) => (r.status === "void" ? null : r.gross)));
  const lines = rows.map<StatementLine>((r, i) => ({
    number: r.number,
    issuedOn: r.issuedOn,
    dueOn: r.dueOn,
    loadNumber: r.loadNumber,
    status: r.status as InvoiceStatus,
    statusLabel: r.status === "issued" && r.dueOn < today ? "Overdue" : INVOICE_STATUS_LABELS[r.status as InvoiceStatus],
    net: r.net,
    vatRate: r.vatRate,
    vat: r.vat,
    gross: r.gross,
    paidOn: r.paidOn,
    paymentReference: r.paymentReference,
    runningTotal: running[i],
    invoiceLines: r.lines,
    claimInvoice: r.claimId !== null,
  }));
  const gross = sumMoney(counted.map((r) => r.gross));
  const paid = sumMoney(counted.filter((r) => r.status === "paid").map((r) => r.gross));
  return {
    network: settings.companyName.trim() || ctx.config.productName,
    company,
    from: query.from,
    to: query.to,
    producedOn: today,
    lines,
    totals: {
      counted: counted.length,
      voided: rows.length - counted.length,
      net: sumMoney(counted.map((r) => r.net)),
      vat: sumMoney(counted.map((r) => r.vat)),
      gross,
      paid,
      outstanding: sumMoney([gross, `-${paid}`]),
    },
  };
}

const CSV_HEADERS = [
  "Invoice Number",
  "Issued",
  "Due",
  "Load Number",
  "Status",
  "Net (£)",
  "VAT Rate (%)",
  "VAT (£)",
  "Gross (£)",
  "Paid On",
  "Payment Reference",
  "Running Total (£)",
  "Carrier",
  "Carrier VAT Number",
  "Lines",
];

/** A text that starts as a spreadsheet formula gets a leading `'` (the one rule of contract/csv-formula.ts, full-width signs included). */
const textCell = (s: string | null | undefined): string => (!s ? "" : startsAsFormula(s) ? `'${s}` : s);

/** "Haulage of load L-1: Leeds to Bristol (£1,000.00); Waiting time at delivery: 1 h 15 min beyond 2 h free (£37.50)" */
export const linesText = (lines: readonly StoredInvoiceLine[]): string => lines.map((l) => `${l.description} (${formatPounds(l.amount)})`).join("; ");

/** The statement as CSV bytes: a byte-order mark, then the same columns as the PDF, one line an invoice. */
export function statementCsv(s: Statement): Buffer {
  const records = s.lines.map((l) => [
    textCell(l.number),
    l.issuedOn,
    l.dueOn,
    textCell(l.loadNumber),
    l.statusLabel,
    // money as text with 2 decimals: written exactly as the invoice says, never through a double
    moneyText(l.net),
    String(Number(l.vatRate)),
    moneyText(l.vat),
    moneyText(l.gross),
    l.paidOn ?? "",
    textCell(l.paymentReference),
    moneyText(l.runningTotal),
    textCell(s.company.name),
    textCell(s.company.vatNumber),
    textCell(linesText(l.invoiceLines)),
  ]);
  const text = stringify(records, { bom: true, header: true, columns: CSV_HEADERS, record_delimiter: "\r\n", escape_formulas: true });
  return Buffer.from(text, "utf8");
}

/** `statement-smith-haulage-ltd-2026-11-01-to-2026-11-30.pdf` */
export function statementFileName(s: Statement, format: "pdf" | "csv"): string {
  const slug =
    s.company.name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase()
      .slice(0, 60) || "company";
  return `statement-${slug}-${s.from}-to-${s.to}.${format}`;
}

export { renderStatementPdf };
