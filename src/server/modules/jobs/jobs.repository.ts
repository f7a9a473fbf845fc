// Queries of the jobs table (modules/jobs). Every change to a claimed job is
// conditional on the claim it was made under (same worker, same attempt), so a
// worker that lost its lease can never overwrite the outcome of the next one.
import { and, desc, eq, gt, inArray, like, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { whenCommitted } from "../../db/transaction-hooks";
import { jobs, type JobRow } from "../../db/schema";

/** The NOTIFY channel a committed job wakes the runners on (delivered only on commit). */
export const JOBS_CHANNEL = "jobs_due";

/** Who holds a job: the worker and the attempt it claimed (attempts goes up on every claim). */
export interface Claim {
  id: string;
  workerId: string;
  attempts: number;
}

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: Date;
  retryUntil: Date;
  batchId?: string | null;
}

/** rows per INSERT: well inside PostgreSQL's 65,535 parameters, and no giant statement */
const INSERT_CHUNK = 500;

/** Returns the new jobs' ids, in order. */
export async function insertJobs(db: DbOrTx, rows: NewJob[], opts: { quiet?: boolean } = {}): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  const inserted: { id: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    inserted.push(
      ...(await db
        .insert(jobs)
        .values(chunk.map((r) => ({ kind: r.kind, payload: r.payload, runAt: r.runAt, retryUntil: r.retryUntil, batchId: r.batchId ?? null })))
        .returning({ id: jobs.id })),
    );
  }
  // one notice per kind, once the transaction has committed (never for a rollback)
  if (opts.quiet) return inserted;
  await wake(db, [...new Set(rows.map((r) => r.kind))]);
  return inserted;
}

/**
 * Claim due jobs, at most `slots[kind]` of each kind: pending ones whose time has
 * come, and running ones whose lease ran out (their worker died). Each kind is
 * taken in run_at order on its own, so a backlog of one kind never fills another
 * kind's slots. One short statement: the rows are locked FOR UPDATE SKIP LOCKED,
 * so workers in any number of processes each get different jobs and never wait
 * for one another.
 */
export async function claimJobs(
  db: DbOrTx,
  opts: { slots: Record<string, number>; workerId: string; now: Date; leaseMs: number },
): Promise<JobRow[]> {
  const wanted = Object.entries(opts.slots).filter(([, n]) => n > 0);
  if (wanted.length === 0) return [];
  const now = opts.now.toISOString();
  const kinds = sql.join(
    wanted.map(([kind, n]) => sql`(${kind}::text, ${Math.floor(n)}::int)`),
    sql`, `,
  );
  const due = sql`select c.id from (values ${kinds}) as k(kind, n)
    cross join lateral (
      select j.id from ${jobs} j
      where j.kind = k.kind
        and ((j.status = 'pending' and j.run_at <= ${now}::timestamptz)
          or (j.status = 'running' and j.locked_until <= ${now}::timestamptz))
      order by j.run_at
      limit k.n
      for update skip locked
    ) c`;
  return db
    .update(jobs)
    .set({
      status: "running",
      claimedBy: opts.workerId,
      lockedUntil: new Date(opts.now.getTime() + opts.leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(sql`${jobs.id} in (${due})`)
    .returning();
}

/**
 * Lock one pending job for the caller's transaction, whatever its run_at, unless a
 * worker holds it or another transaction has it locked. Undefined: not to be run here.
 */
export async function lockPendingJob(tx: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.status, "pending")))
    .for("update", { skipLocked: true });
  return row;
}

/** A job locked by lockPendingJob, done in the same transaction as its work. */
export async function markLockedJobDone(tx: DbOrTx, job: Pick<JobRow, "id" | "attempts">, now: Date): Promise<void> {
  await tx
    .update(jobs)
    .set({ status: "done", doneAt: now, attempts: job.attempts + 1, lockedUntil: null, lastError: null })
    .where(eq(jobs.id, job.id));
}

const held = (c: Claim) => and(eq(jobs.id, c.id), eq(jobs.status, "running"), eq(jobs.claimedBy, c.workerId), eq(jobs.attempts, c.attempts));

/** The worker is still at it: push its leases on (a dead worker stops doing this). Returns the ids it still holds. */
export async function extendLeases(db: DbOrTx, workerId: string, ids: string[], until: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, "running"), eq(jobs.claimedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/** false: the claim was lost (another worker has the job now) and nothing was changed. */
export async function markJobDone(db: DbOrTx, claim: Claim, now: Date, payload?: unknown): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "done", doneAt: now, lockedUntil: null, lastError: null, ...(payload === undefined ? {} : { payload }) })
    .where(held(claim))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

