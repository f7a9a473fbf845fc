// The one claim-and-run loop. Every process runs one.
// Each job kind has its own slots: a kind stuck on a silent outside service (an
// SMTP relay that accepts and never answers, a receiver that never replies) fills
// only its own, never another kind's. It claims due jobs of every kind with a
// free slot in one short statement (FOR UPDATE SKIP LOCKED) and holds each under
// a lease that it renews while the job runs; when the job ends it records the
// outcome under that same lease: done, retry later with back-off, or failed. A
// kind whose service is failing is claimed one job at a time until it answers.
// A process that dies stops renewing: its jobs are claimed again once their lease
// runs out (15 s by default). Woken at once by the NOTIFY a committed job sends,
// and by a poll as a safety net (a retry falling due, a notice that was lost).
// docs/decisions/0009-mail-outbox.md says what "exactly once" can and cannot mean.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context";
import type { JobRow } from "../../db/schema";
import { retryDelayMs } from "./backoff";
import { JobDeferred, type JobKind, type JobOutcome, type JobRun } from "./job-registry";
import {
  JOBS_CHANNEL,
  claimJobs,
  extendLeases,
  markJobDeferred,
  markJobDone,
  markJobFailed,
  markJobRetry,
  type Claim,
} from "./jobs.repository";

/** How long a claim holds without being renewed: a killed process's jobs are taken over this long after its last renewal. */
export const DEFAULT_LEASE_MS = 15_000;
/** Slots of a kind that does not set its own. */
export const DEFAULT_KIND_SLOTS = 2;
/** On stop, how long the jobs in hand may take to end before they are told to give up. */
export const STOP_GRACE_MS = 4_000;
/** …and how long, once told, they have to record their outcome before they are left to their lease. */
export const STOP_ABORT_WAIT_MS = 2_000;

