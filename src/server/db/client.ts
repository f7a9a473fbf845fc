// One database handle for both engines: embedded PGlite in
// DATA_DIR by default (pglite.ts), PostgreSQL via DATABASE_URL (postgres.ts, its
// LISTEN connection in notices.ts). Same schema, same migrations.
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { DB_TIMEOUTS, openPostgres, type DbTimeouts } from "./postgres";
import { openPglite } from "./pglite";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A query runner: the database or an open transaction (repositories take either). */
export type DbOrTx = Db | Tx;

export { MIGRATIONS_DIR } from "../lib/paths";
export { PGLITE_EXTENSIONS } from "./pglite";
export { DB_TIMEOUTS, type DbTimeouts } from "./postgres";
export { isDatabaseUnavailable } from "./availability";

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
  /** connections of each pool now (GET /metrics): PostgreSQL's read and write pools; PGlite is one connection, always in use */
  poolStats?(): PoolStats[];
}

export interface PoolStats {
  pool: string;
  total: number;
  idle: number;
  /** requests waiting for a connection */
  waiting: number;
}

export interface NoticeState {
  readonly up: boolean;
  onChange(fn: (up: boolean) => void): () => void;
}

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