export async function markJobRetry(db: DbOrTx, claim: Claim, runAt: Date, error: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "pending", runAt, lastError: error, lockedUntil: null })
    .where(held(claim))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Put a claimed job back, due at `runAt`, as if this claim had not been made (its attempt is not counted). */
export async function markJobDeferred(db: DbOrTx, claim: Claim, runAt: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "pending", runAt, lockedUntil: null, attempts: claim.attempts - 1 })
    .where(held(claim))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

export async function markJobFailed(db: DbOrTx, claim: Claim, now: Date, error: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "failed", doneAt: now, lastError: error, lockedUntil: null })
    .where(held(claim))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** A failed job written again as new: retried from now for another `retryUntil`. */
export async function requeueFailedJob(db: DbOrTx, opts: { id: string; kind: string; now: Date; retryUntil: Date }): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: "pending", attempts: 0, runAt: opts.now, retryUntil: opts.retryUntil, lockedUntil: null, claimedBy: null, doneAt: null })
    .where(and(eq(jobs.id, opts.id), eq(jobs.kind, opts.kind), eq(jobs.status, "failed")))
    .returning();
  if (row) await wake(db, [opts.kind]);
  return row;
}

/**
 * Send a job again now, whatever became of it (a webhook's manual retry): done,
 * failed, or waiting out its back-off; attempts start again from 0. A job being
 * run now is left alone (undefined), as is one of another kind.
 */
export async function requeueJob(db: DbOrTx, opts: { id: string; kind: string; now: Date; retryUntil: Date }): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: "pending", attempts: 0, runAt: opts.now, retryUntil: opts.retryUntil, lockedUntil: null, claimedBy: null, doneAt: null })
    .where(and(eq(jobs.id, opts.id), eq(jobs.kind, opts.kind), inArray(jobs.status, ["pending", "done", "failed"])))
    .returning();
  if (row) await wake(db, [opts.kind]);
  return row;
}

/** Is any job of `kind` waiting for a retry after an error that starts with `errorPrefix`? */
export async function hasWaitingJobs(db: DbOrTx, opts: { kind: string; errorPrefix: string; now: Date }): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, "pending"), gt(jobs.runAt, opts.now), eq(jobs.kind, opts.kind), like(jobs.lastError, `${opts.errorPrefix}%`)))
    .limit(1);
  return rows.length > 0;
}

/** Make those waiting jobs due now (the cause of their failure has gone); returns how many. */
export async function retryWaitingJobsNow(db: DbOrTx, opts: { kind: string; errorPrefix: string; now: Date }): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ runAt: opts.now })
    .where(and(eq(jobs.status, "pending"), gt(jobs.runAt, opts.now), eq(jobs.kind, opts.kind), like(jobs.lastError, `${opts.errorPrefix}%`)))
    .returning({ id: jobs.id });
  if (rows.length) await wake(db, [opts.kind]);
  return rows.length;
}

export type JobListStatus = "queued" | "done" | "failed";
const STATUSES: Record<JobListStatus, string[]> = { queued: ["pending", "running"], done: ["done"], failed: ["failed"] };

/** One page of a kind's jobs in a state, newest first, and the total before paging. */
export async function listJobs(
  db: DbOrTx,
  opts: { kind: string; status: JobListStatus; limit: number; offset: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const where = and(eq(jobs.kind, opts.kind), inArray(jobs.status, STATUSES[opts.status]));
  const [rows, [count]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/** How many jobs of a batch are in each state; `retrying`: waiting after a failed attempt. */
export async function countBatch(
  db: DbOrTx,
  batchId: string,
): Promise<{ total: number; queued: number; retrying: number; done: number; failed: number }> {
  const rows = await db
    .select({ status: jobs.status, tried: sql<boolean>`${jobs.attempts} > 0`, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.batchId, batchId))
    .groupBy(jobs.status, sql`${jobs.attempts} > 0`);
  const out = { total: 0, queued: 0, retrying: 0, done: 0, failed: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    out.total += n;
    if (r.status === "done") out.done += n;
    else if (r.status === "failed") out.failed += n;
    else {
      out.queued += n;
      if (r.status === "pending" && r.tried) out.retrying += n;
    }
  }
  return out;
}

/**
 * Wake the runners of these kinds in every process, after commit and outside the
 * transaction (a writing transaction never takes the notify lock); a lost notice
 * only waits for the runners' next poll.
 */
function wake(db: DbOrTx, kinds: string[]): Promise<void> {
  return whenCommitted(db, async (root) => {
    for (const kind of kinds) await root.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`).catch(() => {});
  });
}
