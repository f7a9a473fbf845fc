// The bids feature's public face. The board imports it on its first load, so what
// is exported as is stays small (the carrier's own bids and the admin tab's
// count); dialogs and the staff tab are exported lazily, loaded on first use
// (render them inside <Later>).
import { lazyNamed } from "../../lib/lazy";

export { MyBidsPanel } from "./components/my-bids-panel";
export { pendingBidFor, useOwnBids } from "./use-own-bids";
export { useLoadsWithBidsCount } from "./loads-with-bids-query";

export const BidDialog = /* @__PURE__ */ lazyNamed(() => import("./components/bid-dialog"), "BidDialog");
export const ManageBidsDialog = /* @__PURE__ */ lazyNamed(() => import("./components/manage-bids-dialog"), "ManageBidsDialog");
export const LoadsWithBidsTab = /* @__PURE__ */ lazyNamed(() => import("./components/loads-with-bids-tab"), "LoadsWithBidsTab");
