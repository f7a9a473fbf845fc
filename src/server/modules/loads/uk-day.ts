// Calendar days in UK time (spec §5 "Date filter": from the start of the from-day
// to the end of the to-day; contract: "inclusive days in UK time"). A UK day is
// 23, 24 or 25 hours long in UTC, so the bounds are computed, never assumed.
import { wallClock } from "../../lib/wall-clock";

const UK_TZ = "Europe/London";

/** London's offset from UTC in minutes at an instant (60 in BST, 0 in GMT). */
function offsetMinutes(at: number): number {
  const p = wallClock(at, UK_TZ);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((wall - Math.floor(at / 60_000) * 60_000) / 60_000);
}

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
  const wall = Date.UTC(y, m - 1, d);
  // two passes settle the offset either side of a clock change (changes happen at 01:00 UTC, never at midnight)
  let utc = wall - offsetMinutes(wall) * 60_000;
  utc = wall - offsetMinutes(utc) * 60_000;
  return new Date(utc);
}

/** The instant the UK day after the given one starts: the exclusive end of the day. */
export function ukDayEnd(y: number, m: number, d: number): Date {
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return ukDayStart(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}