export interface JobRunnerOptions {
  /** how often to look for due jobs besides the notices (default 1 s) */
  pollMs?: number;
  /** jobs of one kind run at once by this process, for kinds that do not set their own (default 2) */
  concurrency?: number;
  /** how long a claim holds without being renewed (default 15 s); renewed every third of it */
  leaseMs?: number;
  workerId?: string;
  /** run every kind's watch this often instead of its own interval (tests) */
  watchEveryMs?: number;
  /** false: no timers, no notices; the caller drives it with drain() (tests) */
  autoStart?: boolean;
  /** on stop, how long the jobs in hand may run on before they are told to give up (default 4 s) */
  stopGraceMs?: number;
  /** where trouble is reported (default: the console) */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface JobRunner {
  readonly workerId: string;
  /** Claim and run everything due now, and what that work makes due; resolves when none is left. */
  drain(): Promise<void>;
  /**
   * Stop claiming; let the jobs in hand end for `stopGraceMs`, then tell them to
   * give up (their attempt is recorded and retried) and wait a little more for
   * that. A job that still has not ended is left to its lease: another process
   * takes it over once the lease runs out. Resolves within about 6 s.
   */
  stop(): Promise<void>;
}

/** This worker's claim is gone: another worker has the job (this one stalled past its lease). */
export class LeaseLostError extends Error {
  constructor(id: string) {
    super(`lost the lease on job ${id}`);
    this.name = "LeaseLostError";
  }
}

/** The reason a job in hand is told to give up when the process stops. */
export class ShuttingDownError extends Error {
  constructor() {
    super("Stopped: the server was shutting down; tried again later");
    this.name = "ShuttingDownError";
  }
}

const consoleLog = {
  warn: (obj: object, msg: string) => console.warn(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** true: `p` settled within `ms`. */
const within = (p: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    void p.finally(() => {
      clearTimeout(t);
      resolve(true);
    });
  });

/** How long a finished attempt keeps trying to record its outcome while the database is away. */
const SETTLE_FOR_MS = 5 * 60_000;

interface InHand {
  kind: string;
  done: Promise<void>;
  abort: AbortController;
}

export function startJobRunner(ctx: AppContext, opts: JobRunnerOptions = {}): JobRunner {
  const { db, clock } = ctx;
  const registry = ctx.jobs;
  const pollMs = opts.pollMs ?? 1000;
  const kindSlots = opts.concurrency ?? DEFAULT_KIND_SLOTS;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const stopGraceMs = opts.stopGraceMs ?? STOP_GRACE_MS;
  const log = opts.log ?? consoleLog;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

  const inFlight = new Map<string, InHand>();
  /** jobs in hand, by kind */
  const busy = new Map<string, number>();
  /** kinds whose outside service failed their last attempt: claimed one at a time until it answers */
  const failing = new Set<string>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let claimedCount = 0;

  /** Free slots of each kind: its share, or one probe while its service is failing, less the jobs in hand. */
  function freeSlots(): Record<string, number> {
    const free: Record<string, number> = {};
    for (const kind of registry.all()) {
      const share = failing.has(kind.name) ? 1 : (kind.concurrency ?? kindSlots);
      const n = share - (busy.get(kind.name) ?? 0);
      if (n > 0) free[kind.name] = n;
    }
    return free;
  }

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
        while (!stopped) {
          const slots = freeSlots();
          if (Object.keys(slots).length === 0) break;
          const claimed = await claimJobs(db, { slots, workerId, now: clock.now(), leaseMs });
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
    const abort = new AbortController();
    busy.set(job.kind, (busy.get(job.kind) ?? 0) + 1);
    const done = execute(job, abort.signal)
      .catch((err: unknown) => log.error({ jobId: job.id, kind: job.kind, err: errorText(err) }, "jobs: could not record a job's outcome"))
      .finally(() => {
        inFlight.delete(job.id);
        busy.set(job.kind, (busy.get(job.kind) ?? 1) - 1);
        void poke();
      });
    inFlight.set(job.id, { kind: job.kind, done, abort });
  }

  /** Whether the kind's outside service answered this attempt (it did unless the kind calls the error an outage). */
  function noteService(kind: JobKind, failure: unknown, threw: boolean): void {
    if (!kind.isOutage) return;
    if (threw && kind.isOutage(failure)) {
      if (!failing.has(kind.name)) log.warn({ kind: kind.name, err: errorText(failure) }, "jobs: this kind's service is failing; claiming one job at a time");
      failing.add(kind.name);
    } else if (failing.delete(kind.name)) {
      log.warn({ kind: kind.name }, "jobs: this kind's service answers again; claiming as usual");
    }
  }

  async function execute(job: JobRow, signal: AbortSignal): Promise<void> {
    const kind = registry.get(job.kind);
    if (!kind) return; // only registered kinds are claimed
    const claim: Claim = { id: job.id, workerId, attempts: job.attempts };
    let finished = false;
    const run: JobRun = {
      job,
      signal,
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
    if (threw && failure instanceof JobDeferred) {
      if (!(await markJobDeferred(db, claim, failure.until))) log.warn({ jobId: job.id, kind: job.kind }, "jobs: lease lost before the job could be put back");
      return;
    }
    // an attempt cut short by this process says nothing about the service
    if (!signal.aborted) noteService(kind, failure, threw);
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
    // a live worker keeps its jobs; a dead one's leases run out. A job this worker
    // no longer holds (it stalled past its lease and another took the job over) is
    // told to give up, so the two do not both go on with it.
    every(Math.max(10, Math.floor(leaseMs / 3)), () => {
      if (inFlight.size === 0) return;
      const ids = [...inFlight.keys()];
      extendLeases(db, workerId, ids, new Date(clock.now().getTime() + leaseMs))
        .then((kept) => {
          const held = new Set(kept);
          for (const id of ids) if (!held.has(id)) inFlight.get(id)?.abort.abort(new LeaseLostError(id));
        })
        .catch((err: unknown) => log.warn({ err: errorText(err) }, "jobs: could not extend leases"));
    });
    for (const kind of registry.all()) {
      const watch = kind.watch;
      if (!watch) continue;
      let watching = false;
      every(opts.watchEveryMs ?? watch.everyMs, () => {
        if (watching || stopped) return;
        watching = true;
        watch
          .run()
          .catch((err: unknown) => log.warn({ kind: kind.name, err: errorText(err) }, "jobs: watch failed"))
          .finally(() => {
            watching = false;
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

  const allInHand = () => Promise.all([...inFlight.values()].map((j) => j.done));

  return {
    workerId,
    async drain() {
      for (;;) {
        const before = claimedCount;
        await poke();
        await allInHand();
        if (claimedCount === before && inFlight.size === 0 && !claiming) return;
      }
    },
    async stop() {
      stopped = true;
      await unlisten?.().catch(() => {});
      await claiming;
      // the lease timer keeps running while the jobs in hand end
      if (!(await within(allInHand(), stopGraceMs))) {
        for (const j of inFlight.values()) j.abort.abort(new ShuttingDownError());
        if (!(await within(allInHand(), STOP_ABORT_WAIT_MS))) {
          log.warn({ jobs: [...inFlight.values()].map((j) => j.kind) }, "jobs: left running at shutdown; another process takes them over when their lease runs out");
        }
      }
      for (const t of timers) clearInterval(t);
    },
  };
}

function whenDone(kind: JobKind, job: JobRow): unknown {
  return kind.payloadWhenDone ? kind.payloadWhenDone(job.payload) : undefined;
}
