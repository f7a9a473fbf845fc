// Words and FORS rules of carrier compliance,
// without zod: the board's booking check (web companies/booking-block.ts) reads them
// and must not pull the schema library (it would slow the first page load); schemas/company.ts
// re-exports them.
import type { ForsLevel } from "./constants";

export const COMPANY_MSG = {
  companyNumber: "Companies House number must be 8 digits, or 2 letters and 6 digits (e.g. 01234567 or SC123456)",
  vatNumber: "VAT number must be GB followed by 9 or 12 digits (e.g. GB123456789)",
  operatorLicence: "Operator licence number must be 2 letters and 7 digits (e.g. OB1234567)",
  forsLevel: "FORS level must be Bronze, Silver, Gold or none",
  certificateForsLevel: "Please choose the FORS level on the certificate: Bronze, Silver or Gold",
  name: "Please enter the company name",
  onlyStaffRename: "Only staff can rename a company.",
  expiresInPast: "The expiry date must be today or later",
  expiresOn: "Please enter the expiry date as YYYY-MM-DD",
  reasonRequired: "Please give a reason, so the carrier knows what to fix",
  notCompliant: "Your insurance documents must be verified before you can book loads.",
  // our additions (docs/decisions/0013-compliance.md)
  bidderNotCompliant: "This carrier's insurance documents must be verified before the load can be booked to them.",
  uploadNotUsable: "Please upload the document first (a file you uploaded that is not attached to anything else)",
  documentNotPending: "Only a document waiting for review can be verified or rejected",
  documentView: "view must be pending, expiring or expired",
  noVatProposal: "No VAT number is waiting for confirmation",
  vatProposalChanged: "The proposed VAT number has changed. Please look at it again.",
} as const;

/** The 409 when a load needs a FORS level above the company's verified one (contract: "naming the level required"). */
export const forsRequiredMessage = (level: ForsLevel): string => `This load needs FORS ${level} or above. Upload a verified FORS ${level} certificate to book it.`;

/** FORS levels in order: a load needing Silver may go to Silver or Gold. */
export const FORS_RANK: Record<ForsLevel, number> = { "": 0, Bronze: 1, Silver: 2, Gold: 3 };
export const forsMeets = (held: ForsLevel, required: ForsLevel): boolean => FORS_RANK[held] >= FORS_RANK[required];
