// Scorecards: facts kept from the event log as it grows (modules/scorecards), so a
// scorecard reads a company's rows by (company_id, day) and never aggregates loads.
// Every row can be rebuilt by replaying the log from seq 0. company_id has no
// foreign key on purpose: a merged company is deleted in the merge's transaction,
// and its rows follow it to the other company when the company.merged reaction runs.
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts, updated } from "./columns";
import { loads } from "./loads";

// One row a load and a company that held it: the times recorded while it held it,
// the POD, the completion or the hand-back, and what those mean (punctuality, POD hours).
export const scorecardLoads = pgTable(
  "scorecard_loads",
  {
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").notNull(),
    loadNumber: text("load_number").notNull(),
    // the company holds the load now (the row the load's next stop, POD or completion is for)
    held: boolean("held").notNull().default(true),
    acceptedAt: ts("accepted_at"),
    pickupArrivedAt: ts("pickup_arrived_at"),
    pickupDepartedAt: ts("pickup_departed_at"),
    deliveryArrivedAt: ts("delivery_arrived_at"),
    deliveryDepartedAt: ts("delivery_departed_at"),
    podSubmittedAt: ts("pod_submitted_at"),
    completedAt: ts("completed_at"),
    handedBack: boolean("handed_back").notNull().default(false),
    handedBackAt: ts("handed_back_at"),
    // the UK day the load counts on: completed, else handed back (null: neither yet)
    day: date("day", { mode: "string" }),
    // onTime | late | unknown, from the load's time and the facts above
    collection: text("collection").notNull().default("unknown"),
    delivery: text("delivery").notNull().default("unknown"),
    podHours: numeric("pod_hours", { precision: 10, scale: 1, mode: "number" }),
    updatedAt: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.loadId, t.companyId] }),
    index("scorecard_loads_company_day_idx").on(t.companyId, t.day.desc()),
  ],
);

// A company's loads that count on one UK day, summed (kept with scorecard_loads), so a
// scorecard reads one row a day of its window rather than one a load. pod_hours: how many
// loads took each POD time, in tenths of an hour ({"28": 3}: three loads at 2.8 h).
export const scorecardCompanyDays = pgTable(
  "scorecard_company_days",
  {
    companyId: uuid("company_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    completed: integer("completed").notNull(),
    handedBack: integer("handed_back").notNull(),
    collectionOnTime: integer("collection_on_time").notNull(),
    collectionLate: integer("collection_late").notNull(),
    deliveryOnTime: integer("delivery_on_time").notNull(),
    deliveryLate: integer("delivery_late").notNull(),
    podHours: jsonb("pod_hours").$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

// One visit at a stop with both times recorded: the minutes spent there, by postcode area.
export const scorecardSiteVisits = pgTable(
  "scorecard_site_visits",
  {
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    stop: text("stop").notNull(),
    companyId: uuid("company_id").notNull(),
    postcodeArea: text("postcode_area").notNull(),
    // UK day of the arrival
    day: date("day", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.loadId, t.stop] }), index("scorecard_site_visits_area_idx").on(t.postcodeArea, t.stop, t.day), index("scorecard_site_visits_day_idx").on(t.day)],
);

// One waiting-time claim as it stands: when submitted and decided, and what was approved.
export const scorecardClaims = pgTable(
  "scorecard_claims",
  {
    claimId: uuid("claim_id").primaryKey(),
    loadId: uuid("load_id").notNull(),
    companyId: uuid("company_id").notNull(),
    submittedAt: ts("submitted_at").notNull(),
    // UK day of submission
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").notNull(),
    decidedAt: ts("decided_at"),
    amountApproved: numeric("amount_approved", { precision: 12, scale: 2, mode: "number" }),
  },
  (t) => [index("scorecard_claims_company_idx").on(t.companyId, t.day), index("scorecard_claims_day_idx").on(t.day)],
);

// One live invoice: issued, due and paid days (a replaced invoice's row goes).
export const scorecardInvoices = pgTable(
  "scorecard_invoices",
  {
    invoiceId: uuid("invoice_id").primaryKey(),
    // its number: a replacing invoice names the one it replaces by it
    number: text("number").notNull(),
    loadId: uuid("load_id"),
    companyId: uuid("company_id"),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    paidOn: date("paid_on", { mode: "string" }),
  },
  (t) => [index("scorecard_invoices_number_idx").on(t.number), index("scorecard_invoices_paid_idx").on(t.paidOn), index("scorecard_invoices_unpaid_idx").on(t.dueOn).where(sql`${t.paidOn} is null`)],
);

// A company's figures over the last 90 days, for the staff Carriers tab's order (refreshed with its rows).
export const companyScorecards = pgTable("company_scorecards", {
  companyId: uuid("company_id").primaryKey(),
  onTimeDeliveryRate: numeric("on_time_delivery_rate", { precision: 4, scale: 1, mode: "number" }),
  podHoursMedian: numeric("pod_hours_median", { precision: 10, scale: 1, mode: "number" }),
  updatedAt: updated(),
});

export type ScorecardLoadRow = typeof scorecardLoads.$inferSelect;
