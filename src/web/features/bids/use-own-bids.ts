// GET /api/user/bids every 15 s.
import { useQuery } from "@tanstack/react-query";
import type { OwnBid } from "@contract/schemas/bid";
import { POLL } from "@contract/constants";
import { api } from "../../lib/api";

export const OWN_BIDS_KEY = ["/api/user/bids"] as const;

export function useOwnBids(enabled = true) {
  return useQuery({
    queryKey: OWN_BIDS_KEY,
    queryFn: () => api.get<OwnBid[]>("/api/user/bids"),
    refetchInterval: POLL.ownBids,
    enabled,
  });
}

/** The caller's pending bid on a load, if any. */
export function pendingBidFor(bids: OwnBid[] | undefined, loadId: string): OwnBid | undefined {
  return bids?.find((b) => b.loadId === loadId && b.status === "pending");
}
