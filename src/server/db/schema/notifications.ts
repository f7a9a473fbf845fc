// In-app notifications and each user's email preferences.
import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";
import { users } from "./users";
import { loads } from "./loads";

// Notifications: one row per recipient,
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
    /** what a type carries beyond its words (truck_offer: {match}); null for most */
    data: jsonb("data").$type<Record<string, unknown>>(),
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

export type NotificationRow = typeof notifications.$inferSelect;
