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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  date,
  check,
  customType,
  type AnyPgColumn,
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
    // the carrier company (issue 17); kept equal to the company whose name matches carrierName
    companyId: uuid("company_id").references((): AnyPgColumn => companies.id, { onDelete: "set null" }),
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
    index("users_company_idx").on(t.companyId),
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
    // the board's text search and its count (contract "Loads" `search`; migration 0013, pg_trgm)
    index("loads_search_trgm_idx").using("gin", t.loadNumber.op("gin_trgm_ops"), t.pickupCity.op("gin_trgm_ops"), t.deliveryCity.op("gin_trgm_ops")),
    // lane rates (contract-beyond "Invoices, statements, exports and rates"): one lane's
    // bookings since a day, by postcode area; the expressions are rates.repository.ts's
    // word for word (500k loads: 700 ms scan → 0.05 ms, docs/decisions/lane-rates.md)
    index("loads_lane_idx")
      .on(sql`substring(${t.pickupZip} from '^[A-Z]+')`, sql`substring(${t.deliveryZip} from '^[A-Z]+')`, t.acceptedAt)
      .where(sql`${t.acceptedAt} is not null`),
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
    // the outbox job this attempt belongs to (modules/jobs); null for rows older than the outbox
    jobId: uuid("job_id"),
    createdAt: created(),
  },
  (t) => [index("email_log_created_idx").on(t.createdAt.desc())],
);

// Background work (style.md "Growing it": modules/jobs): one table for every kind
// of job. A job is written in the transaction of the change that causes it, then
// claimed by one worker at a time (FOR UPDATE SKIP LOCKED and a lease that the
// worker keeps extending while it runs). pending → running → done | failed; a
// running job whose lease ran out (its process died) is claimable again.
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // when the job is next due (the first attempt, or the next retry)
    runAt: ts("run_at").notNull().defaultNow(),
    // retried with back-off until at least this time, then failed (24 h from enqueue or resend)
    retryUntil: ts("retry_until").notNull(),
    lastError: text("last_error"),
    // the worker that holds the job and until when (extended while it runs)
    claimedBy: text("claimed_by"),
    lockedUntil: ts("locked_until"),
    // jobs written together (one bulk email): progress is counted per batch
    batchId: uuid("batch_id"),
    createdAt: created(),
    doneAt: ts("done_at"),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`${t.status} = 'pending'`),
    index("jobs_lease_idx").on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index("jobs_kind_status_idx").on(t.kind, t.status, t.createdAt),
    index("jobs_batch_idx").on(t.batchId).where(sql`${t.batchId} is not null`),
  ],
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
export const objects = pgTable(
  "objects",
  {
    key: text("key").primaryKey(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    contentType: text("content_type"),
    size: integer("size"),
    filename: text("filename"),
    // SHA-256 of the upload URL's token; null once used
    uploadTokenHash: text("upload_token_hash"),
    uploadExpiresAt: ts("upload_expires_at").notNull(),
    uploadedAt: ts("uploaded_at"),
    // first attached to a load by POD; never-attached uploads are swept after a grace period
    attachedAt: ts("attached_at"),
    // when the upload URL was issued: the per-user rate limit counts these
    createdAt: created(),
  },
  (t) => [
    index("objects_upload_token_idx").on(t.uploadTokenHash),
    index("objects_owner_created_idx").on(t.ownerId, t.createdAt),
    index("objects_unattached_idx").on(t.createdAt).where(sql`${t.attachedAt} is null`),
  ],
);

// Chunks of a resumable upload in progress (issue 21; objects.chunks.ts): bytea,
// so any process can append the next chunk; deleted when the upload completes or
// is refused, and with the ticket's row by the upload sweep (ON DELETE CASCADE).
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (v) => v,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});
export const uploadChunks = pgTable(
  "upload_chunks",
  {
    objectKey: text("object_key")
      .notNull()
      .references(() => objects.key, { onDelete: "cascade" }),
    start: integer("start").notNull(),
    total: integer("total").notNull(),
    data: bytea("data").notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ name: "upload_chunks_pk", columns: [t.objectKey, t.start] })],
);

