// Live change notices (issue 8): one database listener per process fans out to
// every open Server-Sent Events stream. Across processes this rides on
// PostgreSQL LISTEN/NOTIFY (the change_counters trigger notifies 'board_changed');
// on PGlite the same NOTIFY arrives in-process. Clients refetch on a notice and
// keep polling as the fallback (spec §9 intervals).
import type { Database } from "../../db/client";
import { NOTIFICATION_CHANNEL } from "../notifications/notifications.service";

export type Topic = "loads" | "bids" | "users";

export interface LiveClient {
  staff: boolean;
  /** the signed-in user: their own notifications come down their streams only */
  userId?: string;
  /** a new notification of this user's (contract-beyond "Notifications"), as JSON */
  notification?(json: string): void;
  send(topics: Topic[]): void;
  /** notices lost ("degraded": poll until told otherwise) or back ("resync": refetch once) */
  status(event: "degraded" | "resync"): void;
}

const STAFF_ONLY: ReadonlySet<Topic> = new Set(["users"]);

export class LiveHub {
  private clients = new Set<LiveClient>();
  /** the same clients by user: a notification goes to its owner's streams without a pass over every stream */
  private byUser = new Map<string, Set<LiveClient>>();
  private pending = new Set<Topic>();
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private readonly unwatch: () => void;

  constructor(
    private readonly database: Database,
    /** notices within this window are sent as one (a bid award touches loads and bids) */
    private readonly coalesceMs = 100,
  ) {
    // issue 14: the notice connection heals itself (db/client.ts); while it is down
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
    const { userId } = client;
    if (userId) {
      const own = this.byUser.get(userId) ?? new Set();
      own.add(client);
      this.byUser.set(userId, own);
    }
    await this.ensureListening();
    return () => {
      this.clients.delete(client);
      const own = userId ? this.byUser.get(userId) : undefined;
      if (!own) return;
      own.delete(client);
      if (!own.size) this.byUser.delete(userId!);
    };
  }

  private ensureListening(): Promise<void> {
    this.starting ??= Promise.all([
      this.database.listen("board_changed", (payload) => this.notice(payload as Topic)),
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

  private notice(topic: Topic): void {
    if (topic !== "loads" && topic !== "bids" && topic !== "users") return;
    this.pending.add(topic);
    this.timer ??= setTimeout(() => this.flush(), this.coalesceMs);
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

  private flush(): void {
    this.timer = null;
    const topics = [...this.pending];
    this.pending.clear();
    for (const c of this.clients) {
      const visible = c.staff ? topics : topics.filter((t) => !STAFF_ONLY.has(t));
      if (visible.length) c.send(visible);
    }
  }

  async close(): Promise<void> {
    this.unwatch();
    if (this.timer) clearTimeout(this.timer);
    this.clients.clear();
    this.byUser.clear();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
    this.starting = null;
  }
}
