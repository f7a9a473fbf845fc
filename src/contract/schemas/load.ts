// Load shapes and the query filters of GET /api/loads.
// plain English for every check a field does not word itself (plain-errors.ts)
import { whenMissing, z } from "../plain-errors";
import { EQUIPMENT_TYPES, FORS_LEVELS, LOAD_STATUSES, TIME_TYPES, WEIGHT_BANDS, DISTANCE_BANDS, PRICE_BANDS } from "../constants";
import type { LoadStatus, TimeType, EquipmentType } from "../constants";
import { pageQuerySchema } from "./page";
import { MSG } from "../messages";
import { normalisePostcode } from "../postcode";

/** A load in a response; fields a caller may not see are null (contract: redaction). */
export interface Load {
  id: string;
  loadNumber: string;
  mandataNumber: string | null;
  status: LoadStatus;
  pickupAddress: string | null;
  pickupCity: string;
  pickupState: string | null;
  pickupZip: string | null;
  pickupDate: string | null;
  pickupTimeType: TimeType;
  pickupStartTime: string | null;
  pickupEndTime: string | null;
  pickupContact: string | null;
  pickupReference: string | null;
  pickupInstructions: string | null;
  deliveryAddress: string | null;
  deliveryCity: string;
  deliveryState: string | null;
  deliveryZip: string | null;
  deliveryDate: string | null;
  deliveryTimeType: TimeType;
  deliveryStartTime: string | null;
  deliveryEndTime: string | null;
  deliveryContact: string | null;
  deliveryReference: string | null;
  deliveryInstructions: string | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  distance: number | null;
  price: number;
  ratePerMile: number | null;
  cargoType: string | null;
  equipmentType: EquipmentType;
  isUrgent: boolean;
  isTemperatureControlled: boolean;
  adr: boolean;
  waste: boolean;
  tailLift: boolean;
  moffett: boolean;
  edgeProtectors: boolean;
  forsRequirement: string;
  acceptedBy: string | null;
  acceptedByCarrier: string | null;
  acceptedAt: string | null;
  completedAt: string | null;
  pickupSignedBy: string | null;
  pickupSignedDate: string | null;
  deliverySignedBy: string | null;
  deliverySignedDate: string | null;
  signedPaperworkUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** an available load whose pickup day (UK time) has ended: off the board, listed for staff to re-offer (contract) */
  expired: boolean;
}

/** Fields hidden from a carrier unless the load is theirs and approved or completed. */
export const PRIVATE_LOAD_FIELDS = [
  "mandataNumber",
  "pickupAddress",
  "pickupZip",
  "pickupContact",
  "pickupReference",
  "deliveryAddress",
  "deliveryZip",
  "deliveryContact",
  "deliveryReference",
] as const;

