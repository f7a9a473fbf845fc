// What a carrier company's compliance lets it book, as the board shows it: the
// one cached answer of GET /api/compliance/me, the rules that turn it into a
// card's reason or the board's notice, and the notes that say so. The board
// imports this on its first load: keep it small.
export { COMPLIANCE_ME_KEY, refreshComplianceOn409, useComplianceMe, type ComplianceMe } from "./compliance-me";
export { boardNotice, bookingBlock, type BookingBlock } from "./booking-block";
export { BoardComplianceNotice } from "./board-compliance-notice";
export { BookingBlockNote } from "./booking-block-note";
