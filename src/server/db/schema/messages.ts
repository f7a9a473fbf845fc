// Messages on a load: one thread per carrier company per load (load_id, company_id),
// between that company's members and staff; who has read a thread how far; and when
// a thread last emailed each user (at most one email a thread an hour). Migration 0026.
import { bigint, index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { created, ts } from "./columns";
import { users } from "./users";
import { loads } from "./loads";
import { companies } from "./companies";

export const loadMessages = pgTable(
  "load_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the order of messages across the whole table: a read mark is "up to this one" */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** as they were named when they wrote it */
    authorName: text("author_name").notNull(),
    /** carrier or staff: which side of the thread wrote it */
    authorRole: text("author_role").notNull(),
    body: text("body").notNull(),
    createdAt: created(),
  },
  (t) => [
    index("load_messages_thread_idx").on(t.loadId, t.companyId, t.seq),
    // the 30-a-minute limit counts a user's latest messages
    index("load_messages_author_idx").on(t.authorId, t.createdAt),
  ],
);

export type LoadMessageRow = typeof loadMessages.$inferSelect;

/** One row per user and thread they have read or been emailed about. */
export const loadMessageReads = pgTable(
  "load_message_reads",
  {
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** every message up to this seq is read by the user (0: none) */
    readSeq: bigint("read_seq", { mode: "number" }).notNull().default(0),
    /** when the thread last emailed the user about an unread message */
    emailedAt: ts("emailed_at"),
  },
  (t) => [primaryKey({ columns: [t.loadId, t.companyId, t.userId] })],
);
