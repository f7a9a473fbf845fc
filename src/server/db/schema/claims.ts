// Stops and waiting-time claims: when a booked load's driver arrived at and left
// each stop, the positions that backed those times (kept 30 days), the network's
// waiting-time terms and the carriers' claims against them.
import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";
import { loads } from "./loads";
import { companies } from "./companies";
import { users } from "./users";

// One row a stop of a booked load, for the company that held it when the times were
// recorded (a load handed back and booked again starts with no stops).
export const loadStops = pgTable(
  "load_stops",
  {
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    stop: text("stop").notNull(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    arrivedAt: ts("arrived_at"),
    departedAt: ts("departed_at"),
    // position | declared | staff, for each time
    arrivalEvidence: text("arrival_evidence"),
    departureEvidence: text("departure_evidence"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.loadId, t.stop] }), check("load_stops_stop_check", sql`${t.stop} in ('pickup', 'delivery')`)],
);

// The phone's position sent with an arrival or departure: evidence for staff only,
// deleted after 30 days (the evidence word on the stop stays).
export const stopPositions = pgTable(
  "stop_positions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    stop: text("stop").notNull(),
    // arrival | departure
    kind: text("kind").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    accuracyM: doublePrecision("accuracy_m").notNull(),
    // miles from the stop's postcode district centre, when the district is known
    distanceMiles: doublePrecision("distance_miles"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: created(),
  },
  (t) => [index("stop_positions_load_idx").on(t.loadId, t.stop), index("stop_positions_created_idx").on(t.createdAt)],
);

// The network's waiting-time terms (one row; the contract's defaults).
export const waitingTimeSettings = pgTable("waiting_time_settings", {
  id: integer("id").primaryKey().default(1),
  freeMinutes: integer("free_minutes").notNull().default(120),
  ratePerHour: numeric("rate_per_hour", { precision: 8, scale: 2 }).notNull().default("30.00"),
  maxHours: integer("max_hours").notNull().default(4),
  claimDays: integer("claim_days").notNull().default(7),
  updatedAt: updated(),
});

// A carrier company's claim for the waiting at one stop, priced by the server from
// the recorded times and the terms of the day it was claimed (kept on the row, so
// a later change of terms never reprices it). One claim a stop.
export const waitingClaims = pgTable(
  "waiting_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "restrict" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    stop: text("stop").notNull(),
    arrivedAt: ts("arrived_at").notNull(),
    departedAt: ts("departed_at").notNull(),
    evidence: text("evidence").notNull(),
    minutes: integer("minutes").notNull(),
    chargeableMinutes: integer("chargeable_minutes").notNull(),
    freeMinutes: integer("free_minutes").notNull(),
    ratePerHour: numeric("rate_per_hour", { precision: 8, scale: 2 }).notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    status: text("status").notNull().default("pending"),
    decidedAmount: numeric("decided_amount", { precision: 12, scale: 2 }),
    note: text("note"),
    reason: text("reason"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: created(),
    decidedAt: ts("decided_at"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedByName: text("decided_by_name"),
  },
  (t) => [
    uniqueIndex("waiting_claims_load_stop_key").on(t.loadId, t.stop),
    index("waiting_claims_status_idx").on(t.status, t.createdAt.desc()),
    index("waiting_claims_company_idx").on(t.companyId, t.createdAt.desc()),
    check("waiting_claims_stop_check", sql`${t.stop} in ('pickup', 'delivery')`),
    check("waiting_claims_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export type LoadStopRow = typeof loadStops.$inferSelect;
export type WaitingClaimRow = typeof waitingClaims.$inferSelect;
