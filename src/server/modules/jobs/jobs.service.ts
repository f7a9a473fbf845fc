// The face of the jobs module for other modules. Writing background work
// (every side effect of a change is written in
// the same transaction as the change): pass the change's transaction as `db`;
// the job exists exactly when the change committed, and the runners are told at
// commit (NOTIFY), never for a rollback. Reading and resending jobs for staff.
import type { Db, DbOrTx, Tx } from "../../db/client";
import type { JobRow } from "../../db/schema";
import { RETRY_FOR_MS } from "./backoff";
import {
  countBatch,
  findJob as findJobRow,
  hasWaitingJobs,
  insertJobs,
  lockPendingJob,
  markLockedJobDone,
  listJobs as listJobRows,
  requeueFailedJob,
  requeueJob,
  retryWaitingJobsNow,
  type JobListStatus,
} from "./jobs.repository";

export type { JobListStatus };

export interface QueueJobsOptions {
  /** the transaction of the change that causes the work */
  db: DbOrTx;
  now: Date;
  jobs: { kind: string; payload: unknown }[];
  /** jobs written together, counted together (one bulk email) */
  batchId?: string | null;
  /** not due before this (default: now) */
  runAt?: Date;
  /** no notice to the runners at commit: the writer means to run them itself first */
  quiet?: boolean;
}

/** Returns the new jobs' ids, in order. */
export function queueJobs({ db, now, jobs, batchId, runAt, quiet }: QueueJobsOptions): Promise<{ id: string }[]> {
  const retryUntil = new Date(now.getTime() + RETRY_FOR_MS);
  return insertJobs(
    db,
    jobs.map((j) => ({ kind: j.kind, payload: j.payload, runAt: runAt ?? now, retryUntil, batchId })),
    { quiet },
  );
}

/**
 * Do a pending job here and now, in one transaction with marking it done, unless a
 * worker has it (then that worker does it). The work and "done" commit together, so
 * the job happens once whoever gets to it. False: not run here (taken, or gone).
 * A failure rolls both back and leaves the job to the runners and their back-off.
 */
export function runPendingJobNow(opts: { db: Db; id: string; now: () => Date; work: (job: JobRow, tx: Tx) => Promise<void> }): Promise<boolean> {
  return opts.db.transaction(async (tx) => {
    const job = await lockPendingJob(tx, opts.id);
    if (!job) return false;
    await opts.work(job, tx);
    await markLockedJobDone(tx, job, opts.now());
    return true;
  });
}

/** A failed job written again as new: due now, retried for another RETRY_FOR_MS. Undefined: not a failed job of `kind`. */
export function resendFailedJob(opts: { db: DbOrTx; id: string; kind: string; now: Date }): Promise<JobRow | undefined> {
  return requeueFailedJob(opts.db, { id: opts.id, kind: opts.kind, now: opts.now, retryUntil: new Date(opts.now.getTime() + RETRY_FOR_MS) });
}

/** Any job of `kind` that is not being run now, due again now (attempts from 0). Undefined: running, or no such job. */
export function resendJob(opts: { db: DbOrTx; id: string; kind: string; now: Date }): Promise<JobRow | undefined> {
  return requeueJob(opts.db, { id: opts.id, kind: opts.kind, now: opts.now, retryUntil: new Date(opts.now.getTime() + RETRY_FOR_MS) });
}

/**
 * Jobs of `kind` waiting out their back-off after an error that starts with
 * `errorPrefix` are made due now, if `causeIsGone()` says so (asked only when
 * such jobs exist). Returns how many.
 */
export async function retryWaitingJobs(opts: {
  db: DbOrTx;
  kind: string;
  errorPrefix: string;
  now: () => Date;
  causeIsGone: () => Promise<boolean>;
}): Promise<number> {
  const q = { kind: opts.kind, errorPrefix: opts.errorPrefix };
  if (!(await hasWaitingJobs(opts.db, { ...q, now: opts.now() }))) return 0;
  if (!(await opts.causeIsGone())) return 0;
  return retryWaitingJobsNow(opts.db, { ...q, now: opts.now() });
}

export function findJob(opts: { db: DbOrTx; id: string }): Promise<JobRow | undefined> {
  return findJobRow(opts.db, opts.id);
}

/** One page of a kind's jobs in a state, newest first, and the total before paging. */
export function listJobs(opts: { db: DbOrTx; kind: string; status: JobListStatus; limit: number; offset: number }) {
  return listJobRows(opts.db, opts);
}

/** How many jobs of a batch are queued (and of those, retrying), done and failed. */
export function countJobBatch(opts: { db: DbOrTx; batchId: string }) {
  return countBatch(opts.db, opts.batchId);
}
