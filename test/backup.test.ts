// npm run backup / restore round-trip a populated database: every table compares equal.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { join } from "node:path";
import { ENGINES, createTestDatabase } from "./helpers";
import { testConfig } from "../src/server/config";
import { backupDatabase, restoreDatabase } from "../src/server/ops/backup";
import { queryRows, type Database } from "../src/server/db/client";
import { bids, loadEvents, loads, users } from "../src/server/db/schema";

async function snapshot(database: Database): Promise<Record<string, unknown[]>> {
  const tables = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { table_name } of tables) {
    const rows = await queryRows(database.db, sql`select * from ${sql.identifier(table_name)} order by 1`);
    out[table_name] = JSON.parse(JSON.stringify(rows));
  }
  return out;
}

async function populate(database: Database): Promise<void> {
  const [u] = await database.db
    .insert(users)
    .values({ email: "backup@example.com", password: "x", name: "Backup Carrier", carrierName: "Backup Ltd", isApproved: true })
    .returning();
  for (let i = 0; i < 25; i++) {
    const [l] = await database.db
      .insert(loads)
      .values({
        loadNumber: `FN-2026-${String(i).padStart(3, "0")}`,
        pickupCity: "Leeds",
        deliveryCity: "Hull",
        price: 100 + i + 0.5,
        status: i % 2 ? "accepted" : "available",
        acceptedBy: i % 2 ? u.id : null,
        pickupDate: new Date(Date.UTC(2026, 10, 1 + i, 9)),
      })
      .returning();
    await database.db.insert(bids).values({ loadId: l.id, carrierId: u.id, bidAmount: 99.99, notes: `bid ${i}` });
    await database.db.insert(loadEvents).values({ loadId: l.id, actorId: u.id, action: "accept", fromStatus: "available", toStatus: "accepted" });
  }
}

describe.each(ENGINES)("backup and restore on %s", (engine) => {
  it("restores every table exactly as it was backed up", async () => {
    const t = await createTestDatabase(engine);
    try {
      await populate(t.database);
      const before = await snapshot(t.database);
      expect(before.loads).toHaveLength(25);
      await t.database.close();

      const config = testConfig({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
      const file = join(t.dataDir, engine === "postgres" ? "snap.pgdump" : "snap.tar.gz");
      await backupDatabase(config, file);

      // change things after the backup: the restore must undo them
      let db = await t.reopen();
      await db.db.delete(loads);
      await db.db.insert(users).values({ email: "later@example.com", password: "x", name: "Later" });
      expect((await snapshot(db)).loads).toHaveLength(0);
      await db.close();

      await restoreDatabase(config, file);
      db = await t.reopen();
      const after = await snapshot(db);
      await db.close();
      expect(after).toEqual(before);
    } finally {
      await t.drop();
    }
  });
});
