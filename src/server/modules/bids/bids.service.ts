// Bid rules: placing, awarding and rejecting bids, and what a bid becomes when its
// load is taken or put back on the board (subscribers to the load's events).
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { loads, users, type BidRow, type LoadRow, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso, money } from "../../lib/serialize";
import { MSG } from "../../../contract/messages";
import { isLoadExpired } from "../../../contract/load-dates";
import { bidLimitProblem } from "../../../contract/bid-limits";
import { COUNTER_WORDS, type Bid, type BidWithCarrier, type OwnBid } from "../../../contract/schemas/bid";
import { isStaffRole, type BidStatus, type LoadStatus } from "../../../contract/constants";
import { transitionLoad } from "../loads/load-transition";
import { lockLoadWrites } from "../loads/loads.repository";
import { ratePerMile } from "../loads/load-visibility";
import { ORDER } from "../../events/event-bus";
import type { AppContext } from "../../context";
import { assertMayBook, ukToday } from "../companies/compliance.service";
import { awardChecks } from "../companies/compliance-preview";
import { loadEvent } from "../loads/loads.service";
import type { NewEvent } from "../../../contract/events";
import {
  countBids,
  findBid,
  listBidsOfCarrier,
  listBidsWithCarrier,
  rejectAcceptedBids,
  rejectPendingBids,
  settlePendingBid,
  upsertPendingBid,
} from "./bids.repository";
import { recordBidHistory, type HistoryLine } from "./bid-counters.repository";

export const BID_NOT_PENDING = "Only pending bids can be accepted or rejected";

/** numeric(7,2): a rate that cannot be stored is left unknown rather than failing the award */
const MAX_RATE_PER_MILE = 99_999.99;

export function toBid(row: BidRow): Bid {
  // the counter-offer is shown only while it stands
  const countered = row.status === "countered";
  return {
    id: row.id,
    loadId: row.loadId,
    carrierId: row.carrierId,
    bidAmount: money(row.bidAmount) ?? 0,
    listedPrice: money(row.listedPrice),
    notes: row.notes,
    status: row.status as BidStatus,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    counterAmount: countered ? money(row.counterAmount) : null,
    counterExpiresAt: countered ? iso(row.counterExpiresAt) : null,
    counterNote: countered ? row.counterNote : null,
  };
}

/** Who a history line names: a user as staff or carrier, or nobody (the system). */
export function historyActor(actor: Pick<UserRow, "id" | "name" | "role" | "isAdmin"> | null): HistoryLine["actor"] {
  return actor ? { id: actor.id, name: actor.name, role: isStaffRole(actor) ? "staff" : "carrier" } : null;
}

/**
 * POST /api/bids: the caller bids for themselves. The load row is share-locked for
 * the whole transaction, so an award (which takes the row's update lock) either
 * happens before — and this bid is refused with 409 — or waits for this bid to
 * commit and then rejects it with the other pending bids.
 */
export async function placeBid(opts: {
  ctx: AppContext;
  db: Db;
  actor: UserRow;
  loadId: string;
  bidAmount: number;
  notes?: string;
  now: Date;
}): Promise<{ bid: Bid; created: boolean }> {
  const { db, actor, loadId, now } = opts;
  return db.transaction(async (tx) => {
    const [load] = await tx.select().from(loads).where(eq(loads.id, loadId)).for("share");
    if (!load) throw new AppError(404, MSG.notFound);
    // only available loads can be bid on. A load that stopped being
    // available (accepted by someone else, cancelled) is invisible to a carrier from
    // then on, but the carrier saw it on the board a moment ago: like the losing
    // accept (contract: accept → 409), they are told it is gone, not "not found".
    if (load.status !== "available") throw new AppError(409, MSG.loadNotAvailable);
    // contract: an expired load (its pickup day over, UK time) left the board: no bids
    if (isLoadExpired(load, now)) throw new AppError(409, MSG.loadNotAvailable);
    // above 10× the listed price is a slip of the keyboard, named as such (the £1,000,000 cap is the schema's)
    const tooHigh = bidLimitProblem(opts.bidAmount, money(load.price));
    if (tooHigh) throw new AppError(400, tooHigh, [{ path: "bidAmount", message: tooHigh }]);
    // the compliance check, in this transaction, as for an accept
    await assertMayBook(tx, actor, load, ukToday(now));
    const { bid, inserted } = await upsertPendingBid(tx, {
      loadId,
      carrierId: actor.id,
      bidAmount: opts.bidAmount,
      // what the carrier saw listed when bidding: Manage Bids compares with it
      listedPrice: money(load.price),
      // notes trimmed, omitted when empty (the contract schema already trims)
      notes: opts.notes?.trim() || null,
      now,
    });
    // every amount is a line of the bid's history; a new amount replaces a counter-offer
    await recordBidHistory(tx, [{ bidId: bid.id, kind: inserted ? "placed" : "amount", amount: opts.bidAmount, note: opts.notes?.trim() || null, actor: historyActor(actor), now }]);
    // a new bid or a new amount: staff hear of it, subscribers get bid.placed
    await opts.ctx.events.publish(tx, [loadEvent({ type: "bid.placed", load, actor, now, data: { bid: toBid(bid), updated: !inserted } })]);
    return { bid: toBid(bid), created: inserted };
  });
}

