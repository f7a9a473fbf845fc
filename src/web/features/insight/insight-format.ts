// Words and numbers of the staff insight page, shared by the tiles, the
// charts' descriptions and the table, so each says the same. UK conventions
// (ui.md): weeks "w/c 16 Nov 2026", money "£1,234.50", units always written.
import type { Insight, InsightWeek } from "@contract/schemas/insight";
import { formatMoney, formatNumber } from "../../lib/format";

// three-letter months as the spec writes them ("23 Nov 2026"): newer browsers' en-GB says "Sept"
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });
const hours1 = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** a week's Monday is a calendar day ("YYYY-MM-DD"), not an instant: read as written, no time zone can move it */
function calendarDay(weekStart: string): { day: number; month: string; year: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(weekStart);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? { day: Number(m[3]), month, year: Number(m[1]) } : null;
}

/** "2026-11-16" → "w/c 16 Nov 2026" (week commencing, the UK office's way to name a week) */
export function weekLabel(weekStart: string): string {
  const d = calendarDay(weekStart);
  return d ? `w/c ${d.day} ${d.month} ${d.year}` : weekStart;
}

/** "2026-11-16" → "16 Nov": a chart axis tick, where the year would crowd */
export function weekTick(weekStart: string): string {
  const d = calendarDay(weekStart);
  return d ? `${d.day} ${d.month}` : weekStart;
}

/** 0.3333 → "33.3%"; null (nothing posted) → "—" */
export function formatShare(share: number | null): string {
  return share == null ? "—" : percent.format(share);
}

/** The share with what it is of: "33.3% (2 of 6)"; "—" when nothing was posted. */
export function formatShareOf(share: number | null, count: number, posted: number): string {
  return share == null ? "—" : `${percent.format(share)} (${formatNumber(count)} of ${formatNumber(posted)})`;
}

/** Median time to book: "45 min" under an hour, else "3.5 h", "1,336.0 h"; "—" when nothing was booked. */
export function formatHours(h: number | null): string {
  if (h == null) return "—";
  if (h < 1) return `${Math.round(h * 60)} min`;
  return `${hours1.format(h)} h`;
}

/** Spoken in full for the charts' descriptions: "3.5 hours" */
function hoursInWords(h: number): string {
  if (h < 1) {
    const m = Math.round(h * 60);
    return `${m} minute${m === 1 ? "" : "s"}`;
  }
  return `${hours1.format(h)} hours`;
}

/** Nothing happened in the period at all: the page says "No loads in this period". */
export function isEmptyPeriod(data: Insight): boolean {
  const t = data.totals;
  return t.posted === 0 && t.booked === 0 && t.completed === 0;
}

/** "w/c 7 Sep 2026 to w/c 23 Nov 2026" */
export function periodLabel(data: Pick<Insight, "rows">): string {
  const first = data.rows[0];
  const last = data.rows[data.rows.length - 1];
  if (!first || !last) return "";
  return first === last ? weekLabel(first.weekStart) : `${weekLabel(first.weekStart)} to ${weekLabel(last.weekStart)}`;
}

/** the week with the largest value (the first of equals); null when every value is 0 or missing */
function peak(rows: InsightWeek[], value: (r: InsightWeek) => number | null): InsightWeek | null {
  let best: InsightWeek | null = null;
  for (const r of rows) {
    const v = value(r);
    if (v != null && v > 0 && (best === null || v > (value(best) ?? 0))) best = r;
  }
  return best;
}

/**
 * One or two sentences a chart says, for everyone (shown under its heading) and
 * for a screen reader (the chart's description): the period, the peak and the
 * period's own figure. The exact figures of every week are in the table.
 */
export function describeChart(kind: "loads" | "spend" | "share" | "median", data: Insight): string {
  const period = periodLabel(data);
  const t = data.totals;
  switch (kind) {
    case "loads": {
      const top = peak(data.rows, (r) => r.posted);
      return (
        `${formatNumber(t.posted)} loads posted, ${formatNumber(t.booked)} booked and ${formatNumber(t.completed)} completed, ${period}.` +
        (top ? ` Most posted in one week: ${formatNumber(top.posted)}, ${weekLabel(top.weekStart)}.` : "")
      );
    }
    case "spend": {
      const top = peak(data.rows, (r) => r.spend);
      return `${formatMoney(t.spend)} spent on completed loads, ${period}.` + (top ? ` Highest week: ${formatMoney(top.spend)}, ${weekLabel(top.weekStart)}.` : "");
    }
    case "share":
      return t.bookedWithin24h == null
        ? `No loads were posted, ${period}.`
        : `${formatShare(t.bookedWithin24h)} of the loads posted were booked within 24 hours (${formatNumber(t.bookedWithin24hCount)} of ${formatNumber(t.posted)}), ${period}.`;
    case "median":
      return t.medianHoursToBook == null
        ? `No loads were booked, ${period}.`
        : `Half the loads booked were booked within ${hoursInWords(t.medianHoursToBook)} of being posted, ${period}.`;
  }
}
