// The POD feature's public face. The board imports it on its first load, so what
// is exported as is stays small (which loads have a POD waiting on this phone);
// the dialogs are exported lazily, loaded on first use (render them inside <Later>).
import { lazyNamed } from "../../lib/lazy";

export { useWaitingLoads } from "./offline/waiting-loads";
export { podsMayBeQueued } from "./offline/outbox-flag";

export const CompletePodDialog = /* @__PURE__ */ lazyNamed(() => import("./components/complete-pod-dialog"), "CompletePodDialog");
export const PodInfoDialog = /* @__PURE__ */ lazyNamed(() => import("./components/pod-info-dialog"), "PodInfoDialog");
export const PodDocumentDialog = /* @__PURE__ */ lazyNamed(() => import("./components/pod-document-dialog"), "PodDocumentDialog");
/** PODs kept on this phone (IndexedDB), read after the board's first paint. */
export const PodOutboxPanel = /* @__PURE__ */ lazyNamed(() => import("./offline/outbox-panel"), "PodOutboxPanel");
