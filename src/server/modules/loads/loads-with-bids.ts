// The admin's "Loads with Bids" tab: available loads with pending bids,
// the lowest pending bid and the bid count, paged, sorted and searched in the
// database like every other admin list (no list silently truncates).
import { and } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { LoadWithPendingBids } from "../../../contract/schemas/bid";
import { money } from "../../lib/serialize";
import { toLoad, type Viewer } from "./load-visibility";
import { countLoads, listLoadsWithPendingBids, loadFiltersWhere, withPendingBidsWhere, type LoadListQuery } from "./loads.repository";

export async function listLoadsWithBids(opts: { db: DbOrTx; viewer: Viewer; query: LoadListQuery }): Promise<{ rows: LoadWithPendingBids[]; total: number }> {
  const { db, viewer, query } = opts;
  // the status is the tab's own (available); every other filter applies
  const where = and(withPendingBidsWhere(), loadFiltersWhere({ ...query, statuses: [] }));
  const [rows, total] = await Promise.all([
    listLoadsWithPendingBids(db, where, { limit: query.limit, offset: query.offset, sort: query.sort }),
    countLoads(db, where),
  ]);
  return {
    rows: rows.map((r) => ({ load: toLoad(r.load, viewer, query.today), bidCount: Number(r.bidCount), lowestBid: money(r.lowestBid) ?? 0 })),
    total,
  };
}
