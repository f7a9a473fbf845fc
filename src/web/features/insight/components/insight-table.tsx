// The insight figures as a real, accessible table: a caption, column headers, each week a row headed by its
// "w/c" label, and the period's totals in the footer. On a phone it scrolls
// sideways inside its own box, which a keyboard can reach and scroll too.
import type { Insight } from "@contract/schemas/insight";
import { formatMoney, formatNumber } from "../../../lib/format";
import { formatHours, formatShareOf, periodLabel, weekLabel } from "../insight-format";

const num = "px-3 py-2 text-right tabular whitespace-nowrap";
const head = "px-3 py-2 text-right font-semibold whitespace-nowrap";
/** The week's figures, in the columns' order. */
const FIGURES = ["Posted", "Booked", "Completed", "Booked within 24 h", "Median time to book", "Spend"];

export function InsightTable({ data }: { data: Insight }) {
  const t = data.totals;
  // the note sits outside the sideways-scrolling box, so a phone shows it whole; the caption names the table
  return (
    <div>
      <p id="insight-table-note" className="mb-2 text-sm text-slate-600">
        {periodLabel(data)}. UK weeks, Monday to Sunday; a load counts in the week it was posted, in the week it was booked and in the week it was completed.
      </p>
      <div role="region" aria-labelledby="insight-table-caption" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2">
        <table aria-describedby="insight-table-note" className="w-full min-w-[46rem] border-collapse text-sm">
          <caption id="insight-table-caption" className="sr-only">
            Weekly figures, {periodLabel(data)}
          </caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              {/* the week stays in view while a phone scrolls the figures sideways */}
              <th scope="col" className="sticky left-0 shadow-[1px_0_0_var(--color-slate-200)] bg-slate-50 px-3 py-2 text-left font-semibold whitespace-nowrap">
                Week
              </th>
              {FIGURES.map((label) => (
                <th key={label} scope="col" className={head}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-900">
            {data.rows.map((r) => (
              <tr key={r.weekStart}>
                <th scope="row" className="sticky left-0 shadow-[1px_0_0_var(--color-slate-200)] bg-white px-3 py-2 text-left font-medium whitespace-nowrap">
                  {weekLabel(r.weekStart)}
                </th>
                <td className={num}>{formatNumber(r.posted)}</td>
                <td className={num}>{formatNumber(r.booked)}</td>
                <td className={num}>{formatNumber(r.completed)}</td>
                <td className={num}>{formatShareOf(r.bookedWithin24h, r.bookedWithin24hCount, r.posted)}</td>
                <td className={num}>{formatHours(r.medianHoursToBook)}</td>
                <td className={num}>{formatMoney(r.spend)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
            <tr>
              <th scope="row" className="sticky left-0 shadow-[1px_0_0_var(--color-slate-200)] bg-slate-50 px-3 py-2 text-left whitespace-nowrap">
                All {formatNumber(data.weeks)} weeks
              </th>
              <td className={num}>{formatNumber(t.posted)}</td>
              <td className={num}>{formatNumber(t.booked)}</td>
              <td className={num}>{formatNumber(t.completed)}</td>
              <td className={num}>{formatShareOf(t.bookedWithin24h, t.bookedWithin24hCount, t.posted)}</td>
              <td className={num}>{formatHours(t.medianHoursToBook)}</td>
              <td className={num}>{formatMoney(t.spend)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
