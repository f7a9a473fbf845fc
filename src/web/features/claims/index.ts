// The claims feature's public face: stop times and waiting-time claims. The board,
// the load details and the admin dashboard import it, so everything here is lazy:
// each piece loads the first time it is shown (render it inside <Later>); only the
// staff tab's count is a plain hook.
import { lazyNamed } from "../../lib/lazy";

/** Staff: how many claims wait for a decision (the Claims tab's count). */
export { usePendingClaimCount } from "./api";

/** Arrived and Leaving on the booked load's card (the card's slot). */
export const StopActions = /* @__PURE__ */ lazyNamed(() => import("./stops/stop-actions"), "StopActions");
/** The stop times and the carrier's claim on the load details. */
export const LoadStopsPanel = /* @__PURE__ */ lazyNamed(() => import("./claim-form/load-stops-panel"), "LoadStopsPanel");
/** Staff: the Claims tab (with the Waiting-time settings). */
export const ClaimsTab = /* @__PURE__ */ lazyNamed(() => import("./staff/claims-tab"), "ClaimsTab");
