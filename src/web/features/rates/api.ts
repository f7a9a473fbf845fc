// GET /api/rates/lane: by two postcodes (the staff load form) or by a load (the bid dialog: a carrier
// does not see an available load's postcodes). Cached per lane: the figures are
// over 90 days and change slowly.
import { useQuery } from "@tanstack/react-query";
import { parsePostcode } from "@contract/postcode";
import type { EquipmentType } from "@contract/constants";
import type { LaneRate } from "@contract/schemas/rate";
import { api } from "../../lib/api";

export type LaneAsk = { pickup: string; delivery: string; equipmentType: EquipmentType } | { loadId: string };

const STALE_MS = 5 * 60_000;

/**
 * What to ask for, or null when there is nothing to ask yet (no request for a
 * postcode that cannot be one). Only the district is sent: the figures depend on
 * the area alone, so the key is the two areas and typing the rest of a postcode
 * asks nothing new.
 */
export function laneRequest(ask: LaneAsk | null): { key: readonly unknown[]; url: string } | null {
  if (!ask) return null;
  if ("loadId" in ask) {
    return ask.loadId ? { key: ["/api/rates/lane", "load", ask.loadId], url: `/api/rates/lane?loadId=${encodeURIComponent(ask.loadId)}` } : null;
  }
  const p = parsePostcode(ask.pickup);
  const d = parsePostcode(ask.delivery);
  if (!p || !d) return null;
  const q = new URLSearchParams({ pickup: p.outward, delivery: d.outward, equipmentType: ask.equipmentType });
  return { key: ["/api/rates/lane", p.area, d.area, ask.equipmentType], url: `/api/rates/lane?${q}` };
}

export type LaneRequest = NonNullable<ReturnType<typeof laneRequest>>;

export function useLaneRate(req: LaneRequest | null) {
  return useQuery({
    queryKey: req?.key ?? ["/api/rates/lane", "none"],
    queryFn: () => api.get<LaneRate>(req!.url),
    enabled: req !== null,
    staleTime: STALE_MS,
  });
}
