// The outbox of background work every module writes to.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { created, ts } from "./columns";

// Background work (modules/jobs): one table for every kind
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

export type JobRow = typeof jobs.$inferSelect;
