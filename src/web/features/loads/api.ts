// Load queries and mutations shared by the carrier board and the admin dashboard.
// Every key starts with "/api/loads" (or "/api/stats") so any feature can
// invalidate them with queryClient.invalidateQueries({ queryKey: LOADS_KEY }).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POLL } from "@contract/constants";
import type { Load, LoadEvent, LoadView, Stats } from "@contract/schemas/load";
import { api, getWithEtag, newIdempotencyKey } from "../../lib/api";
import { refreshComplianceOn409 } from "../booking-compliance";

export const LOADS_KEY = ["/api/loads"] as const;
export const STATS_KEY = ["/api/stats"] as const;
/** own bids are rejected when a load is accepted (contract), so they go stale too */
const OWN_BIDS_KEY = ["/api/user/bids"] as const;

/** Query filters of GET /api/loads (contract); "all" or empty means no filter. */
export interface LoadListFilters {
  search?: string;
  weight?: string;
  distance?: string;
  price?: string;
  /** one status or a comma list */
  status?: string;
  equipmentType?: string;
  /** comma list of carrier names, "unassigned" allowed (admin) */
  carrier?: string;
  from?: string;
  to?: string;
  /** the contract's order, e.g. "pickupDate" (soonest first); left out = the server's default */
  sort?: string;
  /** "near" filters: postcode and miles */
  pickupNear?: string;
  pickupMiles?: string;
  deliveryNear?: string;
  deliveryMiles?: string;
  limit?: number;
  offset?: number;
}

/** The query string for GET /api/loads, leaving out "all" and blanks; stable order for ETag caching. */
export function loadsQueryString(filters: LoadListFilters): string {
  const q = new URLSearchParams();
  for (const key of ["search", "weight", "distance", "price", "status", "equipmentType", "carrier", "from", "to", "pickupNear", "pickupMiles", "deliveryNear", "deliveryMiles", "sort", "limit", "offset"] as const) {
    const v = filters[key];
    if (v == null) continue;
    const s = String(v).trim();
    if (s === "" || s === "all") continue;
    q.set(key, s);
  }
  const qs = q.toString();
  return qs ? `?${qs}` : "";
}

export interface LoadList {
  loads: Load[];
  /** X-Total-Count when paging, else the number of loads returned */
  total: number;
}

/**
 * GET /api/loads with the filters applied by the server, revalidated by ETag so
 * an unchanged board costs a 304 (polled every 10 s on the board, 8 s on admin).
 * The previous list stays on screen while new filters load (ui.md: no layout jump).
 */
export function useLoads(filters: LoadListFilters, opts: { poll?: number | false; enabled?: boolean } = {}) {
  const url = `/api/loads${loadsQueryString(filters)}`;
  return useQuery({
    queryKey: [...LOADS_KEY, "list", url],
    queryFn: async (): Promise<LoadList> => {
      const { data, total } = await getWithEtag<Load[]>(url);
      return { loads: data, total: total ?? data.length };
    },
    refetchInterval: opts.poll === undefined ? POLL.boardLoads : opts.poll,
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/** GET /api/loads/{id}: the fresh, redacted load (404 when the caller may not see it). */
export function useLoad(id: string | null | undefined) {
  return useQuery({
    queryKey: [...LOADS_KEY, "detail", id],
    queryFn: () => api.get<Load>(`/api/loads/${encodeURIComponent(id!)}`),
    enabled: !!id,
  });
}

/** GET /api/stats every 15 s; counts default to 0. */
export function useStats() {
  return useQuery({
    queryKey: STATS_KEY,
    queryFn: () => api.get<Stats>("/api/stats"),
    refetchInterval: POLL.stats,
  });
}

/**
 * PATCH /api/loads/{id}/accept {userId}, with a fresh Idempotency-Key per click (a
 * retry after a lost connection gets the first answer); refreshes loads, stats and
 * own bids whatever the outcome.
 */
export function useAcceptLoad() {
  const qc = useQueryClient();
  return useMutation({
    // without a signal it fails at once instead of waiting, paused, to book the load later
    networkMode: "always",
    mutationFn: ({ loadId, userId }: { loadId: string; userId: string }) =>
      api.patch<Load>(`/api/loads/${encodeURIComponent(loadId)}/accept`, { userId }, { idempotencyKey: newIdempotencyKey() }),
    // a 409 may be the compliance or FORS rule: the board's reasons were out of date
    onError: (err) => refreshComplianceOn409(qc, err),
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: LOADS_KEY }),
        qc.invalidateQueries({ queryKey: STATS_KEY }),
        qc.invalidateQueries({ queryKey: OWN_BIDS_KEY }),
      ]);
    },
  });
}

/** POST /api/loads/{id}/view each time a load is opened. Failures are silent: it is bookkeeping. */
export function useRecordView() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (loadId: string) => api.post<void>(`/api/loads/${encodeURIComponent(loadId)}/view`),
    onSuccess: (_data, loadId) => qc.invalidateQueries({ queryKey: [...LOADS_KEY, "views", loadId] }),
  });
}

/** A bounded list (contract: the newest 1,000 at most) and how many there are in all (X-Total-Count). */
async function getList<T>(url: string): Promise<{ list: T[]; total: number }> {
  const { data, total } = await getWithEtag<T[]>(url);
  return { list: data, total: total ?? data.length };
}

/** GET /api/loads/{id}/views (staff only), newest first. */
export function useLoadViews(id: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: [...LOADS_KEY, "views", id],
    queryFn: () => getList<LoadView>(`/api/loads/${encodeURIComponent(id!)}/views`),
    enabled: !!id && enabled,
  });
}

/** GET /api/loads/{id}/events (staff only): the audit trail of status changes. */
export function useLoadEvents(id: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: [...LOADS_KEY, "events", id],
    queryFn: () => getList<LoadEvent>(`/api/loads/${encodeURIComponent(id!)}/events`),
    enabled: !!id && enabled,
  });
}
