// Counter-offers and a bid's history: staff counter a pending bid; the bidder
// accepts (the load becomes theirs at the counter's amount), declines, or bids
// again with the bid dialog. Every answer may move the load and the bids, so
// their lists are read again whatever the outcome.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Bid, BidHistoryEntry, CounterInput } from "@contract/schemas/bid";
import type { Load } from "@contract/schemas/load";
import { api, newIdempotencyKey } from "../../../lib/api";
import { toast } from "../../../components/ui/toast";
import { errorMessage, formatMoney } from "../../../lib/format";

// the bids' keys start with the path they read (features/bids, features/bids-staff), so a prefix reaches them
const TOUCHED = [["/api/loads"], ["/api/user/bids"], ["/api/admin/bids"], ["/api/stats"]] as const;
const bidUrl = (bidId: string, action: string) => `/api/bids/${encodeURIComponent(bidId)}/${action}`;
export const bidHistoryKey = (bidId: string) => ["/api/admin/bids", "history", bidId] as const;

const refresh = (qc: QueryClient) => Promise.all(TOUCHED.map((queryKey) => qc.invalidateQueries({ queryKey })));

/** POST /api/bids/{id}/counter (staff) */
export function useCounterBid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ bidId, input }: { bidId: string; input: CounterInput }) =>
      api.post<{ bid: Bid }>(bidUrl(bidId, "counter"), input, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => refresh(qc),
  });
}

/** The bid an answer is about, for its toast. */
export interface CounterAnswer {
  bidId: string;
  loadNumber: string;
  counterAmount: number | null;
  bidAmount: number;
}

// The toasts are raised here, with the server's answer: the offer on screen goes
// away as the bids are read again (accepted, declined or lapsed), and its own
// callbacks would go with it. A refusal says the server's words ("This offer has expired").
/** POST /api/bids/{id}/accept-counter (the bidder): the load is theirs at the counter's amount */
export function useAcceptCounter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: CounterAnswer) => api.post<{ bid: Bid; load: Load }>(bidUrl(a.bidId, "accept-counter"), undefined, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (_r: unknown, a: CounterAnswer) => toast.success("Counter-offer accepted", `Load #${a.loadNumber} is yours at ${formatMoney(a.counterAmount)}.`),
    onError: (err: unknown) => toast.error("Counter-offer not accepted", errorMessage(err, "Please check your connection and try again.")),
    onSettled: () => refresh(qc),
  });
}

/** POST /api/bids/{id}/decline-counter (the bidder): back to pending at their own amount */
export function useDeclineCounter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: CounterAnswer) => api.post<{ bid: Bid }>(bidUrl(a.bidId, "decline-counter"), undefined, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (_r: unknown, a: CounterAnswer) => toast.success("Counter-offer declined", `Your bid of ${formatMoney(a.bidAmount)} stands.`),
    onError: (err: unknown) => toast.error("Counter-offer not declined", errorMessage(err, "Please check your connection and try again.")),
    onSettled: () => refresh(qc),
  });
}

/** GET /api/bids/{id}/history: every amount, counter and answer, oldest first */
export function useBidHistory(bidId: string, enabled: boolean) {
  return useQuery({ queryKey: bidHistoryKey(bidId), queryFn: () => api.get<BidHistoryEntry[]>(bidUrl(bidId, "history")), enabled });
}
