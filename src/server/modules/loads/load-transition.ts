// The one function every load status change goes through: lock the row, check the state machine, update, record who and when,
// and publish what happened. Who reacts (bids, invoices, notifications, webhooks,
// lane alerts …) subscribes to the event; this file names none of them.
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { loadEvents, loads, type LoadRow, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { MSG } from "../../../contract/messages";
import type { EventData, NewEvent } from "../../../contract/events";
import { canTransition, TRANSITIONS, type LoadAction } from "./load-state";
import { loadEvent } from "./load-events";
import { findLoad } from "./loads.repository";

export interface TransitionOptions {
  ctx: AppContext;
  tx: Tx;
  loadId: string;
  action: LoadAction;
  actor: Pick<UserRow, "id" | "name"> | null;
  /** extra columns set with the status (assignment, PO number, price …) */
  set?: Partial<typeof loads.$inferInsert> | ((current: LoadRow) => Partial<typeof loads.$inferInsert>);
  reason?: string;
  detail?: Record<string, unknown>;
  now: Date;
  /** how a completion came about (its event says so); default: a status change */
  completedVia?: EventData<"load.completed">["via"];
  /** the bid an award is for */
  bidId?: string;
  /** an award of a counter-offer the bidder accepted, rather than of the bid's own amount */
  awardVia?: "bid" | "counter";
  /** events published with the transition's own, in the same batch (POD: pod.submitted) */
  also?: (load: LoadRow) => NewEvent[];
}

export interface TransitionResult {
  load: LoadRow;
  fromStatus: string;
  /** the row as it was before */
  before: LoadRow;
}

/**
 * Row lock, then conditional update, in the caller's transaction: among any number
 * of simultaneous transitions of one load, each sees the committed status of the one
 * before, so e.g. exactly one accept wins.
 */
export async function transitionLoad(opts: TransitionOptions): Promise<TransitionResult> {
  const { ctx, tx, loadId, action, actor, now } = opts;
  const current = await findLoad(tx, loadId, { lock: true });
  if (!current) throw new AppError(404, MSG.notFound);
  assertTransition(action, current.status);
  const to = TRANSITIONS[action].to;
  const extra = typeof opts.set === "function" ? opts.set(current) : (opts.set ?? {});
  const [updated] = await tx
    .update(loads)
    .set({ ...extra, status: to, updatedAt: now })
    .where(eq(loads.id, loadId))
    .returning();
  await recordLoadHistory(tx, [{ loadId, actor, action, fromStatus: current.status, toStatus: to, reason: opts.reason, detail: opts.detail, now }]);
  await ctx.events.publish(tx, [transitionEvent(opts, updated, current), ...(opts.also?.(updated) ?? [])]);
  return { load: updated, fromStatus: current.status, before: current };
}

/** A carrier held the load in this status (cancelling or resetting it tells them). */
const held = (status: string) => status === "accepted" || status === "approved";

/** The domain event of a transition, read off the row as it is after it and as it was before. */
function transitionEvent(opts: TransitionOptions, load: LoadRow, before: LoadRow): NewEvent {
  const event = <T extends NewEvent["type"]>(type: T, data: EventData<T>) => loadEvent({ type, load, actor: opts.actor, now: opts.now, data });
  switch (opts.action) {
    case "accept":
    case "award-bid":
    case "assign":
      return event("load.accepted", {
        carrierId: load.acceptedBy,
        carrierName: load.acceptedByCarrier,
        price: Number(load.price),
        via: opts.action === "accept" ? "listed" : opts.action === "award-bid" ? (opts.awardVia ?? "bid") : "assigned",
        ...(opts.bidId ? { bidId: opts.bidId } : {}),
      });
    case "approve":
      return event("load.approved", { poNumber: load.mandataNumber, carrierId: load.acceptedBy });
    case "complete":
      return event("load.completed", { via: opts.completedVia ?? "status" });
    case "cancel":
      return event("load.cancelled", { fromStatus: before.status, heldBy: held(before.status) ? before.acceptedBy : null, ...(opts.reason ? { reason: opts.reason } : {}) });
    case "uncancel":
    case "reset":
      return event("load.made_available", { via: opts.action, fromStatus: before.status, heldBy: held(before.status) ? before.acceptedBy : null, ...(opts.reason ? { reason: opts.reason } : {}) });
  }
}

/** 409 unless the state machine (load-state.ts) allows `action` on a load in `status`. */
export function assertTransition(action: LoadAction, status: string): void {
  if (!canTransition(action, status)) throw new AppError(409, conflictMessage(action, status));
}

function conflictMessage(action: LoadAction, status: string): string {
  if (action === "accept" || action === "award-bid" || action === "assign") return MSG.loadNotAvailable;
  // "An available load …", "An accepted load …", "A cancelled load …": plain English
  return `${/^[aeiou]/i.test(status) ? "An" : "A"} ${status} load cannot be changed that way`;
}

/** One line of a load's history (the View History tab): who did what, when. */
export interface LoadHistoryLine {
  loadId: string;
  actor: Pick<UserRow, "id" | "name"> | null;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string;
  detail?: Record<string, unknown>;
  now: Date;
}

/** History lines, one INSERT however many (an import records thousands in one transaction). */
export async function recordLoadHistory(db: DbOrTx, lines: LoadHistoryLine[]): Promise<void> {
  if (!lines.length) return;
  await db.insert(loadEvents).values(
    lines.map((e) => ({
      loadId: e.loadId,
      actorId: e.actor?.id ?? null,
      actorName: e.actor?.name ?? null,
      action: e.action,
      fromStatus: e.fromStatus ?? null,
      toStatus: e.toStatus ?? null,
      reason: e.reason ?? null,
      detail: e.detail ?? null,
      createdAt: e.now,
    })),
  );
}

/** PO-{year}-{5 digits} (contract: approving issues a PO number when none is set). */
export async function nextPoNumber(tx: DbOrTx, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const prefix = `PO-${year}-`;
  const [row] = await tx
    .select({ max: sql<string | null>`max(${loads.mandataNumber})` })
    .from(loads)
    .where(sql`${loads.mandataNumber} ~ ${`^PO-${year}-[0-9]{5}$`}`);
  const last = row?.max ? Number(row.max.slice(prefix.length)) : 0;
  return `${prefix}${String(last + 1).padStart(5, "0")}`;
}
