// Does a load belong in a cached GET /api/loads list, and where? The server's list
// rules (filters, the board's order, expiry) in the browser,
// so a load arriving in `event: load` is inserted, moved or removed in
// place. Mirrors loads.repository.ts loadFiltersWhere / listOrder and
// load-visibility.ts visibleLoadsWhere; what cannot be decided here (the "near"
// filters need the postcode table, which carriers never see) answers null.
import { DISTANCE_BANDS, PRICE_BANDS, WEIGHT_BANDS, type Band } from "@contract/constants";
import type { Load } from "@contract/schemas/load";
import { DEFAULT_LOAD_SORT, LOAD_SORTS, type LoadSort } from "@contract/load-sorts";
import { ukWallToInstant } from "@contract/wall-clock";

/** the contract's cap on a list without `limit` */
export const LIST_MAX = 1000;

export interface ListQuery {
  params: URLSearchParams;
  sort: LoadSort;
  limit: number;
  offset: number;
}

export function parseListUrl(url: string): ListQuery {
  const params = new URLSearchParams(url.includes("?") ? url.slice(url.indexOf("?") + 1) : "");
  const s = params.get("sort");
  const sort = s && (LOAD_SORTS as readonly string[]).includes(s) ? (s as LoadSort) : DEFAULT_LOAD_SORT;
  const limit = Number(params.get("limit")) || LIST_MAX;
  const offset = Number(params.get("offset")) || 0;
  return { params, sort, limit, offset };
}

function inBand(value: number | null, bands: Band[], key: string | null): boolean {
  if (!key || key === "all") return true;
  const band = bands.find((b) => b.key === key);
  if (!band) return true;
  // bands: min inclusive, max exclusive; no value matches no band
  if (value == null) return false;
  return (band.min == null || value >= band.min) && (band.max == null || value < band.max);
}

/** "2026-07-02" → the instant that UK day starts (or the next one's, `after`), null when it is no day. */
function ukDay(value: string, after = false): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  return ukWallToInstant(Number(m[1]), Number(m[2]), Number(m[3]) + (after ? 1 : 0));
}

const csv = (v: string | null) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : []);

/**
 * true / false: the load is / is not in this list for this viewer; null: cannot
 * tell here (near filters). `staff` lists every load; others list the board (not
 * expired) and their own taken loads (the server sent them `load` only if they may see it).
 */
export function matchesList(load: Load, q: ListQuery, staff: boolean): boolean | null {
  const p = q.params;
  if (!staff && load.status === "available" && load.expired) return false;
  const search = p.get("search")?.trim().toLowerCase();
  if (search && ![load.loadNumber, load.pickupCity, load.deliveryCity].some((t) => (t ?? "").toLowerCase().includes(search))) return false;
  if (!inBand(load.weight, WEIGHT_BANDS, p.get("weight"))) return false;
  if (!inBand(load.distance, DISTANCE_BANDS, p.get("distance"))) return false;
  if (!inBand(load.price, PRICE_BANDS, p.get("price"))) return false;
  const statuses = csv(p.get("status"));
  if (statuses.length) {
    const ok = statuses.some((s) =>
      s === "available" ? load.status === "available" && !load.expired : s === "expired" ? load.status === "available" && load.expired : load.status === s,
    );
    if (!ok) return false;
  }
  const equipment = p.get("equipmentType");
  if (equipment && equipment !== "all" && load.equipmentType !== equipment) return false;
  const carriers = csv(p.get("carrier"));
  if (carriers.length) {
    const names = carriers.filter((c) => c.toLowerCase() !== "unassigned");
    const ok = (load.acceptedByCarrier != null && names.includes(load.acceptedByCarrier)) || (names.length !== carriers.length && load.acceptedByCarrier == null);
    if (!ok) return false;
  }
  const pickup = load.pickupDate ? Date.parse(load.pickupDate) : null;
  const from = p.get("from");
  const to = p.get("to");
  // a load with no pickup date never matches a date filter
  if (from && (pickup === null || pickup < (ukDay(from) ?? -Infinity))) return false;
  if (to && (pickup === null || pickup >= (ukDay(to, true) ?? Infinity))) return false;
  if (p.get("pickupNear") || p.get("deliveryNear")) return null;
  return true;
}

const time = (v: string | null) => (v ? Date.parse(v) : null);
const SORT_VALUE: Record<LoadSort, [(l: Load) => number | null, boolean]> = {
  "-pickupDate": [(l) => time(l.pickupDate), true],
  pickupDate: [(l) => time(l.pickupDate), false],
  price: [(l) => l.price, false],
  "-price": [(l) => l.price, true],
  ratePerMile: [(l) => l.ratePerMile, false],
  "-ratePerMile": [(l) => l.ratePerMile, true],
  distance: [(l) => l.distance, false],
  "-createdAt": [(l) => time(l.createdAt), true],
};

/** The list order (loads.repository listOrder): nulls last either way, the id breaks ties. */
export function compareLoads(sort: LoadSort): (a: Load, b: Load) => number {
  const [value, desc] = SORT_VALUE[sort];
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return desc ? y - x : x - y;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}
