// Lane rates:
// what loads between two postcode areas were booked at per mile over the last
// 90 days. Shown to staff in the load form and to carriers in the bid dialog.
// Decisions: docs/decisions/0011-lane-rates.md.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { MSG } from "../messages";
import { EQUIPMENT_TYPES } from "../constants";
import { parsePostcode } from "../postcode";

/** contract: fewer bookings than this → no figures (never reveal one booking's price) */
export const LANE_RATE_MIN_COUNT = 3;
/** contract: bookings of the last 90 days, by the day they were booked */
export const LANE_RATE_WINDOW_DAYS = 90;

export const LANE_RATE_MSG = {
  pickupRequired: MSG.pickupPostcodeRequired,
  deliveryRequired: MSG.deliveryPostcodeRequired,
  loadOrPostcodes: "Ask for a lane by its two postcodes or by a load, not both",
} as const;

/** A postcode district ("LS1") or a full postcode ("LS1 4AP"), any case and spacing (contract). */
const postcodeParam = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || (v.length <= 12 && parsePostcode(v) !== null), MSG.postcode)
  // an empty value is a missing one (said by the check below)
  .transform((v) => v || undefined);

/**
 * GET /api/rates/lane. Either `pickup` and `delivery` (the contract's form), or
 * `loadId`: the lane of a load the caller may see, worked out by the server from
 * its postcodes, which a carrier may not see before approval;
 * that is how the bid dialog asks. `equipmentType` narrows to one type; with
 * `loadId` it defaults to the load's own type ("all": every type).
 */
export const laneRateQuerySchema = z
  .object({
    pickup: postcodeParam,
    delivery: postcodeParam,
    loadId: z.uuid("Please give a load id").optional(),
    equipmentType: z.union([z.enum(EQUIPMENT_TYPES), z.literal("all")]).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.loadId) {
      if (q.pickup || q.delivery) ctx.addIssue({ code: "custom", path: ["loadId"], message: LANE_RATE_MSG.loadOrPostcodes });
      return;
    }
    if (!q.pickup) ctx.addIssue({ code: "custom", path: ["pickup"], message: LANE_RATE_MSG.pickupRequired });
    if (!q.delivery) ctx.addIssue({ code: "custom", path: ["delivery"], message: LANE_RATE_MSG.deliveryRequired });
  });
export type LaneRateQuery = z.output<typeof laneRateQuerySchema>;

/**
 * The answer. Rates are £ per mile, rounded half up to the penny (JSON numbers,
 * `2.1` = £2.10); all three are null while `count` is below LANE_RATE_MIN_COUNT.
 * `since` is the UK calendar day the 90-day window starts on (`YYYY-MM-DD`):
 * bookings from 00:00 UK time that day count.
 */
export const laneRateSchema = z.object({
  /** postcode areas, the letters of the outward code: "LS", "B" */
  pickupArea: z.string(),
  deliveryArea: z.string(),
  /** bookings on the lane in the window (accepted, approved or completed; positive price and distance) */
  count: z.number().int().min(0),
  medianRatePerMile: z.number().nullable(),
  p25: z.number().nullable(),
  p75: z.number().nullable(),
  since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type LaneRate = z.infer<typeof laneRateSchema>;