type Page = { limit: number; offset: number };

/** GET /api/user/bids: one page of the caller's bids and how many they have in all. */
export async function listOwnBids(opts: { db: Db; actor: UserRow; page: Page }): Promise<{ bids: OwnBid[]; total: number }> {
  const [rows, total] = await Promise.all([listBidsOfCarrier(opts.db, opts.actor.id, opts.page), countBids(opts.db, { carrierId: opts.actor.id })]);
  return { bids: rows.map((r) => ({ ...toBid(r.bid), loadNumber: r.loadNumber, loadStatus: r.loadStatus as LoadStatus })), total };
}

/**
 * Staff: bids with the bidder's name and company, newest first; one page and the
 * total. Each says the bidder's compliance today and whether the compliance
 * settings would let it be awarded now, so Manage Bids can say why before the click.
 */
export async function listBids(opts: { db: Db; loadId?: string; page: Page; now: Date }): Promise<{ bids: BidWithCarrier[]; total: number }> {
  if (opts.loadId) {
    const [load] = await opts.db.select({ id: loads.id }).from(loads).where(eq(loads.id, opts.loadId));
    if (!load) throw new AppError(404, MSG.notFound);
  }
  const [rows, total] = await Promise.all([listBidsWithCarrier(opts.db, { loadId: opts.loadId }, opts.page), countBids(opts.db, { loadId: opts.loadId })]);
  const checks = await awardChecks({
    db: opts.db,
    bids: rows.map((r) => ({ bidId: r.bid.id, role: r.bidderRole, isAdmin: r.bidderIsAdmin, companyId: r.bidderCompanyId, forsRequirement: r.forsRequirement })),
    now: opts.now,
  });
  const list = rows.map((r) => ({
    ...toBid(r.bid),
    carrierName: r.carrierName,
    carrierCompany: r.carrierCompany,
    loadNumber: r.loadNumber,
    loadStatus: r.loadStatus as LoadStatus,
    ...checks.get(r.bid.id)!,
  }));
  return { bids: list, total };
}

/**
 * POST /api/bids/{id}/accept: in one transaction the load
 * goes available → accepted for the bidder at the bid amount (through the one
 * transition function: row lock, state machine, audit event), the bid becomes
 * accepted and every other pending bid on the load is rejected. Of two staff
 * awarding different bids on one load at once, the second waits for the row lock,
 * finds the load accepted and gets 409.
 */
export async function acceptBid(opts: { ctx: AppContext; db: Db; actor: UserRow; bidId: string; now: Date }) {
  const { db, ...rest } = opts;
  return db.transaction((tx) => awardBid({ ...rest, tx, via: "bid" }));
}

/**
 * The award, in the caller's transaction: staff accepting a pending bid at its
 * amount (via "bid"), or the bidder accepting staff's counter-offer at exactly
 * the counter's amount (via "counter", bid-counters.service.ts). Either way the
 * load goes to the bidder through the one transition function and every other
 * open bid on it is rejected, all or nothing.
 */
