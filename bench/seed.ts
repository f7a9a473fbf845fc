// Fast synthetic data for the benchmarks: loads by generate_series (100,000 in seconds),
// carriers sharing one password hash, and ready-made sessions for simulated pollers.
import { sql } from "drizzle-orm";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { Database } from "../src/server/db/client";
import { openDatabase, queryRows } from "../src/server/db/client";
import { hashPassword, randomToken, sha256 } from "../src/server/lib/crypto";

const CITIES = ["Leeds", "Bristol", "Manchester", "Birmingham", "Glasgow", "Cardiff", "Hull", "Leicester", "Norwich", "Exeter", "York", "Derby"];

/**
 * Add `count` loads numbered after `start`; ~80% available, the rest spread over
 * statuses; picked up over the coming year, so the available ones are on the board
 * (an available load whose pickup day has ended leaves it).
 */
export async function seedLoads(database: Database, start: number, count: number): Promise<void> {
  const cities = `{${CITIES.join(",")}}`;
  const chunk = 20_000;
  for (let from = start; from < start + count; from += chunk) {
    const to = Math.min(start + count, from + chunk) - 1;
    await database.db.execute(sql`
      insert into loads (load_number, status, pickup_city, pickup_state, pickup_zip, delivery_city, delivery_state, delivery_zip,
        pickup_date, weight, distance, price, rate_per_mile, equipment_type, cargo_type, is_urgent, fors_requirement)
      select 'BN-' || lpad(g::text, 7, '0'),
        case when g % 10 < 8 then 'available' when g % 10 = 8 then 'completed' else 'cancelled' end,
        (${cities}::text[])[1 + g % 12], 'County', 'LS1 4AP',
        (${cities}::text[])[1 + (g * 7) % 12], 'County', 'BS1 4DJ',
        date_trunc('day', now()) + (g % 365) * interval '1 day' + (g % 24) * interval '1 hour',
        (g * 37) % 26000, 20 + (g * 13) % 700, 300 + (g * 17) % 6000, round(((300 + (g * 17) % 6000)::numeric / (20 + (g * 13) % 700)), 2),
        (array['Flatbed','Curtain','MOL'])[1 + g % 3], 'Steel', g % 17 = 0, (array['','Bronze','Silver','Gold'])[1 + g % 4]
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await database.db.execute(sql`analyze loads`);
}

/** Approved carriers with one shared password; returns their ids. */
export async function seedCarriers(database: Database, count: number, password: string): Promise<string[]> {
  const hash = await hashPassword(password);
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`insert into users (email, password, name, carrier_name, contact_number, role, is_approved)
        select 'bench-' || g || '@example.com', ${hash}, 'Bench Carrier ' || g, 'Bench Haulage ' || g, '+44 7700 900000', 'carrier', true
        from generate_series(1, ${count}::int) g
        on conflict (email) do update set is_approved = true
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** Approved staff users (managers) with one shared password; returns their ids. */
export async function seedStaff(database: Database, count: number, password: string): Promise<string[]> {
  const hash = await hashPassword(password);
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`insert into users (email, password, name, carrier_name, role, is_approved)
        select 'bench-staff-' || g || '@example.com', ${hash}, 'Bench Staff ' || g, 'Bench HQ', 'manager', true
        from generate_series(1, ${count}::int) g
        on conflict (email) do update set is_approved = true
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** A session per user, as login would make; returns the cookie header values. */
export async function seedSessions(database: Database, userIds: string[]): Promise<string[]> {
  const cookies: string[] = [];
  const values: { id: string; userId: string }[] = [];
  for (const userId of userIds) {
    const token = randomToken();
    cookies.push(`sid=${token}`);
    values.push({ id: sha256(token), userId });
  }
  for (let i = 0; i < values.length; i += 1000) {
    const part = values.slice(i, i + 1000);
    await database.db.execute(sql`
      insert into sessions (id, user_id, expires_at)
      select * from unnest(${`{${part.map((v) => v.id).join(",")}}`}::text[], ${`{${part.map((v) => v.userId).join(",")}}`}::uuid[],
        array_fill(now() + interval '1 day', array[${part.length}::int]))`);
  }
  return cookies;
}

/**
 * A PostgreSQL database of its own for one scenario (dropped and created afresh),
 * migrated, with generous timeouts: seeding 100,000 rows is not a request.
 * `dir`: the scenario's data directory under the bench's work dir (uploads, logs).
 */
export async function freshScenarioDatabase(o: { pgUrl: string; workDir: string; dir: string; name: string }): Promise<{ database: Database; databaseUrl: string; dataDir: string }> {
  const dataDir = join(o.workDir, o.dir);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const admin = new pg.Client({ connectionString: o.pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${o.name} with (force)`);
  await admin.query(`create database ${o.name}`);
  await admin.end();
  const u = new URL(o.pgUrl);
  u.pathname = `/${o.name}`;
  const databaseUrl = u.toString();
  const database = await openDatabase({ dataDir, databaseUrl, timeouts: { replyMs: 120_000, statementMs: 120_000 } });
  return { database, databaseUrl, dataDir };
}

/**
 * seedLoads for a million: the loads table's secondary indexes (not those behind a
 * constraint) are dropped first and built again after, as a bulk load does, which is
 * several times faster than growing a trigram GIN index row by row. Every trigger
 * stays on (the counters and versions of the migrations stay right).
 */
export async function seedLoadsBulk(database: Database, databaseUrl: string, start: number, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = 'loads'
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const r of rows) await client.query(`drop index if exists "${r.indexname}"`);
    await seedLoads(database, start, count);
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const r of rows) await client.query(r.indexdef);
    await client.query("analyze loads");
  } finally {
    await client.end();
  }
}
