// The bids feature's public face: the carrier's side (their bids and the bid
// dialog). The board imports it on its first load, so what is exported as is
// stays small; the bid dialog is exported lazily, loaded on first use (render it
// inside <Later>). Staff's bid screens are features/bids-staff.
import { lazyNamed } from "../../lib/lazy";

export { MyBidsPanel } from "./components/my-bids-panel";
export { OWN_BIDS_KEY, pendingBidFor, useOwnBids } from "./use-own-bids";

export const BidDialog = /* @__PURE__ */ lazyNamed(() => import("./components/bid-dialog"), "BidDialog");
