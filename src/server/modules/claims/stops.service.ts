// Stops on a booked load: recording an arrival or departure (the holding company's
// members or staff), staff corrections with a line in the load's history, the
// stops on the load's details, the positions staff see, and clearing them when
// the load is handed back. Rules in stop-rules.ts; evidence in stop-evidence.ts.
import type { AppContext } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import type { LoadRow, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso } from "../../lib/serialize";
import { isStaffRole } from "../../../contract/constants";
import { STOP_MSG, type LoadStops, type Position, type Stop, type StopEvidence } from "../../../contract/schemas/claim";
import type { StopEventResult, StopPosition } from "../../../contract/schemas/stop-responses";
import { recordLoadHistory } from "../loads/load-transition";
import { loadEvent } from "../loads/load-events";
import { checkPosition } from "./stop-evidence";
import {
  correctionLine,
  isBooked,
  mayUseStops,
  notFound,
  orderProblem,
  otherStop,
  resolveAt,
  stateProblem,
  timesOf,
  toLoadStops,
  type StopKind,
  type StopTimes,
} from "./stop-rules";
import * as repo from "./stops.repository";

type Actor = Pick<UserRow, "id" | "name" | "role" | "isAdmin" | "carrierName" | "companyId">;

/**
 * The load, if this user may use its stops (else 404), the company holding it, and
 * whether it is booked now. Read in `db`: unlocked before the body is read, locked
 * in the transaction that writes.
 */
async function target(db: DbOrTx, load: LoadRow | undefined, actor: Actor, now: Date): Promise<{ load: LoadRow; companyId: string | null; booked: boolean }> {
  if (!load) throw notFound();
  const companyId = await repo.holdingCompanyId(db, load);
  if (!mayUseStops(load, actor, companyId)) throw notFound();
  return { load, companyId, booked: isBooked(load, now, await repo.claimDays(db)) };
}

/** Booked, and held by a company the times can be recorded for (a load nobody's company holds is not). */
function requireBooked(t: { booked: boolean; companyId: string | null }): string {
  if (!t.booked || !t.companyId) throw new AppError(409, STOP_MSG.notBooked);
  return t.companyId;
}

/** State before shape: a load this user may not use is 404 and one not booked 409, whatever the body says. */
export async function assertStopsAllowed(opts: { ctx: AppContext; loadId: string; actor: Actor }): Promise<void> {
  requireBooked(await target(opts.ctx.db, await repo.readLoad(opts.ctx.db, opts.loadId), opts.actor, opts.ctx.clock.now()));
}

/** POST /api/loads/{id}/stops/{stop}/arrival|departure */
export async function recordStop(opts: {
  ctx: AppContext;
  loadId: string;
  stop: Stop;
  kind: StopKind;
  actor: Actor;
  input: { at?: string; position?: Position };
}): Promise<StopEventResult> {
  const { ctx, loadId, stop, kind, actor, input } = opts;
  const now = ctx.clock.now();
  const at = resolveAt(input.at, now);
  return ctx.db.transaction(async (tx) => {
    const t = await target(tx, await repo.lockLoadForStops(tx, loadId), actor, now);
    const companyId = requireBooked(t);
    const rows = await repo.stopRows(tx, loadId);
    const current = timesOf(rows, stop);
    const state = stateProblem(kind, current);
    if (state) throw new AppError(409, state);
    const next: StopTimes = kind === "arrival" ? { ...current, arrivedAt: at } : { ...current, departedAt: at };
    const order = orderProblem(stop, next, timesOf(rows, otherStop(stop)));
    if (order) throw new AppError(400, order.message, [{ path: "at", message: order.message }]);

    const postcode = stop === "pickup" ? t.load.pickupZip : t.load.deliveryZip;
    const check = await checkPosition({ postcodeData: ctx.config.postcodeData, postcode, position: input.position });
    const evidence: StopEvidence = isStaffRole(actor) ? "staff" : check.evidence;
    if (input.position) {
      const p = input.position;
      await repo.insertPosition(tx, { loadId, stop, kind, lat: p.lat, lng: p.lng, accuracyM: p.accuracyM, distanceMiles: check.distanceMiles, userId: actor.id, createdAt: now });
    }
    const row = rows.find((r) => r.stop === stop);
    await repo.saveStop(tx, {
      loadId,
      stop,
      companyId,
      ...next,
      arrivalEvidence: kind === "arrival" ? evidence : (row?.arrivalEvidence ?? null),
      departureEvidence: kind === "departure" ? evidence : (row?.departureEvidence ?? null),
      updatedAt: now,
    });
    await publishRecorded(ctx, tx, { load: t.load, actor, now, stop, kind, companyId, times: next, evidence });
    return { stop, kind, at: iso(at)!, evidence, stops: toLoadStops(await repo.stopRows(tx, loadId)) };
  });
}

