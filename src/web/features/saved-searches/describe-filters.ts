// A saved search's filters in words ("Pickup within 50 miles of LS1 · Flatbed"),
// for its name suggestion and the list of saved searches.
import { DISTANCE_BANDS, PRICE_BANDS, WEIGHT_BANDS } from "@contract/constants";
import type { SavedSearchFilters } from "@contract/schemas/saved-search";

const band = (bands: { key: string; label: string }[], key?: string) => bands.find((b) => b.key === key)?.label;

export function describeFilters(f: SavedSearchFilters): string {
  const parts: string[] = [];
  if (f.pickupNear) parts.push(`Pickup within ${f.pickupNear.miles} miles of ${f.pickupNear.postcode.toUpperCase()}`);
  if (f.deliveryNear) parts.push(`Delivery within ${f.deliveryNear.miles} miles of ${f.deliveryNear.postcode.toUpperCase()}`);
  if (f.search) parts.push(`"${f.search}"`);
  if (f.equipmentType && f.equipmentType !== "all") parts.push(f.equipmentType);
  const w = band(WEIGHT_BANDS, f.weight);
  const d = band(DISTANCE_BANDS, f.distance);
  const p = band(PRICE_BANDS, f.price);
  if (w) parts.push(w);
  if (d) parts.push(d);
  if (p) parts.push(p);
  if (f.status && f.status !== "all") parts.push(f.status);
  return parts.length ? parts.join(" · ") : "All loads";
}
