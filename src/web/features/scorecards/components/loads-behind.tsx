// The loads behind one figure of a company's scorecard, as a real table: each load's
// number, how its collection and delivery went and its
// hours to POD. Late stops first, in words and colour (never colour alone). On a phone
// the table scrolls inside its own box, which a keyboard can reach and scroll too.
import { X } from "lucide-react";
import { PUNCTUALITY_LABELS, type Punctuality, type ScorecardLoad } from "@contract/schemas/scorecard";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { ColumnHeads } from "./chart-card";
import { formatHours, lateNumbers, loadsBehind, loadsCount, type LoadsBehind } from "../scorecard-format";

const TITLES: Record<LoadsBehind, string> = {
  completed: "Loads completed",
  collection: "On-time collection",
  delivery: "On-time delivery",
  podHours: "Hours to POD",
  handedBack: "Hand-backs",
};

const LOOK: Record<Punctuality, string> = { onTime: "text-emerald-800", late: "font-semibold text-red-800", unknown: "text-slate-600" };

export function PunctualityCell({ value }: { value: Punctuality }) {
  return <span className={LOOK[value]}>{PUNCTUALITY_LABELS[value]}</span>;
}

export function LoadsBehindPanel({ id, figure, loads, onClose }: { id: string; figure: LoadsBehind; loads: readonly ScorecardLoad[]; onClose: () => void }) {
  const rows = loadsBehind(loads, figure);
  const late = figure === "collection" || figure === "delivery" ? lateNumbers(loads, figure) : null;
  const headingId = `${id}-heading`;
  const cell = "px-2 py-2 whitespace-nowrap sm:px-3";
  return (
    <section id={id} aria-labelledby={headingId} className="rounded-xl border border-brand-100 bg-white p-3 shadow-sm sm:p-4" data-testid="loads-behind">
      <div className="mb-2 flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={headingId} className="font-semibold text-slate-900">
            The loads behind: {TITLES[figure]}
          </h4>
          <p className="text-sm text-slate-600">
            {loadsCount(rows.length)}
            {late && (late.length ? `; late: ${late.join(", ")}` : "; none late")}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Hide the loads" className="shrink-0">
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <div role="region" aria-labelledby={headingId} tabIndex={0} className="max-h-80 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{TITLES[figure]}: the loads behind the figure</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <ColumnHeads words={["Load", "Collection", "Delivery"]} figures={["Hours to POD"]} cell={cn(cell, "font-semibold")} />
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-900">
            {rows.map((l) => (
              <tr key={l.id}>
                <th scope="row" className={cn(cell, "text-left font-medium")}>
                  #{l.loadNumber}
                  {l.handedBack && <span className="mt-0.5 block w-fit rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800 sm:mt-0 sm:ml-2 sm:inline">Handed back</span>}
                </th>
                <td className={cell}>
                  <PunctualityCell value={l.collection} />
                </td>
                <td className={cell}>
                  <PunctualityCell value={l.delivery} />
                </td>
                <td className={cn(cell, "text-right tabular")}>{l.podHours == null ? "No POD yet" : formatHours(l.podHours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
