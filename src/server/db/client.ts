// One database handle for both engines (architecture.md): embedded PGlite in
// DATA_DIR by default, PostgreSQL via DATABASE_URL. Same schema, same migrations.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { PriorityGate, isWriter, notAsWriter } from "./write-priority";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A query runner: the database or an open transaction (repositories take either). */
export type DbOrTx = Db | Tx;

export { MIGRATIONS_DIR } from "../lib/paths";

import { MIGRATIONS_DIR } from "../lib/paths";

/**
 * The PostgreSQL extensions the migrations create, loaded into every embedded
 * database (migration 0013: the loads search's trigram index). A data directory
 * that has them must be opened with them, backups and restores included.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Subscribe to a NOTIFY channel; returns an unsubscribe function. The
   * subscription outlives a lost notice connection: it is listened to again on
   * reconnect (notices sent in between are lost: see `notices`).
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Whether notices arrive now, and every change of that (false: lost; true: back, notices in between were lost). */
  notices: NoticeState;
  /** true when the database answers within `timeoutMs` (health: a hung database is "not answering", not a hung request) */
  ping(timeoutMs?: number): Promise<boolean>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface NoticeState {
  readonly up: boolean;
  onChange(fn: (up: boolean) => void): () => void;
}

/**
 * Bounds on every wait for PostgreSQL (issue 14: a database that hangs must
 * never hang a request). A request meets a hung database as a 503 within 5 s
 * (contract): connecting or waiting for a pooled connection gives up after
 * `connectMs`, a reply that does not come after `replyMs` (and the connection
 * is dropped). `statementMs` and `idleInTransactionMs` are PostgreSQL's own
 * limits, so work abandoned by a dropped client does not run on for long.
 */
export interface DbTimeouts {
  connectMs: number;
  replyMs: number;
  statementMs: number;
  idleInTransactionMs: number;
  /** TCP keepalive on every connection, so a dead peer is found on idle connections too */
  keepAliveDelayMs: number;
  /** the notice (LISTEN) connection checks its peer this often */
  noticeHeartbeatMs: number;
}

export const DB_TIMEOUTS: DbTimeouts = {
  connectMs: 3_000,
  replyMs: 3_000,
  statementMs: 15_000,
  idleInTransactionMs: 10_000,
  keepAliveDelayMs: 10_000,
  noticeHeartbeatMs: 10_000,
};

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL (reads and everything else). */
  poolSize?: number;
  /** connections kept apart for writing requests on PostgreSQL (write-priority.ts); 0: none, and on PGlite no priority */
  writePoolSize?: number;
  /** PostgreSQL only: other bounds than DB_TIMEOUTS (tests, long scripts) */
  timeouts?: Partial<DbTimeouts>;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.writePoolSize ?? 4, { ...DB_TIMEOUTS, ...opts.timeouts });
  return openPglite(join(opts.dataDir, "db"), opts.writePoolSize !== 0);
}

async function openPglite(dir: string, writePriority: boolean): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  if (writePriority) prioritiseWriters(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async listen(channel, onMessage) {
      // notices are delivered inside the statement that sent them: what they set off
      // (the job runner, live fan-out) must not inherit a writer's priority
      const unsub = await client.listen(channel, (payload) => notAsWriter(() => onMessage(payload)));
      return async () => unsub();
    },
    // in-process: never lost
    notices: { up: true, onChange: () => () => {} },
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await client.close();
    },
  };
}

/**
 * PGlite runs one statement at a time, first come first served: a write behind
 * fifty board reads waited for all of them. Its three entry points (a transaction
 * holds the connection to its end) go through one PriorityGate, writers first
 * (write-priority.ts). Nothing inside them calls back into these, so no re-entry.
 */
function prioritiseWriters(client: PGlite): void {
  const gate = new PriorityGate();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => gate.run(() => query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => gate.run(() => exec(...args))) as typeof client.exec;
  client.transaction = ((...args: Parameters<typeof transaction>) => gate.run(() => transaction(...args))) as typeof client.transaction;
}

