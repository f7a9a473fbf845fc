// Return loads: the loads home from where a booked load delivers. GET
// /api/loads/{id}/return-loads is the holding company's (once accepted, approved or
// completed) and staff's; to anyone else the load is one they may not know of (404).
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import type { LoadRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { pageOf, type PageQuery } from "../../../contract/schemas/page";
import type { MatchedLoad } from "../../../contract/schemas/truck";
import { isOwnLoad, toLoad } from "../loads/load-visibility";
import { carrierCompanyOf } from "../invoices/invoices.repository";
import { postcodeTable, returnLoadsWhere } from "./truck-matching";
import { bestLoads, findLoadRow } from "./trucks.repository";
import type { Viewer } from "./trucks.service";

const BOOKED = ["accepted", "approved", "completed"];

/** The company holding a booked load: a member of it (or the booker) may read its return loads. */
async function holds(db: DbOrTx, viewer: Viewer, load: LoadRow): Promise<boolean> {
  if (!BOOKED.includes(load.status)) return false;
  if (isOwnLoad(load, viewer)) return true;
  if (!viewer.companyId) return false;
  return (await carrierCompanyOf(db, load))?.id === viewer.companyId;
}

/** The return loads of a load, best first (fewest miles from its delivery district, then rate per mile), as `viewer` may see them. */
export async function returnLoadsOf(opts: { ctx: AppContext; db?: DbOrTx; viewer: Viewer; load: LoadRow; page: { limit: number; offset: number } }) {
  const { ctx, viewer, load } = opts;
  const now = ctx.clock.now();
  const rule = returnLoadsWhere(await postcodeTable(ctx.config), load, now);
  if (!rule) return { items: [] as MatchedLoad[], total: 0 };
  const { rows, total } = await bestLoads(opts.db ?? ctx.db, { ...rule, ...opts.page });
  return { items: rows.map(({ emptyMiles, ...row }): MatchedLoad => ({ ...toLoad(row, viewer, now), emptyMiles })), total };
}

/** GET /api/loads/{id}/return-loads. */
export async function listReturnLoads(opts: { ctx: AppContext; viewer: Viewer; loadId: string; page: PageQuery }) {
  const { ctx, viewer } = opts;
  const load = await findLoadRow(ctx.db, opts.loadId);
  if (!load || !(isStaffRole(viewer) || (await holds(ctx.db, viewer, load)))) {
    throw new AppError(404, MSG.notFound);
  }
  return returnLoadsOf({ ctx, viewer, load, page: pageOf(opts.page) });
}
