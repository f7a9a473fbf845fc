// Counters kept by database triggers, so a poll or a dashboard reads a row, not every load.
import { bigint, date, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";

// A version number bumped by trigger on every change to loads or bids: the
// ETag of a poll, identical across processes (see migrations/*_change_counter.sql).
export const changeCounters = pgTable("change_counters", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

// Maintained by triggers on loads (migration 0014): GET /api/stats and the
// Carriers tab read these instead of aggregating every load per request.
/** available loads per UK pickup day ('infinity': no pickup date) */
export const loadAvailableDays = pgTable("load_available_days", {
  pickupDay: date("pickup_day", { mode: "string" }).primaryKey(),
  loads: integer("loads").notNull().default(0),
});

/** loads and sum of price per status */
export const loadStatusTotals = pgTable("load_status_totals", {
  status: text("status").primaryKey(),
  loads: integer("loads").notNull().default(0),
  priceSum: numeric("price_sum").notNull().default("0"),
});

/** held loads (accepted/approved/completed), earnings and latest acceptance per (acceptedBy, acceptedByCarrier) */
export const loadHolderStats = pgTable(
  "load_holder_stats",
  {
    holderKey: text("holder_key").primaryKey(),
    acceptedBy: uuid("accepted_by"),
    acceptedByCarrier: text("accepted_by_carrier"),
    accepted: integer("accepted").notNull().default(0),
    approved: integer("approved").notNull().default(0),
    completed: integer("completed").notNull().default(0),
    earnings: numeric("earnings").notNull().default("0"),
    lastAcceptedAt: ts("last_accepted_at"),
  },
  (t) => [index("load_holder_stats_user_idx").on(t.acceptedBy), index("load_holder_stats_carrier_idx").on(t.acceptedByCarrier)],
);

// Written by triggers on loads (migration 0021): one row a changed load with its
// version of the 'loads' counter, read by the live stream after commit and replayed
// to a stream that reconnects. 'bulk' covers `rows` versions ending at `version`.
export const loadChanges = pgTable("load_changes", {
  version: bigint("version", { mode: "number" }).primaryKey(),
  loadId: uuid("load_id"),
  rows: integer("rows").notNull().default(1),
  kind: text("kind").notNull().$type<"insert" | "update" | "delete" | "bulk">(),
  oldStatus: text("old_status"),
  oldPickupDate: ts("old_pickup_date"),
  oldAcceptedBy: uuid("old_accepted_by"),
  oldAcceptedByCarrier: text("old_accepted_by_carrier"),
  newStatus: text("new_status"),
  newPickupDate: ts("new_pickup_date"),
  changedAt: ts("changed_at").notNull().defaultNow(),
});