async function openPostgres(url: string, max: number, writeMax: number, timeouts: DbTimeouts): Promise<Database> {
  const connection: pg.ClientConfig = {
    connectionString: url,
    application_name: "loadboard",
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveDelayMs,
  };
  const reads = newPool(connection, max, timeouts);
  // writing requests get connections of their own: reads holding every read connection cannot delay them
  const writes = writeMax > 0 ? newPool({ ...connection, application_name: "loadboard-writes" }, writeMax, timeouts) : reads;
  // drizzle takes one pool: this one lends the writer's pool inside a writing request, else the read pool
  const pick = () => (isWriter() ? writes : reads);
  const pool = Object.assign(Object.create(pg.Pool.prototype) as pg.Pool, {
    connect: (...args: unknown[]) => (pick().connect as (...a: unknown[]) => unknown)(...args),
    query: (...args: unknown[]) => (pick().query as (...a: unknown[]) => unknown)(...args),
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const notices = new PgNotices(
    { ...connection, application_name: "loadboard-notices", query_timeout: timeouts.replyMs },
    timeouts.noticeHeartbeatMs,
  );
  return {
    db,
    kind: "postgres",
    listen: (channel, onMessage) => notices.listen(channel, onMessage),
    notices,
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    async migrate() {
      // Processes that start together migrate one after another: a session
      // advisory lock held on one dedicated connection for the whole run, which
      // also runs the migrations, free of the request path's statement timeout.
      const lock = new pg.Client({ ...connection, connectionTimeoutMillis: 10_000 });
      lock.on("error", () => {});
      await lock.connect();
      try {
        await lock.query("select pg_advisory_lock(7261001)");
        await migratePg(drizzlePg(lock, { schema }) as never, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query("select pg_advisory_unlock(7261001)").catch(() => {});
        await lock.end().catch(() => {});
      }
    },
    async close() {
      await notices.close();
      await Promise.all([reads.end(), writes === reads ? null : writes.end()]);
    },
  };
}

/** One bounded pool with the deadlines of DbTimeouts (issue 14). */
function newPool(connection: pg.ClientConfig, max: number, timeouts: DbTimeouts): pg.Pool {
  const pool = new pg.Pool({
    ...connection,
    max,
    idleTimeoutMillis: 30_000,
    query_timeout: timeouts.replyMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // a missed reply means the path to the database is probably silent: the idle
    // connections are dropped too, so that the requests after recovery do not each
    // wait out a timeout on one of them
    Client: deadlineClient(() => {
      for (const client of idle) destroyConnection(client);
    }),
  });
  const idle = new Set<pg.Client>();
  pool.on("release", (_err, client) => idle.add(client));
  pool.on("acquire", (client) => idle.delete(client));
  pool.on("remove", (client) => idle.delete(client));
  // A lost connection must not crash the process (issue 14: an 'error' event with no
  // listener kills it). The pool listens on idle clients only; a client lent out to a
  // transaction gets its own listener for its whole life. Its query fails and the
  // request answers 503; the pool drops the client on release.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return pool;
}

/** pg's read timeout (`query_timeout`): a query whose reply never came. */
function isMissedReply(err: unknown): boolean {
  return err instanceof Error && err.message === "Query read timeout";
}

/**
 * pg's `query_timeout` answers the caller but leaves the connection waiting for
 * the lost reply, so a transaction's ROLLBACK, and the next borrower from the
 * pool, would queue behind it for another timeout each. A connection that missed
 * a reply is dropped at once instead (and `onMissedReply` is told); the pool
 * opens a fresh one when needed.
 */
function deadlineClient(onMissedReply: () => void): typeof pg.Client {
  return class DeadlineClient extends pg.Client {
    override query(...args: any[]): any {
      const last = args.length - 1;
      if (typeof args[last] === "function") {
        const callback = args[last] as (err: unknown, res: unknown) => void;
        args[last] = (err: unknown, res: unknown) => {
          if (isMissedReply(err)) this.drop();
          callback(err, res);
        };
      }
      const result: unknown = (super.query as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) {
        result.then(undefined, (err: unknown) => {
          if (isMissedReply(err)) this.drop();
        });
      }
      return result;
    }

    private drop(): void {
      destroyConnection(this);
      onMissedReply();
    }
  };
}

/**
 * One LISTEN connection per process for every channel (issue 14: live updates
 * heal themselves). It has an error listener for its whole life, checks its peer
 * every `heartbeatMs` (a black-holed connection is silent, not closed), and when
 * lost is opened again with back-off (0.25 s doubling to 3 s) and listens to every
 * channel again. Each change of state is told to `onChange` subscribers.
 */
class PgNotices implements NoticeState {
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

function destroyConnection(client: pg.Client): void {
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

async function pingWith(db: Db, timeoutMs = 1_500): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

// Node's codes for a peer that cannot be reached or went away
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// SQLSTATEs of a database that is down, starting, shutting down, out of room or not
// answering in time: class 08 (connection), 57P01–57P03 (shutdown, crash, starting up),
// 57014 (statement timeout), 25P03 (idle-in-transaction timeout), 53xxx (resources)
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|57014|25P03|53...)$/;
// pg's own words for a lost, timed-out or unusable connection
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * The database (or the network to it) is unreachable or not answering: the
 * request answers 503 with Retry-After (contract), not 500. Looks through
 * Drizzle's wrapper (`cause`) and Node's AggregateError (one per address tried).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 10) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

/** Apply the committed migrations (every start; idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrate();
}

export { schema };

/** Raw SQL rows from either engine (both drivers answer `{rows}`). */
export async function queryRows<T = Record<string, unknown>>(db: DbOrTx, query: import("drizzle-orm").SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
