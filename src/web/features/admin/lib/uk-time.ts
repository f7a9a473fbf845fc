// The admin types dates and times as a UK operator reads them (Europe/London,
// BST or GMT); the API wants ISO-8601 in UTC.
import { UK_TZ, ukWallToInstant, wallClock } from "@contract/wall-clock";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * "2026-11-23" + "09:00" in UK time → "2026-11-23T09:00:00.000Z".
 * Returns null for a missing or malformed date; a missing time means 00:00.
 * A time that does not exist (the skipped hour in March) moves forward an hour,
 * as a wall clock does.
 */
export function ukLocalToIso(date: string | null | undefined, time?: string | null): string | null {
  const dm = DATE_RE.exec(date ?? "");
  if (!dm) return null;
  const tm = TIME_RE.exec(time ?? "") ?? [null, "00", "00"];
  const utc = ukWallToInstant(+dm[1], +dm[2], +dm[3], +tm[1]!, +tm[2]!);
  if (Number.isNaN(utc)) return null;
  return new Date(utc).toISOString();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** ISO instant → UK wall-clock {date: "YYYY-MM-DD", time: "HH:MM"}; empty strings when missing or invalid. */
export function isoToUkLocal(iso: string | null | undefined): { date: string; time: string } {
  if (!iso) return { date: "", time: "" };
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { date: "", time: "" };
  const p = wallClock(d, UK_TZ);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** Tomorrow's date in the UK as "YYYY-MM-DD" (new loads default to tomorrow). */
export function ukTomorrow(now: Date = new Date()): string {
  const today = isoToUkLocal(now.toISOString()).date;
  const [y, m, d] = today.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
