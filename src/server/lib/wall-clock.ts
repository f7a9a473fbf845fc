// The wall clock of a time zone at an instant: the one place the server turns an
// instant into local date and time (UK day bounds for the date filter, spec §5;
// the email schedule's slot in the business time zone, spec §3 schedule).
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
