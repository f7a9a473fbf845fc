// The one claim-and-run loop. Every process runs one.
// It claims due jobs in one short statement (FOR UPDATE SKIP LOCKED) and holds
// each under a lease that it extends while the job runs; when the job ends it
// records the outcome under that same lease: done, retry later with back-off,
// or failed. A process that dies stops extending: its jobs are claimed again
// once their lease runs out. Woken at once by the NOTIFY a committed job sends,
// and by a poll as a safety net (a retry falling due, a notice that was lost).
// docs/decisions/0009-mail-outbox.md says what "exactly once" can and cannot mean.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context";
import type { JobRow } from "../../db/schema";
import { retryDelayMs } from "./backoff";
import type { JobKind, JobOutcome, JobRun } from "./job-registry";
import { JOBS_CHANNEL, claimJobs, extendLeases, markJobDone, markJobFailed, markJobRetry, type Claim } from "./jobs.repository";

export interface JobRunnerOptions {
  /** how often to look for due jobs besides the notices (default 1 s) */
  pollMs?: number;
  /** jobs run at once by this process (default 4) */
  concurrency?: number;
  /** how long a claim holds without being extended (default 60 s); extended every third of it */
  leaseMs?: number;
  workerId?: string;
  /** run every kind's watch this often instead of its own interval (tests) */
  watchEveryMs?: number;
  /** false: no timers, no notices; the caller drives it with drain() (tests) */
  autoStart?: boolean;
  /** where trouble is reported (default: the console) */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface JobRunner {
  readonly workerId: string;
  /** Claim and run everything due now, and what that work makes due; resolves when none is left. */
  drain(): Promise<void>;
  /** Stop claiming; wait for the jobs in hand to end (graceful shutdown). */
  stop(): Promise<void>;
}

/** This worker's claim is gone: another worker has the job (this one stalled past its lease). */
export class LeaseLostError extends Error {
  constructor(id: string) {
    super(`lost the lease on job ${id}`);
    this.name = "LeaseLostError";
  }
}

const consoleLog = {
  warn: (obj: object, msg: string) => console.warn(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** How long a finished attempt keeps trying to record its outcome while the database is away. */
const SETTLE_FOR_MS = 5 * 60_000;

export function startJobRunner(ctx: AppContext, opts: JobRunnerOptions = {}): JobRunner {
  const { db, clock } = ctx;
  const registry = ctx.jobs;
  const pollMs = opts.pollMs ?? 1000;
  const concurrency = opts.concurrency ?? 4;
  const leaseMs = opts.leaseMs ?? 60_000;
  const log = opts.log ?? consoleLog;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

  const inFlight = new Map<string, Promise<void>>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let claimedCount = 0;

  /** Claim while there is room; a call while a claim runs asks it to go round once more. */
  function poke(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      do {
        again = false;
        while (!stopped && inFlight.size < concurrency) {
          const claimed = await claimJobs(db, {
            kinds: registry.names(),
            workerId,
            now: clock.now(),
            leaseMs,
            limit: concurrency - inFlight.size,
          });
          if (claimed.length === 0) break;
          claimedCount += claimed.length;
          for (const job of claimed) launch(job);
        }
      } while (again && !stopped);
    })()
      .catch((err: unknown) => log.warn({ err: errorText(err) }, "jobs: claim failed (will try again)"))
      .finally(() => {
        claiming = null;
      });
    return claiming;
  }

  function launch(job: JobRow): void {
    const done = execute(job)
      .catch((err: unknown) => log.error({ jobId: job.id, kind: job.kind, err: errorText(err) }, "jobs: could not record a job's outcome"))
      .finally(() => {
        inFlight.delete(job.id);
        void poke();
      });
    inFlight.set(job.id, done);
  }

  async function execute(job: JobRow): Promise<void> {
    const kind = registry.get(job.kind);
    if (!kind) return; // only registered kinds are claimed
    const claim: Claim = { id: job.id, workerId, attempts: job.attempts };
    let finished = false;
    const run: JobRun = {
      job,
      async finish(tx) {
        if (!(await markJobDone(tx, claim, clock.now(), whenDone(kind, job)))) throw new LeaseLostError(job.id);
        finished = true;
      },
    };
    let failure: unknown = null;
    let threw = false;
    try {
      await kind.run(job.payload, run);
    } catch (err) {
      threw = true;
      failure = err;
    }
    if (threw && failure instanceof LeaseLostError) {
      log.warn({ jobId: job.id, kind: job.kind }, "jobs: lease lost before the job could be finished");
      return;
    }
    if (!threw && finished) return;
    await settle(kind, job, claim, threw ? { failed: failure } : null);
  }

  /** Record the attempt's outcome under the claim, retrying while the database is unreachable. */
  async function settle(kind: JobKind, job: JobRow, claim: Claim, result: { failed: unknown } | null): Promise<void> {
    const started = Date.now();
    for (let wait = 250; ; wait = Math.min(wait * 2, 10_000)) {
      try {
        const kept = await db.transaction(async (tx) => {
          const now = clock.now();
          let outcome: JobOutcome;
          let ok: boolean;
          if (!result) {
            outcome = { status: "done", error: null, at: now };
            ok = await markJobDone(tx, claim, now, whenDone(kind, job));
          } else {
            const error = kind.describeError?.(result.failed) ?? errorText(result.failed);
            const permanent = kind.isPermanent?.(result.failed) ?? false;
            // a kind with its own schedule says when to give up; the others stop at retry_until
            const own = kind.retryDelayMs ? kind.retryDelayMs(job.attempts) : undefined;
            const giveUp = own === undefined ? now.getTime() >= job.retryUntil.getTime() : own === null;
            if (permanent || giveUp) {
              outcome = { status: "failed", error, at: now };
              ok = await markJobFailed(tx, claim, now, error);
            } else {
              const retryAt = new Date(now.getTime() + (own ?? retryDelayMs(job.attempts)));
              outcome = { status: "retry", error, at: now, retryAt };
              ok = await markJobRetry(tx, claim, retryAt, error);
            }
          }
          if (!ok) return false;
          await kind.recordOutcome?.(tx, job, outcome);
          return true;
        });
        if (!kept) log.warn({ jobId: job.id, kind: job.kind }, "jobs: lease lost before the outcome was recorded");
        return;
      } catch (err) {
        // The work is done (a message may have been accepted by the relay): keep
        // trying to say so rather than let the lease run out and the job run again.
        if (Date.now() - started > SETTLE_FOR_MS) throw err;
        await sleep(wait);
      }
    }
  }

  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  const autoStart = opts.autoStart ?? true;

  if (autoStart) {
    const every = (ms: number, fn: () => void) => {
      const t = setInterval(fn, ms);
      t.unref();
      timers.push(t);
    };
    every(pollMs, () => void poke());
    // a live worker keeps its jobs; a dead one's leases run out
    every(Math.max(10, Math.floor(leaseMs / 3)), () => {
      if (inFlight.size === 0) return;
      extendLeases(db, workerId, [...inFlight.keys()], new Date(clock.now().getTime() + leaseMs)).catch((err: unknown) =>
        log.warn({ err: errorText(err) }, "jobs: could not extend leases"),
      );
    });
    for (const kind of registry.all()) {
      const watch = kind.watch;
      if (!watch) continue;
      let busy = false;
      every(opts.watchEveryMs ?? watch.everyMs, () => {
        if (busy || stopped) return;
        busy = true;
        watch
          .run()
          .catch((err: unknown) => log.warn({ kind: kind.name, err: errorText(err) }, "jobs: watch failed"))
          .finally(() => {
            busy = false;
          });
      });
    }
    ctx.database
      .listen(JOBS_CHANNEL, () => void poke())
      .then((u) => {
        if (stopped) void u().catch(() => {});
        else unlisten = u;
      })
      .catch(() => {
        // no notices: the poll still finds every job
      });
    void poke();
  }

  return {
    workerId,
    async drain() {
      for (;;) {
        const before = claimedCount;
        await poke();
        await Promise.all([...inFlight.values()]);
        if (claimedCount === before && inFlight.size === 0 && !claiming) return;
      }
    },
    async stop() {
      stopped = true;
      await unlisten?.().catch(() => {});
      await claiming;
      // the lease timer keeps running until the jobs in hand have ended
      await Promise.all([...inFlight.values()]);
      for (const t of timers) clearInterval(t);
    },
  };
}

function whenDone(kind: JobKind, job: JobRow): unknown {
  return kind.payloadWhenDone ? kind.payloadWhenDone(job.payload) : undefined;
}
