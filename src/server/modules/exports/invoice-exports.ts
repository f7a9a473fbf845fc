// invoices.csv (the staff Invoices tab): the rows of GET /api/invoices
// for the same query (status, carrier, from, to, overdue), through that call's own
// service function (invoices.service listInvoices), newest first, a page at a time,
// each with its lines in one cell.
// Invoices are one a completed load: thousands a year, not hundreds of thousands.
import { INVOICE_STATUS_LABELS, invoiceListQuerySchema, type Invoice, type InvoiceListQuery } from "../../../contract/schemas/invoice";
import type { AppContext } from "../../context";
import { checkInvoiceListQuery, listInvoices } from "../invoices/invoices.service";
import { formatPounds } from "../invoices/invoice-money";
import type { ExportColumn } from "./csv-format";
import { parseListQuery, type ExportDefinition } from "./export-definition";
import { pagedBatches } from "./exports.repository";

const INVOICE_COLUMNS: ExportColumn<Invoice>[] = [
  { header: "Invoice Number", kind: "text", value: (i) => i.number },
  { header: "Load Number", kind: "text", value: (i) => i.loadNumber },
  { header: "Carrier", kind: "text", value: (i) => i.carrierName },
  { header: "Carrier VAT Number", kind: "text", value: (i) => i.carrierVatNumber },
  { header: "Net (£)", kind: "money", value: (i) => i.net },
  { header: "VAT Rate (%)", kind: "decimal", value: (i) => i.vatRate },
  { header: "VAT (£)", kind: "money", value: (i) => i.vat },
  { header: "Gross (£)", kind: "money", value: (i) => i.gross },
  // calendar days, already YYYY-MM-DD (UK days): written as they are
  { header: "Issued", kind: "formatted", value: (i) => i.issuedOn },
  { header: "Due", kind: "formatted", value: (i) => i.dueOn },
  // the tab's badge: an issued invoice past its due day is Overdue
  { header: "Status", kind: "text", value: (i) => (i.overdue ? "Overdue" : INVOICE_STATUS_LABELS[i.status]) },
  { header: "Paid On", kind: "formatted", value: (i) => i.paidOn },
  { header: "Payment Reference", kind: "text", value: (i) => i.paymentReference },
  // what the net is made of, in the statement CSV's words: "Haulage of load … (£1,000.00); Waiting time at delivery: … (£37.50)".
  // Text like any other: an imported invoice's line could start as a formula
  { header: "Lines", kind: "text", value: (i) => i.lines.map((l) => `${l.description} (${formatPounds(l.amount)})`).join("; ") },
];

export const invoicesExport: ExportDefinition<InvoiceListQuery, Invoice> = {
  kind: "invoices",
  // the list's own schema, and its check that the days are real days (a HEAD request reads no rows)
  async parseQuery(ctx: AppContext, raw: unknown) {
    const parsed = await parseListQuery(invoiceListQuerySchema)(ctx, raw);
    checkInvoiceListQuery(parsed.query);
    return parsed;
  },
  columns: INVOICE_COLUMNS,
  async *batches({ ctx, viewer, query, range }) {
    yield* pagedBatches(async (page) => (await listInvoices({ ctx, viewer, query: { ...query, ...page }, withTotal: false })).items, range);
  },
};
