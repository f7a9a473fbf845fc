// Accounts and their signed-in sessions.
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";
import { companies } from "./companies";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // stored lower-cased: emails are unique case-insensitively (contract: duplicate → 409)
    email: text("email").notNull(),
    password: text("password").notNull(),
    name: text("name").notNull(),
    carrierName: text("carrier_name"),
    // the carrier company; kept equal to the company whose name matches carrierName
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

export type UserRow = typeof users.$inferSelect;