/** PUT /api/loads/{id}/stops/{stop} (staff): the stop's times set whole, with a line in the load's history. */
export async function correctStop(opts: {
  ctx: AppContext;
  loadId: string;
  stop: Stop;
  actor: Actor;
  input: { arrivedAt: string | null; departedAt: string | null; reason: string };
}): Promise<LoadStops> {
  const { ctx, loadId, stop, actor, input } = opts;
  const now = ctx.clock.now();
  const next: StopTimes = {
    arrivedAt: input.arrivedAt ? resolveAt(input.arrivedAt, now, "arrivedAt") : null,
    departedAt: input.departedAt ? resolveAt(input.departedAt, now, "departedAt") : null,
  };
  if (next.departedAt && !next.arrivedAt) throw new AppError(400, STOP_MSG.noArrival, [{ path: "arrivedAt", message: STOP_MSG.noArrival }]);
  return ctx.db.transaction(async (tx) => {
    const t = await target(tx, await repo.lockLoadForStops(tx, loadId), actor, now);
    const companyId = requireBooked(t);
    const rows = await repo.stopRows(tx, loadId);
    const order = orderProblem(stop, next, timesOf(rows, otherStop(stop)));
    if (order) throw new AppError(400, order.message, [order]);
    const before = timesOf(rows, stop);
    await repo.saveStop(tx, {
      loadId,
      stop,
      companyId,
      ...next,
      arrivalEvidence: next.arrivedAt ? "staff" : null,
      departureEvidence: next.departedAt ? "staff" : null,
      updatedAt: now,
    });
    await recordLoadHistory(tx, [{ loadId, actor, action: `${stop}-stop-corrected`, reason: correctionLine(before, next, input.reason), detail: { stop, before: isoTimes(before), after: isoTimes(next) }, now }]);
    await publishRecorded(ctx, tx, { load: t.load, actor, now, stop, kind: "correction", companyId, times: next, evidence: "staff" });
    return toLoadStops(await repo.stopRows(tx, loadId));
  });
}

const isoTimes = (t: StopTimes) => ({ arrivedAt: iso(t.arrivedAt), departedAt: iso(t.departedAt) });

async function publishRecorded(
  ctx: AppContext,
  tx: Tx,
  e: { load: LoadRow; actor: Actor; now: Date; stop: Stop; kind: StopKind | "correction"; companyId: string; times: StopTimes; evidence: StopEvidence },
): Promise<void> {
  await ctx.events.publish(tx, [
    loadEvent({
      type: "stop.recorded",
      load: e.load,
      actor: e.actor,
      now: e.now,
      data: { stop: e.stop, kind: e.kind, companyId: e.companyId, ...isoTimes(e.times), evidence: e.evidence },
    }),
  ]);
}

/** `stops` on GET /api/loads/{id}: staff and the holding company, on a booked load; otherwise absent. */
export async function stopsForViewer(opts: { db: DbOrTx; loadId: string; viewer: Actor; now: Date }): Promise<LoadStops | undefined> {
  const load = await repo.readLoad(opts.db, opts.loadId);
  if (!load || !["approved", "completed"].includes(load.status)) return undefined;
  const companyId = await repo.holdingCompanyId(opts.db, load);
  if (!mayUseStops(load, opts.viewer, companyId) || !companyId) return undefined;
  if (!isBooked(load, opts.now, await repo.claimDays(opts.db))) return undefined;
  return toLoadStops(await repo.stopRows(opts.db, opts.loadId));
}

/** GET /api/loads/{id}/stops/positions (staff): the positions kept, oldest first. */
export async function listPositions(opts: { db: DbOrTx; loadId: string }): Promise<StopPosition[]> {
  if (!(await repo.readLoad(opts.db, opts.loadId))) throw notFound();
  const rows = await repo.positionsOf(opts.db, opts.loadId);
  return rows.map((r) => ({ ...r, stop: r.stop as Stop, kind: r.kind as StopKind, createdAt: iso(r.createdAt)! }));
}

/** A load made available again: the next company starts with no stops (in the hand-back's transaction). */
export async function clearStopsOf(tx: Tx, loadId: string): Promise<void> {
  await repo.clearStops(tx, loadId);
}
