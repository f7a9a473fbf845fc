// The companies feature's public face. The board imports it on its first load, so
// what is exported as is stays small (the carrier's compliance and the booking
// rules it implies); a screen of its own is exported lazily, loaded on first use.
import { lazyNamed } from "../../lib/lazy";

export { refreshComplianceOn409, useComplianceMe } from "./api/compliance-me";
export { boardNotice, bookingBlock, type BookingBlock } from "./booking-block";
export { BoardComplianceNotice } from "./components/board-compliance-notice";
export { BookingBlockNote } from "./components/booking-block-note";

/** The insurance documents an applicant sends with the registration form. */
export const RegistrationDocuments = /* @__PURE__ */ lazyNamed(() => import("./components/registration-documents"), "RegistrationDocuments");
