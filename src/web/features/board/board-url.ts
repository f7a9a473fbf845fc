// The board's filters and sort live in the page URL: a reload, Back and a shared link keep them. The URL uses the API's
// own query names and values (`/?search=leeds&weight=gt10000&sort=price`); a value
// the board does not offer (an old or hand-edited link) is read as "all" / the
// default order rather than sent on to a 400.
import { DISTANCE_BANDS, EQUIPMENT_TYPES, LOAD_STATUSES, PRICE_BANDS, WEIGHT_BANDS } from "@contract/constants";
import { LOAD_SORTS, type LoadSort } from "@contract/load-sorts";

/**
 * The order the board opens in: soonest pickup first, the work a carrier can do next
 * (the API's own default, latest first, would show loads weeks away first). The board
 * always sends it, so the API's default does not matter here.
 */
export const BOARD_DEFAULT_SORT: LoadSort = "pickupDate";

export interface BoardFilters {
  search: string;
  weight: string;
  distance: string;
  price: string;
  status: string;
  equipmentType: string;
  /** "near" filters: a postcode and a radius in miles ("" = the API's 50) */
  pickupNear: string;
  pickupMiles: string;
  deliveryNear: string;
  deliveryMiles: string;
  sort: LoadSort;
}

export const EMPTY_FILTERS: BoardFilters = {
  search: "",
  weight: "all",
  distance: "all",
  price: "all",
  status: "all",
  equipmentType: "all",
  pickupNear: "",
  pickupMiles: "",
  deliveryNear: "",
  deliveryMiles: "",
  sort: BOARD_DEFAULT_SORT,
};

/** The radii the near filters offer (contract: 10–300 miles). */
export const NEAR_MILES_OPTIONS = ["10", "25", "50", "75", "100", "150", "200", "300"] as const;
const NEAR_KEYS = ["pickupNear", "pickupMiles", "deliveryNear", "deliveryMiles"] as const;

/** The board's orders in the sort control, the board's default first (soonest pickup). */
export const SORT_OPTIONS: { value: LoadSort; label: string }[] = [
  { value: "pickupDate", label: "Soonest pickup" },
  { value: "-pickupDate", label: "Latest pickup" },
  { value: "price", label: "Price: low to high" },
  { value: "-price", label: "Price: high to low" },
  { value: "ratePerMile", label: "£/mile: low to high" },
  { value: "-ratePerMile", label: "£/mile: high to low" },
  { value: "distance", label: "Distance: shortest" },
  { value: "-createdAt", label: "Newest listed" },
];

const ALLOWED: Record<Exclude<keyof BoardFilters, "search" | "sort" | (typeof NEAR_KEYS)[number]>, readonly string[]> = {
  weight: WEIGHT_BANDS.map((b) => b.key),
  distance: DISTANCE_BANDS.map((b) => b.key),
  price: PRICE_BANDS.map((b) => b.key),
  status: LOAD_STATUSES,
  equipmentType: EQUIPMENT_TYPES,
};

/** URL order: stable, so one filter state is always one URL (and one history entry). */
const ORDER = ["search", "weight", "distance", "price", "status", "equipmentType", ...NEAR_KEYS, "sort"] as const;

/** The filters a URL's query string (`location.search`, with or without "?") names. */
export function filtersFromSearch(search: string): BoardFilters {
  const q = new URLSearchParams(search);
  const out: BoardFilters = { ...EMPTY_FILTERS };
  out.search = (q.get("search") ?? "").trim().slice(0, 100);
  for (const key of Object.keys(ALLOWED) as (keyof typeof ALLOWED)[]) {
    const v = q.get(key);
    if (v && ALLOWED[key].includes(v)) out[key] = v;
  }
  for (const key of ["pickupNear", "deliveryNear"] as const) out[key] = (q.get(key) ?? "").trim().toUpperCase().slice(0, 12);
  for (const key of ["pickupMiles", "deliveryMiles"] as const) {
    const v = q.get(key);
    if (v && (NEAR_MILES_OPTIONS as readonly string[]).includes(v)) out[key] = v;
  }
  const sort = q.get("sort");
  if (sort && (LOAD_SORTS as readonly string[]).includes(sort)) out.sort = sort as LoadSort;
  return out;
}

/** The query string ("" or "?…") for these filters, leaving out blanks, "all" and the default order. */
export function searchFromFilters(f: BoardFilters): string {
  const q = new URLSearchParams();
  for (const key of ORDER) {
    const v = f[key].trim();
    if (v === "" || v === "all" || (key === "sort" && v === BOARD_DEFAULT_SORT)) continue;
    // a radius without its postcode means nothing
    if ((key === "pickupMiles" && !f.pickupNear.trim()) || (key === "deliveryMiles" && !f.deliveryNear.trim())) continue;
    q.set(key, v);
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}
