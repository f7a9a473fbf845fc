// Counter-offer and bid-history queries. Each status change is one conditional
// UPDATE, so of two answers to one counter (the bidder's, the expiry's) only the
// first moves the bid; the other finds it no longer countered.
import { and, asc, eq, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { bidHistory, bids, type BidHistoryRow, type BidRow } from "../../db/schema";
import type { BidHistoryKind } from "../../../contract/schemas/bid";

/** A pending bid becomes countered (null: it was not pending). */
export async function markCountered(
  tx: DbOrTx,
  v: { bidId: string; amount: number; expiresAt: Date; note: string | null; now: Date },
): Promise<BidRow | undefined> {
  const [row] = await tx
    .update(bids)
    .set({ status: "countered", counterAmount: v.amount, counterExpiresAt: v.expiresAt, counterNote: v.note, updatedAt: v.now })
    .where(and(eq(bids.id, v.bidId), eq(bids.status, "pending")))
    .returning();
  return row;
}

/**
 * A countered bid goes back to pending at its own amount: declined by the bidder,
 * or (`expiredBy` set) lapsed at that time. Returns the row as it was countered
 * (for the counter's amount) and as it is now; null when it was not countered.
 */
export async function clearCounter(
  tx: DbOrTx,
  v: { bidId: string; now: Date; expiredBy?: Date },
): Promise<{ before: BidRow; after: BidRow } | null> {
  const [before] = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.id, v.bidId), eq(bids.status, "countered"), v.expiredBy ? lte(bids.counterExpiresAt, v.expiredBy) : undefined))
    .for("update");
  if (!before) return null;
  const [after] = await tx
    .update(bids)
    .set({ status: "pending", counterAmount: null, counterExpiresAt: null, counterNote: null, updatedAt: v.now })
    .where(and(eq(bids.id, v.bidId), eq(bids.status, "countered")))
    .returning();
  return after ? { before, after } : null;
}

/** Countered bids whose offer has lapsed by `now`, oldest first, skipping rows another process holds. */
export async function lapsedCounterIds(tx: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.status, "countered"), lte(bids.counterExpiresAt, now)))
    .orderBy(asc(bids.counterExpiresAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return rows.map((r) => r.id);
}

export interface HistoryLine {
  bidId: string;
  kind: BidHistoryKind;
  amount: number | null;
  expiresAt?: Date | null;
  note?: string | null;
  actor: { id: string; name: string; role: "carrier" | "staff" } | null;
  now: Date;
}

/** Lines of bids' history, one INSERT however many (an award closes every other bid at once). */
export async function recordBidHistory(tx: DbOrTx, lines: HistoryLine[]): Promise<void> {
  if (!lines.length) return;
  await tx.insert(bidHistory).values(
    lines.map((l) => ({
      bidId: l.bidId,
      kind: l.kind,
      amount: l.amount,
      expiresAt: l.expiresAt ?? null,
      note: l.note ?? null,
      actorId: l.actor?.id ?? null,
      actorName: l.actor?.name ?? null,
      actorRole: l.actor?.role ?? "system",
      createdAt: l.now,
    })),
  );
}

/** A bid's history, oldest first (a bid has a handful of lines: the list is bounded by the bid). */
export function listBidHistory(db: DbOrTx, bidId: string): Promise<BidHistoryRow[]> {
  return db
    .select()
    .from(bidHistory)
    .where(eq(bidHistory.bidId, bidId))
    .orderBy(asc(bidHistory.seq))
    .limit(1000);
}
