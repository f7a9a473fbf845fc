// Invoices at a desk (ui.md: dense tables, money right-aligned in tabular figures):
// number, load, net / VAT / gross, status in words, issued, due, paid (day and
// reference) and the PDF; staff see the carrier, a checkbox per issued invoice for
// a payment run and "Mark paid". A caption and column headers name every cell for
// a screen reader; the table scrolls sideways in its own region on a narrow window.
import type { ReactNode } from "react";
import { FileDown } from "lucide-react";
import type { Invoice } from "@contract/schemas/invoice";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { formatMoney } from "../../../lib/format";
import { cn } from "../../../lib/cn";
import { EmptyRow, SkeletonRows } from "../../../components/table-states";
import { canMarkPaid, formatDay, formatShortDay, invoicePdfUrl, vatRateText } from "../invoice-format";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import { InvoiceLines } from "./invoice-lines";

export interface InvoiceListProps {
  caption: string;
  rows: Invoice[] | undefined;
  isLoading: boolean;
  /** the sentence shown when there are none */
  empty: ReactNode;
  /** staff: the carrier column, the payment-run checkboxes and Mark paid */
  staff?: {
    selected: ReadonlySet<string>;
    onSelect: (ids: string[], on: boolean) => void;
    onMarkPaid: (inv: Invoice) => void;
  };
}

const TH = "px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 whitespace-nowrap";
const TD = "px-2 py-2 align-top";
const MONEY = "tabular whitespace-nowrap text-right";
/** The columns after the staff's checkbox, before the actions: money right-aligned; the carrier for staff only. */
const HEADS: { label: string; right?: boolean; staffOnly?: boolean }[] = [
  { label: "Invoice" },
  { label: "Carrier", staffOnly: true },
  { label: "Load" },
  { label: "Net", right: true },
  { label: "VAT", right: true },
  { label: "Gross", right: true },
  { label: "Status" },
  { label: "Issued" },
  { label: "Due" },
  { label: "Paid" },
];

export function PdfLink({ invoice, compact = false }: { invoice: Invoice; compact?: boolean }) {
  return (
    <a
      href={invoicePdfUrl(invoice.id, true)}
      download={`${invoice.number}.pdf`}
      className={cn(
        "inline-flex items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-900 hover:bg-slate-50",
        compact ? "min-h-9 max-sm:min-h-11" : "min-h-11",
      )}
    >
      <FileDown className="h-4 w-4" aria-hidden="true" />
      {compact ? "PDF" : "Download PDF"}
      {/* the visible words start the accessible name (WCAG 2.5.3 label in name) */}
      <span className="sr-only"> of invoice {invoice.number}</span>
    </a>
  );
}

export function InvoiceTable({ caption, rows, isLoading, empty, staff }: InvoiceListProps) {
  const selectable = (rows ?? []).filter(canMarkPaid);
  const allOn = selectable.length > 0 && selectable.every((r) => staff?.selected.has(r.id));
  const someOn = selectable.some((r) => staff?.selected.has(r.id));
  const cols = staff ? 12 : 10;
  // staff's dense desk table: 23/11/2026 (ui.md), so every column fits a 1366 px screen
  const day = staff ? formatShortDay : formatDay;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full border-collapse text-sm text-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {staff && (
              <th scope="col" className={cn(TH, "w-10")}>
                <Checkbox
                  checked={allOn ? true : someOn ? "indeterminate" : false}
                  disabled={!selectable.length}
                  onCheckedChange={(v) => staff.onSelect(selectable.map((r) => r.id), v === true)}
                  aria-label="Select every issued invoice on this page"
                />
              </th>
            )}
            {HEADS.filter((h) => staff || !h.staffOnly).map((h) => (
              <th key={h.label} scope="col" className={h.right ? cn(TH, "text-right") : TH}>
                {h.label}
              </th>
            ))}
            <th scope="col" className={cn(TH, "text-right")}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {isLoading ? (
            <SkeletonRows cols={cols} rows={3} cellClassName="px-2 py-3" barClassName="min-w-10" />
          ) : !rows?.length ? (
            <EmptyRow cols={cols} text={empty} />
          ) : (
            rows.map((inv) => (
              <tr key={inv.id} className={cn("border-t border-slate-100 hover:bg-slate-50", staff?.selected.has(inv.id) && "bg-brand-50/60")}>
                {staff && (
                  <td className={TD}>
                    {canMarkPaid(inv) && (
                      <Checkbox
                        checked={staff.selected.has(inv.id)}
                        onCheckedChange={(v) => staff.onSelect([inv.id], v === true)}
                        aria-label={`Select invoice ${inv.number} for the payment run`}
                      />
                    )}
                  </td>
                )}
                <th scope="row" className={cn(TD, "text-left font-semibold whitespace-nowrap text-slate-900")}>
                  {inv.number}
                </th>
                {staff && (
                  <td className={cn(TD, "min-w-36 [overflow-wrap:anywhere]")}>
                    <span className="block">{inv.carrierName}</span>
                    {inv.carrierVatNumber && <span className="block text-xs text-slate-600">VAT {inv.carrierVatNumber}</span>}
                  </td>
                )}
                <td className={cn(TD, "min-w-28")}>
                  <span className="whitespace-nowrap">{inv.loadNumber}</span>
                  {/* the price and each approved waiting-time claim, when there is more than the price */}
                  <InvoiceLines invoice={inv} className="mt-1 max-w-72" />
                </td>
                <td className={cn(TD, MONEY)}>{formatMoney(inv.net)}</td>
                <td className={cn(TD, MONEY)}>
                  <span className="block">{formatMoney(inv.vat)}</span>
                  <span className="block text-xs text-slate-600">{vatRateText(inv.vatRate)}</span>
                </td>
                <td className={cn(TD, MONEY, "font-semibold text-slate-900")}>{formatMoney(inv.gross)}</td>
                <td className={TD}>
                  <InvoiceStatusBadge invoice={inv} />
                </td>
                <td className={cn(TD, "tabular whitespace-nowrap")}>{day(inv.issuedOn)}</td>
                <td className={cn(TD, "tabular whitespace-nowrap", inv.overdue && "font-semibold text-red-800")}>{day(inv.dueOn)}</td>
                <td className={cn(TD, "tabular min-w-32 max-w-56")}>
                  {inv.paidOn ? (
                    <>
                      <span className="block whitespace-nowrap">{day(inv.paidOn)}</span>
                      {/* a long reference wraps at its own breaks, and only a word too long for the cell is cut */}
                      {inv.paymentReference && <span className="block text-xs break-words text-slate-600">Ref. {inv.paymentReference}</span>}
                    </>
                  ) : (
                    <span className="text-slate-500">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">Not paid</span>
                    </span>
                  )}
                </td>
                <td className={cn(TD, "text-right whitespace-nowrap")}>
                  <span className="inline-flex items-center justify-end gap-2">
                    <PdfLink invoice={inv} compact />
                    {staff && canMarkPaid(inv) && (
                      <Button variant="outline" size="sm" onClick={() => staff.onMarkPaid(inv)}>
                        Mark paid<span className="sr-only"> for invoice {inv.number}</span>
                      </Button>
                    )}
                  </span>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
