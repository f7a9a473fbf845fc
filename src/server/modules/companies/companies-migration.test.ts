// Upgrading a network that has carriers (migration 0008): a database built
// with the real migrations up to 0007, seeded with carriers whose company names
// differ in case and spaces and with their bookings, then migrated the way every
// start migrates. Afterwards there is one company per name, every approved carrier
// is linked to it and nobody else is, and every carrier sees through GET /api/loads
// exactly the bookings they saw before (the migration leaves every stored name alone).
import { randomUUID } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { buildApp, type App } from "../../app";
import { MIGRATIONS_DIR, queryRows } from "../../db/client";
import { testConfig } from "../../config";
import { hashPassword } from "../../lib/crypto";
import { ENGINES, TestClock, createTestDatabase, type Engine, type TestDatabase } from "../../../../test/helpers";
import { TMP_ROOT } from "../../../../test/paths";
import { PASSWORD, login } from "../../../../test/factories";
import type { Company } from "../../../contract/schemas/company";
import type { User } from "../../../contract/schemas/user";

const LAST_BEFORE = 7; // 0007_saved_searches: the schema before companies
const NOW = new Date("2026-11-25T12:00:00Z");

/** The committed migrations up to and including `last`, as a folder drizzle's migrator reads. */
function migrationsUpTo(last: number, dir: string): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
  const entries = journal.entries.filter((e) => e.idx <= last);
  expect(entries.map((e) => e.idx)).toEqual(Array.from({ length: last + 1 }, (_, i) => i));
  mkdirSync(join(dir, "meta"), { recursive: true });
  for (const e of entries) cpSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

/**
 * A database of its own at `folder`'s last migration. Made from the run's migrated
 * template (createTestDatabase: a PGlite data directory is costly to create) emptied
 * to nothing: every object of ours lives in the schemas public and drizzle, so
 * dropping both leaves a blank database for the real migrations to build again.
 */
async function databaseAt(engine: Engine, folder: string): Promise<TestDatabase> {
  const testDb = await createTestDatabase(engine);
  const db = testDb.database.db;
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
  if (engine === "pglite") await migratePglite(db as never, { migrationsFolder: folder });
  else await migratePg(db as never, { migrationsFolder: folder });
  return testDb;
}

// the carriers of a network before the upgrade: [key, carrierName, role, approved, created]
const PEOPLE: [string, string | null, string, boolean, string][] = [
  ["smith1", "Smith Haulage", "carrier", true, "2025-01-01"],
  ["smith2", "smith haulage ", "carrier", true, "2025-02-01"],
  ["smith3", "  SMITH HAULAGE", "carrier", true, "2025-03-01"],
  ["jones", " Jones Freight ", "carrier", true, "2025-04-01"],
  ["solo", "Solo Transport", "carrier", true, "2025-05-01"],
  ["blank", "  ", "carrier", true, "2025-05-02"],
  ["none", null, "carrier", true, "2025-05-03"],
  ["applicant", "Smith Haulage", "carrier", false, "2025-06-01"],
  ["newApplicant", "Pending Newco", "carrier", false, "2025-06-02"],
  ["manager", "Network Ops", "manager", true, "2025-01-01"],
];

