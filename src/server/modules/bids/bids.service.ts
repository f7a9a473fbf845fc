// Bid rules (spec §3 Bid, §4 bid status and "Accepting a bid", §5 Bid; contract "Bids").
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { loads, users, type BidRow, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso, money } from "../../lib/serialize";
import { MSG } from "../../../contract/messages";
import { isLoadExpired } from "../../../contract/load-dates";
import type { Bid, BidWithCarrier, OwnBid } from "../../../contract/schemas/bid";
import type { BidStatus, LoadStatus } from "../../../contract/constants";
import { transitionLoad } from "../loads/load-transition";
import { ratePerMile } from "../loads/load-visibility";
import type { AppContext } from "../../context";
import { notifyBidAccepted, notifyBidPlaced, notifyBidRejected } from "../notifications/notifications.service";
import { raiseWebhookEvent } from "../integrations/webhooks/webhook-events";
import { assertMayBook, ukToday } from "../companies/compliance.service";
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

export const BID_NOT_PENDING = "Only pending bids can be accepted or rejected";

/** numeric(7,2): a rate that cannot be stored is left unknown rather than failing the award */
const MAX_RATE_PER_MILE = 99_999.99;

export function toBid(row: BidRow): Bid {
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
  };
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
    // spec §4: only available loads can be bid on. A load that stopped being
    // available (accepted by someone else, cancelled) is invisible to a carrier from
    // then on, but the carrier saw it on the board a moment ago: like the losing
    // accept (contract: accept → 409), they are told it is gone, not "not found".
    if (load.status !== "available") throw new AppError(409, MSG.loadNotAvailable);
    // contract: an expired load (its pickup day over, UK time) left the board: no bids
    if (isLoadExpired(load, now)) throw new AppError(409, MSG.loadNotAvailable);
    // contract-beyond "Carrier compliance": checked in this transaction, as for an accept
    await assertMayBook(tx, actor, load, ukToday(now));
    const { bid, inserted } = await upsertPendingBid(tx, {
      loadId,
      carrierId: actor.id,
      bidAmount: opts.bidAmount,
      // what the carrier saw listed when bidding: Manage Bids compares with it (issue 15 #11)
      listedPrice: money(load.price),
      // spec §5: notes trimmed, omitted when empty (the contract schema already trims)
      notes: opts.notes?.trim() || null,
      now,
    });
    // every staff user hears of a new or updated bid, in this transaction
    await notifyBidPlaced({ ctx: opts.ctx, tx, actor, load, carrier: actor, amount: bid.bidAmount, updated: !inserted });
    // contract-beyond "Integrations": bid.placed (a new bid or a new amount), in this transaction
    await raiseWebhookEvent({ db: tx, now, type: "bid.placed", data: toBid(bid) });
    return { bid: toBid(bid), created: inserted };
  });
}

type Page = { limit: number; offset: number };

/** GET /api/user/bids: one page of the caller's bids and how many they have in all. */
export async function listOwnBids(opts: { db: Db; actor: UserRow; page: Page }): Promise<{ bids: OwnBid[]; total: number }> {
  const [rows, total] = await Promise.all([listBidsOfCarrier(opts.db, opts.actor.id, opts.page), countBids(opts.db, { carrierId: opts.actor.id })]);
  return { bids: rows.map((r) => ({ ...toBid(r.bid), loadNumber: r.loadNumber, loadStatus: r.loadStatus as LoadStatus })), total };
}

/** Staff: bids with the bidder's name and company (spec §3), newest first; one page and the total. */
export async function listBids(opts: { db: Db; loadId?: string; page: Page }): Promise<{ bids: BidWithCarrier[]; total: number }> {
  if (opts.loadId) {
    const [load] = await opts.db.select({ id: loads.id }).from(loads).where(eq(loads.id, opts.loadId));
    if (!load) throw new AppError(404, MSG.notFound);
  }
  const [rows, total] = await Promise.all([listBidsWithCarrier(opts.db, { loadId: opts.loadId }, opts.page), countBids(opts.db, { loadId: opts.loadId })]);
  const list = rows.map((r) => ({
    ...toBid(r.bid),
    carrierName: r.carrierName,
    carrierCompany: r.carrierCompany,
    loadNumber: r.loadNumber,
    loadStatus: r.loadStatus as LoadStatus,
  }));
  return { bids: list, total };
}

