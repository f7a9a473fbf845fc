// The saved-searches feature's public face: Save this search, for the board's
// current filters. Lazy: the dialog and the saved-search schema (zod) load on first
// use, never with the board.
import { lazyNamed } from "../../lib/lazy";

export const SaveBoardSearchDialog = /* @__PURE__ */ lazyNamed(() => import("./components/save-search-dialog"), "SaveBoardSearchDialog");
