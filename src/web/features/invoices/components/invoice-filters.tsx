// The invoice list's filters (contract: status, carrier, from, to, overdue=true):
// labels above the fields, a wrong range said under the field it belongs to, one
// column on a phone and one row at a desk. The carrier's screen shows status,
// from and to; staff also search by carrier and can keep to overdue invoices.
import { useId, type ReactNode } from "react";
import { X } from "lucide-react";
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS, type InvoiceStatus } from "@contract/schemas/invoice";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NO_FILTERS, rangeProblem, type InvoiceFilters } from "../invoice-format";

const SELECT =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm";

export function InvoiceFilterBar({
  filters,
  onChange,
  staff = false,
  actions,
}: {
  filters: InvoiceFilters;
  onChange: (f: InvoiceFilters) => void;
  staff?: boolean;
  /** e.g. the Export button, at the end of the row */
  actions?: ReactNode;
}) {
  const id = useId();
  const problem = rangeProblem(filters.from, filters.to);
  const any = filters.status !== "" || filters.carrier !== "" || filters.from !== "" || filters.to !== "" || filters.overdueOnly;
  const set = (patch: Partial<InvoiceFilters>) => onChange({ ...filters, ...patch });
  return (
    <div role="group" aria-label="Filter invoices" className="rounded-lg border border-slate-200 bg-white p-3">
      {/* a phone: the two days side by side, the rest full width */}
      <div className={staff ? "grid grid-cols-2 gap-3 lg:grid-cols-[10rem_minmax(12rem,1fr)_10rem_10rem_auto_auto]" : "grid grid-cols-2 gap-3 sm:grid-cols-[12rem_11rem_11rem_auto]"}>
        <div className="col-span-2 space-y-1 sm:col-span-1">
          <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select id={`${id}-status`} className={SELECT} value={filters.status} onChange={(e) => set({ status: e.target.value as "" | InvoiceStatus })}>
            <option value="">All statuses</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INVOICE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {staff && (
          <Field label="Carrier" className="col-span-2 sm:col-span-1">
            <Input type="search" value={filters.carrier} maxLength={200} placeholder="Part of the company name" onChange={(e) => set({ carrier: e.target.value })} />
          </Field>
        )}
        <Field label="Issued from" error={problem?.field === "from" ? problem.message : undefined}>
          <Input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        </Field>
        <Field label="Issued to" error={problem?.field === "to" ? problem.message : undefined}>
          <Input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
        </Field>
        {staff && (
          <div className="col-span-2 flex items-end sm:col-span-1">
            <Checkbox checked={filters.overdueOnly} onCheckedChange={(v) => set({ overdueOnly: v === true })} label="Overdue only" />
          </div>
        )}
        <div className="col-span-2 flex flex-wrap items-end gap-2 sm:col-span-1">
          <Button variant="ghost" disabled={!any} onClick={() => onChange(NO_FILTERS)} className="max-sm:w-full">
            <X className="h-4 w-4" aria-hidden="true" />
            Clear filters
          </Button>
          {actions}
        </div>
      </div>
    </div>
  );
}
