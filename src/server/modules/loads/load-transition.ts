// The one function every load status change goes through (architecture.md
// invariant): lock the row, check the state machine, update, record who and when.
import { eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { loadEvents, loads, type LoadRow, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { MSG } from "../../../contract/messages";
import { canTransition, TRANSITIONS, type LoadAction } from "./load-state";
import { queueLaneAlerts } from "../saved-searches/lane-alert-queue";
import { voidLiveInvoice } from "../invoices/invoices.service";
import { raiseLoadWebhooks } from "../integrations/webhooks/webhook-events";

export interface TransitionOptions {
  tx: Tx;
  loadId: string;
  action: LoadAction;
  actor: Pick<UserRow, "id" | "name"> | null;
  /** extra columns set with the status (assignment, PO number, price …) */
  set?: Partial<typeof loads.$inferInsert> | ((current: LoadRow) => Partial<typeof loads.$inferInsert>);
  reason?: string;
  detail?: Record<string, unknown>;
  now: Date;
}

export interface TransitionResult {
  load: LoadRow;
  fromStatus: string;
  /** the row as it was before (who held it: notifications go to them) */
  before: LoadRow;
}

/**
 * Row lock, then conditional update, in the caller's transaction: among any number
 * of simultaneous transitions of one load, each sees the committed status of the one
 * before, so e.g. exactly one accept wins (spec §4, contract accept).
 */
export async function transitionLoad(opts: TransitionOptions): Promise<TransitionResult> {
  const { tx, loadId, action, actor, now } = opts;
  const [current] = await tx.select().from(loads).where(eq(loads.id, loadId)).for("update");
  if (!current) throw new AppError(404, MSG.notFound);
  assertTransition(action, current.status);
  const to = TRANSITIONS[action].to;
  const extra = typeof opts.set === "function" ? opts.set(current) : (opts.set ?? {});
  const [updated] = await tx
    .update(loads)
    .set({ ...extra, status: to, updatedAt: now })
    .where(eq(loads.id, loadId))
    .returning();
  // contract-beyond "Invoices": a load that stops being completed voids its invoice
  // (a paid one refuses the change: 409); completing it again raises a new one
  if (current.status === "completed" && to !== "completed") await voidLiveInvoice(tx, loadId, now);
  await recordLoadEvent(tx, {
    loadId,
    actor,
    action,
    fromStatus: current.status,
    toStatus: to,
    reason: opts.reason,
    detail: opts.detail,
    now,
  });
  return { load: updated, fromStatus: current.status, before: current };
}

/** 409 unless the state machine (spec §4) allows `action` on a load in `status`. */
export function assertTransition(action: LoadAction, status: string): void {
  if (!canTransition(action, status)) throw new AppError(409, conflictMessage(action, status));
}

function conflictMessage(action: LoadAction, status: string): string {
  if (action === "accept" || action === "award-bid" || action === "assign") return MSG.loadNotAvailable;
  // "An available load …", "An accepted load …", "A cancelled load …" (issue 15 #8: plain English)
  return `${/^[aeiou]/i.test(status) ? "An" : "A"} ${status} load cannot be changed that way`;
}

export interface LoadEventEntry {
  loadId: string;
  actor: Pick<UserRow, "id" | "name"> | null;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string;
  detail?: Record<string, unknown>;
  now: Date;
}

export async function recordLoadEvent(db: DbOrTx, e: LoadEventEntry): Promise<void> {
  await recordLoadEvents(db, [e]);
}

/**
 * One or many load events (the CSV import records thousands in one transaction):
 * one INSERT of the history lines, one of the lane-alert jobs, and the webhooks,
 * each exactly as for a single change.
 */
export async function recordLoadEvents(db: DbOrTx, entries: LoadEventEntry[]): Promise<void> {
  if (!entries.length) return;
  await db.insert(loadEvents).values(
    entries.map((e) => ({
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
  // a load became available (created, copied, reset, un-cancelled): its instant lane
  // alerts are written in this same transaction (contract "Saved searches and lane alerts")
  const available = entries.filter((e) => e.toStatus === "available" && e.fromStatus !== "available");
  if (available.length) await queueLaneAlerts({ db, alerts: available.map((e) => ({ now: e.now, loadId: e.loadId, actorId: e.actor?.id ?? null })) });
  // every load change is a webhook event (load.created … load.cancelled), in this same transaction
  await raiseLoadWebhooks(db, entries);
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
