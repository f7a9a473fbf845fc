// What processes share so that none keeps state of its own: sign-in throttles,
// Idempotency-Key replays and server secrets.
import { bigint, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { created, ts } from "./columns";
import { users } from "./users";

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

// Server secrets made once and kept in the database, so every process signs and
// checks the same (the unsubscribe links' HMAC key; never the session).
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: created(),
});
