// The messages feature's public face: a load's Messages tab, the header's
// messages entry, and counter-offers on bids (the carrier's answer on their card
// and in My Bids, staff's Counter and a bid's history in Manage Bids). The board and
// the header import it on the first load, so every component is lazy: render it
// inside <Later> (or a Suspense with a placeholder of its size).
import { lazyNamed } from "../../lib/lazy";

export type { OpenThread } from "./header-messages";

/** The Messages tab of a load's details. */
export const LoadMessagesPanel = /* @__PURE__ */ lazyNamed(() => import("./messages-panel"), "LoadMessagesPanel");
/** The header's messages entry with the unread count (small: it loads the entry itself once in the browser). */
export { CounterOfferSlot, HeaderMessagesSlot } from "./header-slot";

/** The caller's countered bid on a load (a plain function: the board passes it to the card). */
export { counteredBidFor } from "./counters/countered-bid";
/** A counter-offer as its bidder answers it (My Bids; a card drawn first on the server takes CounterOfferSlot). */
export const CounterOffer = /* @__PURE__ */ lazyNamed(() => import("./counters/counter-offer"), "CounterOffer");
/** Manage Bids: Counter, the standing offer and History beside a bid's Accept and Reject. */
export const BidNegotiation = /* @__PURE__ */ lazyNamed(() => import("./counters/bid-negotiation"), "BidNegotiation");
