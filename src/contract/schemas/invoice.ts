// Self-billing invoices and statements (contract-beyond "Invoices, statements,
// exports and rates", issue 18): raised in the transaction that completes a load,
// in the name of the carrier company that delivered it; one gapless number
// sequence SB-{year}-{5 digits}; VAT 20 % when the company has a VAT number.
// Money is exact: amounts travel as JSON numbers with at most 2 decimals, and
// every sum or VAT is worked in decimal arithmetic (never binary floating point).
// plain English for every check a field does not word itself (issue 15)
import { z } from "../plain-errors";
import { pageQuerySchema } from "./page";

export const INVOICE_STATUSES = ["issued", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { issued: "Issued", paid: "Paid", void: "Void" };

/** VAT when the carrier company has a VAT number (contract), else 0. */
export const VAT_RATE_REGISTERED = 20;

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

/** GET /api/invoices: carrier → their company's; staff → all. */
export const invoiceListQuerySchema = pageQuerySchema.extend({
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
} as const;

/** POST /api/invoices/{id}/paid (staff): only an `issued` invoice (else 409). */
export const markPaidSchema = z.object({
  paidOn: ymd(INVOICE_MSG.paidOn),
  paymentReference: z.string().trim().min(1, INVOICE_MSG.reference).max(100),
});
export type MarkPaidInput = z.input<typeof markPaidSchema>;

/** POST /api/invoices/paid (staff): a payment run marks many invoices paid at once, each only if issued. */
export const bulkMarkPaidSchema = markPaidSchema.extend({ ids: z.array(z.uuid()).min(1).max(500) });

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
