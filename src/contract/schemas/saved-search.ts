// Saved searches and lane alerts: a user's board filters under a name, and how a new matching load is
// told to them. `filters` holds the keys of GET /api/loads as the board's URL
// writes them, plus pickupNear / deliveryNear as {postcode, miles}.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { MSG } from "../messages";
import { parsePostcode } from "../postcode";
import { NEAR_MILES, loadFiltersSchema } from "./load";

export const LANE_ALERTS = ["instant", "daily", "off"] as const;
export type LaneAlert = (typeof LANE_ALERTS)[number];
export const LANE_ALERT_LABELS: Record<LaneAlert, string> = {
  instant: "Instant: as soon as a load matches",
  daily: "Daily: one email on weekday mornings",
  off: "Off: no alerts",
};

/** contract: at most 20 a user (409 beyond) */
export const MAX_SAVED_SEARCHES = 20;
/** contract: a saved search's name, 1 to 100 characters */
export const SAVED_SEARCH_NAME_MAX = 100;
export const SAVED_SEARCH_MSG = {
  tooMany: `You can save at most ${MAX_SAVED_SEARCHES} searches: delete one you no longer use first`,
  nameRequired: "Please give the search a name",
  nameTooLong: `A name can be at most ${SAVED_SEARCH_NAME_MAX} characters`,
} as const;

const milesMessage = `Miles must be between ${NEAR_MILES.min} and ${NEAR_MILES.max}`;
export const nearSchema = z.object({
  postcode: z
    .string()
    .trim()
    .min(1, MSG.postcode)
    .max(12, MSG.postcode)
    .refine((v) => parsePostcode(v) !== null, MSG.postcode),
  miles: z.number().int("Miles must be a whole number").min(NEAR_MILES.min, milesMessage).max(NEAR_MILES.max, milesMessage),
});
export type Near = z.infer<typeof nearSchema>;

const text = (max: number) => z.string().max(max).optional();

/** The board's filters as saved: the query keys of GET /api/loads (no paging), and the near filters. */
export const savedSearchFiltersSchema = z
  .object({
    search: text(100),
    weight: text(40),
    distance: text(40),
    price: text(40),
    status: text(200),
    equipmentType: text(40),
    carrier: text(2000),
    from: text(10),
    to: text(10),
    sort: text(20),
    pickupNear: nearSchema.nullable().optional(),
    deliveryNear: nearSchema.nullable().optional(),
  })
  .strict();
export type SavedSearchFilters = z.infer<typeof savedSearchFiltersSchema>;

/** The saved filters as GET /api/loads's query string values (what the board and the alerts both read). */
export function savedFiltersToQuery(f: SavedSearchFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) {
    if (k === "pickupNear" || k === "deliveryNear") continue;
    if (typeof v === "string" && v.trim() !== "") out[k] = v;
  }
  if (f.pickupNear) Object.assign(out, { pickupNear: f.pickupNear.postcode, pickupMiles: String(f.pickupNear.miles) });
  if (f.deliveryNear) Object.assign(out, { deliveryNear: f.deliveryNear.postcode, deliveryMiles: String(f.deliveryNear.miles) });
  return out;
}

/** GET /api/loads query values → saved filters (the board's "Save this search"). */
export function queryToSavedFilters(q: Record<string, string | undefined>): SavedSearchFilters {
  const out: SavedSearchFilters = {};
  for (const k of ["search", "weight", "distance", "price", "status", "equipmentType", "carrier", "from", "to", "sort"] as const) {
    const v = q[k]?.trim();
    if (v) out[k] = v;
  }
  const near = (postcode: string | undefined, miles: string | undefined): Near | undefined =>
    postcode?.trim() ? { postcode: postcode.trim(), miles: miles ? Number(miles) : NEAR_MILES.default } : undefined;
  const pickupNear = near(q.pickupNear, q.pickupMiles);
  const deliveryNear = near(q.deliveryNear, q.deliveryMiles);
  if (pickupNear) out.pickupNear = pickupNear;
  if (deliveryNear) out.deliveryNear = deliveryNear;
  return out;
}

/**
 * Saved filters must also be a query GET /api/loads takes (band keys, statuses,
 * dates): each problem under its key.
 */
export const checkedFiltersSchema = savedSearchFiltersSchema.superRefine((f, ctx) => {
  const r = loadFiltersSchema.safeParse(savedFiltersToQuery(f));
  if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: "custom", message: i.message, path: i.path });
});

export const savedSearchInputSchema = z.object({
  name: z.string().trim().min(1, SAVED_SEARCH_MSG.nameRequired).max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_MSG.nameTooLong),
  filters: checkedFiltersSchema.default({}),
  alert: z.enum(LANE_ALERTS).default("off"),
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

/** PUT: the fields sent are changed, the others kept. */
export const savedSearchUpdateSchema = z.object({
  name: savedSearchInputSchema.shape.name.optional(),
  filters: checkedFiltersSchema.optional(),
  alert: z.enum(LANE_ALERTS).optional(),
});
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

export interface SavedSearch {
  id: string;
  name: string;
  filters: SavedSearchFilters;
  alert: LaneAlert;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/saved-searches (limit default 50, at most 200; newest first) */
export const savedSearchListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200, "limit must be at most 200").default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
