// Staff's bid calls: a load's bids, accept and reject. Keys start with
// the path they read, so the admin dashboard and the board can invalidate them by prefix.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POLL } from "@contract/constants";
import type { BidWithCarrier } from "@contract/schemas/bid";
import { api, getWithEtag, newIdempotencyKey } from "../../lib/api";

const ADMIN_BIDS_KEY = ["/api/admin/bids"] as const;
const LOADS_KEY = ["/api/loads"] as const;
const STATS_KEY = ["/api/stats"] as const;
const loadBidsKey = (loadId: string) => [...LOADS_KEY, "bids", loadId] as const;

/**
 * GET /api/loads/{id}/bids (staff), refreshed at the admin bids interval while shown:
 * the newest 1,000 (contract) and how many there are in all.
 */
export function useLoadBids(loadId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: loadBidsKey(loadId ?? ""),
    queryFn: async () => {
      const { data, total } = await getWithEtag<BidWithCarrier[]>(`/api/loads/${encodeURIComponent(loadId!)}/bids`);
      return { bids: data, total: total ?? data.length };
    },
    refetchInterval: POLL.adminBids,
    enabled: !!loadId && enabled,
  });
}

function useBidDecision(action: "accept" | "reject") {
  const qc = useQueryClient();
  return useMutation({
    // one Idempotency-Key per click: a retry after a lost answer gets the first answer, not "no longer pending"
    mutationFn: (bidId: string) => api.post<unknown>(`/api/bids/${encodeURIComponent(bidId)}/${action}`, undefined, { idempotencyKey: newIdempotencyKey() }),
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

/** POST /api/bids/{id}/accept: the load goes to the bidder, other bids rejected. */
export const useAcceptBid = () => useBidDecision("accept");
/** POST /api/bids/{id}/reject: pending bids only. */
export const useRejectBid = () => useBidDecision("reject");
