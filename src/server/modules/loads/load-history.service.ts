// A load's views and history (the details dialog's View History tab).
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { iso } from "../../lib/serialize";
import { MSG } from "../../../contract/messages";
import { type LoadEvent, type LoadView } from "../../../contract/schemas/load";
import type { Viewer } from "./load-visibility";
import { countLoadEvents, countLoadViews, findLoad, insertLoadView, listLoadEvents, listLoadViews } from "./loads.repository";
import { requireStaffActor, visibleRow, type Actor } from "./load-access";

/** Any signed-in user opening a load records a view. */
export async function recordLoadView(opts: { db: DbOrTx; viewer: Viewer; loadId: string; now: Date }): Promise<void> {
  await visibleRow(opts.db, opts.viewer, opts.loadId);
  await insertLoadView(opts.db, { loadId: opts.loadId, userId: opts.viewer.id, viewedAt: opts.now });
}

export async function getLoadViews(opts: {
  db: DbOrTx;
  actor: Actor;
  loadId: string;
  page: { limit: number; offset: number };
}): Promise<{ views: LoadView[]; total: number }> {
  requireStaffActor(opts.actor);
  if (!(await findLoad(opts.db, opts.loadId))) throw new AppError(404, MSG.notFound);
  const [rows, total] = await Promise.all([listLoadViews(opts.db, opts.loadId, opts.page), countLoadViews(opts.db, opts.loadId)]);
  return { views: rows.map((r) => ({ userName: r.userName, userCarrier: r.userCarrier, viewedAt: iso(r.viewedAt)! })), total };
}

export async function getLoadEvents(opts: {
  db: DbOrTx;
  actor: Actor;
  loadId: string;
  page: { limit: number; offset: number };
}): Promise<{ events: LoadEvent[]; total: number }> {
  requireStaffActor(opts.actor);
  if (!(await findLoad(opts.db, opts.loadId))) throw new AppError(404, MSG.notFound);
  const [rows, total] = await Promise.all([listLoadEvents(opts.db, opts.loadId, opts.page), countLoadEvents(opts.db, opts.loadId)]);
  const events = rows.map((r) => ({
    id: r.id,
    action: r.action,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    actorName: r.actorName,
    reason: r.reason,
    createdAt: iso(r.createdAt)!,
  }));
  return { events, total };
}
