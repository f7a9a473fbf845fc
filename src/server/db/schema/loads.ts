// Loads, who viewed them, and the history of their status changes.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";
import { users } from "./users";

export const loads = pgTable(
  "loads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    loadNumber: text("load_number").notNull(),
    mandataNumber: text("mandata_number"),
    status: text("status").notNull().default("available"),

    pickupAddress: text("pickup_address"),
    pickupCity: text("pickup_city").notNull(),
    pickupState: text("pickup_state"),
    pickupZip: text("pickup_zip"),
    pickupDate: ts("pickup_date"),
    pickupTimeType: text("pickup_time_type").notNull().default("exact"),
    pickupStartTime: text("pickup_start_time"),
    pickupEndTime: text("pickup_end_time"),
    pickupContact: text("pickup_contact"),
    pickupReference: text("pickup_reference"),
    pickupInstructions: text("pickup_instructions"),

    deliveryAddress: text("delivery_address"),
    deliveryCity: text("delivery_city").notNull(),
    deliveryState: text("delivery_state"),
    deliveryZip: text("delivery_zip"),
    deliveryDate: ts("delivery_date"),
    deliveryTimeType: text("delivery_time_type").notNull().default("exact"),
    deliveryStartTime: text("delivery_start_time"),
    deliveryEndTime: text("delivery_end_time"),
    deliveryContact: text("delivery_contact"),
    deliveryReference: text("delivery_reference"),
    deliveryInstructions: text("delivery_instructions"),

    weight: integer("weight"),
    length: numeric("length", { precision: 5, scale: 1, mode: "number" }),
    width: numeric("width", { precision: 4, scale: 1, mode: "number" }),
    height: numeric("height", { precision: 4, scale: 1, mode: "number" }),
    distance: integer("distance"),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    ratePerMile: numeric("rate_per_mile", { precision: 7, scale: 2, mode: "number" }),
    cargoType: text("cargo_type"),
    equipmentType: text("equipment_type").notNull().default("Flatbed"),
    isUrgent: boolean("is_urgent").notNull().default(false),
    isTemperatureControlled: boolean("is_temperature_controlled").notNull().default(false),
    adr: boolean("adr").notNull().default(false),
    waste: boolean("waste").notNull().default(false),
    tailLift: boolean("tail_lift").notNull().default(false),
    moffett: boolean("moffett").notNull().default(false),
    edgeProtectors: boolean("edge_protectors").notNull().default(false),
    // "None Required" is stored as an empty string
    forsRequirement: text("fors_requirement").notNull().default(""),

    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    acceptedByCarrier: text("accepted_by_carrier"),
    acceptedAt: ts("accepted_at"),
    completedAt: ts("completed_at"),

    pickupSignedBy: text("pickup_signed_by"),
    pickupSignedDate: ts("pickup_signed_date"),
    deliverySignedBy: text("delivery_signed_by"),
    deliverySignedDate: ts("delivery_signed_date"),
    signedPaperworkUrl: text("signed_paperwork_url"),

    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("loads_load_number_key").on(t.loadNumber),
    // the board: newest pickup first, per status (contract: loads list order)
    index("loads_status_pickup_idx").on(t.status, t.pickupDate.desc(), t.id),
    index("loads_pickup_idx").on(t.pickupDate.desc(), t.id),
    index("loads_accepted_by_idx").on(t.acceptedBy),
    index("loads_accepted_by_carrier_idx").on(t.acceptedByCarrier),
    // the board's text search and its count (`search`; migration 0013, pg_trgm)
    index("loads_search_trgm_idx").using("gin", t.loadNumber.op("gin_trgm_ops"), t.pickupCity.op("gin_trgm_ops"), t.deliveryCity.op("gin_trgm_ops")),
    // lane rates: one lane's
    // bookings since a day, by postcode area; the expressions are rates.repository.ts's
    // word for word (500k loads: 700 ms scan → 0.05 ms, docs/decisions/0011-lane-rates.md)
    index("loads_lane_idx")
      .on(sql`substring(${t.pickupZip} from '^[A-Z]+')`, sql`substring(${t.deliveryZip} from '^[A-Z]+')`, t.acceptedAt)
      .where(sql`${t.acceptedAt} is not null`),
    // truck matches and return loads: available loads by pickup district, then time and equipment (migration 0028,
    // modules/trucks); the migration adds INCLUDE (pickup_zip, delivery_zip, weight, rate_per_mile, id), which Drizzle cannot say
    index("loads_available_pickup_district_idx").on(sql`split_part(${t.pickupZip}, ' ', 1)`, t.pickupDate, t.equipmentType).where(sql`${t.status} = 'available'`),
  ],
);

export const loadViews = pgTable(
  "load_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    viewedAt: ts("viewed_at").notNull().defaultNow(),
  },
  (t) => [index("load_views_load_idx").on(t.loadId, t.viewedAt.desc())],
);

// Who moved a load from which status to which, and when.
export const loadEvents = pgTable(
  "load_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    action: text("action").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    reason: text("reason"),
    detail: jsonb("detail"),
    createdAt: created(),
  },
  (t) => [index("load_events_load_idx").on(t.loadId, t.createdAt.desc())],
);

export type LoadRow = typeof loads.$inferSelect;
