// The PostgreSQL notice connection (LISTEN/NOTIFY): one per process for every
// channel, kept open and listening through lost connections.
import pg from "pg";
import type { NoticeState } from "./client";

/**
 * One LISTEN connection per process for every channel (live updates heal
 * themselves). It has an error listener for its whole life, checks its peer
 * every `heartbeatMs` (a black-holed connection is silent, not closed), and when
 * lost is opened again with back-off (0.25 s doubling to 3 s) and listens to every
 * channel again. Each change of state is told to `onChange` subscribers.
 */
export class PgNotices implements NoticeState {
  private client: pg.Client | null = null;
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private readonly watchers = new Set<(up: boolean) => void>();
  private state = false;
  private attempt = 0;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly heartbeatMs: number,
  ) {}

  get up(): boolean {
    return this.state;
  }

  onChange(fn: (up: boolean) => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
      // on an open connection, listen now; a failure is a lost connection (reconnect listens again)
      const client = this.client;
      if (client) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => this.lost(client));
    }
    handlers.add(onMessage);
    // the first subscriber opens the connection; every caller waits for the attempt under way
    if (!this.client && !this.retry) await this.open();
    else if (this.connecting) await this.connecting;
    return async () => {
      const set = this.channels.get(channel);
      if (!set?.delete(onMessage) || set.size) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  /** one attempt; on failure the next is scheduled */
  private open(): Promise<void> {
    this.connecting ??= this.connect()
      .catch(() => this.scheduleRetry())
      .finally(() => {
        this.connecting = null;
      });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    client.on("notification", (n) => {
      for (const fn of this.channels.get(n.channel) ?? []) fn(n.payload ?? "");
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      void endClient(client);
      throw err;
    }
    if (this.closed) {
      void endClient(client);
      return;
    }
    this.client = client;
    this.attempt = 0;
    this.heartbeat = setInterval(() => {
      client.query("select 1").catch(() => this.lost(client));
    }, this.heartbeatMs);
    this.heartbeat.unref();
    this.setState(true);
  }

  private lost(client: pg.Client | null): void {
    if (!client || client !== this.client) return;
    this.client = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    // a black-holed connection is still open: close it for good
    destroyConnection(client);
    this.setState(false);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry || this.channels.size === 0) return;
    const delay = Math.min(3_000, 250 * 2 ** this.attempt++) * (0.75 + Math.random() * 0.25);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.open();
    }, delay);
    this.retry.unref();
  }

  private setState(up: boolean): void {
    if (up === this.state) return;
    this.state = up;
    for (const fn of [...this.watchers]) fn(up);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    await this.connecting;
    if (client) await endClient(client);
  }
}

export function destroyConnection(client: pg.Client): void {
  (client.connection as unknown as { stream?: { destroy(): void } } | undefined)?.stream?.destroy();
}

/** end politely, but never wait more than a second for a peer that does not answer */
async function endClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.end().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 1_000);
    }),
  ]);
  clearTimeout(timer);
  destroyConnection(client);
}

