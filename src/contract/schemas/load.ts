// Load shapes (spec §3) and the query filters of GET /api/loads (contract).
import { z } from "zod";
import { EQUIPMENT_TYPES, FORS_LEVELS, LOAD_STATUSES, TIME_TYPES, WEIGHT_BANDS, DISTANCE_BANDS, PRICE_BANDS } from "../constants";
import type { LoadStatus, TimeType, EquipmentType } from "../constants";

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
}

/** Fields hidden from a carrier unless the load is theirs and approved or completed (spec §5, §6). */
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

const text = (max = 500) => z.string().trim().max(max);
const optText = (max = 500) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((v) => (v === "" ? null : v));
const hhmm = z
  .union([z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be in HH:MM format"), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
const isoDate = z
  .union([z.iso.datetime({ offset: true }), z.iso.date(), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
const optNumber = (max: number, int = false) =>
  z
    .union([int ? z.number().int().min(0).max(max) : z.number().min(0).max(max), z.null()])
    .optional();

/** Create/edit load body (staff). ratePerMile is computed by the server, never taken from here. */
export const loadInputSchema = z.object({
  loadNumber: optText(40),
  mandataNumber: optText(60),
  pickupAddress: optText(),
  pickupCity: text(120).min(1, "Pickup city is required"),
  pickupState: optText(120),
  pickupZip: optText(12),
  pickupDate: isoDate,
  pickupTimeType: z.enum(TIME_TYPES).default("exact"),
  pickupStartTime: hhmm,
  pickupEndTime: hhmm,
  pickupContact: optText(),
  pickupReference: optText(120),
  pickupInstructions: optText(2000),
  deliveryAddress: optText(),
  deliveryCity: text(120).min(1, "Delivery city is required"),
  deliveryState: optText(120),
  deliveryZip: optText(12),
  deliveryDate: isoDate,
  deliveryTimeType: z.enum(TIME_TYPES).default("exact"),
  deliveryStartTime: hhmm,
  deliveryEndTime: hhmm,
  deliveryContact: optText(),
  deliveryReference: optText(120),
  deliveryInstructions: optText(2000),
  weight: optNumber(1_000_000, true),
  length: optNumber(9999.9),
  width: optNumber(999.9),
  height: optNumber(999.9),
  distance: optNumber(100_000, true),
  price: z.number({ error: "Price is required" }).min(0, "Price cannot be negative").max(99_999_999.99),
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
const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD");

/** GET /api/loads query (contract: filters and paging). "all" means no filter. */
export const loadFiltersSchema = z.object({
  search: z.string().trim().max(100).optional(),
  weight: z.union([bandKey(WEIGHT_BANDS), z.literal("all")]).optional(),
  distance: z.union([bandKey(DISTANCE_BANDS), z.literal("all")]).optional(),
  price: z.union([bandKey(PRICE_BANDS), z.literal("all")]).optional(),
  status: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()).filter((s) => s && s !== "all") : []))
    .pipe(z.array(z.enum(LOAD_STATUSES)).max(5)),
  equipmentType: z.union([z.enum(EQUIPMENT_TYPES), z.literal("all")]).optional(),
  carrier: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : []))
    .pipe(z.array(z.string().max(200)).max(50)),
  from: ymd.optional(),
  to: ymd.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type LoadFilters = z.output<typeof loadFiltersSchema>;

export const acceptLoadSchema = z.object({ userId: z.uuid().optional() });

export const loadStatusSchema = z.object({
  status: z.enum(LOAD_STATUSES),
  userId: z.uuid().nullable().optional(),
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
  pickupPostcode: z.string().trim().min(1, "Pickup postcode is required").max(12),
  deliveryPostcode: z.string().trim().min(1, "Delivery postcode is required").max(12),
});
