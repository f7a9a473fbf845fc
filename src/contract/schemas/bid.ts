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
  /** staff's counter-offer while the bid is `countered` (else null) */
  counterAmount: number | null;
  /** when the counter-offer lapses and the bid goes back to pending by itself */
  counterExpiresAt: string | null;
  /** staff's note with the counter-offer (plain text) */
  counterNote: string | null;
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

// ---------------------------------------------------------------- counter-offers

export const COUNTER_EXPIRY_MIN_MINUTES = 5;
export const COUNTER_EXPIRY_MAX_MINUTES = 1440;
export const COUNTER_EXPIRY_DEFAULT_MINUTES = 60;

export const COUNTER_WORDS = {
  expired: "This offer has expired",
  amount: "Counter amount must be greater than 0",
  notPending: "Only a pending bid can be countered",
  notCountered: "This bid has no counter-offer to answer",
  expiry: `The offer must last between ${COUNTER_EXPIRY_MIN_MINUTES} and ${COUNTER_EXPIRY_MAX_MINUTES} minutes`,
} as const;

/** POST /api/bids/{id}/counter (staff): a pending bid on an available load */
export const counterInputSchema = z
  .object({
    amount: z
      .number({ error: (iss) => (iss.input == null ? COUNTER_WORDS.amount : MSG.bidAmountFormat) })
      .min(0.01, COUNTER_WORDS.amount)
      .max(MAX_BID_POUNDS, BID_LIMIT_MSG.overMax),
    expiresInMinutes: z
      .number()
      .int(COUNTER_WORDS.expiry)
      .min(COUNTER_EXPIRY_MIN_MINUTES, COUNTER_WORDS.expiry)
      .max(COUNTER_EXPIRY_MAX_MINUTES, COUNTER_WORDS.expiry)
      .default(COUNTER_EXPIRY_DEFAULT_MINUTES),
    note: z
      .string()
      .max(1000)
      .optional()
      .transform((v) => (v && v.trim() ? v.trim() : undefined)),
  })
  .strict();
export type CounterInput = z.input<typeof counterInputSchema>;

/**
 * One line of a bid's history (GET /api/bids/{id}/history), oldest first:
 * placed and each new amount (the bidder), countered, the answer (accepted,
 * declined; expired by itself), and the end (accepted, rejected).
 */
export const BID_HISTORY_KINDS = ["placed", "amount", "countered", "counter_accepted", "counter_declined", "counter_expired", "accepted", "rejected"] as const;
export type BidHistoryKind = (typeof BID_HISTORY_KINDS)[number];

export interface BidHistoryEntry {
  id: string;
  bidId: string;
  kind: BidHistoryKind;
  /** the amount the line is about: the bid's, the counter's, or what was agreed */
  amount: number | null;
  /** a counter-offer's expiry */
  expiresAt: string | null;
  note: string | null;
  /** who: null for the system (an offer that expired, a load taken by someone else) */
  actorId: string | null;
  actorName: string | null;
  actorRole: "carrier" | "staff" | "system";
  createdAt: string;
}
