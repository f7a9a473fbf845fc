// Status changes of a load: accept at the listed price, staff's status changes
// (assign, approve with a PO number, complete, cancel, un-cancel) and Reset to
// Available. Each goes through transitionLoad(), which publishes what happened;
// who reacts (bids, invoices, notifications …) subscribes to that.
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { users, type LoadRow, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isAdminUser, type LoadStatus } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { type Load } from "../../../contract/schemas/load";
import type { AppContext } from "../../context";
import { assertMayBook, ukToday } from "../companies/compliance.service";
import { actionForStatus } from "./load-state";
import { assertTransition, nextPoNumber, transitionLoad } from "./load-transition";
import { toLoad } from "./load-visibility";
import { findLoad, findLoadByPoNumber } from "./loads.repository";
import { isLoadExpired } from "../../../contract/load-dates";
import { requireStaffActor, type Actor } from "./load-access";

/** one key for every PO number issued (pg_advisory_xact_lock): two approvals never get the same number */
const PO_NUMBER_LOCK = 7261002;

function poNumberInUse(poNumber: string, loadNumber: string): AppError {
  const message = `PO number ${poNumber} is already used by load #${loadNumber}`;
  return new AppError(409, message, [{ path: "mandataNumber", message }]);
}

/**
 * State before shape (contract: 409 for a transition the state machine does not
 * allow): the routes of status changes call these with the target alone, before
 * they validate the rest of the body, so a forbidden change answers 409 however
 * malformed the rest is. transitionLoad() checks again on the locked row.
 */
export async function assertStatusChangeAllowed(opts: { db: DbOrTx; actor: Actor; loadId: string; status: LoadStatus }): Promise<void> {
  requireStaffActor(opts.actor);
  const current = await findLoad(opts.db, opts.loadId);
  if (!current) throw new AppError(404, MSG.notFound);
  assertTransition(actionForStatus(opts.status), current.status);
}

/**
 * The accept's state check as the request arrives (see assertStatusChangeAllowed);
 * returns the load as seen then, for acceptLoad.
 */
export async function assertAcceptAllowed(opts: { db: DbOrTx; actor: Actor; loadId: string; now: Date }): Promise<LoadRow> {
  return acceptableRow(await findLoad(opts.db, opts.loadId), opts.actor, opts.now);
}

/** The caller already holds the load: accepting again changes nothing (contract: a double click is not an error). */
const heldBy = (load: LoadRow, actor: Actor) => load.status === "accepted" && load.acceptedBy === actor.id;

/**
 * Judged on the load as it is when the request arrives (docs/decisions/0005-accept-not-found.md,
 * revised): 404 only for an id that does not exist; a load that exists but is not
 * there to take (taken by anyone else, cancelled, expired, completed) is 409 "Load
 * is no longer available", whether or not the caller may still see it — a carrier
 * who saw it on the board learns that it is gone, not that it never was.
 */
function acceptableRow(current: LoadRow | undefined, actor: Actor, now: Date): LoadRow {
  if (!current) throw new AppError(404, MSG.notFound);
  if (!heldBy(current, actor)) {
    assertTransition("accept", current.status);
    assertNotExpired(current, now);
  }
  return current;
}

/** Contract: accepting or bidding on an expired load (its pickup day over, UK time) → 409. */
function assertNotExpired(load: Pick<LoadRow, "status" | "pickupDate">, now: Date): void {
  if (isLoadExpired(load, now)) throw new AppError(409, MSG.loadNotAvailable);
}

/**
 * A carrier (or staff, for themselves) accepts at the listed price.
 * One transaction: the row lock in transitionLoad makes exactly one of any number
 * of simultaneous accepts win; the pending bids are rejected with it.
 */
export async function acceptLoad(opts: {
  ctx: AppContext;
  db: Db;
  actor: Actor;
  loadId: string;
  userId?: string;
  now: Date;
  /** the load as assertAcceptAllowed saw it when the request arrived (else read now) */
  arrived?: LoadRow;
}): Promise<Load> {
  const { ctx, db, actor, loadId, userId, now } = opts;
  if (userId && userId !== actor.id) throw new AppError(403, "You can only accept a load for yourself");
  // 404 (no such id) or 409 (not there to take) on arrival; a load taken while
  // this request waits for the row lock is a lost race: 409 below too
  if (!opts.arrived) acceptableRow(await findLoad(db, loadId), actor, now);
  const row = await db.transaction(async (tx) => {
    const current = await findLoad(tx, loadId, { lock: true });
    if (current && heldBy(current, actor)) return current;
    // the compliance check: the settings, the company and its documents as they are in this transaction
    if (current) await assertMayBook(tx, actor, current, ukToday(now));
    const { load } = await transitionLoad({
      ctx,
      tx,
      loadId,
      action: "accept",
      actor,
      now,
      set: (locked) => {
        assertNotExpired(locked, now);
        // a load without a price cannot be accepted at its price
        if (!(Number(locked.price) > 0)) throw new AppError(409, "This load has no price and cannot be accepted");
        return { acceptedBy: actor.id, acceptedByCarrier: actor.carrierName ?? actor.name, acceptedAt: now };
      },
      detail: { acceptedByCarrier: actor.carrierName ?? actor.name },
    });
    return load;
  });
  return toLoad(row, actor, now);
}

