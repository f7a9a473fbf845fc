// What turning the compliance switches on would block, shown to staff before they
// save: GET /api/admin/compliance-settings/preview?requireCompliance=…&enforceFors=…
// (staff; our addition beside GET|PUT /api/admin/compliance-settings). It answers
// for the settings asked about, whatever is saved now, and changes nothing.
//
// The rule blocks accepting, bidding and awarding a bid; it never undoes a load
// already booked. So what it blocks is:
// * companies: those whose carriers could no longer accept or bid (with
//   requireCompliance, every non-compliant company; with enforceFors, a company
//   whose verified FORS level is below what a load on the board now needs);
// * open bids: pending bids on loads still on the board that staff could no
//   longer award (the bookings in the making). Loads already accepted or
//   approved keep going and are not listed.
import { z } from "../plain-errors";
import type { ForsLevel } from "../constants";
import type { ComplianceStatus } from "./company";

const flag = z
  .enum(["true", "false"], { error: "must be true or false" })
  .default("false")
  .transform((v) => v === "true");

export const compliancePreviewQuerySchema = z.object({ requireCompliance: flag, enforceFors: flag });
export type CompliancePreviewQuery = z.output<typeof compliancePreviewQuerySchema>;

/** At most this many names of each list come back; the counts are always whole. */
export const COMPLIANCE_PREVIEW_LIMIT = 100;

export interface BlockedCompany {
  id: string;
  name: string;
  /** today's status (null never: a company always has one) */
  compliance: ComplianceStatus;
  verifiedForsLevel: ForsLevel;
  /** why, in staff's words */
  reason: string;
}

export interface BlockedBid {
  bidId: string;
  loadId: string;
  loadNumber: string;
  bidAmount: number;
  /** the bidder's name */
  carrierName: string | null;
  /** the bidder's company as they registered it */
  carrierCompany: string | null;
  /** the 409 staff would get when awarding it */
  reason: string;
}

export interface CompliancePreview {
  /** the settings this answer is for */
  requireCompliance: boolean;
  enforceFors: boolean;
  companyCount: number;
  /** names first (A–Z), at most COMPLIANCE_PREVIEW_LIMIT */
  companies: BlockedCompany[];
  openBidCount: number;
  /** by load number, then amount, at most COMPLIANCE_PREVIEW_LIMIT */
  openBids: BlockedBid[];
}

/** Staff's reason for a company the FORS rule keeps off `loads` loads on the board. */
export function forsBlockReason(held: ForsLevel, loads: number): string {
  const n = `${loads} load${loads === 1 ? "" : "s"} on the board that need${loads === 1 ? "s" : ""}`;
  return held === "" ? `No verified FORS certificate: kept off ${n} FORS` : `Verified FORS ${held} only: kept off ${n} more than FORS ${held}`;
}

/** Staff's reason for a company the insurance rule blocks from every load. */
export const INSURANCE_BLOCK_REASON = "No verified, unexpired vehicle insurance and goods in transit insurance on file";