/**
 * POST /api/bids/{id}/accept (spec §4 "Accepting a bid"): in one transaction the load
 * goes available → accepted for the bidder at the bid amount (through the one
 * transition function: row lock, state machine, audit event), the bid becomes
 * accepted and every other pending bid on the load is rejected. Of two staff
 * awarding different bids on one load at once, the second waits for the row lock,
 * finds the load accepted and gets 409.
 */
export async function acceptBid(opts: { ctx: AppContext; db: Db; actor: UserRow; bidId: string; now: Date }) {
  const { ctx, db, actor, bidId, now } = opts;
  return db.transaction(async (tx) => {
    const found = await findBid(tx, bidId);
    if (!found) throw new AppError(404, MSG.notFound);
    // Lock the load first, then read the bid again: its amount may have been
    // updated by the bidder until the moment we hold the lock.
    const [locked] = await tx.select({ id: loads.id, forsRequirement: loads.forsRequirement }).from(loads).where(eq(loads.id, found.loadId)).for("update");
    const bid = await findBid(tx, bidId, { lock: true });
    if (!bid) throw new AppError(404, MSG.notFound);
    const [bidder] = await tx.select().from(users).where(eq(users.id, bid.carrierId));
    if (!bidder) throw new AppError(404, MSG.notFound);
    // still a booking: the bidder's company is checked as if they accepted (docs/decisions/compliance.md)
    if (locked && bid.status === "pending") await assertMayBook(tx, bidder, locked, ukToday(now), { awardedBy: actor });
    const amount = money(bid.bidAmount) ?? 0;
    const { load } = await transitionLoad({
      tx,
      loadId: bid.loadId,
      action: "award-bid",
      actor,
      now,
      detail: { bidId: bid.id, bidAmount: amount, carrierId: bidder.id },
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
    const accepted = await settlePendingBid(tx, bid.id, "accepted", now);
    // throwing rolls the load back too: a rejected bid can never win
    if (!accepted) throw new AppError(409, BID_NOT_PENDING);
    const rejected = await rejectPendingBids(tx, bid.loadId, now, bid.id);
    await notifyBidAccepted({ ctx, tx, actor, load, carrierId: bidder.id, amount });
    for (const r of rejected) await notifyBidRejected({ ctx, tx, actor, load, carrierId: r.carrierId, amount: r.bidAmount, taken: true });
    // contract-beyond "Integrations": bid.accepted (the load's load.accepted came with its transition)
    await raiseWebhookEvent({ db: tx, now, type: "bid.accepted", data: toBid(accepted) });
    return { bid: toBid(accepted), load, rejectedCount: rejected.length };
  });
}

/** POST /api/bids/{id}/reject: only a pending bid (spec §4); the bidder is told in the same transaction. */
export async function rejectBid(opts: { ctx: AppContext; db: Db; actor: UserRow | null; bidId: string; now: Date }): Promise<Bid> {
  const { ctx, db, bidId, now } = opts;
  return db.transaction(async (tx) => {
    const row = await settlePendingBid(tx, bidId, "rejected", now);
    if (row) {
      const [load] = await tx.select().from(loads).where(eq(loads.id, row.loadId));
      if (load) await notifyBidRejected({ ctx, tx, actor: opts.actor, load, carrierId: row.carrierId, amount: row.bidAmount, taken: false });
      return toBid(row);
    }
    const existing = await findBid(tx, bidId);
    if (!existing) throw new AppError(404, MSG.notFound);
    throw new AppError(409, BID_NOT_PENDING);
  });
}

// ---------------------------------------------------------------- for the loads module

/**
 * A load was taken without a bid (a carrier accepted it, staff assigned it): its
 * pending bids close, in the caller's transaction (spec §4), and each bidder is
 * told the load went to another carrier (bid_rejected).
 */
export async function closePendingBids(opts: {
  ctx: AppContext;
  tx: DbOrTx;
  loadId: string;
  now: Date;
  actor: Pick<UserRow, "id"> | null;
  load: Parameters<typeof notifyBidRejected>[0]["load"];
}): Promise<number> {
  const rejected = await rejectPendingBids(opts.tx, opts.loadId, opts.now);
  for (const r of rejected) {
    await notifyBidRejected({ ctx: opts.ctx, tx: opts.tx, actor: opts.actor, load: opts.load, carrierId: r.carrierId, amount: r.bidAmount, taken: true });
  }
  return rejected.length;
}

/** A load is back on the board (reset, un-cancel): an earlier winning bid no longer holds it. */
export async function releaseWinningBids(opts: { tx: DbOrTx; loadId: string; now: Date }): Promise<number> {
  return rejectAcceptedBids(opts.tx, opts.loadId, opts.now);
}
