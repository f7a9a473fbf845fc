// The server engine: PostgreSQL via DATABASE_URL, through bounded pools (reads,
// and writing requests apart) and one notice connection.
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../lib/paths";
import { pingWith } from "./availability";
import type { Database, Db, PoolStats } from "./client";
import { PgNotices, destroyConnection } from "./notices";
import * as schema from "./schema";
import { isWriter } from "./write-priority";

/**
 * Bounds on every wait for PostgreSQL (a database that hangs must never hang a
 * request). A request meets a hung database as a 503 within 5 s (contract):
 * connecting or waiting for a pooled connection gives up after `connectMs`, a
 * reply that does not come after `replyMs` (and the connection is dropped).
 * `statementMs` and `idleInTransactionMs` are PostgreSQL's own limits, so work
 * abandoned by a dropped client does not run on for long.
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

export async function openPostgres(url: string, max: number, writeMax: number, timeouts: DbTimeouts): Promise<Database> {
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
    poolStats() {
      const stats = (name: string, p: pg.Pool): PoolStats => ({ pool: name, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount });
      return writes === reads ? [stats("reads", reads)] : [stats("reads", reads), stats("writes", writes)];
    },
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

/** One bounded pool with the deadlines of DbTimeouts. */
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
  // A lost connection must not crash the process (an 'error' event with no listener
  // kills it). The pool listens on idle clients only; a client lent out to a
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

