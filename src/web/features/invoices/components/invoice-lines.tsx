// What an invoice's net is made of, shown when it is more than the load's price:
// the price and each approved waiting-time claim ("Waiting time at delivery: 1 h
// 15 min beyond 2 h free"), or the one claim of an invoice raised for it alone.
// An invoice that is just the load's price shows nothing more than its net.
import type { Invoice, InvoiceLine } from "@contract/schemas/invoice";
import { formatMoney } from "../../../lib/format";
import { cn } from "../../../lib/cn";

/** The lines worth showing: all of them when there are several; a lone claim line; otherwise none. */
export function linesToShow(inv: Pick<Invoice, "lines">): InvoiceLine[] {
  const lines = inv.lines ?? [];
  if (lines.length > 1) return lines;
  return lines.filter((l) => l.description.startsWith("Waiting time"));
}

export function InvoiceLines({ invoice, className }: { invoice: Pick<Invoice, "lines" | "number">; className?: string }) {
  const lines = linesToShow(invoice);
  if (lines.length === 0) return null;
  return (
    <ul className={cn("space-y-0.5 text-xs text-slate-700", className)} aria-label={`Lines of invoice ${invoice.number}`}>
      {lines.map((l, i) => (
        <li key={i} className="flex justify-between gap-3">
          <span className="[overflow-wrap:anywhere]">{l.description}</span>
          <span className="tabular whitespace-nowrap">{formatMoney(l.amount)}</span>
        </li>
      ))}
    </ul>
  );
}
