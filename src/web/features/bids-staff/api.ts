// Staff's bid calls: a load's bids, accept and reject (with their toasts). Keys start with
// the path they read, so the admin dashboard and the board can invalidate them by prefix.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { POLL } from "@contract/constants";
import type { BidWithCarrier } from "@contract/schemas/bid";
import { api, getWithEtag, newIdempotencyKey } from "../../lib/api";
import { errorMessage } from "../../lib/format";
import { toast } from "../../components/ui/toast";

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

/** What staff are told when the server answers a decision. */
export const BID_DECISION_TOASTS = {
  accept: { done: ["Bid Accepted", "The winning bid has been selected and other bids rejected."], failed: "Failed to accept bid" },
  reject: { done: ["Bid Rejected", "The bid has been rejected."], failed: "Failed to reject bid" },
} as const;

/**
 * The mutation of one decision. Its toast is raised here, as soon as the server
 * answers: not after every list has been fetched again (a slow or stalled reload
 * would hold the confirmation back, or lose it), and not through the dialog's own
 * callbacks (closed meanwhile, they would never run).
 */
export function bidDecisionOptions(qc: QueryClient, action: "accept" | "reject") {
  const words = BID_DECISION_TOASTS[action];
  return {
    // one Idempotency-Key per click: a retry after a lost answer gets the first answer, not "no longer pending"
    mutationFn: (bidId: string) => api.post<unknown>(`/api/bids/${encodeURIComponent(bidId)}/${action}`, undefined, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => toast.success(words.done[0], words.done[1]),
    onError: (err: unknown) => toast.error(words.failed, errorMessage(err, "") || undefined),
    // whatever the outcome, the load and its bids may have moved on
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: LOADS_KEY }),
        qc.invalidateQueries({ queryKey: ADMIN_BIDS_KEY }),
        qc.invalidateQueries({ queryKey: STATS_KEY }),
      ]);
    },
  };
}

function useBidDecision(action: "accept" | "reject") {
  const qc = useQueryClient();
  return useMutation(bidDecisionOptions(qc, action));
}

/** POST /api/bids/{id}/accept: the load goes to the bidder, other bids rejected. */
export const useAcceptBid = () => useBidDecision("accept");
/** POST /api/bids/{id}/reject: pending bids only. */
export const useRejectBid = () => useBidDecision("reject");
