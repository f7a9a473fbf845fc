// Live change notices (issue 8): one database listener per process fans out to
// every open Server-Sent Events stream. Across processes this rides on
// PostgreSQL LISTEN/NOTIFY (the change_counters trigger notifies 'board_changed');
// on PGlite the same NOTIFY arrives in-process. Clients refetch on a notice and
// keep polling as the fallback (spec §9 intervals).
import type { Database } from "../../db/client";

export type Topic = "loads" | "bids" | "users";

export interface LiveClient {
  staff: boolean;
  send(topics: Topic[]): void;
}

const STAFF_ONLY: ReadonlySet<Topic> = new Set(["users"]);

export class LiveHub {
  private clients = new Set<LiveClient>();
  private pending = new Set<Topic>();
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    /** notices within this window are sent as one (a bid award touches loads and bids) */
    private readonly coalesceMs = 100,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  async add(client: LiveClient): Promise<() => void> {
    this.clients.add(client);
    await this.ensureListening();
    return () => this.clients.delete(client);
  }

  private ensureListening(): Promise<void> {
    this.starting ??= this.database
      .listen("board_changed", (payload) => this.notice(payload as Topic))
      .then((un) => {
        this.unlisten = un;
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
    if (this.timer) clearTimeout(this.timer);
    this.clients.clear();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
    this.starting = null;
  }
}
