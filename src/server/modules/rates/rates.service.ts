// Lane rates:
// GET /api/rates/lane. The rule lives here: which lane (two postcodes, or the
// lane of a load the caller may see), the 90-day window by UK calendar day, and
// the privacy floor (fewer than 3 bookings → no figures). docs/decisions/0011-lane-rates.md.
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { MSG } from "../../../contract/messages";
import { parsePostcode } from "../../../contract/postcode";
import { ukDayKey, ukWallToInstant, wallClock, UK_TZ } from "../../../contract/wall-clock";
import type { EquipmentType } from "../../../contract/constants";
import { LANE_RATE_MIN_COUNT, LANE_RATE_WINDOW_DAYS, type LaneRate, type LaneRateQuery } from "../../../contract/schemas/rate";
import { canSeeLoad, type Viewer } from "../loads/load-visibility";
import type { PerVersionMemo } from "../loads/loads-version";
import { selectLaneFigures, selectLoadLane, type LaneFigures } from "./rates.repository";

export const LANE_MSG = {
  loadWithoutPostcodes: "This load has no postcodes to find its lane by",
} as const;

/**
 * The window's first day: the UK calendar day 90 days before today, from 00:00
 * UK time (BST or GMT). Whole days, so the figures are the same all day long.
 */
export function laneWindowStart(now: Date): { since: Date; day: string } {
  const today = wallClock(now, UK_TZ);
  // days past their range roll back over month and year ends (wall-clock.ts)
  const since = new Date(ukWallToInstant(today.year, today.month, today.day - LANE_RATE_WINDOW_DAYS));
  return { since, day: ukDayKey(since) };
}

/** numeric text rounded by the database ("2.10") → a JSON number (2.1); no arithmetic on it */
const pounds = (s: string | null): number | null => (s === null ? null : Number(s));

/** contract: count below 3 → no figures at all, so no one booking's price can be read off */
export function toLaneRate(areas: { pickupArea: string; deliveryArea: string }, figures: LaneFigures, since: string): LaneRate {
  const shown = figures.count >= LANE_RATE_MIN_COUNT;
  return {
    pickupArea: areas.pickupArea,
    deliveryArea: areas.deliveryArea,
    count: figures.count,
    medianRatePerMile: shown ? pounds(figures.median) : null,
    p25: shown ? pounds(figures.p25) : null,
    p75: shown ? pounds(figures.p75) : null,
    since,
  };
}

/**
 * The lane asked about: its two postcode areas and the equipment filter. By
 * `loadId`, the load must be one the caller may see (else 404, as GET
 * /api/loads/{id}); its postcodes are read here and never sent back, only
 * their areas (decision note: no more than the board's near filter tells).
 */
async function resolveLane(opts: { db: DbOrTx; viewer: Viewer; query: LaneRateQuery }) {
  const { db, viewer, query } = opts;
  const equipment = (e: LaneRateQuery["equipmentType"], fallback: EquipmentType | null): EquipmentType | null =>
    e === "all" ? null : (e ?? fallback);
  if (query.loadId) {
    const load = await selectLoadLane(db, query.loadId);
    if (!load || !canSeeLoad(load, viewer)) throw new AppError(404, MSG.notFound);
    const pickup = load.pickupZip ? parsePostcode(load.pickupZip) : null;
    const delivery = load.deliveryZip ? parsePostcode(load.deliveryZip) : null;
    if (!pickup || !delivery) throw new AppError(409, LANE_MSG.loadWithoutPostcodes);
    return { pickupArea: pickup.area, deliveryArea: delivery.area, equipmentType: equipment(query.equipmentType, load.equipmentType as EquipmentType) };
  }
  // the schema has checked both: present and UK-shaped
  const pickup = parsePostcode(query.pickup!)!;
  const delivery = parsePostcode(query.delivery!)!;
  return { pickupArea: pickup.area, deliveryArea: delivery.area, equipmentType: equipment(query.equipmentType, null) };
}

export async function getLaneRate(opts: {
  db: DbOrTx;
  viewer: Viewer;
  query: LaneRateQuery;
  now: Date;
  /** figures per loads version (any write to loads starts afresh), shared by every caller */
  memo?: { version: number; cache: PerVersionMemo<LaneFigures> };
}): Promise<LaneRate> {
  const lane = await resolveLane(opts);
  const { since, day } = laneWindowStart(opts.now);
  const read = () => selectLaneFigures(opts.db, { ...lane, since });
  const key = `${lane.pickupArea}|${lane.deliveryArea}|${lane.equipmentType ?? ""}|${day}`;
  const figures = opts.memo ? await opts.memo.cache.get(opts.memo.version, key, read) : await read();
  return toLaneRate(lane, figures, day);
}
