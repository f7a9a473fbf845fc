// Stored uploads, their upload tickets and the chunks of a resumable upload.
import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { created, ts } from "./columns";
import { users } from "./users";

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

// Chunks of a resumable upload in progress (objects.chunks.ts): bytea, so any
// process can append the next chunk; deleted when the upload completes or is
// refused, and with the ticket's row by the upload sweep (ON DELETE CASCADE).
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
