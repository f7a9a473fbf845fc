// GET /api/stats from the rows migration 0014 keeps up
// to date in every write's own transaction (no whole-table aggregate per
// request): the available count sums the available loads per UK pickup day from
// today on; the other tiles are the held-load counters of the caller's (acceptedBy,
// acceptedByCarrier) pairs, or, for staff, the per-status totals.
import { eq, gte, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loadAvailableDays, loadHolderStats, loadStatusTotals } from "../../db/schema";
import { isStaffRole } from "../../../contract/constants";
import { ukDayKey } from "../../../contract/wall-clock";
import type { Viewer } from "../loads/load-visibility";

export interface StatsRow {
  available: number;
  accepted: number;
  approved: number;
  completed: number;
  totalEarnings: string | number | null;
}

/**
 * Loads on the board (available, UK pickup day not over; no pickup date never
 * expires): the same for every caller. `today` is any instant of the UK day
 * (contract expiry: a load leaves the count when its UK pickup day ends).
 */
export async function countAvailable(db: DbOrTx, today: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${loadAvailableDays.loads}), 0)::int` })
    .from(loadAvailableDays)
    .where(gte(loadAvailableDays.pickupDay, ukDayKey(today)));
  return Number(row?.n ?? 0);
}

/** The caller's own tiles (staff: everyone's). */
export async function selectOwnStats(db: DbOrTx, viewer: Viewer): Promise<Omit<StatsRow, "available">> {
  if (isStaffRole(viewer)) {
    const rows = await db
      .select({ status: loadStatusTotals.status, loads: loadStatusTotals.loads, priceSum: loadStatusTotals.priceSum })
      .from(loadStatusTotals)
      .where(inArray(loadStatusTotals.status, ["accepted", "approved", "completed"]));
    const by = new Map(rows.map((r) => [r.status, r]));
    return {
      accepted: by.get("accepted")?.loads ?? 0,
      approved: by.get("approved")?.loads ?? 0,
      completed: by.get("completed")?.loads ?? 0,
      totalEarnings: by.get("completed")?.priceSum ?? 0,
    };
  }
  // a carrier's own loads: accepted by them, or by their company name (as
  // isOwnLoad); each pair row is wholly theirs or not, so summing pairs is exact
  const own = viewer.carrierName
    ? or(eq(loadHolderStats.acceptedBy, viewer.id), eq(loadHolderStats.acceptedByCarrier, viewer.carrierName))
    : eq(loadHolderStats.acceptedBy, viewer.id);
  const [row] = await db
    .select({
      accepted: sql<number>`coalesce(sum(${loadHolderStats.accepted}), 0)::int`,
      approved: sql<number>`coalesce(sum(${loadHolderStats.approved}), 0)::int`,
      completed: sql<number>`coalesce(sum(${loadHolderStats.completed}), 0)::int`,
      totalEarnings: sql<string | null>`coalesce(sum(${loadHolderStats.earnings}), 0)`,
    })
    .from(loadHolderStats)
    .where(own);
  return row;
}
