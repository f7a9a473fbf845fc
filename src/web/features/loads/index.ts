// The loads feature's public face. The board imports it on its first load, so
// what is exported as is stays small (the list and stats queries, the accept
// flow, the rules a card needs); the details dialog is exported lazily, loaded
// the first time it is shown (render it inside <Later>).
import { lazyNamed } from "../../lib/lazy";

export { LOADS_KEY, STATS_KEY, loadsQueryString, useLoad, useLoads, useStats } from "./api";
export { canAcceptLoad, canBidOnLoad, canCompletePod, loadFeatureBadges, rateOf, unavailableLabel } from "./load-rules";
export { useAcceptLoadFlow } from "./components/accept-load-dialogs";

export const LoadDetailsDialog = /* @__PURE__ */ lazyNamed(() => import("./components/load-details-dialog"), "LoadDetailsDialog");
