// Trucks and return loads: a carrier company posts the capacity it has free ("a
// flatbed in Leeds on Thursday, home to Bristol"), the board matches available loads
// to it, and a load booked out is offered the loads home from where it delivers.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { EQUIPMENT_TYPES } from "../constants";
import { parsePostcode } from "../postcode";
import type { Load } from "./load";
import { MAX_LOAD_WEIGHT_KG } from "./load";

export const TRUCK_STATUSES = ["open", "booked", "expired"] as const;
export type TruckStatus = (typeof TRUCK_STATUSES)[number];
export const TRUCK_STATUS_LABELS: Record<TruckStatus, string> = { open: "Open", booked: "Booked", expired: "Expired" };

/** contract: at most this many open trucks a company (409 beyond) */
export const MAX_OPEN_TRUCKS = 20;
/** contract: availableUntil at most this many days after availableOn */
export const MAX_AVAILABLE_DAYS = 14;
/** contract: a match picks up within this many miles of the truck's origin… */
export const MATCH_ORIGIN_MILES = 25;
/** …and delivers within this many of its destination, when it has one */
export const MATCH_DESTINATION_MILES = 50;
/** contract: return loads pick up within this many miles of the booked load's delivery district… */
export const RETURN_LOAD_MILES = 30;
/** …on its delivery day or the next this-many days */
export const RETURN_LOAD_DAYS_AFTER = 2;
/** a return_loads notification names at most this many */
export const RETURN_LOADS_NAMED = 3;

export interface Truck {
  id: string;
  companyId: string;
  companyName: string;
  /** YYYY-MM-DD, a UK day */
  availableOn: string;
  /** YYYY-MM-DD; null: that one day only */
  availableUntil: string | null;
  originPostcode: string;
  /** null: anywhere */
  destinationPostcode: string | null;
  equipmentType: (typeof EQUIPMENT_TYPES)[number];
  maxWeightKg: number;
  notes: string | null;
  status: TruckStatus;
  createdAt: string;
}

/** A load matched to a truck (or a return load), with how far the truck runs empty to collect it. */
export type MatchedLoad = Load & { emptyMiles: number | null };

export const TRUCK_MSG = {
  availableOn: "Please enter the day the truck is available (YYYY-MM-DD)",
  availableOnPast: "The day the truck is available cannot be in the past",
  availableUntil: "Available until must be a day (YYYY-MM-DD)",
  untilBeforeOn: "Available until cannot be before the day the truck is available",
  untilTooLate: `Available until can be at most ${MAX_AVAILABLE_DAYS} days after the day the truck is available`,
  origin: "Please enter the postcode or district the truck is in (for example LS1 or LS1 4AP)",
  destination: "The destination must be a UK postcode or district (for example BS1), or left empty for anywhere",
  equipment: "Please choose the truck's equipment",
  weight: `Max weight must be a whole number of kg between 1 and ${MAX_LOAD_WEIGHT_KG.toLocaleString("en-GB")}`,
  notes: "Notes can be at most 500 characters",
  tooMany: `A company can have at most ${MAX_OPEN_TRUCKS} open trucks: remove one first`,
  notFound: "Truck not found",
  notOpen: "This truck is no longer open",
  loadNotAvailable: "This load is no longer available",
  staffOnly: "Only carriers post trucks",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (message: string) => z.string({ error: message }).trim().regex(DAY, message);
/** a postcode or a district ("LS1", "LS1 4AP"), stored as its outward code plus inward when given, upper case */
const place = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(12, message)
    .transform((v, ctx) => {
      const p = parsePostcode(v);
      if (!p) {
        ctx.issues.push({ code: "custom", message, input: v });
        return z.NEVER;
      }
      return p.inward ? `${p.outward} ${p.inward}` : p.outward;
    });

/** POST /api/trucks (the past-day and 14-day rules are the server's: they need today's UK date) */
export const truckInputSchema = z.object({
  availableOn: day(TRUCK_MSG.availableOn),
  availableUntil: z.union([day(TRUCK_MSG.availableUntil), z.null()]).optional(),
  originPostcode: place(TRUCK_MSG.origin),
  destinationPostcode: z
    .union([z.literal(""), z.null(), place(TRUCK_MSG.destination)])
    .optional()
    .transform((v) => v || null),
  equipmentType: z.enum(EQUIPMENT_TYPES, { error: TRUCK_MSG.equipment }),
  maxWeightKg: z.number({ error: TRUCK_MSG.weight }).int(TRUCK_MSG.weight).min(1, TRUCK_MSG.weight).max(MAX_LOAD_WEIGHT_KG, TRUCK_MSG.weight),
  notes: z.union([z.string().trim().max(500, TRUCK_MSG.notes), z.null()]).optional().transform((v) => v || null),
});
export type TruckInput = z.input<typeof truckInputSchema>;
export type TruckInputParsed = z.output<typeof truckInputSchema>;

/** GET /api/trucks: staff may look near a postcode on a day (carriers always see their company's) */
export const truckListQuerySchema = z.object({
  near: z.string().trim().max(12).optional().transform((v) => v || undefined),
  miles: z.coerce.number().int("Miles must be a whole number").min(1, "Miles must be between 1 and 300").max(300, "Miles must be between 1 and 300").optional(),
  on: day("on must be a day (YYYY-MM-DD)").optional(),
  limit: z.coerce.number().int().min(1).max(200, "limit must be at most 200").optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type TruckListQuery = z.output<typeof truckListQuerySchema>;

/** POST /api/trucks/{id}/offer (staff) */
export const truckOfferSchema = z.object({ loadId: z.uuid({ error: "Please choose a load to offer" }) });
