// How high a bid may go: a figure no load could fetch is a slip of the keyboard
// (an extra zero, pence typed as pounds), refused before it reaches the office.
// The bid dialog and POST /api/bids read the same rules and words; no zod here,
// so the dialog can check while the carrier types.

/** No bid is more than £1,000,000. */
export const MAX_BID_POUNDS = 1_000_000;
/** A bid may be at most this many times the load's listed price, when it has one. */
export const MAX_BID_TIMES_PRICE = 10;

export const BID_LIMIT_MSG = {
  overMax: "A bid can be at most £1,000,000",
  overListed: (listedPrice: number) =>
    `A bid can be at most ${MAX_BID_TIMES_PRICE} times the listed price (${MAX_BID_TIMES_PRICE} × ${pounds(listedPrice)} = ${pounds(listedPrice * MAX_BID_TIMES_PRICE)})`,
} as const;

function pounds(n: number): string {
  return `£${n.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The rule a bid of `amount` pounds breaks on a load listed at `listedPrice` (0 or none: no listed price), or null. */
export function bidLimitProblem(amount: number, listedPrice: number | null | undefined): string | null {
  if (amount > MAX_BID_POUNDS) return BID_LIMIT_MSG.overMax;
  // compared in pence, so £6,800.00 on a £680.00 load is at the limit, not a rounding error over it
  if (listedPrice != null && listedPrice > 0 && Math.round(amount * 100) > Math.round(listedPrice * 100) * MAX_BID_TIMES_PRICE) {
    return BID_LIMIT_MSG.overListed(listedPrice);
  }
  return null;
}