export async function awardBid(opts: { ctx: AppContext; tx: Tx; actor: UserRow; bidId: string; now: Date; via: "bid" | "counter" }) {
  const { ctx, tx, actor, bidId, now, via } = opts;
  const found = await findBid(tx, bidId);
  if (!found) throw new AppError(404, MSG.notFound);
  // Lock the load first (after the loads write lock, as every load write does),
  // then read the bid again: its amount may have been updated by the bidder
  // until the moment we hold the lock.
  await lockLoadWrites(tx);
  const [locked] = await tx.select({ id: loads.id, status: loads.status, forsRequirement: loads.forsRequirement }).from(loads).where(eq(loads.id, found.loadId)).for("update");
  const bid = await findBid(tx, bidId, { lock: true });
  if (!bid) throw new AppError(404, MSG.notFound);
  const [bidder] = await tx.select().from(users).where(eq(users.id, bid.carrierId));
  if (!bidder) throw new AppError(404, MSG.notFound);
  if (via === "counter") {
    // the load gone (taken, cancelled) says so first; then the offer must still stand
    if (!locked || locked.status !== "available") throw new AppError(409, MSG.loadNotAvailable);
    if (bid.status !== "countered" || !bid.counterExpiresAt || bid.counterExpiresAt.getTime() <= now.getTime()) throw new AppError(409, COUNTER_WORDS.expired);
  }
  const awarded = via === "counter" ? bid.status === "countered" : bid.status === "pending";
  // still a booking: the bidder's company is checked as if they accepted (docs/decisions/0013-compliance.md)
  if (locked && awarded) await assertMayBook(tx, bidder, locked, ukToday(now), via === "bid" ? { awardedBy: actor } : undefined);
  const amount = (via === "counter" ? money(bid.counterAmount) : money(bid.bidAmount)) ?? 0;
  const { load } = await transitionLoad({
    ctx,
    tx,
    loadId: bid.loadId,
    action: "award-bid",
    awardVia: via,
    actor,
    now,
    bidId: bid.id,
    detail: { bidId: bid.id, bidAmount: amount, carrierId: bidder.id, ...(via === "counter" ? { counter: true } : {}) },
    set: (current) => {
      // contract: an expired load is re-offered with new dates first, not awarded
      if (isLoadExpired(current, now)) throw new AppError(409, MSG.loadNotAvailable);
      const rate = ratePerMile(amount, current.distance);
      return {
        acceptedBy: bidder.id,
        acceptedByCarrier: bidder.carrierName,
        acceptedAt: now,
        price: amount,
        ratePerMile: rate !== null && rate <= MAX_RATE_PER_MILE ? rate : null,
      };
    },
  });
  const accepted = await settlePendingBid(tx, bid.id, "accepted", now, via === "counter" ? { status: "countered", amount } : { status: "pending" });
  // throwing rolls the load back too: a rejected bid can never win
  if (!accepted) throw new AppError(409, BID_NOT_PENDING);
  const rejected = await rejectPendingBids(tx, bid.loadId, now, bid.id);
  await recordBidHistory(tx, [
    ...(via === "counter" ? [{ bidId: bid.id, kind: "counter_accepted" as const, amount, actor: historyActor(actor), now }] : []),
    { bidId: bid.id, kind: "accepted", amount, actor: historyActor(actor), now },
    ...rejected.map((r) => ({ bidId: r.id, kind: "rejected" as const, amount: money(r.bidAmount), note: "The load went to another carrier", actor: historyActor(actor), now })),
  ]);
  // the winner and every other bidder hear of it (the load's load.accepted came with its transition)
  await ctx.events.publish(tx, [
    loadEvent({ type: "bid.accepted", load, actor, now, data: { bid: toBid(accepted) } }),
    ...rejectedEvents({ load, actor, now, rows: rejected, taken: true }),
  ]);
  return { bid: toBid(accepted), load, rejectedCount: rejected.length };
}

/** POST /api/bids/{id}/reject: only a pending bid; the bidder is told in the same transaction. */
export async function rejectBid(opts: { ctx: AppContext; db: Db; actor: UserRow | null; bidId: string; now: Date }): Promise<Bid> {
  const { ctx, db, bidId, now } = opts;
  return db.transaction(async (tx) => {
    const row = await settlePendingBid(tx, bidId, "rejected", now);
    if (row) {
      await recordBidHistory(tx, [{ bidId: row.id, kind: "rejected", amount: money(row.bidAmount), actor: historyActor(opts.actor), now }]);
      const [load] = await tx.select().from(loads).where(eq(loads.id, row.loadId));
      if (load) await ctx.events.publish(tx, rejectedEvents({ load, actor: opts.actor, now, rows: [row], taken: false }));
      return toBid(row);
    }
    const existing = await findBid(tx, bidId);
    if (!existing) throw new AppError(404, MSG.notFound);
    throw new AppError(409, BID_NOT_PENDING);
  });
}

// ---------------------------------------------------------------- reactions to a load's events

/** One bid.rejected per bid closed; `taken`: the load went to someone else. */
function rejectedEvents(o: { load: Pick<LoadRow, "id" | "loadNumber">; actor: Pick<UserRow, "id" | "name"> | null; now: Date; rows: BidRow[]; taken: boolean }): NewEvent[] {
  return o.rows.map((r) => loadEvent({ type: "bid.rejected", load: o.load, actor: o.actor, now: o.now, data: { bid: toBid(r), taken: o.taken } }));
}

/**
 * In the transaction of the load's change: a load taken without a bid (a carrier
 * accepted it, staff assigned it) closes its pending bids, each bidder told the
 * load went to another carrier; a load back on the board (reset, un-cancel) is no
 * longer held by an earlier winning bid. An award closes its own bids (acceptBid).
 */
export function registerBidReactions(ctx: AppContext): void {
  ctx.events.inTransaction({
    name: "bids",
    order: ORDER.bids,
    types: ["load.accepted", "load.made_available"],
    async handle(event, { tx, publish }) {
      const now = new Date(event.occurredAt);
      const load = { id: event.loadId!, loadNumber: event.loadNumber! };
      if (event.type === "load.made_available") {
        await rejectAcceptedBids(tx, load.id, now);
        return;
      }
      // an award closes its own bids (awardBid)
      if (event.data.via === "bid" || event.data.via === "counter") return;
      const rejected = await rejectPendingBids(tx, load.id, now);
      await recordBidHistory(
        tx,
        rejected.map((r) => ({ bidId: r.id, kind: "rejected" as const, amount: money(r.bidAmount), note: "The load went to another carrier", actor: event.actor ? { ...event.actor, role: event.data.via === "listed" ? ("carrier" as const) : ("staff" as const) } : null, now })),
      );
      await publish(rejectedEvents({ load, actor: event.actor, now, rows: rejected, taken: true }));
    },
  });
}
