// Formatting in one place (ui.md): £ with thousands separators, units always
// written, UK dates in Europe/London, "Invalid Date" for bad input.
const TZ = "Europe/London";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const gbpWhole = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
const int = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const dec1 = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

export const formatMoney = (n: number | null | undefined): string => (n == null || Number.isNaN(n) ? "£0.00" : gbp.format(n));
export const formatMoneyWhole = (n: number | null | undefined): string => gbpWhole.format(n ?? 0);
export const formatNumber = (n: number | null | undefined): string => int.format(n ?? 0);
export const formatRate = (n: number | null | undefined): string => (n == null ? "—" : `${gbp.format(n)}/mile`);
export const formatWeight = (kg: number | null | undefined): string => (kg == null ? "—" : `${int.format(kg)} kg`);
export const formatMiles = (mi: number | null | undefined): string => (mi == null ? "—" : `${int.format(mi)} miles`);
export const formatFeet = (n: number | null | undefined): string => (n == null ? "—" : `${dec1.format(n)} ft`);
export function formatDimensions(l: number | null, w: number | null, h: number | null): string {
  if (l == null && w == null && h == null) return "—";
  return `${[l, w, h].map((v) => (v == null ? "?" : dec1.format(v))).join(" × ")} ft`;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function parts(d: Date, opts: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat("en-GB", { timeZone: TZ, ...opts }).formatToParts(d)) out[p.type] = p.value;
  return out;
}

/** Cards: "Mon 23 Nov 2026, 09:00" */
export function formatCardDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === "") return "—";
  const d = toDate(value);
  if (!d) return "Invalid Date";
  const p = parts(d, { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

/** Cards (date only): "Mon 23 Nov 2026" */
export function formatCardDate(value: string | Date | null | undefined): string {
  if (value == null || value === "") return "—";
  const d = toDate(value);
  if (!d) return "Invalid Date";
  const p = parts(d, { weekday: "short", day: "numeric", month: "short", year: "numeric" });
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** Admin tables: "23/11/2026 09:00" */
export function formatAdminDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === "") return "—";
  const d = toDate(value);
  if (!d) return "Invalid Date";
  const p = parts(d, { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** Admin and POD: "23/11/2026" (dd/MM/yyyy) */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === "") return "—";
  const d = toDate(value);
  if (!d) return "Invalid Date";
  const p = parts(d, { day: "2-digit", month: "2-digit", year: "numeric" });
  return `${p.day}/${p.month}/${p.year}`;
}

/** "HH:mm" in UK time (the POD time) */
export function formatTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return "Invalid Date";
  const p = parts(d, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.hour}:${p.minute}`;
}

/**
 * Time-window wording: exact "Mon 23 Nov 2026 at 09:00",
 * before "Mon 23 Nov 2026 before 15:00", between "Mon 23 Nov 2026 between 08:00 - 12:00".
 * A between window with no end is shown as exact.
 */
export function formatTimeWindow(
  date: string | null | undefined,
  type: string | null | undefined,
  start: string | null | undefined,
  end: string | null | undefined,
): string {
  if (!date) return "—";
  const d = toDate(date);
  if (!d) return "Invalid Date";
  const day = formatCardDate(d);
  if (type === "before" && end) return `${day} before ${end}`;
  if (type === "between" && start && end) return `${day} between ${start} - ${end}`;
  return `${day} at ${start || formatTime(d)}`;
}

export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (!words.length) return "?";
  return (words[0][0] + (words.length > 1 ? words[words.length - 1][0] : "")).toUpperCase();
}

/** Bid age "5 minutes ago" / "2 hours ago" (Manage Bids). */
export function formatAge(value: string | Date, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return "Invalid Date";
  const minutes = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} hour${hours === 1 ? "" : "s"} ago`;
}

/** "Something failed" with the server's message when there is one */
export function errorMessage(err: unknown, fallback: string): string {
  const e = err as { serverMessage?: string } | null;
  return e?.serverMessage || fallback;
}
