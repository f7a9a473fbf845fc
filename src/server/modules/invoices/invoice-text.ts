// Words and dates on invoices, statements and their notifications (ui.md: UK
// dates like `Mon 23 Nov 2026`, money as `£1,234.50`).
import { formatPounds } from "./invoice-money";

const dayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" });
const ukInstantDay = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "short", day: "numeric", month: "short", year: "numeric" });

function label(f: Intl.DateTimeFormat, d: Date): string {
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(d)) p[part.type] = part.value;
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** "2026-12-24" → "Thu 24 Dec 2026" (a calendar day: formatted in UTC, no time zone can move it). */
export const dayLabel = (ymd: string): string => label(dayFormat, new Date(`${ymd}T00:00:00Z`));

/** An instant → its UK calendar day, "Thu 24 Dec 2026"; "—" when there is none. */
export const instantDayLabel = (d: Date | null | undefined): string => (d ? label(ukInstantDay, d) : "—");

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one: the database would refuse it with a 500). */
export function isRealDay(ymd: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) && Number(m[1]) >= 1900;
}

/** `ymd` plus `days` calendar days. */
export function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string): number => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * invoice_issued: what the company's members read in the bell and the email. It
 * is written before the number is drawn (invoices.service raiseInvoice), so it
 * names the load, the amount and the due day; My Invoices shows the number.
 */
export function issuedText(o: { gross: string; vat: string; dueOn: string; loadNumber: string; route: string; replaces?: string | null }): { title: string; body: string } {
  const vat = Number(o.vat) > 0 ? ` including VAT of ${formatPounds(o.vat)}` : "";
  const replaces = o.replaces ? ` It replaces invoice ${o.replaces}, which is now void.` : "";
  return {
    title: `Invoice raised for load ${o.loadNumber}`,
    body: `We have raised a self-billing invoice on your behalf for load ${o.loadNumber} (${o.route}): ${formatPounds(o.gross)}${vat}, due for payment by ${dayLabel(o.dueOn)}. It is in My Invoices.${replaces}`,
  };
}

/** invoice_paid */
export function paidText(o: { number: string; gross: string | number; loadNumber: string; paidOn: string; paymentReference: string }): { title: string; body: string } {
  return {
    title: `Invoice ${o.number} paid`,
    body: `Invoice ${o.number} for load ${o.loadNumber} (${formatPounds(o.gross)}) was paid on ${dayLabel(o.paidOn)}, payment reference ${o.paymentReference}.`,
  };
}
