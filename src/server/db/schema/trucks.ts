// Trucks a carrier company posts as free capacity, and the loads the matching
// reaction has told a truck's company of (once per load per truck). Migration 0028;
// docs/decisions/0035-trucks.md.
import { sql } from "drizzle-orm";
import { check, date, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { created, updated } from "./columns";
import { companies } from "./companies";
import { loads } from "./loads";
import { users } from "./users";

export const trucks = pgTable(
  "trucks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    // UK days (YYYY-MM-DD); no until: that one day
    availableOn: date("available_on", { mode: "string" }).notNull(),
    availableUntil: date("available_until", { mode: "string" }),
    // as given ("LS1" or "LS1 4AP"), its district and the district's centroid
    originPostcode: text("origin_postcode").notNull(),
    originDistrict: text("origin_district").notNull(),
    originLat: doublePrecision("origin_lat").notNull(),
    originLng: doublePrecision("origin_lng").notNull(),
    destinationPostcode: text("destination_postcode"),
    destinationDistrict: text("destination_district"),
    destinationLat: doublePrecision("destination_lat"),
    destinationLng: doublePrecision("destination_lng"),
    equipmentType: text("equipment_type").notNull(),
    maxWeightKg: integer("max_weight_kg").notNull(),
    notes: text("notes"),
    // open | booked; expired is derived from the UK day (trucks.service.ts statusOf)
    status: text("status").notNull().default("open"),
    bookedLoadId: uuid("booked_load_id").references(() => loads.id, { onDelete: "set null" }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check("trucks_status_check", sql`${t.status} in ('open', 'booked')`),
    check("trucks_until_check", sql`${t.availableUntil} is null or ${t.availableUntil} >= ${t.availableOn}`),
    index("trucks_company_created_idx").on(t.companyId, t.createdAt.desc(), t.id),
    index("trucks_open_idx").on(t.equipmentType, t.availableOn).where(sql`${t.status} = 'open'`),
  ],
);

export const truckMatches = pgTable(
  "truck_matches",
  {
    truckId: uuid("truck_id")
      .notNull()
      .references(() => trucks.id, { onDelete: "cascade" }),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.truckId, t.loadId] }), index("truck_matches_load_idx").on(t.loadId)],
);

export type TruckRow = typeof trucks.$inferSelect;