export interface StatusChange {
  status: LoadStatus;
  /** approving: the PO number to issue (else the next one, if the load has none) */
  mandataNumber?: string;
  acceptedBy?: string | null;
  acceptedByCarrier?: string | null;
  reason?: string;
}

/** PATCH /status (staff): the allowed transitions, through the state machine. */
export async function changeLoadStatus(opts: {
  ctx: AppContext;
  db: Db;
  actor: Actor;
  loadId: string;
  change: StatusChange;
  now: Date;
}): Promise<Load> {
  const { ctx, db, actor, loadId, change, now } = opts;
  requireStaffActor(actor);
  const action = actionForStatus(change.status);
  // approving (issuing a PO number) is for the manager and admin roles only
  if (action === "approve" && !(actor.role === "manager" || isAdminUser(actor))) throw new AppError(403, MSG.forbidden);

  let assignee: Pick<UserRow, "id" | "carrierName" | "name"> | null = null;
  if (action === "assign") {
    if (!change.acceptedBy && !change.acceptedByCarrier?.trim()) {
      const message = "Choose the carrier the load is assigned to";
      throw new AppError(400, message, [{ path: "acceptedBy", message }]);
    }
    if (change.acceptedBy) {
      const [u] = await db.select({ id: users.id, carrierName: users.carrierName, name: users.name }).from(users).where(eq(users.id, change.acceptedBy));
      if (!u) throw new AppError(400, "No such user", [{ path: "acceptedBy", message: "No such user" }]);
      assignee = u;
    }
  }

  const row = await db.transaction(async (tx) => {
    let po: string | null = null;
    if (action === "approve") {
      // one PO number at a time across processes: a number checked free stays free until this commits
      await tx.execute(sql`select pg_advisory_xact_lock(${PO_NUMBER_LOCK})`);
      if (change.mandataNumber) {
        // contract: another load's PO number → 409, said under the field
        const other = await findLoadByPoNumber(tx, change.mandataNumber, loadId);
        if (other) throw poNumberInUse(change.mandataNumber, other.loadNumber);
        po = change.mandataNumber;
      } else {
        po = await nextPoNumber(tx, now);
      }
    }
    const { load } = await transitionLoad({
      ctx,
      tx,
      loadId,
      action,
      actor,
      now,
      reason: change.reason || undefined,
      set: (current): Partial<LoadRow> => {
        switch (action) {
          case "assign":
            return {
              acceptedBy: assignee?.id ?? null,
              acceptedByCarrier: change.acceptedByCarrier?.trim() || assignee?.carrierName || assignee?.name || null,
              acceptedAt: now,
            };
          case "approve":
            // the PO number given is issued; without one, the next is issued unless the load has one
            return change.mandataNumber || !current.mandataNumber ? { mandataNumber: po } : {};
          case "complete":
            return { completedAt: now };
          case "uncancel":
            // back on the board: nobody holds it any more (the events keep the history)
            return { acceptedBy: null, acceptedByCarrier: null, acceptedAt: null, mandataNumber: null, completedAt: null };
          default:
            return {};
        }
      },
    });
    return load;
  });
  return toLoad(row, actor, now);
}

/** The reset's state check as the request arrives (as assertStatusChangeAllowed): state before shape. */
export async function assertResetAllowed(opts: { db: DbOrTx; actor: Actor; loadId: string }): Promise<void> {
  requireStaffActor(opts.actor);
  const current = await findLoad(opts.db, opts.loadId);
  if (!current) throw new AppError(404, MSG.notFound);
  assertTransition("reset", current.status);
}

/**
 * Reset to Available (a separate call): only from accepted or approved. `reason`, staff's
 * word for it, goes in the history line and the event ("carrier withdrew": a hand-back).
 */
export async function resetLoadToAvailable(opts: { ctx: AppContext; db: Db; actor: Actor; loadId: string; now: Date; reason?: string }): Promise<Load> {
  const { ctx, db, actor, loadId, now, reason } = opts;
  requireStaffActor(actor);
  const row = await db.transaction(async (tx) => {
    const { load } = await transitionLoad({
      ctx,
      tx,
      loadId,
      action: "reset",
      actor,
      now,
      ...(reason ? { reason } : {}),
      set: { acceptedBy: null, acceptedByCarrier: null, acceptedAt: null, mandataNumber: null, completedAt: null },
    });
    return load;
  });
  return toLoad(row, actor, now);
}
