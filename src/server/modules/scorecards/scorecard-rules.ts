// The scorecard's rules, pure: whether a stop was on time against the load's time
// (contract: `exact` up to 30 minutes after, `before` at or before, `between` inside
// the window; with no arrival the POD's signed day against the load's day), hours
// from delivery to POD, the percentiles every figure uses and the UK-day window.
import type { TimeType } from "../../../contract/constants";
import { EXACT_GRACE_MINUTES, type Punctuality } from "../../../contract/schemas/scorecard";
import { ukDayKey, ukWallToInstant } from "../../../contract/wall-clock";
import { addDays } from "../../../contract/schemas/company";

const MIN = 60_000;

/** One side of a load as its form set it: the stored instant is the day plus the window's defining time. */
export interface StopTerms {
  timeType: string;
  /** exact: the time; before: the deadline; between: the window's start */
  date: Date | null;
  startTime: string | null;
  endTime: string | null;
}

/** The instant "HH:MM" happens on the UK day of `day`. */
function onUkDay(day: Date, hhmm: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return null;
  const [y, mo, d] = ukDayKey(day).split("-").map(Number);
  return ukWallToInstant(y, mo, d, Number(m[1]), Number(m[2]));
}

/** The window the arrival is judged against: on time from `from` (null: any time before) up to `to`, inclusive. */
export function onTimeWindow(terms: StopTerms): { from: number | null; to: number } | null {
  if (!terms.date) return null;
  const at = terms.date.getTime();
  const type = terms.timeType as TimeType;
  if (type === "before") return { from: null, to: (terms.endTime && onUkDay(terms.date, terms.endTime)) || at };
  if (type === "between") {
    const end = terms.endTime ? onUkDay(terms.date, terms.endTime) : null;
    const start = (terms.startTime && onUkDay(terms.date, terms.startTime)) || at;
    // an end missing (or not after the start) is shown as exact (spec: load form), and judged so
    if (end !== null && end >= start) return { from: start, to: end };
  }
  // exact: early is on time; late once more than EXACT_GRACE_MINUTES after
  return { from: null, to: at + EXACT_GRACE_MINUTES * MIN };
}

/**
 * On time, late or unknown: the recorded arrival against the window; with none, the
 * POD's signed date on (or before) the load's UK day is on time, a later day late;
 * neither (or a load with no date) → unknown.
 */
export function punctuality(terms: StopTerms, arrivedAt: Date | null, signedAt: Date | null): Punctuality {
  const window = onTimeWindow(terms);
  if (!window || !terms.date) return "unknown";
  if (arrivedAt) {
    const t = arrivedAt.getTime();
    return (window.from === null || t >= window.from) && t <= window.to ? "onTime" : "late";
  }
  if (signedAt) return ukDayKey(signedAt) <= ukDayKey(terms.date) ? "onTime" : "late";
  return "unknown";
}

/** Hours (one decimal) from the delivery (departure, else the delivery signed date) to the POD; null when either is missing. */
export function podHoursOf(v: { deliveryDepartedAt: Date | null; deliverySignedDate: Date | null; podSubmittedAt: Date | null }): number | null {
  const from = v.deliveryDepartedAt ?? v.deliverySignedDate;
  if (!from || !v.podSubmittedAt) return null;
  return round1(Math.max(0, v.podSubmittedAt.getTime() - from.getTime()) / 3_600_000);
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;

/** The p-th percentile with linear interpolation between ranks (PostgreSQL's percentile_cont); null for none. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

/** percentile() of a multiset given as value → how many: the same interpolation without listing every value. */
export function percentileOfCounts(counts: Map<number, number>, p: number): number | null {
  const values = [...counts.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const total = values.reduce((n, [, c]) => n + c, 0);
  if (!total) return null;
  const rank = p * (total - 1);
  const at = (i: number) => {
    let seen = 0;
    for (const [v, n] of values) {
      seen += n;
      if (i < seen) return v;
    }
    return values[values.length - 1][0];
  };
  const lo = at(Math.floor(rank));
  const hi = at(Math.ceil(rank));
  return lo + (hi - lo) * (rank - Math.floor(rank));
}

/** The postcode area of a full or partial postcode: "LS1 4AP" → "LS"; null when there is none. */
export function postcodeAreaOf(postcode: string | null | undefined): string | null {
  const m = /^[A-Z]{1,2}(?=\d)/.exec((postcode ?? "").trim().toUpperCase());
  return m ? m[0] : null;
}

/** The UK days a `days`-day window ends today with: today and the days-1 before it. */
export function windowOf(now: Date, days: number): { from: string; to: string } {
  const to = ukDayKey(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Whole minutes between two instants. */
export const minutesBetween = (from: Date, to: Date): number => Math.floor((to.getTime() - from.getTime()) / MIN);
