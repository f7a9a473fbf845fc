// Calendar days in UK time (the date filter: from the start of the from-day
// to the end of the to-day, both days included). A UK day is
// 23, 24 or 25 hours long in UTC, so the bounds are computed, never assumed.
import { ukWallToInstant } from "../../../contract/wall-clock";

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-07-02" → [y, m, d] when it names a real calendar day, else null. */
export function parseYmd(value: string): [number, number, number] | null {
  const m = YMD.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || y > 9999 || t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return [y, mo, d];
}

/** The instant a UK calendar day starts (00:00 London time). */
export function ukDayStart(y: number, m: number, d: number): Date {
  return new Date(ukWallToInstant(y, m, d));
}

/** The instant the UK day after the given one starts: the exclusive end of the day. */
export function ukDayEnd(y: number, m: number, d: number): Date {
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return ukDayStart(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}
