// Manage Bids' figures for one bid. "vs listed" is the bid against the
// price the load was listed at when the amount was bid (`listedPrice`, kept by the
// server with each amount): not against ratePerMile × distance (a rounded rate: £3.33
// over 300 miles is £999.00, not the £1,000 listed), and not against today's price,
// which an award sets to the winning amount, so every other bid would read against
// the winner. The Bid dialog keeps its reference total (ratePerMile × distance).
import type { Bid } from "@contract/schemas/bid";
import type { Load } from "@contract/schemas/load";
import { differenceFrom, type BidDifference } from "@contract/bid-difference";

/**
 * The price a bid was made on: as kept with the bid; for an older bid, the load's
 * price while no bid on it has been awarded (nothing else changes a listed price
 * under a pending bid but staff editing it); else unknown.
 */
export function listedPriceOf(bid: Pick<Bid, "listedPrice">, load: Pick<Load, "price">, awarded: boolean): number | null {
  if (bid.listedPrice != null) return bid.listedPrice;
  return awarded ? null : load.price;
}

/** Signed pounds and percent of the bid against the price it was made on; null when that is unknown or 0. */
export function differenceFromListed(bid: Pick<Bid, "bidAmount" | "listedPrice">, load: Pick<Load, "price">, awarded: boolean): BidDifference | null {
  return differenceFrom(bid.bidAmount, listedPriceOf(bid, load, awarded));
}

/** A bid's age counts from its amount: an updated bid is as old as its update, not its first offer. */
export function bidPlacedAt(bid: Pick<Bid, "updatedAt">): string {
  return bid.updatedAt;
}

/** Whether a bid's amount was changed after it was first placed (shown beside its age). */
export function wasUpdated(bid: Pick<Bid, "createdAt" | "updatedAt" | "status">): boolean {
  return bid.status === "pending" && bid.updatedAt !== bid.createdAt;
}
