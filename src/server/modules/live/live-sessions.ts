// Open live streams and the sessions they ride on: a
// stream ends when its session ends (logout, password change, approval withdrawn,
// user deleted, in any process), and a user holds at most MAX_STREAMS_PER_USER
// open streams here (an 11th closes their oldest).
//
// Every way a session ends deletes its row or changes its user, and both NOTIFY
// 'sessions_changed' (migration 0002): on a notice, the sessions of every open
// stream are checked again in one query. A write answered here for a user with
// open streams (their logout) checks theirs at once, without waiting for the
// notice. Should notices be lost, a sweep every minute, and one when they are back,
// still ends what they would have.
import type { AppContext } from "../../context";
import { signedInSessions } from "../../plugins/session";

export const MAX_STREAMS_PER_USER = 10;
const SWEEP_MS = 60_000;
/** notices within this window are checked as one (a sign-in updates a user and deletes a session) */
const COALESCE_MS = 50;

/** why this process ends a stream: its session ended, or the user opened one too many */
export type StreamEnd = "signed-out" | "superseded";

interface OpenStream {
  sessionId: string;
  end(why: StreamEnd): void;
}

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
  track(userId: string, sessionId: string, end: (why: StreamEnd) => void): void {
    const list = this.byUser.get(userId) ?? [];
    list.push({ sessionId, end });
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

  get size(): number {
    let n = 0;
    for (const list of this.byUser.values()) n += list.length;
    return n;
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

  /** End the streams of these sessions that are no longer signed in (streams opened meanwhile are left alone). */
  private async check(sessionIds: string[]): Promise<void> {
    const asked = new Set(sessionIds);
    if (!asked.size) return;
    let valid: Set<string>;
    try {
      valid = await signedInSessions(this.ctx.db, [...asked], this.ctx.clock.now());
    } catch {
      // the database is not answering: the next notice or sweep asks again
      return;
    }
    for (const list of [...this.byUser.values()]) {
      for (const s of [...list]) if (asked.has(s.sessionId) && !valid.has(s.sessionId)) s.end("signed-out");
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
