// Bid calls of spec §7 (issue 4). Keys start with the path they read, so the
// admin dashboard and the board can invalidate them by prefix.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POLL } from "@contract/constants";
import type { Bid, BidInput, BidWithCarrier } from "@contract/schemas/bid";
import { api, ApiError } from "../../lib/api";
import { OWN_BIDS_KEY } from "./use-own-bids";

export const ADMIN_BIDS_KEY = ["/api/admin/bids"] as const;
const LOADS_KEY = ["/api/loads"] as const;
const STATS_KEY = ["/api/stats"] as const;
export const loadBidsKey = (loadId: string) => [...LOADS_KEY, "bids", loadId] as const;

/**
 * POST /api/bids. The contract answers 201 for a new bid and 200 for an update of
 * the caller's pending bid; the toast depends on which (spec §7), so this reads the
 * status itself instead of going through api.post.
 */
export async function submitBid(input: BidInput): Promise<{ bid: Bid; created: boolean }> {
  const res = await fetch("/api/bids", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return { bid: (await res.json()) as Bid, created: res.status === 201 };
}

export function useSubmitBid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitBid,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: LOADS_KEY }), qc.invalidateQueries({ queryKey: OWN_BIDS_KEY })]);
    },
  });
}

/** GET /api/admin/bids every 12 s (spec §9), staff only. */
export function useAdminBids(enabled = true) {
  return useQuery({
    queryKey: ADMIN_BIDS_KEY,
    queryFn: () => api.get<BidWithCarrier[]>("/api/admin/bids"),
    refetchInterval: POLL.adminBids,
    enabled,
  });
}

/** GET /api/loads/{id}/bids (staff), refreshed at the admin bids interval while shown. */
export function useLoadBids(loadId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: loadBidsKey(loadId ?? ""),
    queryFn: () => api.get<BidWithCarrier[]>(`/api/loads/${encodeURIComponent(loadId!)}/bids`),
    refetchInterval: POLL.adminBids,
    enabled: !!loadId && enabled,
  });
}

function useBidDecision(action: "accept" | "reject") {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bidId: string) => api.post<unknown>(`/api/bids/${encodeURIComponent(bidId)}/${action}`),
    // whatever the outcome, the load and its bids may have moved on
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: LOADS_KEY }),
        qc.invalidateQueries({ queryKey: ADMIN_BIDS_KEY }),
        qc.invalidateQueries({ queryKey: STATS_KEY }),
      ]);
    },
  });
}

/** POST /api/bids/{id}/accept: the load goes to the bidder, other bids rejected (spec §4). */
export const useAcceptBid = () => useBidDecision("accept");
/** POST /api/bids/{id}/reject: pending bids only. */
export const useRejectBid = () => useBidDecision("reject");
