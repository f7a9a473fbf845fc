// Which of the caller's bids on a load stands countered: a plain function the
// board runs for every card, apart from the rest so its first load stays small.
import type { OwnBid } from "@contract/schemas/bid";

export function counteredBidFor(bids: OwnBid[] | undefined, loadId: string): OwnBid | undefined {
  return bids?.find((b) => b.loadId === loadId && b.status === "countered");
}
