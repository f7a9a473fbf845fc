// The rules of recording stops, apart from the database: who may, on which load,
// at what time, in which order. stops.service.ts applies them under the load's lock.
import type { LoadRow, LoadStopRow, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso } from "../../lib/serialize";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { STOP_MSG, STOPS, type LoadStops, type Stop, type StopEvidence, type StopRecord } from "../../../contract/schemas/claim";
import type { StopKind } from "../../../contract/schemas/stop-responses";
import { isOwnLoad } from "../loads/load-visibility";

/**
 * How far ahead of the server's clock a time may be and still be taken (as the
 * server's time): a phone's clock a little fast is not a driver lying, and two
 * minutes is well below any waiting that could be claimed.
 */
export const CLOCK_SKEW_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

export type { StopKind };
export interface StopTimes {
  arrivedAt: Date | null;
  departedAt: Date | null;
}

export const isStop = (s: string): s is Stop => (STOPS as readonly string[]).includes(s);
export const otherStop = (s: Stop): Stop => (s === "pickup" ? "delivery" : "pickup");

/** A load the carrier holds (or held, before completion). */
const HELD = ["accepted", "approved", "completed"];

/**
 * May this user record or see the load's stops? Staff always; a carrier when the
 * load is held by their company (or by them). Everyone else is told the load is
 * not there (404), as for a load they may not see.
 */
export function mayUseStops(load: LoadRow, actor: Pick<UserRow, "id" | "role" | "isAdmin" | "carrierName" | "companyId">, holdingCompanyId: string | null): boolean {
  if (isStaffRole(actor)) return true;
  if (!HELD.includes(load.status)) return false;
  return isOwnLoad(load, actor) || (!!holdingCompanyId && actor.companyId === holdingCompanyId);
}

export function notFound(): AppError {
  return new AppError(404, MSG.notFound);
}

/** Booked: approved, or completed no more than `claimDays` days ago. */
export function isBooked(load: Pick<LoadRow, "status" | "completedAt">, now: Date, claimDays: number): boolean {
  if (load.status === "approved") return true;
  return load.status === "completed" && !!load.completedAt && now.getTime() - load.completedAt.getTime() <= claimDays * DAY_MS;
}

/**
 * The time a stop is recorded at: the one sent, else the server's. One in the
 * future beyond the skew is refused; one within it is taken as now, so no stored
 * time is ever ahead of the clock that later measures the claim window.
 */
export function resolveAt(at: string | null | undefined, now: Date, path = "at"): Date {
  if (!at) return now;
  const t = new Date(at);
  if (t.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new AppError(400, STOP_MSG.future, [{ path, message: STOP_MSG.future }]);
  return t.getTime() > now.getTime() ? now : t;
}

/**
 * The order a stop's times must keep: departure not before arrival, and nothing
 * at delivery before the pickup was left (or, with no departure recorded there,
 * arrived at). Equal times pass. Returns the contract's words for the first rule
 * broken, with the field it is about.
 */
export function orderProblem(stop: Stop, times: StopTimes, other: StopTimes): { path: string; message: string } | null {
  const t = (d: Date | null) => d?.getTime() ?? null;
  const arrived = t(times.arrivedAt);
  const departed = t(times.departedAt);
  if (arrived !== null && departed !== null && departed < arrived) return { path: "departedAt", message: STOP_MSG.departureBeforeArrival };
  if (stop === "delivery") {
    const pickupLast = t(other.departedAt) ?? t(other.arrivedAt);
    const first = arrived ?? departed;
    if (pickupLast !== null && first !== null && first < pickupLast) return { path: "arrivedAt", message: STOP_MSG.deliveryBeforePickup };
  } else {
    const deliveryFirst = t(other.arrivedAt) ?? t(other.departedAt);
    const last = departed ?? arrived;
    if (deliveryFirst !== null && last !== null && deliveryFirst < last) return { path: departed !== null ? "departedAt" : "arrivedAt", message: STOP_MSG.deliveryBeforePickup };
  }
  return null;
}

/** The state rules of one recording (409): twice, or a departure with no arrival. */
export function stateProblem(kind: StopKind, current: StopTimes): string | null {
  if (kind === "arrival") return current.arrivedAt ? STOP_MSG.alreadyArrived : null;
  if (current.departedAt) return STOP_MSG.alreadyDeparted;
  return current.arrivedAt ? null : STOP_MSG.noArrival;
}

export const NO_TIMES: StopTimes = { arrivedAt: null, departedAt: null };
export const timesOf = (rows: LoadStopRow[], stop: Stop): StopTimes => {
  const row = rows.find((r) => r.stop === stop);
  return row ? { arrivedAt: row.arrivedAt, departedAt: row.departedAt } : NO_TIMES;
};

export function toStopRecord(row: LoadStopRow | undefined): StopRecord {
  if (!row) return { arrivedAt: null, departedAt: null, evidence: null };
  return { arrivedAt: iso(row.arrivedAt), departedAt: iso(row.departedAt), evidence: (row.arrivalEvidence ?? row.departureEvidence ?? null) as StopEvidence | null };
}

export function toLoadStops(rows: LoadStopRow[]): LoadStops {
  return { pickup: toStopRecord(rows.find((r) => r.stop === "pickup")), delivery: toStopRecord(rows.find((r) => r.stop === "delivery")) };
}

const ukDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});
/** "Mon 23 Nov 2026, 09:00" (UK time), or "not recorded". */
export function ukTime(d: Date | null): string {
  if (!d) return "not recorded";
  const p: Record<string, string> = {};
  for (const part of ukDateTime.formatToParts(d)) p[part.type] = part.value;
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

/** The history line of a correction: old and new times, then staff's reason. */
export function correctionLine(before: StopTimes, after: StopTimes, reason: string): string {
  const change = (label: string, a: Date | null, b: Date | null) => `${label} ${ukTime(a)} → ${ukTime(b)}`;
  return `${change("Arrived", before.arrivedAt, after.arrivedAt)}; ${change("departed", before.departedAt, after.departedAt)}. Reason: ${reason}`;
}
