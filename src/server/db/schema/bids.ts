// Carriers' offers on loads.
import { sql } from "drizzle-orm";
import { index, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { created, updated } from "./columns";
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
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    // at most one pending bid per carrier and load, enforced by the database
    uniqueIndex("bids_one_pending_key").on(t.loadId, t.carrierId).where(sql`${t.status} = 'pending'`),
    index("bids_load_idx").on(t.loadId, t.status),
    index("bids_carrier_idx").on(t.carrierId, t.createdAt.desc()),
  ],
);

export type BidRow = typeof bids.$inferSelect;
