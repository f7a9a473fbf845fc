// How an expiry day reads to staff: the UK
// date written out and how far away it is, counted in UK calendar days, the same
// days the server's compliance and reminders count (a document is good to the end
// of its expiry day).
import { ukDayKey } from "@contract/wall-clock";

export { daysUntil, formatDay } from "../../lib/calendar-day";
import { daysUntil } from "../../lib/calendar-day";

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
