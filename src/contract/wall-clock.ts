// Wall-clock time in a time zone, for server and web alike: UK day bounds for the
// date filter, the email schedule's slot, and the admin form's UK dates and
// times (the API speaks UTC ISO-8601).
export const UK_TZ = "Europe/London";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "long",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** "monday" … "sunday" */
  weekday: string;
}

/** The wall clock of `timeZone` at an instant. */
export function wallClock(at: Date | number, timeZone: string): WallClock {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(at)) if (part.type !== "literal") p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    weekday: p.weekday.toLowerCase(),
  };
}

/** London's offset from UTC in minutes at an instant (60 in BST, 0 in GMT). */
function ukOffsetMinutes(at: number): number {
  const p = wallClock(at, UK_TZ);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((wall - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/**
 * The instant (ms) a UK wall-clock time happens. Two passes settle the offset either
 * side of a clock change; a time in the hour skipped in March moves forward an hour,
 * as a wall clock does. Month 1–12; days and hours past their range roll over.
 */
export function ukWallToInstant(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const utc = wall - ukOffsetMinutes(wall) * 60_000;
  return wall - ukOffsetMinutes(utc) * 60_000;
}

/** "YYYY-MM-DD" of the UK calendar day an instant falls on. */
export function ukDayKey(at: Date | number): string {
  const p = wallClock(at, UK_TZ);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** The instant (ms) the UK calendar day holding `at` began: 00:00 London time, BST or GMT. */
export function ukStartOfDay(at: Date | number): number {
  const p = wallClock(at, UK_TZ);
  return ukWallToInstant(p.year, p.month, p.day);
}
