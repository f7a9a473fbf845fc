// The available-loads email schedule and the log of every mail sent.
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";

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

// One row a sent (or failed) email: nothing is silently lost.
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
