// Reading a whole list in batches, in exactly its list call's order, without
// holding more than one batch (100,000 rows need no
// more memory than 100). Loads are read by the loads module's own reader
// (loads/load-list-reader.ts, keyset batches); the short lists (users, companies)
// by their own list functions a page at a time; the bids of a batch of loads here.
// No transaction is held between batches, so an export is not one snapshot: a
// row changed while it downloads may show its old or its new values
// (docs/decisions/0016-csv-exports.md).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { bids, users, type BidRow } from "../../db/schema";
import type { ListRange } from "../loads/load-list-reader";

export type ExportRange = ListRange;

/**
 * A list read through its own paged list function, `batchRows` at a time, for
 * the short lists (users, companies: thousands, not hundreds of thousands). Each
 * page is ordered with a unique tie-break by its list function, so the pages
 * join up; a row added or removed between two pages can shift one row across
 * their boundary (docs/decisions/0016-csv-exports.md).
 */
export async function* pagedBatches<T>(readPage: (page: { limit: number; offset: number }) => Promise<T[]>, range: ExportRange): AsyncGenerator<T[]> {
  let offset = range.offset;
  let remaining = range.limit ?? Number.POSITIVE_INFINITY;
  while (remaining > 0) {
    const limit = Math.min(range.batchRows, remaining);
    const rows = await readPage({ limit, offset });
    if (rows.length) yield rows;
    if (rows.length < limit) return;
    offset += rows.length;
    remaining -= rows.length;
  }
}

export interface PendingBidRow {
  bid: BidRow;
  /** admin views show the bidder's name as carrierName and their company as carrierCompany */
  carrierName: string;
  carrierCompany: string | null;
}

/**
 * The open bids (pending, or countered and awaiting the bidder) on these loads with
 * their bidders, lowest amount first on each load (the Manage Bids order): the same
 * bids that put a load on the Loads with Bids tab.
 */
export function pendingBidsOfLoads(db: DbOrTx, loadIds: string[]): Promise<PendingBidRow[]> {
  if (!loadIds.length) return Promise.resolve([]);
  return db
    .select({ bid: bids, carrierName: users.name, carrierCompany: users.carrierName })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.carrierId))
    .where(and(inArray(bids.loadId, loadIds), inArray(bids.status, ["pending", "countered"])))
    .orderBy(asc(bids.loadId), asc(bids.bidAmount), asc(bids.createdAt), asc(bids.id));
}
