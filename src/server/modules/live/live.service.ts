// Live updates: one feed and one database listener per process fan out to
// every open Server-Sent Events stream. Changed loads come from the log the loads
// triggers write (load-feed.ts, migration 0021), in version order, each travelling
// in `event: load` (live-loads.ts) with `id:` its version, read once per batch
// whatever the number of streams; a stream that reconnects with the last version
// it saw is first sent what it missed. Bids ride on PostgreSQL LISTEN/NOTIFY
// ('bids_changed' with the bidders; 'board_changed' for users; on PGlite the same
// NOTIFY arrives in-process): `event: change` is only for a user's own data
// (their bids, bookings, stats) and goes to that user's streams (and staff's,
// whose screens show everyone's). Polling stays as the fallback.
import type { Database } from "../../db/client";
import type { Clock } from "../../context";
import { NOTIFICATION_CHANNEL } from "../notifications/notifications.service";
import { loadEventViews, readChangedLoads, type LoadEventViews } from "./live-loads";
import { LoadFeed, type LoadChange } from "./load-feed";
import { readUsersVersion } from "./live-sessions";
import { BIDS_CHANNEL } from "./live-bid-notices";
import { MESSAGE_CHANNEL } from "../messages/message-notices";

/** what a `change` notice names: the user's own bids, their stats (and bookings), users (staff) */
export type Topic = "bids" | "stats" | "users";

export interface LiveClient {
  staff: boolean;
  /** the signed-in user: their own notices and notifications come down their streams only */
  userId?: string;
  /** their company (contract: a carrier's own loads are accepted by them or their company) */
  carrierName?: string | null;
  /** a new notification of this user's, as JSON */
  notification?(json: string): void;
  /** a message in a thread this user is the other side of, as JSON */
  message?(json: string): void;
  send(topics: Topic[]): void;
  /** `event: load` data, already serialised for this kind of viewer, and its version (the SSE id) */
  load?(json: string, version: number): void;
  /** "resync": refetch once (a bulk change, or changes older than the log keeps); `version` is where to resume */
  status(event: "resync", json: string, version: number): void;
}

/** changes kept in memory for replays (a deploy's reconnects, a short break) */
const RECENT = 2_000;

/** 'board_changed' still carries 'users' (migration 0001) */
const STAFF_ONLY: ReadonlySet<Topic> = new Set(["users"]);

export interface LiveHubOptions {
  /** notices within this window are sent as one (a bid award touches loads and bids) */
  coalesceMs?: number;
  /** before a batch is sent: apply changes of users' rights up to this users version (live-sessions.ts) */
  settle?(usersVersion: number): Promise<void>;
  /** a change was sent this long after its commit (metrics) */
  onSent?(lagMs: number): void;
}

