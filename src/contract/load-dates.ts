// The date rules of the contract's "Loads" section, written once for the server
// (which judges with its own clock, ctx.clock) and the web forms (which show the
// same messages under the fields before anything is sent). Days are UK calendar
// days (Europe/London), whatever the time zone of the machine or the browser.
import type { ErrorDetail } from "./errors";
import { MSG } from "./messages";
import { UK_TZ, ukDayKey, ukStartOfDay, ukWallToInstant, wallClock } from "./wall-clock";

/** An instant as the API carries it: a Date, an ISO date-time, or a bare "YYYY-MM-DD" (the start of that UK day). */
export type When = Date | string | null | undefined;

const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** ms since the epoch, or null when there is no (readable) date. */
export function instantOf(v: When): number | null {
  if (v == null || v === "") return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  const bare = BARE_DATE.exec(v);
  const t = bare ? ukWallToInstant(+bare[1], +bare[2], +bare[3]) : Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

/**
 * Contract: on create, and on edit when a date changes, the pickup date is not
 * before the start of today (UK) and the delivery date is not before the pickup
 * date. Days, not instants, are compared: a delivery window "between 08:00 - 12:00"
 * on the pickup day is stored at 08:00 and is no earlier than a 14:00 pickup.
 * `before`: the load as it was (an edit); absent or null for a new load.
 */
export function loadDateProblems(opts: {
  pickupDate: When;
  deliveryDate: When;
  before?: { pickupDate?: When; deliveryDate?: When } | null;
  now: Date;
}): ErrorDetail[] {
  const pickup = instantOf(opts.pickupDate);
  const delivery = instantOf(opts.deliveryDate);
  // a date changes when its UK day does: an edit that keeps an old load's days (or only moves its times) is not judged
  const day = (t: number | null) => (t === null ? null : ukDayKey(t));
  const pickupChanged = !opts.before || day(pickup) !== day(instantOf(opts.before.pickupDate));
  const deliveryChanged = !opts.before || day(delivery) !== day(instantOf(opts.before.deliveryDate));
  const out: ErrorDetail[] = [];
  if (pickupChanged && pickup !== null && pickup < ukStartOfDay(opts.now)) out.push({ path: "pickupDate", message: MSG.pickupInPast });
  if ((pickupChanged || deliveryChanged) && pickup !== null && delivery !== null && ukDayKey(delivery) < ukDayKey(pickup)) {
    out.push({ path: "deliveryDate", message: MSG.deliveryBeforePickup });
  }
  return out;
}

/** How far a signature date may run ahead of the server's clock (contract: clock skew). */
export const POD_CLOCK_SKEW_MS = 15 * 60_000;

/**
 * Contract "POD signature dates": not in the future (beyond 15 minutes of clock
 * skew), and the delivery signature not before the pickup signature. They are
 * not compared with the load's scheduled dates (a load can be collected early).
 */
export function podDateProblems(opts: { pickupSignedDate: When; deliverySignedDate: When; now: Date }): ErrorDetail[] {
  const pickup = instantOf(opts.pickupSignedDate);
  const delivery = instantOf(opts.deliverySignedDate);
  const latest = opts.now.getTime() + POD_CLOCK_SKEW_MS;
  const out: ErrorDetail[] = [];
  if (pickup !== null && pickup > latest) out.push({ path: "pickupSignedDate", message: MSG.pickupSignedInFuture });
  if (delivery !== null && delivery > latest) out.push({ path: "deliverySignedDate", message: MSG.deliverySignedInFuture });
  else if (pickup !== null && delivery !== null && delivery < pickup) {
    out.push({ path: "deliverySignedDate", message: MSG.deliverySignedBeforePickup });
  }
  return out;
}

/**
 * Contract: an available load whose pickup day (UK time) has ended is expired.
 * Derived from the clock each time it is asked: no job, no stored state.
 */
export function isLoadExpired(load: { status: string; pickupDate: When }, now: Date): boolean {
  const pickup = instantOf(load.pickupDate);
  return load.status === "available" && pickup !== null && pickup < ukStartOfDay(now);
}

const dayNumber = (p: { year: number; month: number; day: number }) => Date.UTC(p.year, p.month - 1, p.day) / 86_400_000;

/**
 * The dates of a copied load (POST /api/loads/{id}/copy): unchanged
 * unless the original's pickup day has passed; then pickup is tomorrow at the
 * same UK time and delivery keeps its offset in days, at its own UK time.
 */
export function copiedLoadDates(original: { pickupDate: When; deliveryDate: When }, now: Date): { pickupDate: string | null; deliveryDate: string | null } {
  const pickup = instantOf(original.pickupDate);
  const delivery = instantOf(original.deliveryDate);
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  if (pickup === null || pickup >= ukStartOfDay(now)) return { pickupDate: iso(pickup), deliveryDate: iso(delivery) };
  const today = wallClock(now, UK_TZ);
  const p = wallClock(pickup, UK_TZ);
  const newPickup = ukWallToInstant(today.year, today.month, today.day + 1, p.hour, p.minute);
  if (delivery === null) return { pickupDate: iso(newPickup), deliveryDate: null };
  const d = wallClock(delivery, UK_TZ);
  // a delivery day before the pickup day makes no sense: the copy delivers on its pickup day
  const offset = Math.max(0, dayNumber(d) - dayNumber(p));
  const newDelivery = ukWallToInstant(today.year, today.month, today.day + 1 + offset, d.hour, d.minute);
  return { pickupDate: iso(newPickup), deliveryDate: iso(newDelivery) };
}
