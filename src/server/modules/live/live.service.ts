// Live updates: one database listener per process fans out to
// every open Server-Sent Events stream. Across processes this rides on PostgreSQL
// LISTEN/NOTIFY (migration 0012: 'load_changed' per changed load with its version,
// 'bids_changed' with the bidders; 'board_changed' for users); on PGlite the same
// NOTIFY arrives in-process. A changed load travels in `event: load` (live-loads.ts),
// read once per event whatever the number of streams; `event: change` is only for a
// user's own data (their bids, bookings, stats) and goes to that user's streams
// (and staff's, whose screens show everyone's). Polling stays as the fallback.
import type { Database } from "../../db/client";
import type { Clock } from "../../context";
import { NOTIFICATION_CHANNEL } from "../notifications/notifications.service";
import { loadEventViews, parseLoadNotice, readChangedLoads, type LoadNotice } from "./live-loads";

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
  send(topics: Topic[]): void;
  /** `event: load` data, already serialised for this kind of viewer */
  load?(json: string): void;
  /** notices lost ("degraded": poll until told otherwise) or back ("resync": refetch once) */
  status(event: "degraded" | "resync", json?: string): void;
}

/** 'board_changed' still carries 'users' (migration 0001) */
const STAFF_ONLY: ReadonlySet<Topic> = new Set(["users"]);

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
  /** load notices in version order, read and sent one batch at a time */
  private loadQueue: LoadNotice[] = [];
  private draining: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private readonly unwatch: () => void;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock = { now: () => new Date() },
    /** notices within this window are sent as one (a bid award touches loads and bids) */
    private readonly coalesceMs = 100,
  ) {
    // the notice connection heals itself (db/client.ts); while it is down
    // every open stream is told to poll, and to refetch once when it is back
    this.unwatch = database.notices.onChange((up) => {
      for (const c of this.clients) c.status(up ? "resync" : "degraded");
    });
  }

  get size(): number {
    return this.clients.size;
  }

  /** notices arrive now (a stream opened while they do not is told to poll at once) */
  get live(): boolean {
    return this.database.notices.up;
  }

  async add(client: LiveClient): Promise<() => void> {
    this.clients.add(client);
    const { userId, carrierName } = client;
    if (userId) addTo(this.byUser, userId, client);
    if (carrierName) addTo(this.byCarrier, carrierName, client);
    await this.ensureListening();
    return () => {
      this.clients.delete(client);
      if (userId) removeFrom(this.byUser, userId, client);
      if (carrierName) removeFrom(this.byCarrier, carrierName, client);
    };
  }

  private ensureListening(): Promise<void> {
    this.starting ??= Promise.all([
      this.database.listen("load_changed", (payload) => this.loadNotice(payload)),
      this.database.listen("bids_changed", (payload) => this.bidsNotice(payload)),
      this.database.listen("board_changed", (payload) => {
        if (payload === "users") this.queue({ staff: ["users"] });
      }),
      this.database.listen(NOTIFICATION_CHANNEL, (payload) => this.notification(payload)),
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

  private loadNotice(payload: string): void {
    const notice = parseLoadNotice(payload);
    if (!notice) return;
    this.loadQueue.push(notice);
    this.draining ??= this.drain().finally(() => (this.draining = null));
  }

  /** Send queued load events in version order: each batch's loads are read in one query. */
  private async drain(): Promise<void> {
    // let a burst of notices (one statement, one transaction) arrive before reading
    await new Promise((r) => setImmediate(r));
    while (this.loadQueue.length) {
      const batch = this.loadQueue.splice(0, 500);
      const ids = [...new Set(batch.flatMap((n) => (n.id && !n.n ? [n.id] : [])))];
      let rows;
      try {
        rows = await readChangedLoads(this.database.db, ids);
      } catch {
        // the database did not answer: streams refetch once (as after lost notices)
        for (const c of this.clients) c.status("resync", JSON.stringify({ version: batch[batch.length - 1].v }));
        continue;
      }
      const now = this.clock.now();
      for (const notice of batch) {
        if (!notice.id || notice.n) {
          // a bulk statement: every stream refetches once (its version jumps)
          for (const c of this.clients) c.status("resync", JSON.stringify({ version: notice.v }));
          continue;
        }
        this.sendLoad(loadEventViews({ ...notice, id: notice.id }, rows.get(notice.id), now));
      }
    }
  }

  private sendLoad(views: ReturnType<typeof loadEventViews>): void {
    for (const c of this.clients) {
      const json = c.staff ? views.staff : views.isHolder(c.userId, c.carrierName) ? views.holder : views.other;
      c.load?.(json);
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

  async close(): Promise<void> {
    this.unwatch();
    if (this.timer) clearTimeout(this.timer);
    this.clients.clear();
    this.byUser.clear();
    this.byCarrier.clear();
    this.loadQueue = [];
    await this.draining?.catch(() => {});
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
    this.starting = null;
  }
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
