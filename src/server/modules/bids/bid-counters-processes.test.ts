// Counter-offers lapse across processes: the counters are made by one process that
// runs no jobs; another process's job runner puts them back to pending by itself
// once the clock passes their expiry, while the first sweeps at the same moment;
// each lapses once (one history line, one event). PostgreSQL only: two processes
// share one database there.
import { expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { ENGINES, TEST_JOB_RUNNER, TestClock, createTestApp, eventually, type TestApp } from "../../../../test/helpers";
import { postgresOnly } from "../../../../test/skips";
import { createLoad, createManager, login } from "../../../../test/factories";
import { createCompany, memberOf } from "../../../../test/company-fixtures";
import { bidHistory, bids, domainEvents } from "../../db/schema";
import { buildApp, type App } from "../../app";
import { startJobRunner } from "../jobs/job-runner";
import { expireLapsedCounters } from "./bid-counters.service";

const NOW = new Date("2026-11-20T10:00:00Z");

// declared once: run when PostgreSQL is there, reported as skipped when it is not
postgresOnly(ENGINES.includes("postgres") ? "postgres" : "pglite").describe("counter-offers across processes on postgres", () => {
  const clock = new TestClock(NOW);

  it("offers made in one process lapse by themselves in another, each once", async () => {
    // this process runs no jobs: the counters' due jobs and sweeps are the other's
    const t: TestApp = await createTestApp({ engine: "postgres", clock, jobs: false });
    const app: App = t.app;
    const manager = await createManager(app);
    const staff = await login(app, manager.email);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const carrier = await memberOf(app, await createCompany(app));
      const load = await createLoad(app);
      const bid = await app.inject({ method: "POST", url: "/api/bids", headers: { cookie: carrier.cookie }, payload: { loadId: load.id, bidAmount: 1000 + i } });
      const id = (bid.json() as { id: string }).id;
      const r = await app.inject({ method: "POST", url: `/api/bids/${id}/counter`, headers: { cookie: staff }, payload: { amount: 900, expiresInMinutes: 5 } });
      expect(r.statusCode, r.body).toBe(200);
      ids.push(id);
    }
    const database2 = await t.testDb.reopen();
    const app2 = await buildApp({ config: t.config, database: database2, serveWeb: false, clock });
    await app2.ready();
    const runner2 = startJobRunner(app2.ctx, TEST_JOB_RUNNER);
    try {
      const statuses = async () => (await app.ctx.db.select({ status: bids.status }).from(bids).where(inArray(bids.id, ids))).map((b) => b.status);
      await new Promise((r) => setTimeout(r, 500));
      expect(await statuses()).toEqual(ids.map(() => "countered"));
      clock.advance(5 * 60_000);
      // this process sweeps too, at the same moment as the other's runner
      await Promise.all([expireLapsedCounters(app.ctx), expireLapsedCounters(app.ctx)]);
      await eventually(async () => (await statuses()).every((s) => s === "pending"), 5000);
      // the other's due jobs still run (and find nothing left to do)
      await new Promise((r) => setTimeout(r, 800));
      const lines = await app.ctx.db.select().from(bidHistory).where(and(inArray(bidHistory.bidId, ids), eq(bidHistory.kind, "counter_expired")));
      expect(lines.map((l) => l.bidId).sort()).toEqual([...ids].sort());
      const events = await app.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, "bid.counter_expired"));
      expect(events.map((e) => (e.data as { bid: { id: string } }).bid.id).sort()).toEqual([...ids].sort());
    } finally {
      await runner2.stop();
      await app2.close();
      await database2.close();
      await t.close();
    }
  });
});
