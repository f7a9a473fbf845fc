// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { MSG } from "../messages";
import { BID_LIMIT_MSG, MAX_BID_POUNDS } from "../bid-limits";
import type { BidStatus, ForsLevel, LoadStatus } from "../constants";
import type { Load } from "./load";
import type { ComplianceStatus } from "./company";

// amount ≥ 0.01 and at most £1,000,000; notes optional, trimmed, omitted when empty
export const bidInputSchema = z.object({
  loadId: z.uuid(),
  // a missing amount is told it "must be greater than 0"; text such as "1,100" is not a number of pounds
  bidAmount: z
    .number({ error: (iss) => (iss.code === "invalid_type" ? (iss.input == null ? MSG.bidAmount : MSG.bidAmountFormat) : undefined) })
    .min(0.01, MSG.bidAmount)
    // the 10× the listed price rule needs the load: POST /api/bids checks it (bid-limits.ts)
    .max(MAX_BID_POUNDS, BID_LIMIT_MSG.overMax),
  notes: z
    .string()
    .max(1000)
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined)),
});
export type BidInput = z.input<typeof bidInputSchema>;

export interface Bid {
  id: string;
  loadId: string;
  carrierId: string;
  bidAmount: number;
  /**
   * The load's listed price when this amount was bid (Manage Bids' "vs listed");
   * null for bids from before it was kept whose load has been awarded since.
   */
  listedPrice: number | null;
  notes: string | null;
  status: BidStatus;
  createdAt: string;
  /** when the amount was last set (a carrier updating a pending bid), or when it was decided */
  updatedAt: string;
}

/**
 * Staff views add the bidder's name and company, and what the compliance rules
 * say of awarding the bid today (our addition: Manage Bids says why before the click).
 */
export interface BidWithCarrier extends Bid {
  carrierName: string | null;
  carrierCompany: string | null;
  loadNumber?: string;
  loadStatus?: LoadStatus;
  /** the bidder's company's status today; null when the bidder has no company (or is staff) */
  bidderCompliance: ComplianceStatus | null;
  /** the bidder's company's verified FORS level ("" for none) */
  bidderForsLevel: ForsLevel;
  /** the 409 the compliance settings would give an award of this bid now; null when they allow it */
  awardBlockedReason: string | null;
}

/** GET /api/user/bids */
export interface OwnBid extends Bid {
  loadNumber: string;
  loadStatus: LoadStatus;
}

/**
 * GET /api/loads/with-bids (staff): the admin's "Loads with Bids" tab, an
 * available load with its pending bids summed up. Same query as GET /api/loads
 * (search, sort, limit, offset; X-Total-Count); the status is always available.
 */
export interface LoadWithPendingBids {
  load: Load;
  /** pending bids on the load */
  bidCount: number;
  /** the lowest pending bid */
  lowestBid: number;
}
