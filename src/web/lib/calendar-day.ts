// Calendar days written YYYY-MM-DD (document expiries, invoice dates): days, not
// instants, so no time zone can move them. One place for how the app reads and
// writes them (ui.md: "Mon 23 Nov 2026"; admin tables "23/11/2026").
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one), as the server checks it. */
export function isRealDay(ymd: string): boolean {
  const m = YMD.exec(ymd);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3] && +m[1] >= 1900;
}

const utc = (ymd: string): number => Date.parse(`${ymd}T00:00:00Z`);

/** Whole days from `a` to `b` (b − a); NaN when either is not a day. */
export const daysBetween = (a: string, b: string): number => (isRealDay(a) && isRealDay(b) ? Math.round((utc(b) - utc(a)) / 86_400_000) : Number.NaN);

/** Whole days from `today` to `day`: 0 on the day, negative once it has passed. */
export const daysUntil = (day: string, today: string): number => daysBetween(today, day);

/** "2026-12-01" → "Tue 1 Dec 2026"; null → "—"; not a day → "Invalid Date". */
export function formatDay(ymd: string | null | undefined): string {
  if (!ymd) return "—";
  if (!isRealDay(ymd)) return "Invalid Date";
  const d = new Date(utc(ymd));
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Admin tables: "2026-11-23" → "23/11/2026"; null → "—"; not a day → "Invalid Date". */
export function formatShortDay(ymd: string | null | undefined): string {
  if (!ymd) return "—";
  if (!isRealDay(ymd)) return "Invalid Date";
  const [y, m, d] = ymd.split("-");
  return `${d}/${m}/${y}`;
}
