// The claim-and-run loop on a real database: retried after a dead
// worker's lease, back-off for at least 24 hours before "failed", a permanent
// error failed at once, database-only jobs exactly once, nothing for a rollback,
// and no job run twice by workers racing for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { postgresOnly } from "../../../../test/skips";
import { buildApp } from "../../app";
import { queryRows } from "../../db/client";
import { jobs } from "../../db/schema";
import { FIRST_RETRY_MS, MAX_RETRY_MS, RETRY_FOR_MS, retryDelayMs } from "./backoff";
import { startJobRunner } from "./job-runner";
import { claimJobs, findJob } from "./jobs.repository";
import { queueJobs } from "./jobs.service";

describe("retryDelayMs", () => {
  it("doubles from 30 s and stops at one hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(retryDelayMs(1)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(1000)).toBe(MAX_RETRY_MS);
  });
});

describe.each(ENGINES)("jobs on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-23T09:00:00Z"));
  /** what the test kinds did, by job id */
  const runs = new Map<string, number>();
  let failWith: unknown = new Error("not yet");

  beforeAll(async () => {
    // no runner of its own: each case drives the runners it needs
    t = await createTestApp({ engine, clock, jobs: false });
    t.app.ctx.jobs.register<{ n: number }>({
      name: "test-count",
      async run(_p, run) {
        runs.set(run.job.id, (runs.get(run.job.id) ?? 0) + 1);
      },
    });
    t.app.ctx.jobs.register<{ n: number }>({
      name: "test-fail",
      async run() {
        throw failWith;
      },
      isPermanent: (err) => err instanceof Error && err.message.startsWith("permanent"),
    });
  });
  afterAll(() => t.close());

  const queue = (kind: string, count = 1) =>
    queueJobs({ db: t.app.ctx.db, now: clock.now(), jobs: Array.from({ length: count }, (_, n) => ({ kind, payload: { n } })) });
  const manual = (workerId = "manual") => startJobRunner(t.app.ctx, { autoStart: false, workerId, leaseMs: 60_000 });

  it("runs a due job once and marks it done", async () => {
    const [{ id }] = await queue("test-count");
    const runner = manual();
    await runner.drain();
    await runner.drain();
    expect(runs.get(id)).toBe(1);
    expect(await findJob(t.app.ctx.db, id)).toMatchObject({ status: "done", attempts: 1, lockedUntil: null });
  });

  it("a job whose worker died is claimed again once its lease has run out, and not before", async () => {
    const [{ id }] = await queue("test-count");
    // a worker claims it and dies: nothing extends its lease
    const [claimed] = await claimJobs(t.app.ctx.db, { slots: { "test-count": 10 }, workerId: "dead", now: clock.now(), leaseMs: 60_000 });
    expect(claimed).toMatchObject({ id, status: "running", claimedBy: "dead", attempts: 1 });
    const runner = manual("alive");
    await runner.drain();
    expect(runs.get(id)).toBeUndefined();
    clock.advance(60_000);
    await runner.drain();
    expect(runs.get(id)).toBe(1);
    expect(await findJob(t.app.ctx.db, id)).toMatchObject({ status: "done", attempts: 2, claimedBy: "alive" });
  });

  it("a stalled worker that lost its lease cannot finish the job too: database work happens exactly once", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    t.app.ctx.jobs.register<{ n: number }>({
      name: "test-stall",
      async run(p, run) {
        // the first claim stalls (a long GC pause, a frozen VM) past its lease
        if (run.job.attempts === 1) await gate;
        await t.app.ctx.db.transaction(async (tx) => {
          await tx.execute(sql`insert into change_counters (name, version) values (${`stall-${p.n}`}, 1)
            on conflict (name) do update set version = change_counters.version + 1`);
          await run.finish(tx);
        });
      },
    });
    const [{ id }] = await queueJobs({ db: t.app.ctx.db, now: clock.now(), jobs: [{ kind: "test-stall", payload: { n: 7 } }] });
    const warnings: string[] = [];
    const slow = startJobRunner(t.app.ctx, {
      autoStart: false,
      workerId: "slow",
      leaseMs: 1000,
      log: { warn: (_o, msg) => warnings.push(msg), error: (_o, msg) => warnings.push(msg) },
    });
    const slowDone = slow.drain();
    await expect.poll(async () => (await findJob(t.app.ctx.db, id))?.claimedBy).toBe("slow");
    clock.advance(2000);
    await manual("fast").drain();
    expect(await findJob(t.app.ctx.db, id)).toMatchObject({ status: "done", claimedBy: "fast", attempts: 2 });
    release();
    await slowDone;
    const [counter] = await queryRows<{ version: number }>(t.app.ctx.db, sql`select version from change_counters where name = 'stall-7'`);
    expect(Number(counter.version)).toBe(1);
    expect(await findJob(t.app.ctx.db, id)).toMatchObject({ status: "done", claimedBy: "fast", attempts: 2 });
    expect(warnings).toEqual(["jobs: lease lost before the job could be finished"]);
  });

  it("backs off 30 s, 1 min, 2 min … up to 1 h, and fails only after at least 24 hours", async () => {
    failWith = new Error("relay says no for now");
    const start = clock.now().getTime();
    const [{ id }] = await queue("test-fail");
    const runner = manual();
    const waits: number[] = [];
    for (let i = 0; i < 200; i++) {
      await runner.drain();
      const row = (await findJob(t.app.ctx.db, id))!;
      if (row.status === "failed") break;
      expect(row).toMatchObject({ status: "pending", lastError: "relay says no for now" });
      waits.push(row.runAt.getTime() - clock.now().getTime());
      clock.set(row.runAt);
    }
    const row = (await findJob(t.app.ctx.db, id))!;
    expect(row.status).toBe("failed");
    expect(row.lastError).toBe("relay says no for now");
    expect(clock.now().getTime() - start).toBeGreaterThanOrEqual(RETRY_FOR_MS);
    expect(waits.slice(0, 8)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000]);
    expect(Math.max(...waits)).toBe(MAX_RETRY_MS);
    expect(row.attempts).toBe(waits.length + 1);
  });

  it("fails at once on an error the kind calls permanent", async () => {
    failWith = new Error("permanent: no such mailbox");
    const [{ id }] = await queue("test-fail");
    await manual().drain();
    expect(await findJob(t.app.ctx.db, id)).toMatchObject({ status: "failed", attempts: 1, lastError: "permanent: no such mailbox" });
  });

  it("a job written in a transaction that rolls back never exists and never runs", async () => {
    const before = runs.size;
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await queueJobs({ db: tx, now: clock.now(), jobs: [{ kind: "test-count", payload: { n: 99 } }] });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await manual().drain();
    expect(runs.size).toBe(before);
    expect(await t.app.ctx.db.select().from(jobs).where(sql`${jobs.payload} ->> 'n' = '99'`)).toEqual([]);
  });

  it("four runners racing over 200 jobs run each exactly once", async () => {
    const ids = (await queue("test-count", 200)).map((r) => r.id);
    const runners = ["w1", "w2", "w3", "w4"].map((w) => startJobRunner(t.app.ctx, { workerId: w, pollMs: 5, concurrency: 8 }));
    try {
      await Promise.all(runners.map((r) => r.drain()));
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    const rows = await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, "test-count"));
    expect(rows.filter((r) => ids.includes(r.id)).every((r) => r.status === "done" && r.attempts === 1)).toBe(true);
  });

  postgresOnly(engine).it("two app instances on one PostgreSQL never run a job twice", async () => {
    const second = await t.testDb.reopen();
    const other = await buildApp({ config: t.config, database: second, clock, serveWeb: false });
    const seen = new Map<string, number>();
    other.ctx.jobs.register<{ n: number }>({
      name: "test-count",
      async run(_p, run) {
        seen.set(run.job.id, (seen.get(run.job.id) ?? 0) + 1);
      },
    });
    await other.ready();
    const ids = (await queue("test-count", 300)).map((r) => r.id);
    const a = startJobRunner(t.app.ctx, { workerId: "app-a", pollMs: 5, concurrency: 8 });
    const b = startJobRunner(other.ctx, { workerId: "app-b", pollMs: 5, concurrency: 8 });
    try {
      await Promise.all([a.drain(), b.drain()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await other.close();
      other.ctx.mail.close();
      await second.close();
    }
    expect(ids.map((id) => (runs.get(id) ?? 0) + (seen.get(id) ?? 0))).toEqual(ids.map(() => 1));
    // both did some of the work
    expect(ids.filter((id) => seen.has(id)).length).toBeGreaterThan(0);
    expect(ids.filter((id) => runs.has(id)).length).toBeGreaterThan(0);
  });
});
