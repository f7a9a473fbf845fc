// Words and numbers of the scorecards, shared by the figures, the charts' sentences,
// the tables and the load details, so each says the same thing the same way. UK
// conventions (ui.md): "27 Nov 2026", "85.7%", "1 h 10 min", units always written.
import { formatMinutes, STOP_LABELS, type Stop } from "@contract/schemas/claim";
import type { PunctualityCounts, ScorecardLoad, SiteWaiting } from "@contract/schemas/scorecard";
import { formatNumber } from "../../lib/format";

/** The periods the pages offer (contract: days 7–365, 90 when absent). */
export const DAY_CHOICES = [30, 90, 365] as const;
export const DEFAULT_DAYS = 90;

// three-letter months as the spec writes them ("23 Nov 2026"): newer browsers' en-GB says "Sept"
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });
const dec1 = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upTo1 = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "2026-11-27" (a UK day, as the contract sends `from` and `to`) → "27 Nov 2026"; read as written, no time zone can move it. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : day;
}

/** "30 Aug 2026 to 27 Nov 2026" */
export function periodLabel(p: { from: string; to: string }): string {
  return p.from === p.to ? formatDay(p.from) : `${formatDay(p.from)} to ${formatDay(p.to)}`;
}

/**
 * The on-time share of the stops whose punctuality is known: on time ÷ (on time + late).
 * A stop with no recorded arrival and no POD date is "not known" and counts neither way
 * (it says nothing about the carrier); null when nothing is known.
 */
export function onTimeShare(c: PunctualityCounts): number | null {
  const known = c.onTime + c.late;
  return known === 0 ? null : c.onTime / known;
}

/** 0.857 → "85.7%"; null → "—" */
export function formatShare(share: number | null): string {
  return share == null ? "—" : percent.format(share);
}

/** A per cent as the server sends it (0–100, one decimal: the approved claims, on-time delivery in a list): 85.7 → "85.7%"; null → "—" */
export function formatPercent(pct: number | null | undefined): string {
  return pct == null ? "—" : percent.format(pct / 100);
}

/** The figure with what it is of: "85.7% (12 of 14)"; "—" when nothing is known. */
export function formatOnTime(c: PunctualityCounts): string {
  const share = onTimeShare(c);
  return share == null ? "—" : `${percent.format(share)} (${formatNumber(c.onTime)} of ${formatNumber(c.onTime + c.late)})`;
}

/** What stands beside the figure: "2 late · 1 not known"; "No recorded stops" when there is none. */
export function punctualityDetail(c: PunctualityCounts): string {
  if (c.onTime + c.late + c.unknown === 0) return "No recorded stops";
  const parts = [`${formatNumber(c.late)} late`];
  if (c.unknown) parts.push(`${formatNumber(c.unknown)} not known`);
  return parts.join(" · ");
}

/** Hours to POD: "45 min" under an hour, else "5.5 h"; "—" when there is no POD yet. */
export function formatHours(h: number | null | undefined): string {
  if (h == null) return "—";
  if (h < 1) return `${Math.round(h * 60)} min`;
  return `${dec1.format(h)} h`;
}

/** Spoken in full in the charts' sentences: "5.5 hours", "45 minutes" */
export function hoursInWords(h: number): string {
  if (h < 1) {
    const m = Math.round(h * 60);
    return plural(m, "minute", "minutes");
  }
  return `${dec1.format(h)} hours`;
}

/** Days to pay: "23 days", "1 day", "12.5 days"; "—" when no invoice was paid. */
export function formatDays(d: number | null | undefined): string {
  if (d == null) return "—";
  return `${upTo1.format(d)} ${d === 1 ? "day" : "days"}`;
}

/** A wait in minutes as the claims word it: "1 h 10 min", "45 min" (whole minutes). */
export function formatWait(minutes: number): string {
  return formatMinutes(Math.max(0, Math.round(minutes)));
}

/** "pickups" / "deliveries": the stops of an area, counted */
export function stopsWord(stop: Stop): string {
  return stop === "pickup" ? "pickups" : "deliveries";
}

/** The load details' line: "Typical wait at LS pickups: 1 h 10 min (12 visits)". */
export function siteWaitingLine(stop: Stop, w: Pick<SiteWaiting, "postcodeArea" | "medianMinutes" | "visits">): string {
  return `Typical wait at ${w.postcodeArea} ${stopsWord(stop)}: ${formatWait(w.medianMinutes)} (${plural(w.visits, "visit", "visits")})`;
}

/** "Pickup" / "Delivery" at the start of a table cell */
export function stopLabel(stop: Stop): string {
  const s = STOP_LABELS[stop];
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The longest median wait first; equal medians: more visits first, then by area (the server sends them so; kept here for any order). */
export function worstFirst<T extends Pick<SiteWaiting, "postcodeArea" | "medianMinutes" | "visits" | "stop">>(sites: readonly T[]): T[] {
  return [...sites].sort(
    (a, b) => b.medianMinutes - a.medianMinutes || b.visits - a.visits || a.postcodeArea.localeCompare(b.postcodeArea) || a.stop.localeCompare(b.stop),
  );
}

/** The figures a company's loads are listed behind. */
export type LoadsBehind = "completed" | "collection" | "delivery" | "podHours" | "handedBack";

/**
 * The loads behind one figure: every load for "completed"; for a stop, the late ones first,
 * then the not known, then those on time; POD hours slowest first (no POD yet last);
 * hand-backs only the loads handed back. Ties keep the load number's order.
 */
export function loadsBehind(loads: readonly ScorecardLoad[], figure: LoadsBehind): ScorecardLoad[] {
  const byNumber = (a: ScorecardLoad, b: ScorecardLoad) => a.loadNumber.localeCompare(b.loadNumber, "en-GB", { numeric: true });
  const rank = { late: 0, unknown: 1, onTime: 2 } as const;
  switch (figure) {
    case "completed":
      return [...loads].sort(byNumber);
    case "collection":
    case "delivery":
      return [...loads].sort((a, b) => rank[a[figure]] - rank[b[figure]] || byNumber(a, b));
    case "podHours":
      return [...loads].sort((a, b) => (b.podHours ?? -1) - (a.podHours ?? -1) || byNumber(a, b));
    case "handedBack":
      return loads.filter((l) => l.handedBack).sort(byNumber);
  }
}

/** The load numbers of the late stops, for the sentence under a figure: "Late: FN-101, FN-107". */
export function lateNumbers(loads: readonly ScorecardLoad[], stop: "collection" | "delivery"): string[] {
  return loadsBehind(loads, stop)
    .filter((l) => l[stop] === "late")
    .map((l) => l.loadNumber);
}

/** "3 submitted · 2 approved" */
export function claimsDetail(c: { submitted: number; approved: number }): string {
  return `${formatNumber(c.submitted)} submitted · ${formatNumber(c.approved)} approved`;
}

/** "1 load" / "12 loads" */
export const loadsCount = (n: number) => plural(n, "load", "loads");
/** "1 visit" / "12 visits" */
export const visitsCount = (n: number) => plural(n, "visit", "visits");
