// A small chart with its table beside it (a desk: side by side; a phone: the table
// under the chart). The chart's code (uPlot) arrives lazily, after the figures and the
// table are on screen; meanwhile a box of the chart's size holds its place. The
// sentence under the heading is shown to everyone and describes the chart's image.
import { lazy, Suspense, useId, type ReactNode } from "react";
import { cn } from "../../../lib/cn";
import type { ChartIds } from "../charts/scorecard-charts";

const charts = () => import("../charts/scorecard-charts");
export const PunctualityChart = lazy(() => charts().then((m) => ({ default: m.PunctualityChart })));
export const PodHoursChart = lazy(() => charts().then((m) => ({ default: m.PodHoursChart })));
export const SiteWaitingChart = lazy(() => charts().then((m) => ({ default: m.SiteWaitingChart })));

export function ChartCard({
  title,
  description,
  chart,
  table,
  level = 3,
  testId,
}: {
  title: string;
  description: string;
  chart: ((ids: ChartIds) => ReactNode) | null;
  table: ReactNode;
  level?: 2 | 3 | 4;
  testId?: string;
}) {
  const id = useId();
  const ids = { labelledBy: `${id}-h`, describedBy: `${id}-d` };
  const H = `h${level}` as "h2" | "h3" | "h4";
  return (
    <section aria-labelledby={ids.labelledBy} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-testid={testId}>
      <H id={ids.labelledBy} className="text-base font-semibold text-slate-900">
        {title}
      </H>
      <p id={ids.describedBy} className="mb-2 mt-0.5 text-sm text-slate-600">
        {description}
      </p>
      <div className="grid min-w-0 grid-cols-1 gap-3 lg:grid-cols-2 lg:items-start">
        {chart && (
          <div className="min-w-0">
            <Suspense fallback={<div className="h-[180px] animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />}>{chart(ids)}</Suspense>
          </div>
        )}
        <div className="min-w-0">{table}</div>
      </div>
    </section>
  );
}

/** A small figures table in a box that scrolls sideways on a phone (reachable by keyboard). */
export function FiguresTable({ caption, head, children, maxHeight = false }: { caption: string; head: ReactNode; children: ReactNode; maxHeight?: boolean }) {
  const id = useId();
  return (
    <div
      role="region"
      aria-labelledby={id}
      tabIndex={0}
      className={`overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 ${maxHeight ? "max-h-64" : ""}`}
    >
      <table className="w-full border-collapse text-sm">
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">{head}</thead>
        <tbody className="divide-y divide-slate-100 text-slate-900">{children}</tbody>
      </table>
    </div>
  );
}

/** tight on a phone, so a small table fits 390 px; headers may take two lines */
export const TH = "px-2 py-2 font-semibold sm:px-3";
export const TD = "px-2 py-2 whitespace-nowrap sm:px-3";

/** A figures table's header row: the columns of words first (aligned left), then the columns of figures (aligned right, as their numbers). */
export function ColumnHeads({ words, figures, cell = TH }: { words: readonly string[]; figures: readonly string[]; cell?: string }) {
  return (
    <tr>
      {words.map((label) => (
        <th key={label} scope="col" className={cn(cell, "text-left")}>
          {label}
        </th>
      ))}
      {figures.map((label) => (
        <th key={label} scope="col" className={cn(cell, "text-right")}>
          {label}
        </th>
      ))}
    </tr>
  );
}
