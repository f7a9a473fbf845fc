// Leases on the real clock: a killed process's job is taken over within 20 s with
// the production lease; a slow healthy job is renewed and runs once however long
// it takes; a worker whose lease was taken is told to give up; and stop() with
// stuck jobs ends within its grace, leaving every job retried, never lost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { testConfig } from "../../config";
import { jobs } from "../../db/schema";
import { DEFAULT_LEASE_MS, LeaseLostError, STOP_ABORT_WAIT_MS, startJobRunner } from "./job-runner";
import { claimJobs, findJob } from "./jobs.repository";
import { queueJobs } from "./jobs.service";

const TAKEOVER_WITHIN_MS = 20_000;
/** the runner's warnings, expected here (a lost lease, a job left at shutdown) */
const quiet = { warn: () => {}, error: () => {} };

describe.each(ENGINES)("job leases on %s", (engine) => {
  let t: TestApp;
  /** runs of each job, by id */
  const runs = new Map<string, number>();
  /** how long the "slow" kind takes */
  let slowMs = 0;
  /** signals the "hang" kind's attempts were given, by job id */
  const hung = new Map<string, AbortSignal>();

  beforeAll(async () => {
    t = await createTestApp({ engine, jobs: false });
    const count = (id: string) => runs.set(id, (runs.get(id) ?? 0) + 1);
    t.app.ctx.jobs.register({
      name: "test-lease",
      async run(_p, run) {
        count(run.job.id);
      },
    });
    t.app.ctx.jobs.register({
      name: "test-slow",
      async run(_p, run) {
        count(run.job.id);
        await new Promise((r) => setTimeout(r, slowMs));
      },
    });
    // waits for the outside world until told to give up
    t.app.ctx.jobs.register({
      name: "test-hang",
      async run(_p, run) {
        count(run.job.id);
        hung.set(run.job.id, run.signal);
        await new Promise((_resolve, reject) => run.signal.addEventListener("abort", () => reject(run.signal.reason as Error)));
      },
    });
    // ignores being told
    t.app.ctx.jobs.register({
      name: "test-deaf",
      async run(_p, run) {
        count(run.job.id);
        await new Promise((r) => setTimeout(r, 60_000).unref());
      },
    });
  });
  afterAll(() => t.close());

  const queue = async (kind: string) => (await queueJobs({ db: t.app.ctx.db, now: new Date(), jobs: [{ kind, payload: {} }] }))[0].id;

  it("a killed process's job is taken over within 20 s with the production lease, and not before its lease runs out", async () => {
    expect(testConfig().jobLeaseMs).toBe(DEFAULT_LEASE_MS);
    const id = await queue("test-lease");
    // a process claims it and is killed at once: nothing ever renews its lease
    // (killed later, it would have renewed the lease up to its last moment: the same wait)
    const [claimed] = await claimJobs(t.app.ctx.db, { slots: { "test-lease": 1 }, workerId: "killed", now: new Date(), leaseMs: DEFAULT_LEASE_MS });
    expect(claimed.id).toBe(id);
    const killedAt = performance.now();
    const survivor = startJobRunner(t.app.ctx, { workerId: "survivor" }); // production poll and lease
    try {
      await expect.poll(async () => (await findJob(t.app.ctx.db, id))?.status, { timeout: 30_000, interval: 100 }).toBe("done");
    } finally {
      await survivor.stop();
    }
    const took = performance.now() - killedAt;
    console.log(`${engine}: taken over ${Math.round(took)} ms after the process was killed`);
    expect(took).toBeLessThanOrEqual(TAKEOVER_WITHIN_MS);
    expect(took).toBeGreaterThanOrEqual(DEFAULT_LEASE_MS - 1_000);
    expect(runs.get(id)).toBe(1);
    expect(await findJob(t.app.ctx.db, id)).toMatchObject({ status: "done", attempts: 2, claimedBy: "survivor" });
  }, 60_000);

  it("a slow healthy job keeps renewing its lease: it runs once though it takes five leases, with another worker polling", async () => {
    slowMs = 3_000;
    const id = await queue("test-slow");
    const a = startJobRunner(t.app.ctx, { workerId: "slow-a", leaseMs: 600, pollMs: 20 });
    await expect.poll(async () => (await findJob(t.app.ctx.db, id))?.claimedBy).toBe("slow-a");
    const b = startJobRunner(t.app.ctx, { workerId: "slow-b", leaseMs: 600, pollMs: 20 });
    try {
      await expect.poll(async () => (await findJob(t.app.ctx.db, id))?.status, { timeout: 15_000 }).toBe("done");
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(runs.get(id)).toBe(1);
    expect(await findJob(t.app.ctx.db, id)).toMatchObject({ status: "done", attempts: 1, claimedBy: "slow-a" });
  });

  it("a worker whose job was taken over is told to give up at its next renewal", async () => {
    const id = await queue("test-hang");
    const a = startJobRunner(t.app.ctx, { workerId: "stalled", leaseMs: 600, pollMs: 20, log: quiet });
    try {
      await expect.poll(() => hung.has(id)).toBe(true);
      // as if it had stalled past its lease and another worker had claimed the job
      await t.app.ctx.db.update(jobs).set({ claimedBy: "other", attempts: 2 }).where(eq(jobs.id, id));
      await expect.poll(() => hung.get(id)?.aborted, { timeout: 2_000 }).toBe(true);
      expect(hung.get(id)?.reason).toBeInstanceOf(LeaseLostError);
      // and the job stays the other worker's
      expect(await findJob(t.app.ctx.db, id)).toMatchObject({ status: "running", claimedBy: "other", attempts: 2 });
    } finally {
      await a.stop();
      await t.app.ctx.db.delete(jobs).where(eq(jobs.id, id));
    }
  });

  it("stop() with stuck jobs ends within its grace: a job that listens is retried, one that does not is left to its lease", async () => {
    const listens = await queue("test-hang");
    const deaf = await queue("test-deaf");
    const stopGraceMs = 500;
    const r = startJobRunner(t.app.ctx, { workerId: "stopping", pollMs: 20, stopGraceMs, log: quiet });
    await expect.poll(async () => (await findJob(t.app.ctx.db, deaf))?.status === "running" && hung.has(listens)).toBe(true);
    const start = performance.now();
    await r.stop();
    const took = performance.now() - start;
    expect(took).toBeGreaterThanOrEqual(stopGraceMs - 50);
    expect(took).toBeLessThan(stopGraceMs + STOP_ABORT_WAIT_MS + 500);
    // told to give up: its attempt is recorded and it is retried later
    expect(await findJob(t.app.ctx.db, listens)).toMatchObject({ status: "pending", attempts: 1, lastError: "Stopped: the server was shutting down; tried again later" });
    // would not listen: still held under its lease, which runs out for another process to take it over
    const left = await findJob(t.app.ctx.db, deaf);
    expect(left).toMatchObject({ status: "running", claimedBy: "stopping" });
    expect(left!.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + DEFAULT_LEASE_MS);
  });
});
