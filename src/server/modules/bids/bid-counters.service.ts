// Counter-offers: staff offer the bidder another amount for a while; the bidder
// accepts (the load is theirs at exactly that amount, through the same award as
// staff accepting a bid), declines, or bids a new amount (placeBid replaces the
// counter). An offer nobody answered goes back to pending by itself: a job due at
// its expiry, a sweep every minute in every process, and a check whenever the
// bidder answers, each one conditional UPDATE, so across processes it happens once.
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { bids, loads, users, type BidRow, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso, money } from "../../lib/serialize";
import { MSG } from "../../../contract/messages";
import { isLoadExpired } from "../../../contract/load-dates";
import { isStaffRole } from "../../../contract/constants";
import { COUNTER_WORDS, type Bid, type BidHistoryEntry, type BidHistoryKind } from "../../../contract/schemas/bid";
import type { NewEvent } from "../../../contract/events";
import { loadEvent } from "../loads/loads.service";
import { queueJobs } from "../jobs/jobs.service";
import { awardBid, historyActor, toBid } from "./bids.service";
import { findBid } from "./bids.repository";
import { clearCounter, lapsedCounterIds, listBidHistory, markCountered, recordBidHistory } from "./bid-counters.repository";

export const COUNTER_EXPIRY_JOB = "bid-counter-expiry";
const MINUTE = 60_000;

/** The event of a counter-offer ending without agreement (declined, or lapsed). */
function endedEvent(type: "bid.counter_declined" | "bid.counter_expired", o: { before: BidRow; after: BidRow }, load: { id: string; loadNumber: string }, actor: Pick<UserRow, "id" | "name"> | null, now: Date): NewEvent {
  return loadEvent({ type, load, actor, now, data: { bid: toBid(o.after), counterAmount: money(o.before.counterAmount) ?? 0 } });
}

async function loadOf(db: DbOrTx, loadId: string) {
  const [load] = await db.select().from(loads).where(eq(loads.id, loadId));
  return load;
}

/** POST /api/bids/{id}/counter (staff): a pending bid on an available load. */
export async function counterBid(opts: { ctx: AppContext; db: Db; actor: UserRow; bidId: string; amount: number; expiresInMinutes: number; note?: string; now: Date }): Promise<Bid> {
  const { ctx, actor, now } = opts;
  return opts.db.transaction(async (tx) => {
    const found = await findBid(tx, opts.bidId);
    if (!found) throw new AppError(404, MSG.notFound);
    // the load row share-locked, as a bid is placed: an award either happened
    // before (409 here) or waits for this counter and then closes it
    const [load] = await tx.select().from(loads).where(eq(loads.id, found.loadId)).for("share");
    if (!load || load.status !== "available" || isLoadExpired(load, now)) throw new AppError(409, MSG.loadNotAvailable);
    const expiresAt = new Date(now.getTime() + opts.expiresInMinutes * MINUTE);
    const row = await markCountered(tx, { bidId: found.id, amount: opts.amount, expiresAt, note: opts.note ?? null, now });
    if (!row) throw new AppError(409, COUNTER_WORDS.notPending);
    await recordBidHistory(tx, [{ bidId: row.id, kind: "countered", amount: opts.amount, expiresAt, note: opts.note ?? null, actor: historyActor(actor), now }]);
    await ctx.events.publish(tx, [loadEvent({ type: "bid.countered", load, actor, now, data: { bid: toBid(row) } })]);
    // due at the expiry, in this transaction: the offer lapses even if no process was up then (the sweep catches up)
    await queueJobs({ db: tx, now, runAt: expiresAt, jobs: [{ kind: COUNTER_EXPIRY_JOB, payload: { bidId: row.id } }] });
    return toBid(row);
  });
}

/** Only the bidder answers a counter-offer; anyone else is told it is not theirs (staff) or it does not exist. */
async function bidOfBidder(db: DbOrTx, actor: UserRow, bidId: string): Promise<BidRow> {
  const bid = await findBid(db, bidId);
  if (!bid) throw new AppError(404, MSG.notFound);
  if (bid.carrierId !== actor.id) throw isStaffRole(actor) ? new AppError(403, MSG.forbidden) : new AppError(404, MSG.notFound);
  return bid;
}

/**
 * POST /api/bids/{id}/accept-counter (the bidder): the award at the counter's amount.
 * An offer found lapsed is put back to pending (in its own transaction, as the
 * expiry would) and refused with the contract's words.
 */
