// Invoices on a 390 px phone (ui.md: one column, the money first, big tap targets,
// the one action full width at the bottom): number and status on the top line,
// the gross amount large with net and VAT under it, the load, then the days, then
// Download PDF. Staff get the payment-run checkbox and "Mark paid" on the card.
import { useId } from "react";
import type { Invoice } from "@contract/schemas/invoice";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { formatMoney } from "../../../lib/format";
import { canMarkPaid, formatDay, vatRateText } from "../invoice-format";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import { InvoiceLines } from "./invoice-lines";
import { PdfLink, type InvoiceListProps } from "./invoice-table";

export function InvoiceCards({ caption, rows, isLoading, empty, staff }: InvoiceListProps) {
  if (isLoading) {
    return (
      <div className="space-y-2">
        {[0, 1].map((i) => (
          <div key={i} className="h-44 animate-pulse rounded-xl border border-slate-200 bg-slate-100" aria-hidden="true" />
        ))}
        <p role="status" className="sr-only">
          Loading...
        </p>
      </div>
    );
  }
  if (!rows?.length) return <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-700">{empty}</div>;
  return (
    <ul className="space-y-2" aria-label={caption}>
      {rows.map((inv) => (
        <InvoiceCard key={inv.id} invoice={inv} staff={staff} />
      ))}
    </ul>
  );
}

function InvoiceCard({ invoice: inv, staff }: { invoice: Invoice; staff: InvoiceListProps["staff"] }) {
  const titleId = useId();
  const selected = staff?.selected.has(inv.id) ?? false;
  return (
    <li>
      <article aria-labelledby={titleId} className={selected ? "rounded-xl border border-brand-600 bg-brand-50/60 p-4 shadow-sm" : "rounded-xl border border-slate-200 bg-white p-4 shadow-sm"}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold text-slate-900">
              Invoice {inv.number}
            </h3>
            <p className="text-sm text-slate-600">Load {inv.loadNumber}</p>
            {staff && <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">{inv.carrierName}</p>}
          </div>
          <InvoiceStatusBadge invoice={inv} />
        </div>

        <p className="mt-3 text-2xl font-bold tabular text-slate-900">
          {formatMoney(inv.gross)}
          <span className="ml-1.5 text-sm font-normal text-slate-600">gross</span>
        </p>
        <p className="tabular text-sm text-slate-700">
          Net {formatMoney(inv.net)} · {vatRateText(inv.vatRate)} {formatMoney(inv.vat)}
        </p>
        <InvoiceLines invoice={inv} className="mt-2 rounded-md bg-slate-50 p-2 text-sm" />

        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Issued</dt>
          <dd className="tabular text-slate-900">{formatDay(inv.issuedOn)}</dd>
          <dt className="text-slate-600">Due</dt>
          <dd className={inv.overdue ? "tabular font-semibold text-red-800" : "tabular text-slate-900"}>
            {formatDay(inv.dueOn)}
            {inv.overdue && " (overdue)"}
          </dd>
          <dt className="text-slate-600">Paid</dt>
          <dd className="tabular text-slate-900 [overflow-wrap:anywhere]">
            {inv.paidOn ? (
              <>
                {formatDay(inv.paidOn)}
                {inv.paymentReference && <span className="block text-slate-700">Ref. {inv.paymentReference}</span>}
              </>
            ) : inv.status === "void" ? (
              "Void: not payable"
            ) : (
              "Not yet"
            )}
          </dd>
        </dl>

        <div className="mt-3 grid gap-2">
          {staff && canMarkPaid(inv) && (
            <div className="flex items-center justify-between gap-2">
              <Checkbox
                checked={selected}
                onCheckedChange={(v) => staff.onSelect([inv.id], v === true)}
                label={
                  <>
                    Select for payment run<span className="sr-only"> (invoice {inv.number})</span>
                  </>
                }
              />
              <Button variant="outline" onClick={() => staff.onMarkPaid(inv)}>
                Mark paid<span className="sr-only"> for invoice {inv.number}</span>
              </Button>
            </div>
          )}
          <PdfLink invoice={inv} />
        </div>
      </article>
    </li>
  );
}
