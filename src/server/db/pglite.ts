// The embedded engine: PGlite in DATA_DIR, one connection in the process.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR } from "../lib/paths";
import { pingWith } from "./availability";
import type { Database, Db } from "./client";
import * as schema from "./schema";
import { PriorityGate, notAsWriter } from "./write-priority";

/**
 * The PostgreSQL extensions the migrations create, loaded into every embedded
 * database (migration 0013: the loads search's trigram index). A data directory
 * that has them must be opened with them, backups and restores included.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openPglite(dir: string, writePriority: boolean): Promise<Database> {
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
    poolStats: () => [{ pool: "pglite", total: 1, idle: 0, waiting: 0 }],
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