export class LiveHub {
  private clients = new Set<LiveClient>();
  /** the same clients by user: a notification goes to its owner's streams without a pass over every stream */
  private byUser = new Map<string, Set<LiveClient>>();
  /** and by company: a load's holder is a user or their company */
  private byCarrier = new Map<string, Set<LiveClient>>();
  /** notices for staff streams, and per user, sent as one after coalesceMs */
  private pendingStaff = new Set<Topic>();
  private pendingUser = new Map<string, Set<Topic>>();
  private pendingCarrier = new Map<string, Set<Topic>>();
  private timer: NodeJS.Timeout | null = null;
  /** changed loads in version order, from the log (every process reads it after commit) */
  readonly feed: LoadFeed;
  /** the last version sent to every stream (a stream added now is sent what follows it) */
  private sent: number | null = null;
  /**
   * The views of the last changes sent, oldest first and gapless (a bulk change
   * empties it): a stream that reconnects after a short break, or after its process
   * was replaced, is sent them from here as they were sent, with no query.
   */
  private recent: LoadEventViews[] = [];
  /** streams being sent what they missed: live changes wait here meanwhile, in order */
  private catchingUp = new Map<LiveClient, { json: string; version: number }[]>();
  /** streams that came with a version ahead of this process: changes up to it are not sent again */
  private seen = new Map<LiveClient, number>();
  private unlisten: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private readonly coalesceMs: number;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock = { now: () => new Date() },
    private readonly opts: LiveHubOptions = {},
  ) {
    this.coalesceMs = opts.coalesceMs ?? 100;
    this.feed = new LoadFeed(database, (changes) => this.dispatch(changes));
  }

  get size(): number {
    return this.clients.size;
  }

  /**
   * Add a stream. With `since` (the last version it saw, from Last-Event-ID) it is
   * first sent every change after it, as its user may see it now, or told to
   * refetch when the log no longer reaches back that far. Returns the version the
   * stream stands at once it has been sent all that, and how to remove it.
   */
  async add(client: LiveClient, since?: number): Promise<{ version: number; remove: () => void }> {
    await this.ensureListening();
    await this.feed.start();
    // nothing awaits between reading the version and the stream joining: every
    // later change is either in the replay or queued behind it
    const version = this.sent ?? this.feed.version;
    const replaying = since !== undefined && since < version;
    if (replaying) this.catchingUp.set(client, []);
    // it has seen versions this process has not sent yet (it came from a process
    // ahead of this one): they are not sent to it again
    if (since !== undefined && since > version) this.seen.set(client, since);
    this.clients.add(client);
    const { userId, carrierName } = client;
    if (userId) addTo(this.byUser, userId, client);
    if (carrierName) addTo(this.byCarrier, carrierName, client);
    const remove = () => {
      this.clients.delete(client);
      this.catchingUp.delete(client);
      this.seen.delete(client);
      if (userId) removeFrom(this.byUser, userId, client);
      if (carrierName) removeFrom(this.byCarrier, carrierName, client);
    };
    let at = Math.max(version, since ?? 0);
    if (replaying) {
      try {
        await this.replay(client, since, version);
      } finally {
        const queued = this.catchingUp.get(client) ?? [];
        this.catchingUp.delete(client);
        for (const q of queued) {
          client.load?.(q.json, q.version);
          at = q.version;
        }
      }
    }
    return { version: at, remove };
  }

  /** Send one stream the changes after `since` up to `upTo`, or tell it to refetch. */
  private async replay(client: LiveClient, since: number, upTo: number): Promise<void> {
    // a short break: the changes are still in memory, as they were sent
    const first = this.recent[0]?.version;
    if (first !== undefined && since >= first - 1 && this.recent[this.recent.length - 1].version >= upTo) {
      for (const views of this.recent) if (views.version > since && views.version <= upTo) client.load?.(viewFor(client, views), views.version);
      return;
    }
    const changes = await this.feed.since(since, upTo).catch(() => null);
    if (!changes || changes.some((c) => c.kind === "bulk" || !c.loadId)) {
      client.status("resync", JSON.stringify({ version: upTo }), upTo);
      return;
    }
    const rows = await readChangedLoads(this.database.db, [...new Set(changes.map((c) => c.loadId!))]);
    const now = this.clock.now();
    for (const change of changes) {
      const views = loadEventViews({ ...change, loadId: change.loadId! }, rows.get(change.loadId!), now);
      client.load?.(viewFor(client, views), change.version);
    }
  }

  private ensureListening(): Promise<void> {
    this.starting ??= Promise.all([
      this.database.listen(BIDS_CHANNEL, (payload) => this.bidsNotice(payload)),
      this.database.listen("board_changed", (payload) => {
        if (payload === "users") this.queue({ staff: ["users"] });
      }),
      this.database.listen(NOTIFICATION_CHANNEL, (payload) => this.notification(payload)),
      this.database.listen(MESSAGE_CHANNEL, (payload) => this.message(payload)),
    ])
      .then((uns) => {
        this.unlisten = async () => {
          await Promise.all(uns.map((un) => un()));
        };
      })
      .catch((err) => {
        // polling keeps working; try again on the next client
        this.starting = null;
        throw err;
      });
    return this.starting;
  }

  /** bids changed (payload: the bidders as a JSON array, or '*'): theirs and staff's screens */
  private bidsNotice(payload: string): void {
    if (payload === "*") {
      this.queue({ staff: ["bids"], everyone: ["bids"] });
      return;
    }
    let ids: unknown;
    try {
      ids = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    this.queue({ staff: ["bids"], users: ids.filter((x): x is string => typeof x === "string"), userTopics: ["bids"] });
  }

  private queue(o: { staff?: Topic[]; users?: string[]; carriers?: string[]; userTopics?: Topic[]; everyone?: Topic[] }): void {
    for (const t of o.staff ?? []) this.pendingStaff.add(t);
    for (const t of o.everyone ?? []) this.pendingCarrier.set("*", (this.pendingCarrier.get("*") ?? new Set()).add(t));
    for (const u of o.users ?? []) {
      if (!this.byUser.has(u)) continue;
      const set = this.pendingUser.get(u) ?? new Set();
      for (const t of o.userTopics ?? []) set.add(t);
      this.pendingUser.set(u, set);
    }
    for (const name of o.carriers ?? []) {
      if (!this.byCarrier.has(name)) continue;
      const set = this.pendingCarrier.get(name) ?? new Set();
      for (const t of o.userTopics ?? []) set.add(t);
      this.pendingCarrier.set(name, set);
    }
    this.timer ??= setTimeout(() => this.flush(), this.coalesceMs);
  }

  private flush(): void {
    this.timer = null;
    const staff = [...this.pendingStaff];
    const perClient = new Map<LiveClient, Set<Topic>>();
    const give = (c: LiveClient, topics: Iterable<Topic>) => {
      if (c.staff) return;
      const set = perClient.get(c) ?? new Set();
      for (const t of topics) set.add(t);
      perClient.set(c, set);
    };
    const everyone = this.pendingCarrier.get("*");
    if (everyone) for (const c of this.clients) give(c, everyone);
    for (const [u, topics] of this.pendingUser) for (const c of this.byUser.get(u) ?? []) give(c, topics);
    for (const [name, topics] of this.pendingCarrier) if (name !== "*") for (const c of this.byCarrier.get(name) ?? []) give(c, topics);
    this.pendingStaff.clear();
    this.pendingUser.clear();
    this.pendingCarrier.clear();
    if (staff.length) for (const c of this.clients) if (c.staff) c.send(staff);
    for (const [c, topics] of perClient) {
      const visible = [...topics].filter((t) => !STAFF_ONLY.has(t));
      if (visible.length) c.send(visible);
    }
  }

  // ------------------------------------------------------------ event: load

  private alreadySeen(c: LiveClient, version: number): boolean {
    const upTo = this.seen.get(c);
    if (upTo === undefined) return false;
    if (version > upTo) this.seen.delete(c);
    return version <= upTo;
  }

  /** A batch of changes from the feed, in version order: the batch's loads are read in one query. */
  private async dispatch(changes: LoadChange[]): Promise<void> {
    const ids = [...new Set(changes.flatMap((c) => (c.loadId && c.kind !== "bulk" ? [c.loadId] : [])))];
    // a failed read throws: the feed reads the same changes again on its next poll
    const [rows, usersVersion] = await Promise.all([readChangedLoads(this.database.db, ids), readUsersVersion(this.database.db)]);
    await this.opts.settle?.(usersVersion);
    const now = this.clock.now();
    for (const change of changes) {
      if (change.kind === "bulk" || !change.loadId) {
        // a bulk statement: every stream refetches once (its version jumps)
        const json = JSON.stringify({ version: change.version });
        for (const c of this.clients) if (!this.alreadySeen(c, change.version)) c.status("resync", json, change.version);
        this.recent = [];
      } else {
        const views = loadEventViews({ ...change, loadId: change.loadId }, rows.get(change.loadId), now);
        this.sendLoad(views);
        this.recent.push(views);
        if (this.recent.length > RECENT) this.recent.splice(0, this.recent.length - RECENT);
      }
      this.opts.onSent?.(Date.now() - change.changedAt.getTime());
    }
    this.sent = changes[changes.length - 1].version;
  }

  private sendLoad(views: LoadEventViews): void {
    for (const c of this.clients) {
      if (this.alreadySeen(c, views.version)) continue;
      const json = viewFor(c, views);
      const queue = this.catchingUp.get(c);
      if (queue) queue.push({ json, version: views.version });
      else c.load?.(json, views.version);
    }
    // the holder's (and former holder's) own bookings and stats changed; staff see everyone's
    const { userIds, carrierNames } = views.holders;
    this.queue({ staff: ["stats", "bids"], users: userIds, carriers: carrierNames, userTopics: ["stats"] });
  }

  /**
   * A committed notification (payload {userId, notification}): to its owner's streams
   * only, at once. One event can notify thousands (bid_placed to every staff user,
   * bench scenario 7): each is looked up by its owner, not matched against every stream.
   */
  private notification(payload: string): void {
    let parsed: { userId?: unknown; notification?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    if (typeof parsed.userId !== "string" || !parsed.notification) return;
    const own = this.byUser.get(parsed.userId);
    if (!own) return;
    const json = JSON.stringify(parsed.notification);
    for (const c of own) c.notification?.(json);
  }

  /**
   * A committed message (payload {staff, userIds, message}): to the thread's other
   * side only, every staff stream or the named members' streams, at once.
   */
  private message(payload: string): void {
    let parsed: { staff?: unknown; userIds?: unknown; message?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    if (!parsed.message) return;
    const json = JSON.stringify(parsed.message);
    if (parsed.staff === true) for (const c of this.clients) if (c.staff) c.message?.(json);
    if (Array.isArray(parsed.userIds))
      for (const id of parsed.userIds) if (typeof id === "string") for (const c of this.byUser.get(id) ?? []) if (!c.staff) c.message?.(json);
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.clients.clear();
    this.byUser.clear();
    this.byCarrier.clear();
    this.catchingUp.clear();
    this.seen.clear();
    this.recent = [];
    await this.feed.close();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
    this.starting = null;
  }
}

/** the view of a change this stream's user may see: staff's, the holder's or everyone else's */
function viewFor(c: LiveClient, views: LoadEventViews): string {
  return c.staff ? views.staff : views.isHolder(c.userId, c.carrierName) ? views.holder : views.other;
}

function addTo<K>(map: Map<K, Set<LiveClient>>, key: K, c: LiveClient): void {
  const set = map.get(key) ?? new Set();
  set.add(c);
  map.set(key, set);
}

function removeFrom<K>(map: Map<K, Set<LiveClient>>, key: K, c: LiveClient): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(c);
  if (!set.size) map.delete(key);
}
