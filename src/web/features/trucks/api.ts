// The trucks screens' calls (contract-network.md "Trucks and return loads"): the
// company's trucks (staff: open trucks near a place on a day), posting and removing
// one, a truck's matches, staff offering a load to a truck, and a booked load's
// return loads. Matches and return loads are loads: their keys start with
// "/api/loads", so a booking (which invalidates every load query) and a live
// resync of the loads refresh them too.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MatchedLoad, Truck, TruckInputParsed } from "@contract/schemas/truck";
import { api, getWithEtag, newIdempotencyKey } from "../../lib/api";

export const TRUCKS_KEY = ["/api/trucks"] as const;
export const matchesKey = (truckId: string) => ["/api/loads", "truck-matches", truckId] as const;
export const returnLoadsKey = (loadId: string) => ["/api/loads", "return-loads", loadId] as const;

/** Loads come and go on the board every few minutes: a minute is soon enough for a list beside it. */
const MATCH_POLL_MS = 60_000;

export interface StaffTruckFilters {
  /** a postcode or district ("LS1") */
  near?: string;
  miles?: number;
  /** YYYY-MM-DD */
  on?: string;
}

export function trucksUrl(filters: StaffTruckFilters = {}): string {
  const q = new URLSearchParams();
  if (filters.near?.trim()) {
    q.set("near", filters.near.trim());
    if (filters.miles) q.set("miles", String(filters.miles));
  }
  if (filters.on) q.set("on", filters.on);
  q.set("limit", "200");
  return `/api/trucks?${q.toString()}`;
}

/** Carrier: the company's trucks, open first. Staff: the open trucks, filtered. */
export function useTrucks(filters: StaffTruckFilters = {}, enabled = true) {
  const url = trucksUrl(filters);
  return useQuery({
    queryKey: [TRUCKS_KEY[0], "list", url],
    queryFn: () => api.get<Truck[]>(url),
    enabled,
    refetchInterval: MATCH_POLL_MS,
    // a new filter keeps the trucks in view until its answer comes (no layout jump)
    placeholderData: keepPreviousData,
  });
}

/** Staff: how many trucks are open (the Trucks tab's count), from the list's X-Total-Count. */
export function useOpenTruckCount(enabled = true): number | undefined {
  return useQuery({
    queryKey: [TRUCKS_KEY[0], "count"],
    queryFn: async () => (await getWithEtag<Truck[]>("/api/trucks?limit=1")).total ?? undefined,
    enabled,
    refetchInterval: MATCH_POLL_MS,
  }).data;
}

export function usePostTruck() {
  const qc = useQueryClient();
  return useMutation({
    // one Idempotency-Key per post: a retry after a lost answer posts the truck once
    mutationFn: (input: TruckInputParsed) => api.post<Truck>("/api/trucks", input, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => qc.invalidateQueries({ queryKey: TRUCKS_KEY }),
  });
}

export function useRemoveTruck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/trucks/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: TRUCKS_KEY }),
  });
}

/** A truck's matches, best first (empty miles to the pickup, then rate per mile). */
export function useTruckMatches(truckId: string, enabled = true) {
  return useQuery({
    queryKey: matchesKey(truckId),
    queryFn: () => api.get<MatchedLoad[]>(`/api/trucks/${encodeURIComponent(truckId)}/matches`),
    enabled,
    refetchInterval: MATCH_POLL_MS,
  });
}

/** Staff: offer a load to a truck (the company's members hear of it). */
export function useOfferLoad() {
  return useMutation({
    mutationFn: ({ truckId, loadId }: { truckId: string; loadId: string }) =>
      api.post<unknown>(`/api/trucks/${encodeURIComponent(truckId)}/offer`, { loadId }, { idempotencyKey: newIdempotencyKey() }),
  });
}

/** The loads home from a booked load's delivery, best first (the holding company). */
export function useReturnLoads(loadId: string, enabled = true) {
  return useQuery({
    queryKey: returnLoadsKey(loadId),
    queryFn: () => api.get<MatchedLoad[]>(`/api/loads/${encodeURIComponent(loadId)}/return-loads`),
    enabled,
    refetchInterval: MATCH_POLL_MS,
    staleTime: 30_000,
  });
}
