// One database handle for both engines (architecture.md): embedded PGlite in
// DATA_DIR by default, PostgreSQL via DATABASE_URL. Same schema, same migrations.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A query runner: the database or an open transaction (repositories take either). */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../../migrations", import.meta.url));

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Subscribe to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(join(opts.dataDir, "db"));
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async listen(channel, onMessage) {
      const unsub = await client.listen(channel, onMessage);
      return async () => unsub();
    },
    ping: () => pingWith(db),
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A lost idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: "postgres",
    async listen(channel, onMessage) {
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => {});
      await client.connect();
      client.on("notification", (n) => {
        if (n.channel === channel) onMessage(n.payload ?? "");
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => {});
      };
    },
    ping: () => pingWith(db),
    async migrate() {
      // Processes that start together migrate one after another: a session
      // advisory lock held on one dedicated connection for the whole run.
      const lock = new pg.Client({ connectionString: url });
      await lock.connect();
      try {
        await lock.query("select pg_advisory_lock(7261001)");
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query("select pg_advisory_unlock(7261001)").catch(() => {});
        await lock.end().catch(() => {});
      }
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
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
