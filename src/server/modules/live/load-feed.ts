// The feed of changed loads, one per process: it reads the log the loads triggers
// write (migration 0021) in version order, after commit, and hands each new
// batch to the hub. A write commits without any NOTIFY of its own. The process
// that answered a write pokes its feed; the feed reads what committed and sends one
// coalesced notice ('loads_version') so the other processes read too. A poll
// every POLL_MS catches what no notice announced (a write by a job, a lost notice,
// a database that was away): the streams are sent what they missed when it
// answers again, never told to refetch.
import { and, asc, gt, lte, lt, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../../db/client";
import { loadChanges } from "../../db/schema";
import { LOADS_VERSION_CHANNEL } from "../loads/loads-version";
import { loadsVersion } from "../loads/loads.repository";

export type LoadChange = typeof loadChanges.$inferSelect;

/** how often a process looks for changes nobody told it of */
const POLL_MS = 500;
/** pokes within this window are read (and announced) as one */
const COALESCE_MS = 25;
/** rows read per query; a longer backlog is read in several */
const BATCH = 500;
/** the log keeps at least this many changes and at least a day of them */
export const KEEP_CHANGES = 10_000;
const KEEP_MS = 86_400_000;
const PRUNE_EVERY_MS = 600_000;

export interface LoadFeedOptions {
  pollMs?: number;
  coalesceMs?: number;
}

export class LoadFeed {
  /** the last version handed to `onChanges` */
  private cursor = 0;
  private started: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private pulling: Promise<void> | null = null;
  private again = false;
  /** a poke from this process's own write: announce what it finds */
  private announce = false;
  private unlisten: (() => Promise<void>) | null = null;
  private prunedAt = 0;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly onChanges: (changes: LoadChange[]) => Promise<void>,
    private readonly opts: LoadFeedOptions = {},
  ) {}

  /** the last version handed on (every stream of this process has been sent up to it) */
  get version(): number {
    return this.cursor;
  }

  /** Start at the current version (idempotent); until the database answers, the poll keeps trying. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.poll = setInterval(() => this.schedule(false), this.opts.pollMs ?? POLL_MS);
      this.poll.unref();
      this.cursor = await loadsVersion(this.database.db).catch(() => 0);
      this.unlisten = await this.database.listen(LOADS_VERSION_CHANNEL, () => this.schedule(false)).catch(() => null);
    })();
    return this.started;
  }

  /** This process committed a write that may have changed loads: read it soon and tell the others. */
  poke(): void {
    this.schedule(true);
  }

  private schedule(local: boolean): void {
    if (this.closed) return;
    if (local) this.announce = true;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.pull();
    }, this.opts.coalesceMs ?? COALESCE_MS);
  }

  private async pull(): Promise<void> {
    if (this.pulling) {
      // a change may have committed after the running read began
      this.again = true;
      return;
    }
    const announce = this.announce;
    this.announce = false;
    this.pulling = this.readNew(announce);
    try {
      await this.pulling;
    } finally {
      this.pulling = null;
    }
    if (this.again) {
      this.again = false;
      this.schedule(false);
    }
  }

  private async readNew(announce: boolean): Promise<void> {
    const from = this.cursor;
    try {
      for (;;) {
        const rows = await this.read(this.cursor, null);
        if (!rows.length) break;
        // handed on first: a failure leaves the cursor where it was, so the same rows are read again
        await this.onChanges(rows);
        this.cursor = rows[rows.length - 1].version;
        if (rows.length < BATCH) break;
      }
      if (announce && this.cursor > from) await notify(this.database.db, this.cursor);
      await this.prune();
    } catch {
      // the database is away: the next poll reads from the same version
    }
  }

  /** The changes after `after` up to `upTo` (inclusive), oldest first, at most BATCH. */
  read(after: number, upTo: number | null): Promise<LoadChange[]> {
    const where = upTo === null ? gt(loadChanges.version, after) : and(gt(loadChanges.version, after), lte(loadChanges.version, upTo));
    return this.database.db.select().from(loadChanges).where(where).orderBy(asc(loadChanges.version)).limit(BATCH);
  }

  /**
   * Every change after `after` up to the feed's version, for a stream that
   * reconnects; null when some of them are no longer kept (it must refetch).
   */
  async since(after: number, upTo = this.cursor): Promise<LoadChange[] | null> {
    const out: LoadChange[] = [];
    let at = after;
    while (at < upTo) {
      const rows = await this.read(at, upTo);
      if (!rows.length) break;
      // the first kept version must follow on from what the client saw
      if (!out.length && rows[0].version - (rows[0].kind === "bulk" ? rows[0].rows : 1) > after) return null;
      out.push(...rows);
      at = rows[rows.length - 1].version;
    }
    return at >= upTo ? out : null;
  }

  /** Forget changes older than a day once more than KEEP_CHANGES newer ones exist (any process may do it). */
  private async prune(): Promise<void> {
    const now = Date.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.database.db
      .delete(loadChanges)
      .where(and(lte(loadChanges.version, this.cursor - KEEP_CHANGES), lt(loadChanges.changedAt, new Date(now - KEEP_MS))));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.poll) clearInterval(this.poll);
    await this.started?.catch(() => {});
    await this.pulling?.catch(() => {});
    await this.unlisten?.().catch(() => {});
  }
}

/** One notice for the other processes: loads changed up to this version (outside any write transaction). */
async function notify(db: DbOrTx, version: number): Promise<void> {
  await db.execute(sql`select pg_notify(${LOADS_VERSION_CHANNEL}, ${String(version)})`);
}
