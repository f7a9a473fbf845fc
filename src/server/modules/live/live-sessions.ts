// Open live streams and the sessions they ride on: a
// stream ends when its session ends (logout, password change, approval withdrawn,
// user deleted, in any process) and when its user's rights change (role, company,
// approval: the client reconnects and is sent what its new rights allow), and a
// user holds at most MAX_STREAMS_PER_USER open streams here (an 11th closes their
// oldest).
//
// Every way a session ends deletes its row or changes its user, and both NOTIFY
// 'sessions_changed' (migration 0002): on a notice, the sessions of every open
// stream are checked again in one query. A write answered here for a user with
// open streams (their logout) checks theirs at once, without waiting for the
// notice. Should notices be lost, a sweep every minute, and one when they are back,
// still ends what they would have. Before the live feed sends a batch of changes it
// asks `settle` with the users version it read beside them: a change of rights
// committed before those changes is applied first, so nothing is sent to a stream
// whose user may no longer see it.
import { and, eq, gt, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { changeCounters, sessions, users } from "../../db/schema";

export const MAX_STREAMS_PER_USER = 10;
const SWEEP_MS = 60_000;
/** notices within this window are checked as one (a sign-in updates a user and deletes a session) */
const COALESCE_MS = 50;

/** why this process ends a stream: its session ended, its user's rights changed, the user opened one too many, or the process stops */
export type StreamEnd = "signed-out" | "rights-changed" | "superseded" | "shutdown";

/** what a stream was opened with: a change of any of it ends the stream */
export interface StreamRights {
  role: string;
  isAdmin: boolean;
  carrierName: string | null;
  companyId: string | null;
}

interface OpenStream {
  sessionId: string;
  rights: string;
  end(why: StreamEnd): void;
}

const rightsKey = (r: StreamRights) => JSON.stringify([r.role, r.isAdmin, r.carrierName, r.companyId]);

export class LiveSessions {
  /** each user's open streams, oldest first */
  private readonly byUser = new Map<string, OpenStream[]>();
  private timer: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private unlisten: (() => Promise<void>) | null = null;
  private unwatch: (() => void) | null = null;
  private closed = false;
  /** the users version (change_counters 'users') the last check read: rights as of it are applied */
  private checkedUsers = -1;

  constructor(private readonly ctx: Pick<AppContext, "database" | "db" | "clock">) {}

  /** Listen for ended sessions in every process; without notices the sweep still runs. */
  async start(): Promise<void> {
    this.sweep = setInterval(() => this.schedule(), SWEEP_MS);
    this.sweep.unref();
    this.unwatch = this.ctx.database.notices.onChange((up) => {
      if (up) this.schedule();
    });
    this.unlisten = await this.ctx.database.listen("sessions_changed", () => this.schedule());
  }

  /** A stream opened: past the cap, the user's oldest streams end. */
  track(userId: string, sessionId: string, rights: StreamRights, end: (why: StreamEnd) => void): void {
    const list = this.byUser.get(userId) ?? [];
    list.push({ sessionId, rights: rightsKey(rights), end });
    this.byUser.set(userId, list);
    while (list.length > MAX_STREAMS_PER_USER) list.shift()!.end("superseded");
  }

  untrack(userId: string, end: (why: StreamEnd) => void): void {
    const list = this.byUser.get(userId);
    if (!list) return;
    const i = list.findIndex((s) => s.end === end);
    if (i >= 0) list.splice(i, 1);
    if (!list.length) this.byUser.delete(userId);
  }

  /** This user's sessions may have ended here (a logout): check their streams now. */
  checkUser(userId: string): Promise<void> {
    const list = this.byUser.get(userId);
    return list ? this.check(list.map((s) => s.sessionId)) : Promise.resolve();
  }

  /**
   * Users changed up to `usersVersion` (read with a batch of load changes): unless
   * a check has already read that version, check every stream now, so a stream
   * whose user lost the right to see something ends before it is sent.
   */
  async settle(usersVersion: number): Promise<void> {
    // a check already under way may have read an older version; a failed one is tried once more
    for (let tries = 0; tries < 3 && usersVersion > this.checkedUsers && this.byUser.size; tries++) {
      if (this.running) await this.running.catch(() => {});
      else await this.checkAll();
    }
  }

  get size(): number {
    let n = 0;
    for (const list of this.byUser.values()) n += list.length;
    return n;
  }

  /** A write answered here may have changed someone's rights (staff edited a user or a company): check every stream soon. */
  recheckSoon(): void {
    if (this.byUser.size) this.schedule();
  }

  /** Check every open stream's session soon: notices come in bursts, one query answers them. */
  private schedule(): void {
    if (this.closed) return;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.checkAll();
    }, COALESCE_MS);
  }

  private async checkAll(): Promise<void> {
    if (this.running) {
      // a notice during a check may name a session the check has already read
      this.again = true;
      return;
    }
    this.running = this.check([...this.byUser.values()].flatMap((list) => list.map((s) => s.sessionId)));
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    if (this.again) {
      this.again = false;
      this.schedule();
    }
  }

  /** End the streams of these sessions that are no longer signed in, or whose user's rights changed (streams opened meanwhile are left alone). */
  private async check(sessionIds: string[]): Promise<void> {
    const asked = new Set(sessionIds);
    if (!asked.size) return;
    let now: Map<string, string>;
    try {
      const [usersVersion, rights] = await Promise.all([readUsersVersion(this.ctx.db), sessionRights(this.ctx.db, [...asked], this.ctx.clock.now())]);
      now = rights;
      this.checkedUsers = Math.max(this.checkedUsers, usersVersion);
    } catch {
      // the database is not answering: the next notice or sweep asks again
      return;
    }
    for (const list of [...this.byUser.values()]) {
      for (const s of [...list]) {
        if (!asked.has(s.sessionId)) continue;
        const rights = now.get(s.sessionId);
        if (rights === undefined) s.end("signed-out");
        else if (rights !== s.rights) s.end("rights-changed");
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.sweep) clearInterval(this.sweep);
    this.timer = this.sweep = null;
    this.unwatch?.();
    await this.unlisten?.().catch(() => {});
    await this.running?.catch(() => {});
  }
}

/** The users version: bumped by every change of a user (migration 0001), in the same transaction. */
export async function readUsersVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ v: changeCounters.version }).from(changeCounters).where(eq(changeCounters.name, "users"));
  return Number(row?.v ?? 0);
}

/** The signed-in sessions among these (unexpired, approved user), each with its user's rights now. */
async function sessionRights(db: DbOrTx, sessionIds: string[], now: Date): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: sessions.id, role: users.role, isAdmin: users.isAdmin, carrierName: users.carrierName, companyId: users.companyId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now), eq(users.isApproved, true)));
  return new Map(rows.map((r) => [r.id, rightsKey(r)]));
}
