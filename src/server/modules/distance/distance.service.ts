// Road-distance estimate between two UK postcodes (POST
// /api/calculate-distance). Default: district centroids × a road-circuity
// factor (docs/decisions/0002-distance-estimate.md); optionally a routing engine (OSRM)
// with the estimate as its fallback.
import type { Config } from "../../config";
import { AppError } from "../../lib/app-error";
import { loadPostcodeTable, locate, parsePostcode, type Point, type PostcodeTable } from "./postcodes";
import { MSG } from "../../../contract/messages";

export interface DistanceProvider {
  readonly name: string;
  /** road miles between two points, not rounded */
  miles(from: Point, to: Point): Promise<number>;
}

const EARTH_RADIUS_MILES = 3958.7613;
const METERS_PER_MILE = 1609.344;

export function haversineMiles(a: Point, b: Point): number {
  const rad = (x: number) => (x * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Road miles per straight-line mile, calibrated on UK city pairs
 * (docs/decisions/0002-distance-estimate.md): 1.2 between towns, rising towards 1.4
 * for trips of a few miles, which wind through streets.
 */
export function circuityFactor(straightMiles: number): number {
  return 1.2 + 0.2 * Math.exp(-straightMiles / 5);
}

export function estimateRoadMiles(a: Point, b: Point): number {
  const straight = haversineMiles(a, b);
  return straight * circuityFactor(straight);
}

export const centroidProvider: DistanceProvider = {
  name: "centroid",
  miles: async (a, b) => estimateRoadMiles(a, b),
};

/**
 * OSRM's route service: GET {url}/route/v1/driving/{lon},{lat};{lon},{lat}?overview=false.
 * Any failure (unreachable, timeout, no route) falls back to the estimate, so a
 * routing outage never blocks creating a load.
 */
export function createOsrmProvider(
  osrmUrl: string,
  opts: { fallback?: DistanceProvider; timeoutMs?: number; onFallback?: (reason: string) => void } = {},
): DistanceProvider {
  const base = osrmUrl.replace(/\/+$/, "");
  const fallback = opts.fallback ?? centroidProvider;
  return {
    name: "osrm",
    async miles(a, b) {
      const coords = `${a.lon.toFixed(6)},${a.lat.toFixed(6)};${b.lon.toFixed(6)},${b.lat.toFixed(6)}`;
      try {
        const res = await fetch(`${base}/route/v1/driving/${coords}?overview=false`, {
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        });
        if (!res.ok) throw new Error(`OSRM answered ${res.status}`);
        const body = (await res.json()) as { code?: string; routes?: { distance?: unknown }[] };
        const meters = body.routes?.[0]?.distance;
        if (body.code !== "Ok" || typeof meters !== "number" || !Number.isFinite(meters)) {
          throw new Error(`OSRM gave no route (${String(body.code)})`);
        }
        return meters / METERS_PER_MILE;
      } catch (err) {
        opts.onFallback?.(err instanceof Error ? err.message : String(err));
        return fallback.miles(a, b);
      }
    },
  };
}

export function providerFor(config: Pick<Config, "distanceProvider" | "osrmUrl">): DistanceProvider {
  if (config.distanceProvider === "osrm" && config.osrmUrl) return createOsrmProvider(config.osrmUrl);
  return centroidProvider;
}

/** the wording for a missing postcode */
export const MISSING_POSTCODES = "Please fill in both pickup and delivery postcodes to calculate distance.";
export const NO_POSTCODE_TABLE =
  "Distance estimates are not available: no UK postcode table is installed on the server (POSTCODE_DATA). Please enter the distance manually.";

const LABEL = { pickup: "Pickup", delivery: "Delivery" } as const;

/** Whole road miles between two postcodes; AppError 400 for bad postcodes, 503 without a table. */
export async function calculateDistance(opts: {
  config: Pick<Config, "postcodeData" | "distanceProvider" | "osrmUrl">;
  pickupPostcode: string;
  deliveryPostcode: string;
  provider?: DistanceProvider;
}): Promise<number> {
  const input = { pickup: opts.pickupPostcode.trim(), delivery: opts.deliveryPostcode.trim() };
  const missing = (Object.keys(input) as (keyof typeof input)[]).filter((k) => input[k] === "");
  if (missing.length) {
    throw new AppError(400, MISSING_POSTCODES, missing.map((k) => `${LABEL[k]} postcode is required`).join("; "));
  }
  const parsed = { pickup: parsePostcode(input.pickup), delivery: parsePostcode(input.delivery) };
  const malformed = (Object.keys(parsed) as (keyof typeof parsed)[]).filter((k) => !parsed[k]);
  if (malformed.length) {
    throw new AppError(
      400,
      "Invalid postcode",
      malformed.map((k) => `${LABEL[k]} postcode "${input[k].slice(0, 12)}" is not a valid UK postcode`).join("; "),
    );
  }
  const table = await loadPostcodeTable(opts.config.postcodeData);
  if (!table) throw new AppError(503, NO_POSTCODE_TABLE);
  const from = locate(table, parsed.pickup!);
  const to = locate(table, parsed.delivery!);
  const unknown = [!from && "pickup", !to && "delivery"].filter(Boolean) as (keyof typeof parsed)[];
  if (unknown.length) {
    throw new AppError(
      400,
      "Unknown postcode",
      unknown.map((k) => `${LABEL[k]} postcode "${input[k]}" was not found in the UK postcode table`).join("; "),
    );
  }
  const provider = opts.provider ?? providerFor(opts.config);
  return Math.round(await provider.miles(from!, to!));
}

// ---------------------------------------------------------------- near filters
// "Near" filters (saved searches and lane alerts): the loads whose
// pickup (or delivery) postcode district lies within `miles` of a given
// postcode, measured straight between district centroids (haversine). The set
// of districts is worked out here from the centroid table, once per postcode
// and radius, so the database only compares a load's district with a list.

/** A near filter as asked: the district of the postcode given, and the radius. */
export interface NearQuery {
  outward: string;
  miles: number;
}

/** The same, with the districts it covers (upper case outward codes, sorted). */
export interface NearFilter extends NearQuery {
  districts: string[];
}

export type NearSide = "pickup" | "delivery";

/** "ls1 4ap" → its district "LS1"; AppError 400 (under `path`) when it is no UK postcode. */
export function nearQueryOf(postcode: string, miles: number, path: string): NearQuery {
  const parsed = parsePostcode(postcode);
  if (!parsed) throw new AppError(400, MSG.postcode, [{ path, message: MSG.postcode }]);
  return { outward: parsed.outward, miles };
}

// one table per path (postcodes.ts), and per table the answers already worked out
const memo = new WeakMap<PostcodeTable, Map<string, string[] | null>>();
const MEMO_MAX = 5_000;

/**
 * The districts whose centroid is within `miles` of the district `outward`
 * (its area's centroid when the district is not in the table), itself always
 * included. Null: the postcode is not known at all.
 */
export function districtsWithin(table: PostcodeTable, outward: string, miles: number): string[] | null {
  let cache = memo.get(table);
  if (!cache) memo.set(table, (cache = new Map()));
  const key = `${outward}|${miles}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const parsed = parsePostcode(outward);
  const centre = parsed ? locate(table, parsed) : null;
  let out: string[] | null = null;
  if (centre) {
    const set = new Set<string>([outward]);
    for (const [code, point] of table.outcodes) if (haversineMiles(centre, point) <= miles) set.add(code);
    out = [...set].sort();
  }
  if (cache.size >= MEMO_MAX) cache.clear();
  cache.set(key, out);
  return out;
}

/**
 * The districts of each near filter asked for: 503 without a postcode table,
 * 400 "Please enter a valid UK postcode" for one the table does not know.
 */
export async function resolveNear(
  config: Pick<Config, "postcodeData">,
  asked: Partial<Record<NearSide, NearQuery>>,
): Promise<Partial<Record<NearSide, NearFilter>>> {
  const sides = (Object.keys(asked) as NearSide[]).filter((k) => asked[k]);
  if (sides.length === 0) return {};
  const table = await loadPostcodeTable(config.postcodeData);
  if (!table) throw new AppError(503, NO_POSTCODE_TABLE);
  const out: Partial<Record<NearSide, NearFilter>> = {};
  for (const side of sides) {
    const q = asked[side]!;
    const districts = districtsWithin(table, q.outward, q.miles);
    if (!districts) {
      const message = `${LABEL[side]} postcode ${q.outward} is not in the UK postcode table`;
      throw new AppError(400, MSG.postcode, [{ path: `${side}Near`, message }]);
    }
    out[side] = { ...q, districts };
  }
  return out;
}
