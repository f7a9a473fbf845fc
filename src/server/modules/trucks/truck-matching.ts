// What matches a truck, as SQL over loads, from the distance module's postcode
// district centroids (the radius rule of the board's near filters and saved
// searches: districtsWithin, straight between centroids). One condition serves the
// matches list, the matching reaction (evaluated against one new load) and the
// booking rule (without "on the board now"), so the three never disagree.
import { and, eq, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { loads, type TruckRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Config } from "../../config";
import { districtsWithin, estimateRoadMiles, NO_POSTCODE_TABLE } from "../distance/distance.service";
import { loadPostcodeTable, locate, parsePostcode, type Point, type PostcodeTable } from "../distance/postcodes";
import { onBoardWhere } from "../loads/load-visibility";
import { parseYmd, ukDayEnd, ukDayStart } from "../loads/uk-day";
import { MATCH_DESTINATION_MILES, MATCH_ORIGIN_MILES, RETURN_LOAD_DAYS_AFTER, RETURN_LOAD_MILES } from "../../../contract/schemas/truck";
import { ukDayKey } from "../../../contract/wall-clock";

/**
 * A load's pickup (delivery) district: stored postcodes are normalised ("LS1 4AP"),
 * the district is the part before the space. Word for word the expression of the
 * index loads_available_pickup_district_idx (migration 0028) and of the board's near filter.
 */
export const PICKUP_DISTRICT = sql`split_part(${loads.pickupZip}, ' ', 1)`;
export const DELIVERY_DISTRICT = sql`split_part(${loads.deliveryZip}, ' ', 1)`;

/** The postcode table, or 503 (matching needs the centroids). */
export async function postcodeTable(config: Pick<Config, "postcodeData">): Promise<PostcodeTable> {
  const table = await loadPostcodeTable(config.postcodeData);
  if (!table) throw new AppError(503, NO_POSTCODE_TABLE);
  return table;
}

/** The centroid of a district (or of its area when the district is not in the table); null: unknown. */
export function centroidOf(table: PostcodeTable, outward: string): Point | null {
  const p = parsePostcode(outward);
  return p ? locate(table, p) : null;
}

// ---------------------------------------------------------------- UK days as text

/** "2026-11-23" plus n days (calendar days: no clock change moves a date). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
const dayStart = (day: string): Date => ukDayStart(...parseYmd(day)!);
const dayEnd = (day: string): Date => ukDayEnd(...parseYmd(day)!);
/** The truck's last available UK day. */
export const lastDayOf = (t: Pick<TruckRow, "availableOn" | "availableUntil">): string => t.availableUntil ?? t.availableOn;
/** The UK day of today at `now`. */
export const todayKey = (now: Date): string => ukDayKey(now);

// ---------------------------------------------------------------- conditions

/**
 * A load fits the truck: picks up within 25 miles of its origin on a day it is free,
 * delivers within 50 miles of its destination when it has one, weighs no more than it
 * carries (a load of no stated weight fits) and needs its equipment. A load with no
 * pickup day or postcode fits no truck (it has no day or place to be matched on).
 */
export function fitsTruck(table: PostcodeTable, truck: TruckRow): SQL {
  const origin = districtsWithin(table, truck.originDistrict, MATCH_ORIGIN_MILES) ?? [truck.originDistrict];
  const destination = truck.destinationDistrict
    ? (districtsWithin(table, truck.destinationDistrict, MATCH_DESTINATION_MILES) ?? [truck.destinationDistrict])
    : null;
  return and(
    inArray(PICKUP_DISTRICT, origin),
    gte(loads.pickupDate, dayStart(truck.availableOn)),
    lt(loads.pickupDate, dayEnd(lastDayOf(truck))),
    eq(loads.equipmentType, truck.equipmentType),
    or(isNull(loads.weight), lte(loads.weight, truck.maxWeightKg)),
    destination ? inArray(DELIVERY_DISTRICT, destination) : undefined,
  )!;
}

/** A match now: a load that fits the truck and is on the board (available, its pickup day not over). */
export function matchesTruck(table: PostcodeTable, truck: TruckRow, now: Date): SQL {
  const today = dayStart(todayKey(now));
  // the board's own rule, plus the same bound on the index's second column
  return and(onBoardWhere(today), gte(loads.pickupDate, today), fitsTruck(table, truck))!;
}

/** Whole road miles from a point to each of some districts: the loads are joined to it by their pickup district. */
export interface MilesTo {
  districts: string[];
  miles: number[];
}

/**
 * Road miles (the distance module's estimate, whole miles) from `from` to each
 * district's centroid: what the truck runs empty to collect a load picked up there,
 * and the first key of "best first".
 */
export function milesTo(table: PostcodeTable, from: Point, districts: readonly string[]): MilesTo {
  return { districts: [...districts], miles: districts.map((d) => Math.round(estimateRoadMiles(from, centroidOf(table, d) ?? from))) };
}

/** The empty miles of a truck's matches (from its origin's centroid to each district within 25 miles). */
export function truckEmptyMiles(table: PostcodeTable, truck: TruckRow): MilesTo {
  const districts = districtsWithin(table, truck.originDistrict, MATCH_ORIGIN_MILES) ?? [truck.originDistrict];
  return milesTo(table, { lat: truck.originLat, lon: truck.originLng }, districts);
}

/**
 * Return loads of a booked load: on the board, picking up within 30 miles of its
 * delivery district on its delivery day or the next two (UK days). Its delivery day
 * is its pickup day when it has no delivery date. Null: it has no such district or day.
 */
export function returnLoadsWhere(
  table: PostcodeTable,
  load: { id: string; deliveryZip: string | null; deliveryDate: Date | null; pickupDate: Date | null },
  now: Date,
): { where: SQL; emptyMiles: MilesTo } | null {
  const district = load.deliveryZip ? parsePostcode(load.deliveryZip)?.outward : undefined;
  const when = load.deliveryDate ?? load.pickupDate;
  const centre = district ? centroidOf(table, district) : null;
  if (!district || !when || !centre) return null;
  const first = ukDayKey(when);
  const districts = districtsWithin(table, district, RETURN_LOAD_MILES) ?? [district];
  const today = dayStart(todayKey(now));
  const where = and(
    onBoardWhere(today),
    gte(loads.pickupDate, today),
    inArray(PICKUP_DISTRICT, districts),
    gte(loads.pickupDate, dayStart(first)),
    lt(loads.pickupDate, dayEnd(addDays(first, RETURN_LOAD_DAYS_AFTER))),
    ne(loads.id, load.id),
  )!;
  return { where, emptyMiles: milesTo(table, centre, districts) };
}
