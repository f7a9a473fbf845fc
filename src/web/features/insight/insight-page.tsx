// The staff insight page, /insight: loads posted, booked and completed per
// week, share of loads booked within 24 h, median time to book, spend per week;
// drawn as charts that load only on that page, and the figures also as an
// accessible table. Staff only (the route shows the 404 page to anyone else;
// the API answers a carrier 403).
//
// This page, its charts and uPlot are one chunk of their own (app.tsx loads it
// with React.lazy), so none of it reaches the board or the sign-in page. Charts in
// a second, nested chunk were tried: each new chunk made the bundler share its
// helpers differently and the carrier's pages grew (docs/decisions/0018-insight.md).
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
// icons of its own: one shared with the board or sign-in page would be split into a chunk of its own there
import { ArrowLeft, Banknote, CalendarRange, Handshake, Loader2, PackageCheck, PackagePlus, Timer, Zap } from "lucide-react";
import type { Insight } from "@contract/schemas/insight";
import { INSIGHT_DEFAULT_WEEKS, INSIGHT_WEEK_CHOICES } from "@contract/insight-weeks";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { errorMessage, formatMoney, formatNumber } from "../../lib/format";
import { useInsight } from "./api";
import { formatHours, formatShare, isEmptyPeriod, periodLabel } from "./insight-format";
import { InsightCharts } from "./components/insight-charts";
import { InsightTable } from "./components/insight-table";
import { Problem } from "../../components/problem";

const STORE_KEY = "insight.weeks";

/** The period chosen stays put across reloads in this browser tab (ui.md: filters that stay put). */
function useStoredWeeks(): [number, (w: number) => void] {
  const [weeks, setWeeks] = useState<number>(() => {
    try {
      const n = Number(sessionStorage.getItem(STORE_KEY));
      return (INSIGHT_WEEK_CHOICES as readonly number[]).includes(n) ? n : INSIGHT_DEFAULT_WEEKS;
    } catch {
      return INSIGHT_DEFAULT_WEEKS;
    }
  });
  const set = (w: number) => {
    setWeeks(w);
    try {
      sessionStorage.setItem(STORE_KEY, String(w));
    } catch {
      // private mode: the choice still works, it just does not survive a reload
    }
  };
  return [weeks, set];
}

function WeeksPicker({ weeks, onChange }: { weeks: number; onChange: (w: number) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">Period</legend>
      {/* a phone: four equal parts across the width; a desk: as wide as the words */}
      <div className="grid w-full grid-cols-4 rounded-lg border border-slate-300 bg-white p-0.5 sm:inline-grid sm:w-auto">
        {INSIGHT_WEEK_CHOICES.map((w) => (
          <label
            key={w}
            className={cn(
              "relative inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-medium whitespace-nowrap sm:px-3",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600",
              w === weeks ? "bg-brand-800 text-white" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            <input type="radio" name="insight-weeks" value={w} checked={w === weeks} onChange={() => onChange(w)} className="sr-only" />
            {w} weeks
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Tiles({ data }: { data: Insight }) {
  const t = data.totals;
  const tiles: { label: string; value: string; icon: ReactNode; tone: string }[] = [
    { label: "Posted", value: formatNumber(t.posted), icon: <PackagePlus aria-hidden="true" />, tone: "bg-brand-50 text-brand-800" },
    { label: "Booked", value: formatNumber(t.booked), icon: <Handshake aria-hidden="true" />, tone: "bg-orange-50 text-orange-800" },
    { label: "Completed", value: formatNumber(t.completed), icon: <PackageCheck aria-hidden="true" />, tone: "bg-emerald-50 text-emerald-800" },
    { label: "Booked within 24 h", value: formatShare(t.bookedWithin24h), icon: <Zap aria-hidden="true" />, tone: "bg-brand-50 text-brand-800" },
    { label: "Median time to book", value: formatHours(t.medianHoursToBook), icon: <Timer aria-hidden="true" />, tone: "bg-orange-50 text-orange-800" },
    { label: "Spend", value: formatMoney(t.spend), icon: <Banknote aria-hidden="true" />, tone: "bg-emerald-50 text-emerald-800" },
  ];
  return (
    <section aria-labelledby="insight-totals">
      <h2 id="insight-totals" className="sr-only">
        Totals, {periodLabel(data)}
      </h2>
      {/* six across only where "£1,234,567.89" still fits a tile; the icons give way on a phone */}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6">
        {tiles.map((tile) => (
          <li key={tile.label} className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <span className={cn("hidden h-10 w-10 shrink-0 items-center justify-center rounded-lg sm:flex [&>svg]:h-5 [&>svg]:w-5", tile.tone)}>{tile.icon}</span>
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-600 sm:text-sm">{tile.label}</p>
              <p className="text-lg font-bold text-slate-900 tabular [overflow-wrap:anywhere] sm:text-xl">{tile.value}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}


function Figures({ data }: { data: Insight }) {
  if (isEmptyPeriod(data)) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <CalendarRange className="mx-auto h-8 w-8 text-slate-500" aria-hidden="true" />
        <p className="mt-2 font-medium text-slate-900">No loads in this period</p>
        <p className="mt-1 text-sm text-slate-600">
          Nothing was posted, booked or completed, {periodLabel(data)}. Choose a longer period, or post loads from the{" "}
          <Link href="/admin" className="font-medium text-brand-700 underline underline-offset-2">
            Admin Dashboard
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <Tiles data={data} />
      <section aria-labelledby="insight-charts">
        <h2 id="insight-charts" className="sr-only">
          Charts
        </h2>
        <InsightCharts data={data} />
      </section>
      <section aria-labelledby="insight-table-heading">
        <h2 id="insight-table-heading" className="mb-2 text-lg font-semibold text-slate-900">
          The figures
        </h2>
        <InsightTable data={data} />
      </section>
    </div>
  );
}

export default function InsightPage() {
  const [weeks, setWeeks] = useStoredWeeks();
  const query = useInsight(weeks);
  const data = query.data;
  // the figures on screen while another period loads are the previous period's
  const showingOther = query.isPlaceholderData;

  useEffect(() => {
    document.title = "Insight";
  }, []);

  let body: ReactNode;
  if (!data && query.isError) body = <Problem text={`The figures could not be loaded: ${errorMessage(query.error, "please try again.")}`} onRetry={() => void query.refetch()} />;
  else if (!data) body = <Spinner label="Loading insight..." className="min-h-[40vh]" />;
  else body = <Figures data={data} />;

  return (
    <main id="main-content" className="mx-auto max-w-7xl px-3 py-4 sm:px-4">
      <Link href="/admin" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Admin Dashboard
      </Link>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Insight</h1>
          <p className="text-sm text-slate-600">
            Loads and spend week by week, {data ? periodLabel(data) : `the last ${weeks} weeks`} (UK weeks, Monday to Sunday; this week so far).
          </p>
          {/* the refetch indicator: small, and never a layout jump */}
          <p role="status" className={cn("inline-flex items-center gap-1 text-xs text-slate-600", query.isFetching && data ? "visible" : "invisible")}>
            <Loader2 className="h-3 w-3 animate-spin" aria-hidden="true" />
            {query.isFetching && data ? "Updating data..." : ""}
          </p>
        </div>
        <WeeksPicker weeks={weeks} onChange={setWeeks} />
      </div>
      {data && query.isError && <Problem text={`The figures could not be refreshed: ${errorMessage(query.error, "please try again.")}`} onRetry={() => void query.refetch()} />}
      <div className={cn("transition-opacity", showingOther && "opacity-60")} aria-busy={showingOther || undefined}>
        {body}
      </div>
    </main>
  );
}
