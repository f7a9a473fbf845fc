// Carriers' offers on loads.
import { sql } from "drizzle-orm";
import { bigint, index, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";
import { users } from "./users";
import { loads } from "./loads";

export const bids = pgTable(
  "bids",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    carrierId: uuid("carrier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bidAmount: numeric("bid_amount", { precision: 10, scale: 2, mode: "number" }).notNull(),
    /**
     * The load's listed price when this amount was bid (set with each new amount):
     * Manage Bids compares the bid with it, not with a price changed later (an
     * award sets the price to the winning bid). Null for bids from before it was kept.
     */
    listedPrice: numeric("listed_price", { precision: 10, scale: 2, mode: "number" }),
    notes: text("notes"),
    status: text("status").notNull().default("pending"),
    /** staff's counter-offer, while the bid is 'countered' (migration 0026) */
    counterAmount: numeric("counter_amount", { precision: 10, scale: 2, mode: "number" }),
    counterExpiresAt: ts("counter_expires_at"),
    counterNote: text("counter_note"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    // at most one open bid (pending, or countered and awaiting the bidder) per carrier and load, enforced by the database
    uniqueIndex("bids_one_pending_key").on(t.loadId, t.carrierId).where(sql`${t.status} in ('pending', 'countered')`),
    index("bids_load_idx").on(t.loadId, t.status),
    index("bids_carrier_idx").on(t.carrierId, t.createdAt.desc()),
  ],
);

export type BidRow = typeof bids.$inferSelect;

/**
 * Every amount, counter-offer and answer of a bid, oldest first (GET /api/bids/{id}/history).
 * Written in the transaction of each change; the actor's name is kept as it was.
 */
export const bidHistory = pgTable(
  "bid_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the order lines were written in (several can share an instant) */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    bidId: uuid("bid_id")
      .notNull()
      .references(() => bids.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    amount: numeric("amount", { precision: 10, scale: 2, mode: "number" }),
    expiresAt: ts("expires_at"),
    note: text("note"),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    actorRole: text("actor_role").notNull(),
    createdAt: created(),
  },
  (t) => [index("bid_history_bid_idx").on(t.bidId, t.seq)],
);

export type BidHistoryRow = typeof bidHistory.$inferSelect;
