import { z } from "zod";
import { MSG } from "../messages";
import type { BidStatus, LoadStatus } from "../constants";

// spec §5: amount ≥ 0.01; notes optional, trimmed, omitted when empty
export const bidInputSchema = z.object({
  loadId: z.uuid(),
  bidAmount: z.number({ error: MSG.bidAmount }).min(0.01, MSG.bidAmount).max(99_999_999.99),
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
  notes: string | null;
  status: BidStatus;
  createdAt: string;
  updatedAt: string;
}

/** Staff views add the bidder (spec §3). */
export interface BidWithCarrier extends Bid {
  carrierName: string | null;
  carrierCompany: string | null;
  loadNumber?: string;
  loadStatus?: LoadStatus;
}

/** GET /api/user/bids */
export interface OwnBid extends Bid {
  loadNumber: string;
  loadStatus: LoadStatus;
}
