// The data model of spec §3, plus the tables the contract needs to keep every
// process stateless (sessions, throttles, schedule claim, upload tickets) and
// the audit trail of load events (architecture.md "Invariants").
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const created = () => ts("created_at").notNull().defaultNow();
const updated = () => ts("updated_at").notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // stored lower-cased: emails are unique case-insensitively (contract: duplicate → 409)
    email: text("email").notNull(),
    password: text("password").notNull(),
    name: text("name").notNull(),
    carrierName: text("carrier_name"),
    contactNumber: text("contact_number"),
    role: text("role").notNull().default("carrier"),
    isAdmin: boolean("is_admin").notNull().default(false),
    isApproved: boolean("is_approved").notNull().default(false),
    // only a SHA-256 of the reset token is stored (contract: forgot-password)
    passwordResetToken: text("password_reset_token"),
    passwordResetExpires: ts("password_reset_expires"),
    lastLoginAt: ts("last_login_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_carrier_name_idx").on(t.carrierName),
    index("users_pending_idx").on(t.createdAt).where(sql`${t.isApproved} = false`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the cookie value: a database leak does not hand out sessions
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: created(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

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
    // spec §3: "None Required" is stored as an empty string
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
  ],
);

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
    notes: text("notes"),
    status: text("status").notNull().default("pending"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    // spec §4: at most one pending bid per carrier and load, enforced by the database
    uniqueIndex("bids_one_pending_key").on(t.loadId, t.carrierId).where(sql`${t.status} = 'pending'`),
    index("bids_load_idx").on(t.loadId, t.status),
    index("bids_carrier_idx").on(t.carrierId, t.createdAt.desc()),
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

// Who moved a load from which status to which, and when (architecture.md invariant).
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

export const emailScheduleSettings = pgTable("email_schedule_settings", {
  id: uuid("id").primaryKey().defaultRandom(),
  enabled: boolean("enabled").notNull().default(false),
  frequency: text("frequency").notNull().default("daily"),
  daysOfWeek: text("days_of_week").array().notNull().default(sql`'{}'::text[]`),
  time: text("time").notNull().default("09:00"),
  lastSentAt: ts("last_sent_at"),
  // the slot ("2026-11-23T09:00 Europe/London") last claimed by a process: claimed once by a conditional update
  lastSlot: text("last_slot"),
  createdAt: created(),
  updatedAt: updated(),
});

// One row a sent (or failed) email: nothing is silently lost (issue 7).
export const emailLog = pgTable(
  "email_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    triggeredBy: uuid("triggered_by"),
    createdAt: created(),
  },
  (t) => [index("email_log_created_idx").on(t.createdAt.desc())],
);

// Throttle counters live in the database so every process counts the same (contract).
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    createdAt: created(),
  },
  (t) => [index("auth_attempts_lookup_idx").on(t.kind, t.key, t.createdAt)],
);

// Stored uploads and the single-use tickets that let a client PUT one.
export const objects = pgTable("objects", {
  key: text("key").primaryKey(),
  ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
  contentType: text("content_type"),
  size: integer("size"),
  filename: text("filename"),
  // SHA-256 of the upload URL's token; null once used
  uploadTokenHash: text("upload_token_hash"),
  uploadExpiresAt: ts("upload_expires_at").notNull(),
  uploadedAt: ts("uploaded_at"),
  createdAt: created(),
});

// A version number bumped by trigger on every change to loads or bids: the
// ETag of a poll, identical across processes (see migrations/*_change_counter.sql).
export const changeCounters = pgTable("change_counters", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

export type UserRow = typeof users.$inferSelect;
export type LoadRow = typeof loads.$inferSelect;
export type BidRow = typeof bids.$inferSelect;
