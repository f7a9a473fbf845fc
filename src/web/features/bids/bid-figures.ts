// The bid dialog's figures and limits, from the load's listed price itself: a bid
// is compared with the price the carrier sees on the card (£680.00), not with
// rate per mile × distance, which rounds to a different total (£679.80).
import { bidLimitProblem } from "@contract/bid-limits";
import { differenceFrom, type BidDifference } from "@contract/bid-difference";

/** The listed price a bid is measured against; null when the load has none (a price of 0). */
export function listedPriceOf(load: { price: number | null | undefined }): number | null {
  return load.price != null && Number.isFinite(load.price) && load.price > 0 ? load.price : null;
}

/** A bid of `amount` pounds against the listed price, in pounds and percent; null with no amount or no listed price. */
export function bidFigures(amount: number | null, load: { price: number | null | undefined }): BidDifference | null {
  if (amount == null || !Number.isFinite(amount) || amount <= 0) return null;
  return differenceFrom(amount, listedPriceOf(load));
}

/** The rule an amount breaks on this load (above £1,000,000, or above 10× its listed price), or null. */
export function bidAmountProblem(amount: number, load: { price: number | null | undefined }): string | null {
  return bidLimitProblem(amount, listedPriceOf(load));
}
