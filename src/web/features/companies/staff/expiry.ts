// How an expiry day reads to staff (contract-beyond "Carrier compliance"): the UK
// date written out and how far away it is, counted in UK calendar days, the same
// days the server's compliance and reminders count (a document is good to the end
// of its expiry day).
import { ukDayKey } from "@contract/wall-clock";

const DAY_MS = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Calendar days from `today` to `day` (both YYYY-MM-DD): negative once it has passed. */
export function daysUntil(day: string, today: string): number {
  const a = YMD.exec(day);
  const b = YMD.exec(today);
  if (!a || !b) return Number.NaN;
  return Math.round((Date.UTC(+a[1], +a[2] - 1, +a[3]) - Date.UTC(+b[1], +b[2] - 1, +b[3])) / DAY_MS);
}

/** "2026-12-01" → "Tue 1 Dec 2026" (ui.md: UK and unambiguous); a calendar day, so no time zone can move it. */
export function formatDay(day: string): string {
  const m = YMD.exec(day);
  if (!m) return "Invalid Date";
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "in 12 days", "tomorrow", "today (last day)", "yesterday", "3 days ago". */
export function relativeExpiry(day: string, today: string): string {
  const n = daysUntil(day, today);
  if (Number.isNaN(n)) return "";
  if (n === 0) return "today (last day)";
  if (n === 1) return "tomorrow";
  if (n === -1) return "yesterday";
  return n > 0 ? `in ${n} days` : `${-n} days ago`;
}

/** Today in the UK, YYYY-MM-DD. */
export const ukToday = (now: Date | number = Date.now()): string => ukDayKey(now);
