// GET /api/stats and the Carriers tab read counters kept by triggers on
// loads (migration 0014), not every load per request. After every kind of write,
// in a random order, and with concurrent writers on PostgreSQL, the figures each
// user gets are exactly those the old whole-table aggregates give (test/counters-reference.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createUser, signedIn } from "../../../../test/factories";
import { postgresOnly } from "../../../../test/skips";
import { counterTablesMatch, freshAvailable, freshCompanies, freshOwnStats, seeded } from "../../../../test/counters-reference";
import { randomWrite, type WriterWorld } from "../../../../test/counters-writer";
import { MIGRATIONS_DIR, queryRows, type DbOrTx } from "../../db/client";
import { countAvailable, selectOwnStats } from "./stats.repository";
import { listCompanies } from "../users/carriers.repository";
import { ukToday } from "../loads/load-visibility";
import type { UserRow } from "../../db/schema";

type Session = Awaited<ReturnType<typeof signedIn>>;

// 00:30 in London on a summer night: UTC and UK days differ for the last hour of each
const NOW = new Date("2026-06-10T23:30:00Z");
const SEED = 19_014;

/** every figure the maintained counters give equals the fresh aggregate, for each viewer and each day */
async function expectSameFigures(db: DbOrTx, viewers: Pick<UserRow, "id" | "role" | "isAdmin" | "carrierName">[], label: string) {
  for (const t of await counterTablesMatch(db)) expect(t.maintained, `${label}: ${t.table}`).toEqual(t.fresh);
  for (const days of [-2, -1, 0, 1, 2, 5]) {
    const today = ukToday(new Date(NOW.getTime() + days * 86_400_000));
    expect(await countAvailable(db, today), `${label}: available on day ${days}`).toBe(await freshAvailable(db, today));
  }
  for (const v of viewers) {
    const own = await selectOwnStats(db, v);
    const mine = { accepted: Number(own.accepted), approved: Number(own.approved), completed: Number(own.completed), totalEarnings: Number(own.totalEarnings) };
    expect(mine, `${label}: own stats of ${v.role} ${v.carrierName}`).toEqual(await freshOwnStats(db, v));
  }
  const { rows } = await listCompanies(db, { limit: 1000, offset: 0 });
  expect(rows, `${label}: Carriers tab`).toEqual(await freshCompanies(db));
}

async function world(t: TestApp, touchUsers: boolean): Promise<WriterWorld> {
  const names = ["Pennine Haulage Ltd", "pennine haulage ltd ", "Severn Freight", "Tyne Trucks", "", null];
  const carriers = [];
  for (let i = 0; i < 10; i++) carriers.push(await createUser(t.app, { carrierName: names[i % names.length] }));
  return { carriers: carriers.map((c) => ({ id: c.id, carrierName: c.carrierName })), extraNames: ["Gone Ltd", "Severn Freight", " ", null, "Pennine Haulage Ltd"], now: NOW, touchUsers };
}

describe.each(ENGINES)("maintained counters on %s", (engine) => {
  let t: TestApp;
  let staff: Session;
  const clock = new TestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    staff = await signedIn(t.app, { role: "manager" });
  });
  afterAll(() => t?.close());

  it(`equal a fresh aggregate after 400 random writes (seed ${SEED}), through GET /api/stats too`, async () => {
    const w = await world(t, true);
    const rnd = seeded(SEED);
    const db = t.app.ctx.db;
    const carrierSessions: Session[] = [];
    for (const name of ["Pennine Haulage Ltd", "Severn Freight", null]) carrierSessions.push(await signedIn(t.app, { carrierName: name }));
    w.carriers.push(...carrierSessions.map((s) => ({ id: s.user.id, carrierName: s.user.carrierName })));
    const done: string[] = [];
    for (let i = 1; i <= 400; i++) {
      done.push(await randomWrite(db, rnd, w));
      if (i % 40 === 0) {
        const viewers = [staff.user, ...(await db.query.users.findMany())];
        await expectSameFigures(db, viewers, `after ${i} writes (last: ${done.slice(-5).join(", ")})`);
      }
    }
    // the API answers the same (it memoises per loads version: every write above moved it)
    t.app.ctx.loadsVersion.invalidate();
    for (const s of [staff, ...carrierSessions]) {
      const [me] = await queryRows<UserRow & { carrier_name: string | null; is_admin: boolean }>(db, sql`select id, role, is_admin, carrier_name from users where id = ${s.user.id}`);
      if (!me) continue; // deleted by the writer
      const viewer = { id: me.id, role: me.role, isAdmin: me.is_admin, carrierName: me.carrier_name };
      const res = await t.app.inject({ url: "/api/stats", headers: { cookie: s.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ available: await freshAvailable(db, ukToday(NOW)), ...(await freshOwnStats(db, viewer)) });
    }
    const res = await t.app.inject({ url: "/api/users/carrier?limit=1000", headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(200);
    const api = res.json() as { carrierName: string; acceptedLoads: number; totalEarnings: number; lastActivity: string | null }[];
    const fresh = await freshCompanies(db);
    expect(api.map((c) => [c.carrierName, c.acceptedLoads, c.totalEarnings, c.lastActivity])).toEqual(
      fresh.map((c) => [c.carrierName, c.acceptedLoads, c.totalEarnings, c.lastActivity?.toISOString() ?? null]),
    );
    expect(done.filter((d) => d !== "nothing").length).toBeGreaterThan(300);
  });

  it("the migration's backfill builds the same rows from existing loads", async () => {
    const db = t.app.ctx.db;
    const before = await counterTablesMatch(db);
    expect(before.every((x) => x.fresh.length > 0)).toBe(true);
    const migration = readFileSync(join(MIGRATIONS_DIR, "0014_maintained_counters.sql"), "utf8").split("--> statement-breakpoint");
    const backfill = migration.map((s) => s.trim()).filter((s) => /^(-- .*\n)*(DELETE FROM|INSERT INTO) "load_/.test(s));
    expect(backfill).toHaveLength(6);
    await db.execute(sql`update load_status_totals set loads = loads + 7`); // spoil, so the rebuild is seen
    await db.transaction(async (tx) => {
      for (const stmt of backfill) await tx.execute(sql.raw(stmt));
    });
    for (const x of await counterTablesMatch(db)) expect(x.maintained, x.table).toEqual(x.fresh);
  });

  postgresOnly(engine).it("stay exact with 8 concurrent writers × 60 transactions of 2–3 load writes each, with no deadlock and no retry", async () => {
    const w = await world(t, false);
    const db = t.app.ctx.db;
    const failures: string[] = [];
    let deadlocks = 0;
    let committed = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, k) => {
        const rnd = seeded(SEED + 1 + k);
        for (let i = 0; i < 60; i++) {
          try {
            await db.transaction(async (tx) => {
              const n = 2 + Math.floor(rnd() * 2);
              for (let j = 0; j < n; j++) await randomWrite(tx, rnd, w);
            });
            committed++;
          } catch (err) {
            // every statement that writes loads takes the loads write lock first
            // (migration 0021), so two transactions never hold load rows or counter
            // rows the other waits for: a deadlock (40P01) is a failure like any other
            const cause = (err as { cause?: { code?: string; message?: string } }).cause;
            if (cause?.code === "40P01") deadlocks++;
            failures.push(String(cause?.message ?? err));
          }
        }
      }),
    );
    expect(deadlocks, "deadlocks").toBe(0);
    expect(failures, "failed writes").toEqual([]);
    expect(committed).toBe(480);
    await expectSameFigures(db, [staff.user, ...(await db.query.users.findMany())], "after concurrent writes");
  });
});
