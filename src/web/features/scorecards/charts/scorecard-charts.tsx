// The scorecards' small charts, drawn with uPlot (the project's chart library). This
// module and uPlot load only when a scorecard is shown (scorecard pieces import it with
// React.lazy), never on the board or the sign-in page.
//
// The canvas says nothing to a screen reader: each box is one image named by its
// heading and described by its sentence, and every figure is also in the table beside it.
// Colours mean the same as elsewhere (on time emerald, late red) and never stand alone:
// the legend names each series and the table has the numbers.
import { useMemo } from "react";
import uPlot from "uplot";
import type { PunctualityCounts, ScorecardLoad, SiteWaiting } from "@contract/schemas/scorecard";
import { UplotChart, type UplotOptions } from "../../../components/uplot-chart";
import { formatNumber } from "../../../lib/format";
import { formatHours, formatWait, stopLabel } from "../scorecard-format";

const INK = "#475569"; // slate-600: axes and their words (AA on white)
const GRID = "#e2e8f0"; // slate-200
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const EMERALD = "#047857"; // emerald-700: on time
const RED = "#b91c1c"; // red-700: late
const SLATE = "#94a3b8"; // slate-400: not known
const NAVY = "#1e3a8a"; // brand-800

/** the scorecards' charts are small: three fit a phone's screen with their tables */
const HEIGHT = 180;

/** from 0, to a round number above the largest value (1 when all are 0, so the axis still reads) */
const fromZero: uPlot.Range.Function = (_u, _min, max) => uPlot.rangeNum(0, Math.max(max ?? 0, 1), 0.1, true);
const WHOLE_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000];

function yAxis(format: (v: number) => string): uPlot.Axis {
  return { stroke: INK, font: FONT, size: 56, grid: { stroke: GRID, width: 1 }, ticks: { show: false }, incrs: WHOLE_INCRS, values: (_u, splits) => splits.map(format) };
}

function bars(label: string, fill: string, value: (v: number) => string): uPlot.Series {
  return { label, stroke: fill, fill, width: 0, paths: uPlot.paths.bars!({ size: [0.8, 56] }), points: { show: false }, value: (_u, v) => (v == null ? "—" : value(v)) };
}

/** the x axis of categories at fixed places: each place's own words, nothing between */
function categoryAxis(labels: Map<number, string>, space = 40): uPlot.Axis {
  return {
    stroke: INK,
    font: FONT,
    grid: { show: false },
    ticks: { stroke: GRID },
    space,
    splits: () => [...labels.keys()],
    values: (_u, splits) => splits.map((i) => labels.get(i) ?? ""),
  };
}

const common = { cursor: { drag: { x: false, y: false }, points: { show: false } }, legend: { live: false }, padding: [12, 12, 0, 0] as uPlot.Padding };

export interface ChartIds {
  labelledBy: string;
  describedBy: string;
}

/**
 * On time, late and not known at collection and at delivery: two groups of three bars
 * (places 0–2 and 4–6, place 3 the gap between), each series drawn only in its places.
 */
export function PunctualityChart({ collection, delivery, ...ids }: { collection: PunctualityCounts; delivery: PunctualityCounts } & ChartIds) {
  const chart = useMemo(() => {
    const at = (k: keyof PunctualityCounts, place: number) => [0, 1, 2, 3, 4, 5, 6].map((i) => (i === place ? collection[k] : i === place + 4 ? delivery[k] : null));
    const options: UplotOptions = {
      ...common,
      scales: { x: { time: false, range: () => [-0.6, 6.6] }, y: { range: fromZero } },
      axes: [categoryAxis(new Map([[1, "Collection"], [5, "Delivery"]])), yAxis((v) => formatNumber(v))],
      series: [{ label: "Stop" }, bars("On time", EMERALD, formatNumber), bars("Late", RED, formatNumber), bars("Not known", SLATE, formatNumber)],
    };
    const data = [[0, 1, 2, 3, 4, 5, 6], at("onTime", 0), at("late", 1), at("unknown", 2)] as uPlot.AlignedData;
    return { options, data };
  }, [collection, delivery]);
  return <UplotChart options={chart.options} data={chart.data} height={HEIGHT} {...ids} />;
}

/** Hours from delivery to POD, one bar a load, quickest to slowest; loads with no POD yet are left out. */
export function PodHoursChart({ loads, ...ids }: { loads: readonly ScorecardLoad[] } & ChartIds) {
  const chart = useMemo(() => {
    const withPod = loads.filter((l) => l.podHours != null).sort((a, b) => a.podHours! - b.podHours!);
    const x = withPod.map((_l, i) => i);
    const options: UplotOptions = {
      ...common,
      scales: { x: { time: false, range: () => [-0.6, Math.max(withPod.length, 1) - 0.4] }, y: { range: fromZero } },
      axes: [
        {
          stroke: INK,
          font: FONT,
          grid: { show: false },
          ticks: { stroke: GRID },
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500],
          space: 90,
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && withPod[i] ? withPod[i].loadNumber : "")),
        },
        yAxis((v) => `${formatNumber(v)} h`),
      ],
      series: [{ label: "Load" }, bars("Hours to POD", NAVY, (v) => formatHours(v))],
    };
    return { options, data: [x, withPod.map((l) => l.podHours)] as uPlot.AlignedData };
  }, [loads]);
  return <UplotChart options={chart.options} data={chart.data} height={HEIGHT} {...ids} />;
}

/** The median wait at each site area and stop, worst first (as the table beside it). */
export function SiteWaitingChart({ sites, ...ids }: { sites: readonly SiteWaiting[] } & ChartIds) {
  const chart = useMemo(() => {
    const labels = new Map(sites.map((s, i) => [i, `${s.postcodeArea} ${stopLabel(s.stop).toLowerCase()}`]));
    const options: UplotOptions = {
      ...common,
      scales: { x: { time: false, range: () => [-0.6, Math.max(sites.length, 1) - 0.4] }, y: { range: fromZero } },
      axes: [
        { ...categoryAxis(labels, 80), splits: undefined, incrs: [1, 2, 5, 10, 20, 50], values: (_u, splits) => splits.map((i) => labels.get(i) ?? "") },
        yAxis((v) => `${formatNumber(v)} min`),
      ],
      series: [{ label: "Site" }, bars("Median wait", NAVY, formatWait)],
    };
    return { options, data: [sites.map((_s, i) => i), sites.map((s) => s.medianMinutes)] as uPlot.AlignedData };
  }, [sites]);
  return <UplotChart options={chart.options} data={chart.data} height={HEIGHT} {...ids} />;
}
