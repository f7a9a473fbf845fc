// Saved board searches and the lane alerts sent from them.
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";
import { users } from "./users";
import { loads } from "./loads";

// Saved searches (modules/saved-searches):
// a user's board filters under a name, and whether a new matching load is told to
// them at once (instant), in a daily email (daily) or not at all (off).
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // the keys of GET /api/loads plus pickupNear/deliveryNear ({postcode, miles})
    filters: jsonb("filters").notNull(),
    alert: text("alert").notNull().default("off"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt.desc()),
    index("saved_searches_alert_idx").on(t.alert, t.userId).where(sql`${t.alert} <> 'off'`),
  ],
);

// One instant lane alert per load and user, whichever process or job gets there
// first: the insert that wins (ON CONFLICT DO NOTHING) is the one that notifies.
export const laneAlerts = pgTable(
  "lane_alerts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.loadId] })],
);

// The daily lane-alert digest: one row a UK day, claimed by one process (the
// primary key), covering the loads that became available since the previous one.
export const laneDigests = pgTable("lane_digests", {
  day: text("day").primaryKey(),
  since: ts("since").notNull(),
  until: ts("until").notNull(),
  createdAt: created(),
});

export type SavedSearchRow = typeof savedSearches.$inferSelect;