// Idempotency-Key replays (plugins/idempotency.ts): the first answer to a user's
// state-changing request, given again to a retry with the same key and request.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    // SHA-256 of method, path and body: the same key with another request is refused
    requestHash: text("request_hash").notNull(),
    // null while the first request runs (the claim)
    status: integer("status"),
    contentType: text("content_type"),
    responseBody: text("response_body"),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);

// Notifications (contract-beyond "Notifications", issue 16): one row per recipient,
// written in the transaction of the event that causes it (modules/notifications).
// The bell reads a user's newest first and counts their unread.
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    loadId: uuid("load_id").references(() => loads.id, { onDelete: "set null" }),
    createdAt: created(),
    readAt: ts("read_at"),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

// Which email types a user turned off (contract: default all on). One row per
// user and type switched off or on again; a missing row means on.
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    email: boolean("email").notNull(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

// Server secrets made once and kept in the database, so every process signs and
// checks the same (the unsubscribe links' HMAC key; never the session).
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: created(),
});

// A version number bumped by trigger on every change to loads or bids: the
// ETag of a poll, identical across processes (see migrations/*_change_counter.sql).
export const changeCounters = pgTable("change_counters", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

// Maintained by triggers on loads (migration 0014, issue 19): GET /api/stats and the
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

export type UserRow = typeof users.$inferSelect;
export type LoadRow = typeof loads.$inferSelect;
export type BidRow = typeof bids.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

// Saved searches (contract "Saved searches and lane alerts", modules/saved-searches):
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

// ---------------------------------------------------------------- carrier companies (issue 17)

// A haulier as a record of its own (contract-beyond "Carrier compliance"). Its users
// are those whose carrierName matches `name` case-insensitively, trimmed: `name_key`
// is that match, unique, so two companies can never claim the same users.
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    companyNumber: text("company_number").notNull().default(""),
    vatNumber: text("vat_number").notNull().default(""),
    operatorLicence: text("operator_licence").notNull().default(""),
    forsLevel: text("fors_level").notNull().default(""),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("companies_name_key").on(t.nameKey)],
);

// Insurance, licence and FORS papers on file. The file is an upload (objects),
// served like POD paperwork: to the company's members and staff only.
export const companyDocuments = pgTable(
  "company_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // exactly one owner: the company, or (registration with documents, issue 17) the
    // pending applicant who sent it, until approval moves it to their company
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    applicantId: uuid("applicant_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    objectPath: text("object_path").notNull(),
    // a UK calendar day: the document is good to the end of it
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    coverAmount: numeric("cover_amount", { precision: 14, scale: 2 }),
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: ts("uploaded_at").notNull().defaultNow(),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
  },
  (t) => [
    index("company_documents_company_idx").on(t.companyId, t.uploadedAt.desc()),
    index("company_documents_expiry_idx").on(t.expiresOn).where(sql`${t.status} = 'verified'`),
    index("company_documents_pending_idx").on(t.uploadedAt).where(sql`${t.status} = 'pending'`),
    index("company_documents_applicant_idx").on(t.applicantId).where(sql`${t.applicantId} is not null`),
    check("company_documents_one_owner", sql`(${t.companyId} is null) <> (${t.applicantId} is null)`),
  ],
);

// The applicant cookie of a self-registration (issue 17, docs/decisions/compliance.md
// "Registration with documents"): it may add the two insurance documents to the
// pending account for 2 hours, nothing else. Only a SHA-256 of the token is kept,
// in a table of its own and under its own prefix, so it can never name a session.
export const applicantTokens = pgTable(
  "applicant_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    createdAt: created(),
  },
  (t) => [index("applicant_tokens_user_idx").on(t.userId)],
);

// One reminder per document and day-count (30, 7, 0), whichever process gets there
// first: the insert that wins (ON CONFLICT DO NOTHING) is the one that notifies.
export const documentReminders = pgTable(
  "document_reminders",
  {
    documentId: uuid("document_id")
      .notNull()
      .references(() => companyDocuments.id, { onDelete: "cascade" }),
    daysBefore: integer("days_before").notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.daysBefore] })],
);

