// The trucks screens' words and checks, apart from React so they can be tested:
// a truck's days and route as cards say them, empty miles, and the post form's
// checks (the contract's schema and messages, plus the two rules that need today's
// UK date, which the server checks again).
import { truckInputSchema, TRUCK_MSG, MAX_AVAILABLE_DAYS, type Truck, type TruckInputParsed } from "@contract/schemas/truck";
import type { EquipmentType } from "@contract/constants";
import { daysBetween, formatDay } from "../../lib/calendar-day";
import { formatNumber } from "../../lib/format";
import { ApiError } from "../../lib/api";

/** "Mon 23 Nov 2026", or "Mon 23 Nov 2026 to Fri 27 Nov 2026" when it runs over days. */
export function truckDays(t: Pick<Truck, "availableOn" | "availableUntil">): string {
  if (!t.availableUntil || t.availableUntil === t.availableOn) return formatDay(t.availableOn);
  return `${formatDay(t.availableOn)} to ${formatDay(t.availableUntil)}`;
}

/** Where the truck is headed: its destination, or "Anywhere" (contract: absent = anywhere). */
export const destinationWords = (t: Pick<Truck, "destinationPostcode">): string => t.destinationPostcode ?? "Anywhere";

/** How far the truck runs empty to collect a match: "12 miles empty to pickup". */
export function emptyMilesWords(miles: number | null | undefined): string {
  if (miles == null) return "Empty miles not known";
  const n = Math.round(miles);
  return n === 0 ? "At the pickup (0 miles empty)" : `${formatNumber(n)} ${n === 1 ? "mile" : "miles"} empty to pickup`;
}

/** How far a return load's pickup is from where the booked load delivers: "8 miles from the delivery". */
export function fromDeliveryWords(miles: number | null | undefined): string {
  if (miles == null) return "Distance from the delivery not known";
  const n = Math.round(miles);
  return `${formatNumber(n)} ${n === 1 ? "mile" : "miles"} from the delivery`;
}

/** Open trucks first (soonest day first), then booked, then expired (latest first). */
export function sortTrucks(trucks: readonly Truck[]): Truck[] {
  const rank = { open: 0, booked: 1, expired: 2 } as const;
  return [...trucks].sort((a, b) => rank[a.status] - rank[b.status] || (a.status === "open" ? a.availableOn.localeCompare(b.availableOn) : b.availableOn.localeCompare(a.availableOn)));
}

export interface TruckFormValues {
  availableOn: string;
  availableUntil: string;
  originPostcode: string;
  destinationPostcode: string;
  equipmentType: EquipmentType | "";
  maxWeightKg: string;
  notes: string;
}
export type TruckField = keyof TruckFormValues;
export const TRUCK_FIELDS: readonly TruckField[] = ["availableOn", "availableUntil", "originPostcode", "destinationPostcode", "equipmentType", "maxWeightKg", "notes"];
export type TruckFormErrors = Partial<Record<TruckField, string>>;

export const emptyTruckForm = (today: string): TruckFormValues => ({
  availableOn: today,
  availableUntil: "",
  originPostcode: "",
  destinationPostcode: "",
  equipmentType: "Flatbed",
  maxWeightKg: "",
  notes: "",
});

/**
 * The form's values as the request body, or each field's message. `today` is the
 * UK day (YYYY-MM-DD): the day the truck is free cannot be before it, and
 * "available until" is at most 14 days after that day.
 */
export function checkTruckForm(v: TruckFormValues, today: string): { input: TruckInputParsed } | { errors: TruckFormErrors } {
  const weight = v.maxWeightKg.replace(/[,\s]/g, "");
  const parsed = truckInputSchema.safeParse({
    availableOn: v.availableOn,
    availableUntil: v.availableUntil.trim() || null,
    originPostcode: v.originPostcode,
    destinationPostcode: v.destinationPostcode.trim() || null,
    equipmentType: v.equipmentType,
    // an empty box is no number at all (not 0); "12,000" is written as people write it
    maxWeightKg: weight === "" ? undefined : Number(weight),
    notes: v.notes.trim() || null,
  });
  const errors: TruckFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as TruckField;
      if (TRUCK_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.availableOn && v.availableOn < today) errors.availableOn = TRUCK_MSG.availableOnPast;
  if (!errors.availableOn && !errors.availableUntil && v.availableUntil) {
    const days = daysBetween(v.availableOn, v.availableUntil);
    if (days < 0) errors.availableUntil = TRUCK_MSG.untilBeforeOn;
    else if (days > MAX_AVAILABLE_DAYS) errors.availableUntil = TRUCK_MSG.untilTooLate;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { input: parsed.data };
}

/** The server's 400 `details` placed under their fields (the contract's words). */
export function serverFieldErrors(err: unknown): TruckFormErrors {
  const details = err instanceof ApiError ? err.body?.details : undefined;
  const out: TruckFormErrors = {};
  if (!Array.isArray(details)) return out;
  for (const d of details as { path?: string; message?: string }[]) {
    const field = String(d.path ?? "").split(".")[0] as TruckField;
    if (TRUCK_FIELDS.includes(field) && d.message && !out[field]) out[field] = d.message;
  }
  return out;
}
