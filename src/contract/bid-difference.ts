// The Bid dialog: a bid compared with the listed rate. The reference total is
// ratePerMile × distance; the difference is shown in pounds and in percent to one
// decimal. No reference (no rate, or no distance) means nothing to compare with.
export interface BidDifference {
  /** what the bid is compared with: ratePerMile × distance (Bid dialog) or the listed price (Manage Bids), in pounds, 2 dp */
  reference: number;
  /** bid − reference, in pounds, 2 dp: positive above the listed rate, negative below */
  pounds: number;
  /** (bid − reference) / reference × 100, one decimal */
  percent: number;
}

const round = (n: number, dp: number) => {
  const f = 10 ** dp;
  // sign-symmetric rounding so -4.25 and 4.25 show the same magnitude
  return (Math.sign(n) * Math.round(Math.abs(n) * f + Number.EPSILON)) / f || 0;
};

export function bidDifference(
  bidAmount: number | null | undefined,
  ratePerMile: number | null | undefined,
  distance: number | null | undefined,
): BidDifference | null {
  if (bidAmount == null || !Number.isFinite(bidAmount)) return null;
  if (ratePerMile == null || !Number.isFinite(ratePerMile) || ratePerMile <= 0) return null;
  if (distance == null || !Number.isFinite(distance) || distance <= 0) return null;
  return differenceFrom(bidAmount, round(ratePerMile * distance, 2));
}

/**
 * A bid against a given total, in pounds (2 dp) and percent (1 dp). Manage Bids
 * compares with the price listed when the bid was made; the Bid
 * dialog with ratePerMile × distance (above).
 */
export function differenceFrom(bidAmount: number | null | undefined, reference: number | null | undefined): BidDifference | null {
  if (bidAmount == null || !Number.isFinite(bidAmount)) return null;
  if (reference == null || !Number.isFinite(reference) || reference <= 0) return null;
  const pounds = round(bidAmount - reference, 2);
  const percent = round(((bidAmount - reference) / reference) * 100, 1);
  return { reference, pounds, percent };
}
