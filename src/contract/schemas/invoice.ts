// Self-billing invoices and statements: raised in the transaction that completes a load,
// in the name of the carrier company that delivered it; one gapless number
// sequence SB-{year}-{5 digits}; VAT 20 % when the company has a VAT number.
// Money is exact: amounts travel as JSON numbers with at most 2 decimals, and
// every sum or VAT is worked in decimal arithmetic (never binary floating point).
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { pageQuerySchema } from "./page";

export const INVOICE_STATUSES = ["issued", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { issued: "Issued", paid: "Paid", void: "Void" };

/** VAT when the carrier company has a VAT number (contract), else 0. */
export const VAT_RATE_REGISTERED = 20;

/** One line of an invoice: the load's price (always the first), then each approved waiting-time claim. */
export interface InvoiceLine {
  description: string;
  /** pounds, at most 2 decimals */
  amount: number;
}

export interface Invoice {
  id: string;
  /** SB-2026-00001 */
  number: string;
  loadId: string;
  /** the load's number, for people (e.g. L-2026-000123) */
  loadNumber: string;
  companyId: string | null;
  carrierName: string;
  carrierVatNumber: string;
  /** what the net is the sum of; an invoice raised for one claim alone (its load's invoice was paid) has that claim's line only */
  lines: InvoiceLine[];
  net: number;
  /** percent: 20 or 0 */
  vatRate: number;
  vat: number;
  gross: number;
  /** YYYY-MM-DD, UK calendar day */
  issuedOn: string;
  dueOn: string;
  status: InvoiceStatus;
  paidOn: string | null;
  paymentReference: string | null;
  /** derived: issued and dueOn before today (UK) */
  overdue: boolean;
}

export const INVOICE_NUMBER_RE = /^SB-\d{4}-\d{5}$/;
export const invoiceNumber = (year: number, seq: number): string => `SB-${year}-${String(seq).padStart(5, "0")}`;

const ymd = (message: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message);

/** A page of invoices: 50 unless asked, at most 200 (as the bell's list). Without `limit` an export reads every row. */
export const INVOICE_LIST_DEFAULT = 50;
export const INVOICE_LIST_MAX = 200;

/** GET /api/invoices: carrier → their company's; staff → all. Newest first; X-Total-Count. */
export const invoiceListQuerySchema = pageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(INVOICE_LIST_MAX, `limit must be at most ${INVOICE_LIST_MAX}`).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  carrier: z.string().trim().max(200).optional(),
  from: ymd("From must be a date (YYYY-MM-DD)").optional(),
  to: ymd("To must be a date (YYYY-MM-DD)").optional(),
  overdue: z.enum(["true", "false"]).optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const INVOICE_MSG = {
  paidOn: "Please enter the date it was paid (YYYY-MM-DD)",
  paidOnFuture: "The paid date cannot be in the future",
  paidOnBeforeIssue: "The paid date cannot be before the invoice was issued",
  reference: "Please enter the payment reference",
  notIssued: "Only an issued invoice can be marked as paid",
  companyRequired: "Please choose the carrier company",
  paidOnInvalid: "The paid date is not a real date",
  dateInvalid: "Dates must be real days (YYYY-MM-DD)",
  rangeOrder: "From must be on or before To",
  rangeTooLong: "A statement covers at most 366 days: choose a shorter period",
  statementTooBig: "Too many invoices for one statement: choose a shorter period",
  noCompany: "Your account is not linked to a carrier company",
  /** an edit or status change would void an invoice already paid (docs/decisions/0017-invoices.md) */
  paidLocked: "This load's invoice has been paid, so its price, carrier, route, dates and PO number can no longer be changed",
} as const;

/** Where My Invoices lives in the web app (the invoice emails link there). */
export const MY_INVOICES_PATH = "/invoices";

/** POST /api/invoices/{id}/paid (staff): only an `issued` invoice (else 409). */
export const markPaidSchema = z.object({
  paidOn: ymd(INVOICE_MSG.paidOn),
  paymentReference: z.string().trim().min(1, INVOICE_MSG.reference).max(100),
});
export type MarkPaidInput = z.input<typeof markPaidSchema>;

/** POST /api/invoices/paid (staff): a payment run marks many invoices paid at once, each only if issued. */
export const bulkMarkPaidSchema = markPaidSchema.extend({ ids: z.array(z.uuid()).min(1).max(500) });

/** Why an invoice of a payment run was not marked paid. */
export const BULK_SKIP_REASONS = {
  notFound: "No such invoice",
  paid: "Already paid",
  void: "Void",
  beforeIssue: "Paid date is before the invoice was issued",
} as const;
export type BulkSkipReason = keyof typeof BULK_SKIP_REASONS;

/** The answer of POST /api/invoices/paid: every id given is in exactly one of the two lists. */
export interface BulkMarkPaidResult {
  paid: Invoice[];
  skipped: { id: string; number: string | null; reason: BulkSkipReason; message: string }[];
}

/** GET /api/invoices/statement?from&to&format=pdf|csv (carrier: their company's; staff: companyId required). */
export const statementQuerySchema = z.object({
  from: ymd("From must be a date (YYYY-MM-DD)"),
  to: ymd("To must be a date (YYYY-MM-DD)"),
  format: z.enum(["pdf", "csv"]).default("pdf"),
  companyId: z.uuid(INVOICE_MSG.companyRequired).optional(),
});

/** GET|PUT /api/admin/invoice-settings: the network's own details on every invoice. */
export const invoiceSettingsSchema = z.object({
  paymentTermsDays: z.number().int("Payment terms must be a whole number of days").min(0).max(365),
  companyName: z.string().trim().max(200),
  companyAddress: z.string().trim().max(1000),
  companyVatNumber: z.string().trim().max(20),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

/** The admin page's check at start, until the network's details are filled in. */
export const INVOICE_SETTINGS_CHECK = "Fill in Invoice Settings before the first completion";

/**
 * What the invoice settings still lack for an invoice to name the network that
 * raises it (a self-billing invoice must carry the customer's name and address):
 * empty when they are complete.
 */
export function missingInvoiceDetails(s: Pick<InvoiceSettings, "companyName" | "companyAddress">): string[] {
  const missing: string[] = [];
  if (!s.companyName.trim()) missing.push("Network's name");
  if (!s.companyAddress.trim()) missing.push("Network's address");
  return missing;
}