// The two compliance switches (one row; both default off so an upgrade changes nothing).
export const complianceSettings = pgTable("compliance_settings", {
  id: integer("id").primaryKey().default(1),
  requireCompliance: boolean("require_compliance").notNull().default(false),
  enforceFors: boolean("enforce_fors").notNull().default(false),
  updatedAt: updated(),
});

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyDocumentRow = typeof companyDocuments.$inferSelect;

// ---------------------------------------------------------------- self-billing invoices (issue 18)

// One invoice per completion of a load, in the name of the carrier company that
// delivered it (contract-beyond "Invoices"). Amounts are numeric, read as strings
// and worked in decimal arithmetic: never a binary float for money.
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "restrict" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    carrierName: text("carrier_name").notNull(),
    carrierVatNumber: text("carrier_vat_number").notNull().default(""),
    net: numeric("net", { precision: 12, scale: 2 }).notNull(),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }).notNull(),
    vat: numeric("vat", { precision: 12, scale: 2 }).notNull(),
    gross: numeric("gross", { precision: 12, scale: 2 }).notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: text("status").notNull().default("issued"),
    paidOn: date("paid_on", { mode: "string" }),
    paymentReference: text("payment_reference"),
    voidedAt: ts("voided_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    // at most one live (not void) invoice a load
    uniqueIndex("invoices_live_load_key").on(t.loadId).where(sql`${t.status} <> 'void'`),
    index("invoices_company_idx").on(t.companyId, t.issuedOn.desc()),
    index("invoices_issued_idx").on(t.issuedOn.desc(), t.number.desc()),
  ],
);

// The gapless sequence: one row a year, incremented under its row lock in the
// completing transaction, so a rollback gives the number back and two processes
// never take the same one.
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull().default(0),
});

// The network's own details on every invoice, and its payment terms (one row).
export const invoiceSettings = pgTable("invoice_settings", {
  id: integer("id").primaryKey().default(1),
  paymentTermsDays: integer("payment_terms_days").notNull().default(30),
  companyName: text("company_name").notNull().default(""),
  companyAddress: text("company_address").notNull().default(""),
  companyVatNumber: text("company_vat_number").notNull().default(""),
  updatedAt: updated(),
});

export type InvoiceRow = typeof invoices.$inferSelect;

// Scoped API tokens (contract-beyond "Integrations", migration 0015): only the
// SHA-256 of the token; the rate-limit window on the row itself so every process
// counts against one number, and a deleted row is a revoked token at once.
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    expiresOn: date("expires_on", { mode: "string" }),
    createdAt: created(),
    lastUsedAt: ts("last_used_at"),
    windowStart: ts("window_start"),
    windowCount: integer("window_count").notNull().default(0),
  },
  (t) => [uniqueIndex("api_tokens_hash_key").on(t.tokenHash), index("api_tokens_created_idx").on(t.createdAt.desc())],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

// Webhooks (issue 20, contract-beyond "Integrations"): endpoints registered by an
// admin, and one row per delivery attempt. A delivery is a "webhook" job (jobs).
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description"),
  events: text("events").array().notNull(),
  // whsec_<base64 key>: needed in clear to sign each delivery (shown to the admin once)
  secret: text("secret").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: created(),
  updatedAt: updated(),
});

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    // the job id: also the webhook-id (msg_…) the receiver sees on every attempt
    deliveryId: uuid("delivery_id").notNull(),
    eventType: text("event_type").notNull(),
    attempt: integer("attempt").notNull(),
    // delivered | retrying | failed
    outcome: text("outcome").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    nextRetryAt: ts("next_retry_at"),
    createdAt: created(),
  },
  (t) => [index("webhook_attempts_endpoint_idx").on(t.endpointId, t.createdAt), index("webhook_attempts_delivery_idx").on(t.deliveryId)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
