// The trucks feature's public face: a carrier's posted trucks and their matching
// loads, staff's Trucks tab, and a booked load's return loads. The board's card and
// the booking confirmation import it, so everything here is small or lazy: the card's
// slot draws itself only in the browser; the rest loads the first time it is shown
// (render it inside <Later>). The Trucks page is its own route chunk (app.tsx).
import { lazyNamed } from "../../lib/lazy";

/** The booked load's "Return loads (n)" on its card (the board's first screen may draw the card on the server). */
export { ReturnLoadsSlot, isBookedLoad } from "./return-loads-slot";
/** The booking confirmation's "Return loads from …" section. */
export const ReturnLoadsSection = /* @__PURE__ */ lazyNamed(() => import("./return-loads"), "ReturnLoadsSection");
/** Staff: the open trucks (the Trucks tab's count; a plain hook). */
export { useOpenTruckCount } from "./api";
/** Staff: the Trucks tab. */
export const TrucksTab = /* @__PURE__ */ lazyNamed(() => import("./staff/trucks-tab"), "TrucksTab");
