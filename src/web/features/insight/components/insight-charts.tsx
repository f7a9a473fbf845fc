// The four charts of the staff insight page (loads posted, booked and completed
// per week, share of loads booked within 24 h, median time to book, spend per
// week; drawn as charts that load only on that page). Loaded by insight-page.tsx on its own,
// with uPlot, after the figures' table is already on screen.
//
// Weeks are the x axis by position (0 … n-1), labelled "16 Nov" from the
// contract's weekStart: uPlot's time axis would label them in the browser's own
// time zone. Colours follow the status colours (ui.md: booked = accepted orange,
// completed emerald) and never stand alone: each line has its own dash and
// marker, and the legend names it.
import { useId, useMemo, type ReactNode } from "react";
import uPlot from "uplot";
import type { Insight, InsightWeek } from "@contract/schemas/insight";
import { formatMoney, formatMoneyWhole, formatNumber } from "../../../lib/format";
import { describeChart, formatHours, formatShare, weekLabel, weekTick } from "../insight-format";
import { UplotChart } from "../../../components/uplot-chart";

const INK = "#475569"; // slate-600: axes and their words (AA on white)
const GRID = "#e2e8f0"; // slate-200
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const NAVY = "#1e3a8a"; // brand-800: posted, spend
const ORANGE = "#c2410c"; // orange-700: booked (accepted), AA on white
const EMERALD = "#047857"; // emerald-700: completed

type Value = (u: uPlot, v: number | null) => string;

function xAxis(rows: InsightWeek[]): uPlot.Axis {
  return {
    stroke: INK,
    font: FONT,
    grid: { show: false },
    ticks: { stroke: GRID },
    // whole weeks only, spaced so labels never overlap at 390 px
    incrs: [1, 2, 4, 8, 13, 26, 52],
    space: 56,
    values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && rows[i] ? weekTick(rows[i].weekStart) : "")),
  };
}

function yAxis(format: (v: number) => string, incrs?: number[]): uPlot.Axis {
  return { stroke: INK, font: FONT, size: 60, grid: { stroke: GRID, width: 1 }, ticks: { show: false }, incrs, values: (_u, splits) => splits.map(format) };
}

/** from 0, to a round number above the largest value (1 when all are 0, so the axis still reads) */
const fromZero: uPlot.Range.Function = (_u, _min, max) => uPlot.rangeNum(0, Math.max(max ?? 0, 1), 0.1, true);

const WHOLE_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];

function baseOptions(rows: InsightWeek[], series: uPlot.Series[], y: uPlot.Axis, yRange: uPlot.Scale["range"] = fromZero): Omit<uPlot.Options, "width" | "height"> {
  return {
    // bars and the first and last points keep half a week of room at each side
    scales: { x: { time: false, range: () => [-0.5, rows.length - 0.5] }, y: { range: yRange } },
    axes: [xAxis(rows), y],
    series: [{ label: "Week", value: (_u, i) => (i == null || !rows[i] ? "—" : weekLabel(rows[i].weekStart)) }, ...series],
    // names only: values under the cursor would read "—" whenever it is elsewhere; the table has every figure
    // the legend's marks show each line's dash too, so no line is told apart by colour alone
    legend: { live: false, markers: { width: 3, dash: (u, i) => legendDash(u.series[i]) } },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    padding: [12, 12, 0, 0],
  };
}

/** a dashed line's legend mark dashed, a dotted one dotted (CSS border styles) */
function legendDash(series: uPlot.Series | undefined): string {
  const dash = series?.dash;
  if (!dash?.length) return "solid";
  return dash[0] <= 3 ? "dotted" : "dashed";
}

function line(label: string, stroke: string, value: Value, extra: Partial<uPlot.Series> = {}): uPlot.Series {
  return { label, stroke, width: 2, value, points: { show: true, size: 7, stroke, fill: "#ffffff", width: 2 }, spanGaps: false, ...extra };
}

const whole: Value = (_u, v) => (v == null ? "—" : formatNumber(v));

function Chart({ title, description, children }: { title: string; description: string; children: (ids: { heading: string; desc: string }) => ReactNode }) {
  const id = useId();
  const ids = { heading: `${id}-h`, desc: `${id}-d` };
  return (
    <section aria-labelledby={ids.heading} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <h3 id={ids.heading} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p id={ids.desc} className="mb-2 mt-0.5 text-sm text-slate-600">
        {description}
      </p>
      {children(ids)}
    </section>
  );
}

export function InsightCharts({ data }: { data: Insight }) {
  const rows = data.rows;
  const charts = useMemo(() => {
    const x = rows.map((_r, i) => i);
    return {
      loads: {
        options: baseOptions(
          rows,
          [
            line("Posted", NAVY, whole),
            line("Booked", ORANGE, whole, { dash: [8, 4], points: { show: true, size: 7, stroke: ORANGE, fill: ORANGE, width: 2 } }),
            line("Completed", EMERALD, whole, { dash: [2, 3], points: { show: true, size: 8, stroke: EMERALD, fill: "#ffffff", width: 3 } }),
          ],
          yAxis((v) => formatNumber(v), WHOLE_INCRS),
        ),
        data: [x, rows.map((r) => r.posted), rows.map((r) => r.booked), rows.map((r) => r.completed)] as uPlot.AlignedData,
      },
      spend: {
        options: baseOptions(
          rows,
          [
            {
              label: "Spend",
              stroke: NAVY,
              fill: "rgba(30, 58, 138, 0.75)",
              width: 1,
              paths: uPlot.paths.bars!({ size: [0.6, 48] }),
              points: { show: false },
              value: (_u, v) => (v == null ? "—" : formatMoney(v)),
            },
          ],
          yAxis((v) => formatMoneyWhole(v)),
        ),
        data: [x, rows.map((r) => r.spend)] as uPlot.AlignedData,
      },
      share: {
        options: baseOptions(
          rows,
          // a week with nothing posted has no share: a gap, not a 0
          [line("Booked within 24 h", NAVY, (_u, v) => (v == null ? "—" : formatShare(v)))],
          yAxis((v) => formatShare(v)),
          () => [0, 1],
        ),
        data: [x, rows.map((r) => r.bookedWithin24h)] as uPlot.AlignedData,
      },
      median: {
        options: baseOptions(rows, [line("Median time to book", ORANGE, (_u, v) => (v == null ? "—" : formatHours(v)))], yAxis((v) => `${formatNumber(v)} h`, WHOLE_INCRS)),
        data: [x, rows.map((r) => r.medianHoursToBook)] as uPlot.AlignedData,
      },
    };
  }, [rows]);

  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      <Chart title="Loads posted, booked and completed" description={describeChart("loads", data)}>
        {(ids) => <UplotChart className="insight-chart" options={charts.loads.options} data={charts.loads.data} labelledBy={ids.heading} describedBy={ids.desc} />}
      </Chart>
      <Chart title="Spend per week" description={describeChart("spend", data)}>
        {(ids) => <UplotChart className="insight-chart" options={charts.spend.options} data={charts.spend.data} labelledBy={ids.heading} describedBy={ids.desc} />}
      </Chart>
      <Chart title="Booked within 24 hours of posting" description={describeChart("share", data)}>
        {(ids) => <UplotChart className="insight-chart" options={charts.share.options} data={charts.share.data} labelledBy={ids.heading} describedBy={ids.desc} />}
      </Chart>
      <Chart title="Median time to book" description={describeChart("median", data)}>
        {(ids) => <UplotChart className="insight-chart" options={charts.median.options} data={charts.median.data} labelledBy={ids.heading} describedBy={ids.desc} />}
      </Chart>
    </div>
  );
}