export async function acceptCounter(opts: { ctx: AppContext; db: Db; actor: UserRow; bidId: string; now: Date }) {
  await bidOfBidder(opts.db, opts.actor, opts.bidId);
  try {
    return await opts.db.transaction((tx) => awardBid({ ctx: opts.ctx, tx, actor: opts.actor, bidId: opts.bidId, now: opts.now, via: "counter" }));
  } catch (err) {
    if (err instanceof AppError && err.message === COUNTER_WORDS.expired) await expireCounter({ ctx: opts.ctx, db: opts.db, bidId: opts.bidId, now: opts.now });
    throw err;
  }
}

/** POST /api/bids/{id}/decline-counter (the bidder): back to pending at the bid's own amount. */
export async function declineCounter(opts: { ctx: AppContext; db: Db; actor: UserRow; bidId: string; now: Date }): Promise<Bid> {
  const { ctx, actor, now } = opts;
  const bid = await bidOfBidder(opts.db, actor, opts.bidId);
  const load = await loadOf(opts.db, bid.loadId);
  if (!load || load.status !== "available") throw new AppError(409, MSG.loadNotAvailable);
  if (bid.status === "countered" && bid.counterExpiresAt && bid.counterExpiresAt.getTime() <= now.getTime()) {
    await expireCounter({ ctx, db: opts.db, bidId: bid.id, now });
    throw new AppError(409, COUNTER_WORDS.expired);
  }
  return opts.db.transaction(async (tx) => {
    const cleared = await clearCounter(tx, { bidId: bid.id, now });
    // answered already (declined, lapsed, replaced by a new amount)
    if (!cleared) throw new AppError(409, COUNTER_WORDS.expired);
    await recordBidHistory(tx, [{ bidId: bid.id, kind: "counter_declined", amount: money(cleared.before.counterAmount), actor: historyActor(actor), now }]);
    await ctx.events.publish(tx, [endedEvent("bid.counter_declined", cleared, load, actor, now)]);
    return toBid(cleared.after);
  });
}

/** One lapsed offer back to pending, if it is still countered and lapsed at `now`. True when this call did it. */
export async function expireCounter(opts: { ctx: AppContext; db: Db; bidId: string; now: Date }): Promise<boolean> {
  const { ctx, now } = opts;
  return opts.db.transaction(async (tx) => {
    const cleared = await clearCounter(tx, { bidId: opts.bidId, now, expiredBy: now });
    if (!cleared) return false;
    const load = await loadOf(tx, cleared.after.loadId);
    await recordBidHistory(tx, [{ bidId: opts.bidId, kind: "counter_expired", amount: money(cleared.before.counterAmount), actor: null, now }]);
    if (load) await ctx.events.publish(tx, [endedEvent("bid.counter_expired", cleared, load, null, now)]);
    return true;
  });
}

/** Every offer lapsed by `now` back to pending, a batch at a time; how many. */
export async function expireLapsedCounters(ctx: AppContext, now: Date = ctx.clock.now()): Promise<number> {
  let done = 0;
  for (;;) {
    const ids = await lapsedCounterIds(ctx.db, now, 100);
    for (const id of ids) if (await expireCounter({ ctx, db: ctx.db, bidId: id, now })) done++;
    if (ids.length < 100) return done;
  }
}

/** GET /api/bids/{id}/history: staff, the bidder, or a member of the bidder's company. */
export async function bidHistoryOf(opts: { db: DbOrTx; viewer: UserRow; bidId: string }): Promise<BidHistoryEntry[]> {
  const { db, viewer } = opts;
  const [row] = await db.select({ bid: bids, companyId: users.companyId }).from(bids).innerJoin(users, eq(users.id, bids.carrierId)).where(eq(bids.id, opts.bidId));
  if (!row) throw new AppError(404, MSG.notFound);
  const own = row.bid.carrierId === viewer.id || (!!viewer.companyId && row.companyId === viewer.companyId);
  if (!isStaffRole(viewer) && !own) throw new AppError(404, MSG.notFound);
  const lines = await listBidHistory(db, opts.bidId);
  return lines.map((l) => ({
    id: l.id,
    bidId: l.bidId,
    kind: l.kind as BidHistoryKind,
    amount: money(l.amount),
    expiresAt: iso(l.expiresAt),
    note: l.note,
    actorId: l.actorId,
    actorName: l.actorName,
    actorRole: l.actorRole as BidHistoryEntry["actorRole"],
    createdAt: iso(l.createdAt)!,
  }));
}
