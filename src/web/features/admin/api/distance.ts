// POST /api/calculate-distance: road miles between two postcodes, rounded
// to whole miles as the form keeps them. Throws when there is no usable answer, so
// the form can fall back to the distance typed by hand.
import { api } from "../../../lib/api";

export async function fetchDistance(pickupPostcode: string, deliveryPostcode: string): Promise<number> {
  const r = await api.post<{ distance: number }>("/api/calculate-distance", { pickupPostcode, deliveryPostcode });
  if (typeof r?.distance !== "number" || !Number.isFinite(r.distance)) throw new Error("no distance");
  return Math.round(r.distance);
}
