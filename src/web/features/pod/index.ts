// The POD feature's public face: completing a POD on a phone. The board imports it
// on its first load, so what is exported as is stays small (which loads have a POD
// waiting on this phone); the dialog and the outbox panel are exported lazily,
// loaded on first use (render them inside <Later>). The POD document is features/pod-document.
import { lazyNamed } from "../../lib/lazy";

export { useWaitingLoads } from "./offline/waiting-loads";
export { podsMayBeQueued } from "./offline/outbox-flag";

export const CompletePodDialog = /* @__PURE__ */ lazyNamed(() => import("./components/complete-pod-dialog"), "CompletePodDialog");
/** PODs kept on this phone (IndexedDB), read after the board's first paint. */
export const PodOutboxPanel = /* @__PURE__ */ lazyNamed(() => import("./offline/outbox-panel"), "PodOutboxPanel");
/** The outbox itself (IndexedDB and its sender), for a feature that queues a request with no signal; loaded on first use. */
export const loadOutbox = () => import("./offline/outbox-api");