/** Text up to `max` characters; `required`: the field's words when it is missing or not text. */
const text = (max = 500, required?: string) => z.string(required ? { error: whenMissing(required) } : undefined).trim().max(max);
const optText = (max = 500) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((v) => (v === "" ? null : v));
const hhmm = z
  .union([z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.timeFormat), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
const isoDate = z
  .union([z.iso.datetime({ offset: true }), z.iso.date(), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
/** contract: a UK postcode, stored normalised ("ll615ul" → "LL61 5UL"); empty → none */
const postcode = z
  .union([z.string().trim().max(12, MSG.postcode), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (!v) return v === undefined ? undefined : null;
    const normalised = normalisePostcode(v);
    if (normalised) return normalised;
    ctx.issues.push({ code: "custom", message: MSG.postcode, input: v });
    return z.NEVER;
  });
const optNumber = (max: number, int = false, maxMessage?: string) =>
  z
    .union([int ? z.number().int().min(0).max(max, maxMessage) : z.number().min(0).max(max, maxMessage), z.null()])
    .optional();

/**
 * The heaviest load a lorry on UK roads may carry: 44,000 kg is the maximum gross
 * weight of an articulated lorry, so a heavier figure is a typing slip. The same
 * limit holds for the load form, the API and the CSV import.
 */
export const MAX_LOAD_WEIGHT_KG = 44_000;
export const WEIGHT_LIMIT_MESSAGE = "Weight can be at most 44,000 kg (the UK's maximum gross weight for an articulated lorry)";

/** Create/edit load body (staff). ratePerMile is computed by the server, never taken from here. */
export const loadInputSchema = z.object({
  loadNumber: optText(40),
  mandataNumber: optText(60),
  pickupAddress: optText(),
  pickupCity: text(120, MSG.pickupCityRequired).min(1, MSG.pickupCityRequired),
  pickupState: optText(120),
  pickupZip: postcode,
  pickupDate: isoDate,
  pickupTimeType: z.enum(TIME_TYPES).default("exact"),
  pickupStartTime: hhmm,
  pickupEndTime: hhmm,
  pickupContact: optText(),
  pickupReference: optText(120),
  pickupInstructions: optText(2000),
  deliveryAddress: optText(),
  deliveryCity: text(120, MSG.deliveryCityRequired).min(1, MSG.deliveryCityRequired),
  deliveryState: optText(120),
  deliveryZip: postcode,
  deliveryDate: isoDate,
  deliveryTimeType: z.enum(TIME_TYPES).default("exact"),
  deliveryStartTime: hhmm,
  deliveryEndTime: hhmm,
  deliveryContact: optText(),
  deliveryReference: optText(120),
  deliveryInstructions: optText(2000),
  weight: optNumber(MAX_LOAD_WEIGHT_KG, true, WEIGHT_LIMIT_MESSAGE),
  length: optNumber(9999.9),
  width: optNumber(999.9),
  height: optNumber(999.9),
  distance: optNumber(100_000, true),
  price: z
    .number({ error: (iss) => (iss.code === "invalid_type" ? (iss.input === undefined ? MSG.priceRequired : MSG.priceNumber) : undefined) })
    .min(0, MSG.priceNegative)
    .max(99_999_999.99),
  cargoType: optText(200),
  equipmentType: z.enum(EQUIPMENT_TYPES).default("Flatbed"),
  isUrgent: z.boolean().default(false),
  isTemperatureControlled: z.boolean().default(false),
  adr: z.boolean().default(false),
  waste: z.boolean().default(false),
  tailLift: z.boolean().default(false),
  moffett: z.boolean().default(false),
  edgeProtectors: z.boolean().default(false),
  forsRequirement: z.enum(FORS_LEVELS).default(""),
  // staff may edit signatories directly (contract: "Partial" POD arises only this way)
  pickupSignedBy: optText(200),
  pickupSignedDate: isoDate,
  deliverySignedBy: optText(200),
  deliverySignedDate: isoDate,
});
export type LoadInput = z.input<typeof loadInputSchema>;
export type LoadInputParsed = z.output<typeof loadInputSchema>;

const bandKey = (bands: { key: string }[]) => z.enum(bands.map((b) => b.key) as [string, ...string[]]);
const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dateFormat);

/**
 * Orders of GET /api/loads: a leading "-" means
 * descending. Every order ends with the load id, so pages never overlap or skip.
 */
// the sort orders live in a zod-free module the board's first chunk can import without loading zod
import { DEFAULT_LOAD_SORT, LOAD_SORTS, type LoadSort } from "../load-sorts";
export { DEFAULT_LOAD_SORT, LOAD_SORTS, type LoadSort };
/** Lists come newest first unless a call says otherwise (loads: pickupDate descending) */

/**
 * The status filter's values: the five statuses, where "available" means on the
 * board today, and "expired": available loads whose pickup day (UK) has ended (staff).
 */
export const LOAD_STATUS_FILTERS = [...LOAD_STATUSES, "expired"] as const;
export type LoadStatusFilter = (typeof LOAD_STATUS_FILTERS)[number];

/** the radius of a "near" filter (contract: miles 10–300); 50 when a postcode comes without one */
export const NEAR_MILES = { min: 10, max: 300, default: 50 } as const;
const nearPostcode = z
  .string()
  .trim()
  .max(12, MSG.postcode)
  .optional()
  .transform((v) => v || undefined);
const nearMiles = z.coerce
  .number()
  .int("Miles must be a whole number")
  .min(NEAR_MILES.min, `Miles must be between ${NEAR_MILES.min} and ${NEAR_MILES.max}`)
  .max(NEAR_MILES.max, `Miles must be between ${NEAR_MILES.min} and ${NEAR_MILES.max}`)
  .optional();

/** GET /api/loads query (contract: filters, sort and paging). "all" means no filter. */
export const loadFiltersSchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  weight: z.union([bandKey(WEIGHT_BANDS), z.literal("all")]).optional(),
  distance: z.union([bandKey(DISTANCE_BANDS), z.literal("all")]).optional(),
  price: z.union([bandKey(PRICE_BANDS), z.literal("all")]).optional(),
  status: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()).filter((s) => s && s !== "all") : []))
    .pipe(z.array(z.enum(LOAD_STATUS_FILTERS)).max(LOAD_STATUS_FILTERS.length)),
  equipmentType: z.union([z.enum(EQUIPMENT_TYPES), z.literal("all")]).optional(),
  carrier: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : []))
    .pipe(z.array(z.string().max(200)).max(50)),
  from: ymd.optional(),
  to: ymd.optional(),
  // saved searches and lane alerts: within `miles` of a postcode, between district centroids
  pickupNear: nearPostcode,
  pickupMiles: nearMiles,
  deliveryNear: nearPostcode,
  deliveryMiles: nearMiles,
  sort: z.enum(LOAD_SORTS).default(DEFAULT_LOAD_SORT),
});
export type LoadFilters = z.output<typeof loadFiltersSchema>;

export const acceptLoadSchema = z.object({ userId: z.uuid().optional() });

/** The target status alone: read before the rest of the body (state before shape, contract 409). */
export const loadStatusTargetSchema = z.object({ status: z.enum(LOAD_STATUSES) });

export const loadStatusSchema = loadStatusTargetSchema.extend({
  userId: z.uuid().nullable().optional(),
  /** approving: the customer's own PO number; empty or absent → the next PO-{year}-{5 digits} if the load has none (contract) */
  mandataNumber: z
    .string()
    .trim()
    .max(60, MSG.poNumberLength)
    .optional()
    .transform((v) => v || undefined),
  acceptedBy: z.uuid().nullable().optional(),
  acceptedByCarrier: z.string().max(200).nullable().optional(),
  reason: z.string().trim().max(500).optional(),
});

export interface LoadView {
  userName: string | null;
  userCarrier: string | null;
  viewedAt: string;
}

export interface LoadEvent {
  id: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorName: string | null;
  reason: string | null;
  createdAt: string;
}

export interface Stats {
  available: number;
  accepted: number;
  approved: number;
  completed: number;
  totalEarnings: number;
}

export const calculateDistanceSchema = z.object({
  pickupPostcode: z.string({ error: whenMissing(MSG.pickupPostcodeRequired) }).trim().min(1, MSG.pickupPostcodeRequired).max(12),
  deliveryPostcode: z.string({ error: whenMissing(MSG.deliveryPostcodeRequired) }).trim().min(1, MSG.deliveryPostcodeRequired).max(12),
});
