// Bid calls of spec §7 (issue 4). Keys start with the path they read, so the
// admin dashboard and the board can invalidate them by prefix.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POLL } from "@contract/constants";
import type { Bid, BidInput, BidWithCarrier } from "@contract/schemas/bid";
import { api, ApiError, fetchIdempotent, getWithEtag, newIdempotencyKey } from "../../lib/api";
import { OWN_BIDS_KEY } from "./use-own-bids";
import { refreshComplianceOn409 } from "../companies";

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
  // one Idempotency-Key per submit: a retry after a lost connection gets the first answer (one bid)
  const res = await fetchIdempotent(
    "/api/bids",
    { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: JSON.stringify(input) },
    newIdempotencyKey(),
  );
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return { bid: (await res.json()) as Bid, created: res.status === 201 };
}

export function useSubmitBid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitBid,
    // a 409 may be the compliance or FORS rule (issue 17): the board's reasons were out of date
    onError: (err) => refreshComplianceOn409(qc, err),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: LOADS_KEY }), qc.invalidateQueries({ queryKey: OWN_BIDS_KEY })]);
    },
  });
}

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
