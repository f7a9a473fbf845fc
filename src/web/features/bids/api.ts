// The carrier's bid call: POST /api/bids. Keys start with the path they
// read, so the admin dashboard and the board can invalidate them by prefix (the
// staff's bid calls are in features/bids-staff).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Bid, BidInput } from "@contract/schemas/bid";
import { ApiError, fetchIdempotent, newIdempotencyKey } from "../../lib/api";
import { OWN_BIDS_KEY } from "./use-own-bids";
import { refreshComplianceOn409 } from "../booking-compliance";

const LOADS_KEY = ["/api/loads"] as const;

/**
 * POST /api/bids. The contract answers 201 for a new bid and 200 for an update of
 * the caller's pending bid; the toast depends on which, so this reads the
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
    // a 409 may be the compliance or FORS rule: the board's reasons were out of date
    onError: (err) => refreshComplianceOn409(qc, err),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: LOADS_KEY }), qc.invalidateQueries({ queryKey: OWN_BIDS_KEY })]);
    },
  });
}
