// Scoped API tokens and webhooks: endpoints and each delivery attempt.
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";
import { users } from "./users";

// Scoped API tokens (migration 0015): only the
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

// Webhooks: endpoints registered by an
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
