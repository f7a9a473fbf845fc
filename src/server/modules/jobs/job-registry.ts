// The one registry of job kinds: each module registers
// its own kinds when buildApp() registers its routes ("mail" by the email
// module, "password-reset" by auth). The runner claims only kinds this process
// knows, so a process that does not yet know a new kind leaves its jobs alone.
import type { JobRow } from "../../db/schema";
import type { Tx } from "../../db/client";

/** What an attempt came to, as the runner records it. */
export interface JobOutcome {
  /** done: finished; retry: failed, tried again at `retryAt`; failed: given up */
  status: "done" | "retry" | "failed";
  error: string | null;
  at: Date;
  retryAt?: Date;
}

/** The claimed job, as a kind's `run` sees it. */
export interface JobRun {
  readonly job: JobRow;
  /**
   * Aborted when this process gives the attempt up: shutting down with the job
   * still running past its grace, or its lease taken by another worker. A kind that
   * waits on the outside world stops waiting and throws (the attempt is retried).
   */
  readonly signal: AbortSignal;
  /**
   * Mark the job done inside the caller's transaction, so a job whose work is
   * all in the database happens exactly once: the work and "done" commit
   * together. Throws (rolling the transaction back) when this worker no longer
   * holds the job.
   */
  finish(tx: Tx): Promise<void>;
}

export interface JobKind<P = unknown> {
  name: string;
  /** Does the work; throws to fail this attempt. */
  run(payload: P, run: JobRun): Promise<void>;
  /**
   * This kind's own back-off (webhooks: the contract's 5 s … 10 h): the wait after
   * the `attempts`-th failed attempt, or null to give up. When set, it replaces the
   * default doubling and the job's retry_until.
   */
  retryDelayMs?(attempts: number): number | null;
  /** An error that no retry can cure: the job fails at once. */
  isPermanent?(err: unknown): boolean;
  /** The error as stored in last_error (and shown to staff): no secrets, bounded. */
  describeError?(err: unknown): string;
  /** Written in the transaction that records each attempt's outcome (the mail kind: email_log). */
  recordOutcome?(tx: Tx, job: JobRow, outcome: JobOutcome): Promise<void>;
  /** What is kept of the payload once the job is done (drop what is no longer needed). */
  payloadWhenDone?(payload: P): P;
  /**
   * Jobs of this kind one process runs at once: the kind's own slots, so a kind
   * stuck on a silent service never holds another kind's work (default: the
   * runner's `concurrency`).
   */
  concurrency?: number;
  /**
   * The outside service this kind depends on is failing (not this job): while it
   * is, the runner claims this kind one job at a time (a probe), and the first
   * attempt the service answers restores the kind's slots (mail: no SMTP reply).
   */
  isOutage?(err: unknown): boolean;
  /** A periodic check this kind needs while the runner runs (mail: is SMTP back?). */
  watch?: { everyMs: number; run(): Promise<void> };
}

/**
 * Thrown by a kind's `run` when the job should wait without an attempt being
 * made (webhooks: its endpoint is held after timing out): the job is due again at
 * `until`, its attempt is not counted and no outcome is recorded.
 */
export class JobDeferred extends Error {
  constructor(
    readonly until: Date,
    reason: string,
  ) {
    super(reason);
    this.name = "JobDeferred";
  }
}

export interface JobRegistry {
  register<P>(kind: JobKind<P>): void;
  get(name: string): JobKind | undefined;
  names(): string[];
  all(): JobKind[];
}

export function createJobRegistry(): JobRegistry {
  const kinds = new Map<string, JobKind>();
  return {
    register(kind) {
      // one app, one registration per kind (a second buildApp has its own registry)
      if (kinds.has(kind.name)) throw new Error(`job kind "${kind.name}" is registered twice`);
      kinds.set(kind.name, kind as unknown as JobKind);
    },
    get: (name) => kinds.get(name),
    names: () => [...kinds.keys()],
    all: () => [...kinds.values()],
  };
}

declare module "../../context" {
  interface AppContext {
    /** the job kinds of this app, each registered by its module (modules/jobs) */
    jobs: JobRegistry;
  }
}
