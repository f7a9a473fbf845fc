// The claims screens' calls: a booked load's stop times (read from the load itself,
// GET /api/loads/{id}, with the same key as the load details so both share one
// answer), recording an arrival or departure, the waiting-time claims and the
// staff settings. Keys start with the URL, so one invalidation refreshes a list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Load } from "@contract/schemas/load";
import type { ClaimStatus, LoadStops, Stop, WaitingClaim, WaitingTimeSettings } from "@contract/schemas/claim";
import type { StopPosition } from "@contract/schemas/stop-responses";
import { api, getWithEtag, newIdempotencyKey } from "../../lib/api";

export const CLAIMS_KEY = ["/api/waiting-claims"] as const;
const SETTINGS_KEY = ["/api/admin/waiting-time-settings"] as const;
const LOADS_KEY = ["/api/loads"] as const;

/** A booked load as GET /api/loads/{id} answers the holding company and staff. */
export type LoadWithStops = Load & {
  stops?: LoadStops;
  /** the network's waiting-time terms, when the server shares them with the carrier (the claim form's preview) */
  waitingTime?: WaitingTimeSettings;
};

export const loadDetailKey = (id: string) => [LOADS_KEY[0], "detail", id] as const;

export function useLoadWithStops(id: string, enabled = true) {
  return useQuery({
    queryKey: loadDetailKey(id),
    queryFn: () => api.get<LoadWithStops>(`/api/loads/${encodeURIComponent(id)}`),
    enabled,
    // the card keeps what it last knew when the signal goes (the phone at the yard)
    staleTime: 30_000,
    networkMode: "offlineFirst",
  });
}

export const stopPath = (loadId: string, stop: Stop, kind: "arrival" | "departure") => `/api/loads/${encodeURIComponent(loadId)}/stops/${stop}/${kind}`;

export interface ClaimPage {
  rows: WaitingClaim[];
  total: number;
}

export interface ClaimFilters {
  status?: ClaimStatus | "";
  companyId?: string;
  /** part of the load's number or the company's name (staff) */
  search?: string;
  limit?: number;
  offset?: number;
}

export function claimListUrl(filters: ClaimFilters): string {
  const q = new URLSearchParams();
  if (filters.status) q.set("status", filters.status);
  if (filters.companyId) q.set("companyId", filters.companyId);
  if (filters.search?.trim()) q.set("search", filters.search.trim());
  if (filters.limit != null) q.set("limit", String(filters.limit));
  if (filters.offset) q.set("offset", String(filters.offset));
  const qs = q.toString();
  return `/api/waiting-claims${qs ? `?${qs}` : ""}`;
}

/** Claims are few and decided by the office within the day: a minute is soon enough when no notice arrives. */
const CLAIM_POLL_MS = 60_000;

export function useClaims(filters: ClaimFilters, enabled = true) {
  const url = claimListUrl(filters);
  return useQuery({
    queryKey: [CLAIMS_KEY[0], "list", url],
    queryFn: async (): Promise<ClaimPage> => {
      const { data, total } = await getWithEtag<WaitingClaim[]>(url);
      return { rows: data, total: total ?? data.length };
    },
    enabled,
    refetchInterval: CLAIM_POLL_MS,
    // a new search or status keeps the rows in view until its answer comes
    placeholderData: keepPreviousData,
  });
}

export function useSubmitClaim(loadId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { stop: Stop; note?: string }) =>
      api.post<WaitingClaim>(`/api/loads/${encodeURIComponent(loadId)}/waiting-claims`, input, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: CLAIMS_KEY }), qc.invalidateQueries({ queryKey: loadDetailKey(loadId) })]),
  });
}

export function useDecideClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { id: string; decision: "approve"; amount?: number; reason?: string } | { id: string; decision: "reject"; reason: string }) => {
      const body = d.decision === "approve" ? { ...(d.amount != null ? { amount: d.amount } : {}), ...(d.reason ? { reason: d.reason } : {}) } : { reason: d.reason };
      return api.post<WaitingClaim>(`/api/waiting-claims/${encodeURIComponent(d.id)}/${d.decision}`, body, { idempotencyKey: newIdempotencyKey() });
    },
    // an approval changes the load's invoice too
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: CLAIMS_KEY }), qc.invalidateQueries({ queryKey: ["/api/invoices"] })]),
  });
}

export function useWaitingSettings(enabled: boolean) {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.get<WaitingTimeSettings>("/api/admin/waiting-time-settings"), enabled });
}

export function useSaveWaitingSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: WaitingTimeSettings) => api.put<WaitingTimeSettings>("/api/admin/waiting-time-settings", input),
    onSuccess: (saved) => qc.setQueryData(SETTINGS_KEY, saved),
  });
}

/** Staff correcting a stop's times: the stops come back; the load's details and history, and the claims, read again. */
export function useCorrectStop(loadId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { stop: Stop; arrivedAt: string | null; departedAt: string | null; reason: string }) =>
      api.put<LoadStops>(`/api/loads/${encodeURIComponent(loadId)}/stops/${d.stop}`, { arrivedAt: d.arrivedAt, departedAt: d.departedAt, reason: d.reason }),
    onSuccess: (stops) => qc.setQueryData<LoadWithStops>(loadDetailKey(loadId), (old) => (old ? { ...old, stops } : old)),
    // the load's history (its events) gains the correction's line
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: loadDetailKey(loadId) }),
        qc.invalidateQueries({ queryKey: [LOADS_KEY[0], "events", loadId] }),
        qc.invalidateQueries({ queryKey: CLAIMS_KEY }),
      ]),
  });
}

/** The positions the phones sent at a load's stops (staff; kept 30 days). */
export function useStopPositions(loadId: string, enabled: boolean) {
  return useQuery({
    queryKey: [LOADS_KEY[0], "stop-positions", loadId],
    queryFn: () => api.get<StopPosition[]>(`/api/loads/${encodeURIComponent(loadId)}/stops/positions`),
    enabled,
  });
}

/** Claims waiting for a decision, for the admin tab's count. */
export function usePendingClaimCount(): number | undefined {
  return useClaims({ status: "pending", limit: 1 }).data?.total;
}