describe.each(ENGINES)("migration 0008 on a network with carriers, on %s", (engine) => {
  let fresh: TestDatabase;
  let app: App;
  const ids = new Map<string, string>();
  const loadIds = new Map<string, string>();
  /** per person: the loads the visibility rule gave them before the upgrade */
  const before = new Map<string, string[]>();
  const folder = join(TMP_ROOT, `mig-folder-${randomUUID().slice(0, 8)}`);

  beforeAll(async () => {
    fresh = await databaseAt(engine, migrationsUpTo(LAST_BEFORE, folder));
    // the database really is at 0007: no companies yet
    const [{ n }] = await queryRows<{ n: number }>(fresh.database.db, sql`select count(*)::int as n from information_schema.tables where table_name = 'companies'`);
    expect(Number(n)).toBe(0);
    const db = fresh.database.db;
    const hash = await hashPassword(PASSWORD);
    for (const [key, carrierName, role, approved, created] of PEOPLE) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (email, password, name, carrier_name, contact_number, role, is_admin, is_approved, created_at)
            values (${`${key}-${randomUUID().slice(0, 6)}@example.com`}, ${hash}, ${key}, ${carrierName}, '+44 7700 900123', ${role}, false, ${approved}, ${`${created}T09:00:00Z`}::timestamptz)
            returning id`,
      );
      ids.set(key, row.id);
    }
    // bookings as the product wrote them: the accepting user and their carrierName, exactly as stored
    const bookings: [string, string, string | null, string | null][] = [
      ["smith1-approved", "approved", "smith1", "Smith Haulage"],
      ["smith2-completed", "completed", "smith2", "smith haulage "],
      ["smith3-accepted", "accepted", "smith3", "  SMITH HAULAGE"],
      ["jones-approved", "approved", "jones", " Jones Freight "],
      ["ghost-completed", "completed", null, "Ghost Carriers"],
      ["solo-cancelled", "cancelled", "solo", "Solo Transport"],
      ["available", "available", null, null],
    ];
    for (const [key, status, by, carrier] of bookings) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into loads (load_number, status, pickup_city, delivery_city, price, pickup_date, accepted_by, accepted_by_carrier)
            values (${`MG-${randomUUID().slice(0, 8)}`}, ${status}, 'Leeds', 'Hull', 900, ${"2026-12-20T09:00:00Z"}::timestamptz, ${by ? ids.get(by)! : null}::uuid, ${carrier})
            returning id`,
      );
      loadIds.set(key, row.id);
    }
    // the carrier visibility rule of the product before the upgrade (loads/load-visibility.ts), per person
    for (const [key] of PEOPLE) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select l.id from loads l, users u where u.id = ${ids.get(key)!}::uuid
            and (l.status = 'available' or (l.status in ('accepted','approved','completed') and (l.accepted_by = u.id or l.accepted_by_carrier = u.carrier_name)))`,
      );
      before.set(key, rows.map((r) => r.id).sort());
    }

    // the upgrade: the same migrate() every start runs
    await fresh.database.migrate();
    app = await buildApp({ config: testConfig({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl }), database: fresh.database, clock: new TestClock(NOW), serveWeb: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await fresh?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("makes one company per carrier name (case and spaces aside), in the earliest member's spelling, and links every approved carrier", async () => {
    const db = fresh.database.db;
    const made = await queryRows<{ id: string; name: string; name_key: string }>(db, sql`select id, name, name_key from companies order by name_key`);
    expect(made.map((c) => [c.name, c.name_key])).toEqual([
      ["Jones Freight", "jones freight"],
      ["Smith Haulage", "smith haulage"],
      ["Solo Transport", "solo transport"],
    ]);
    const byName = new Map(made.map((c) => [c.name, c.id]));
    const links = await queryRows<{ id: string; company_id: string | null; carrier_name: string | null }>(db, sql`select id, company_id, carrier_name from users`);
    const linkOf = new Map(links.map((u) => [u.id, u]));
    const expected: Record<string, string | null> = {
      smith1: "Smith Haulage",
      smith2: "Smith Haulage",
      smith3: "Smith Haulage",
      jones: "Jones Freight",
      solo: "Solo Transport",
      blank: null,
      none: null,
      applicant: null,
      newApplicant: null,
      manager: null,
    };
    for (const [key, company] of Object.entries(expected)) {
      expect(linkOf.get(ids.get(key)!)?.company_id ?? null, key).toBe(company ? byName.get(company) : null);
    }
    // nobody's stored name changed: visibility compares names exactly
    for (const [key, carrierName] of PEOPLE) expect(linkOf.get(ids.get(key)!)?.carrier_name, key).toBe(carrierName);
    const [settings] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from compliance_settings where not require_compliance and not enforce_fors`);
    expect(Number(settings.n)).toBe(1);
  });

  it("every carrier sees through GET /api/loads exactly the bookings they saw before; the company record and user objects say who is in which company", async () => {
    for (const [key, , , approved] of PEOPLE) {
      if (!approved) continue;
      const cookie = await login(app, (await queryRows<{ email: string }>(fresh.database.db, sql`select email from users where id = ${ids.get(key)!}::uuid`))[0].email);
      const res = await app.inject({ url: "/api/loads", headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const seen = (res.json() as { id: string }[]).map((l) => l.id).sort();
      if (key === "manager") expect(seen.length).toBe(loadIds.size);
      else expect(seen, key).toEqual(before.get(key));
      const me = (await app.inject({ url: "/api/auth/user", headers: { cookie } })).json() as User;
      expect(me.companyId !== null, key).toBe(["smith1", "smith2", "smith3", "jones", "solo"].includes(key));
      if (me.companyId) expect(me.compliance).toBe("non_compliant");
    }
    // sanity: the rule did give people different things
    expect(before.get("smith1")).toContain(loadIds.get("smith1-approved"));
    expect(before.get("jones")).toContain(loadIds.get("jones-approved"));
    expect(before.get("jones")).not.toContain(loadIds.get("smith1-approved"));

    const staff = await login(app, (await queryRows<{ email: string }>(fresh.database.db, sql`select email from users where id = ${ids.get("manager")!}::uuid`))[0].email);
    const list = (await app.inject({ url: "/api/companies", headers: { cookie: staff } })).json() as Company[];
    expect(list.map((c) => [c.name, c.memberCount])).toEqual([
      ["Jones Freight", 1],
      ["Smith Haulage", 3],
      ["Solo Transport", 1],
    ]);
    // an applicant waiting from before the upgrade joins the company when approved
    const approved = await app.inject({ method: "POST", url: `/api/users/${ids.get("applicant")}/approve`, headers: { cookie: staff } });
    expect(approved.json()).toMatchObject({ carrierName: "Smith Haulage", companyId: list.find((c) => c.name === "Smith Haulage")!.id });
  });
});
