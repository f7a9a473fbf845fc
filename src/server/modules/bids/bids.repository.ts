// Bid queries. rejectPendingBids is shared with accepting a load (contract:
// "Accepting rejects every pending bid on the load", same transaction).
import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { bids, loads, users, type BidRow } from "../../db/schema";

/** The bids still open on a load: pending, or countered and awaiting the bidder's answer. */
const OPEN = ["pending", "countered"];

/** Returns the bids it rejected, pending or countered (their bidders are told: bid_rejected). */
export async function rejectPendingBids(
  tx: DbOrTx,
  loadId: string,
  now: Date,
  exceptBidId?: string,
): Promise<BidRow[]> {
  const rows = await tx
    .update(bids)
    .set({ status: "rejected", updatedAt: now })
    .where(
      exceptBidId
        ? and(eq(bids.loadId, loadId), inArray(bids.status, OPEN), ne(bids.id, exceptBidId))
        : and(eq(bids.loadId, loadId), inArray(bids.status, OPEN)),
    )
    .returning();
  return rows;
}

/**
 * Create the carrier's pending bid on a load, or update it if one exists (at most
 * one open bid, pending or countered, per carrier and load). One statement against the partial
 * unique index bids_one_pending_key, so simultaneous posts by one carrier can never
 * make two pending rows: the loser of the insert race waits and updates instead.
 * `inserted` is true when a row was created (xmax = 0 on a freshly inserted tuple).
 */
export async function upsertPendingBid(
  tx: DbOrTx,
  v: { loadId: string; carrierId: string; bidAmount: number; listedPrice: number | null; notes: string | null; now: Date },
): Promise<{ bid: BidRow; inserted: boolean }> {
  const [row] = await tx
    .insert(bids)
    .values({
      loadId: v.loadId,
      carrierId: v.carrierId,
      bidAmount: v.bidAmount,
      listedPrice: v.listedPrice,
      notes: v.notes,
      status: "pending",
      createdAt: v.now,
      updatedAt: v.now,
    })
    .onConflictDoUpdate({
      target: [bids.loadId, bids.carrierId],
      targetWhere: sql`status in ('pending', 'countered')`,
      // a new amount is made on the price listed now; it replaces a counter-offer (pending again)
      set: { bidAmount: v.bidAmount, listedPrice: v.listedPrice, notes: v.notes, updatedAt: v.now, status: "pending", counterAmount: null, counterExpiresAt: null, counterNote: null },
    })
    .returning({ ...getTableColumns(bids), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...bid } = row;
  return { bid, inserted: inserted === true || (inserted as unknown) === "t" };
}

export async function findBid(db: DbOrTx, bidId: string, opts: { lock?: boolean } = {}): Promise<BidRow | undefined> {
  const q = db.select().from(bids).where(eq(bids.id, bidId));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row;
}

/**
 * Conditional status change: only a pending bid moves (or, for an agreed
 * counter-offer, a countered one, whose amount becomes the amount agreed).
 */
export async function settlePendingBid(
  tx: DbOrTx,
  bidId: string,
  status: "accepted" | "rejected",
  now: Date,
  from: { status: "pending" } | { status: "countered"; amount: number } = { status: "pending" },
): Promise<BidRow | undefined> {
  const [row] = await tx
    .update(bids)
    .set(from.status === "countered" ? { status, updatedAt: now, bidAmount: from.amount } : { status, updatedAt: now })
    .where(and(eq(bids.id, bidId), eq(bids.status, from.status)))
    .returning();
  return row;
}

type Page = { limit: number; offset: number };

/** GET /api/user/bids: the caller's bids with their load's number and status, newest first, one page. */
export function listBidsOfCarrier(db: DbOrTx, carrierId: string, page: Page) {
  return db
    .select({ bid: bids, loadNumber: loads.loadNumber, loadStatus: loads.status })
    .from(bids)
    .innerJoin(loads, eq(loads.id, bids.loadId))
    .where(eq(bids.carrierId, carrierId))
    .orderBy(desc(bids.createdAt), desc(bids.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Staff views: each bid with its bidder (name, company, role) and load, newest first, one page. */
export function listBidsWithCarrier(db: DbOrTx, opts: { loadId?: string }, page: Page) {
  return db
    .select({
      bid: bids,
      carrierName: users.name,
      carrierCompany: users.carrierName,
      loadNumber: loads.loadNumber,
      loadStatus: loads.status,
      // what the award check needs: who the bidder is and what the load asks for
      bidderCompanyId: users.companyId,
      bidderRole: users.role,
      bidderIsAdmin: users.isAdmin,
      forsRequirement: loads.forsRequirement,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.carrierId))
    .innerJoin(loads, eq(loads.id, bids.loadId))
    .where(opts.loadId ? eq(bids.loadId, opts.loadId) : undefined)
    .orderBy(desc(bids.createdAt), asc(bids.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many bids a list above holds in all: of a carrier, of a load, or every bid. */
export async function countBids(db: DbOrTx, opts: { carrierId?: string; loadId?: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bids)
    .where(and(opts.carrierId ? eq(bids.carrierId, opts.carrierId) : undefined, opts.loadId ? eq(bids.loadId, opts.loadId) : undefined));
  return Number(row?.n ?? 0);
}

/** A load back on the board (reset, un-cancel) is no longer held by the bid that won it. */
export async function rejectAcceptedBids(tx: DbOrTx, loadId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(bids)
    .set({ status: "rejected", updatedAt: now })
    .where(and(eq(bids.loadId, loadId), eq(bids.status, "accepted")))
    .returning({ id: bids.id });
  return rows.length;
}
