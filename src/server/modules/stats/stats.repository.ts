// GET /api/stats (contract "Users and admin"): the available count is everyone's and
// is shared per loads version; the other tiles come from the caller's own loads
// (indexed by accepted_by / accepted_by_carrier), FILTER clauses in one statement.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads } from "../../db/schema";
import { isStaffRole } from "../../../contract/constants";
import { onBoardWhere, type Viewer } from "../loads/load-visibility";

export interface StatsRow {
  available: number;
  accepted: number;
  approved: number;
  completed: number;
  totalEarnings: string | number | null;
}

/** Count of every load on the board (available, pickup day not over): the same for every caller. */
export async function countAvailable(db: DbOrTx, today: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loads).where(onBoardWhere(today));
  return Number(row?.n ?? 0);
}

/** The caller's own tiles (staff: everyone's), from the loads that are theirs only. */
export async function selectOwnStats(db: DbOrTx, viewer: Viewer): Promise<Omit<StatsRow, "available">> {
  // staff: everyone's loads; a carrier: their own, by id or company name (spec §6)
  const own = isStaffRole(viewer)
    ? sql`true`
    : viewer.carrierName
      ? sql`(${loads.acceptedBy} = ${viewer.id} or ${loads.acceptedByCarrier} = ${viewer.carrierName})`
      : sql`${loads.acceptedBy} = ${viewer.id}`;
  const [row] = await db
    .select({
      accepted: sql<number>`count(*) filter (where ${loads.status} = 'accepted')::int`,
      approved: sql<number>`count(*) filter (where ${loads.status} = 'approved')::int`,
      completed: sql<number>`count(*) filter (where ${loads.status} = 'completed')::int`,
      totalEarnings: sql<string | null>`coalesce(sum(${loads.price}) filter (where ${loads.status} = 'completed'), 0)`,
    })
    .from(loads)
    .where(sql`${own} and ${loads.status} in ('accepted', 'approved', 'completed')`);
  return row;
}
