// The durable mail outbox with a real SMTP server that goes away and
// comes back: nothing dropped, nothing doubled, nothing sent for a rollback,
// retried after a dead worker's lease and for at least 24 hours, failed mail
// listed for staff and resent, and no SMTP on the forgot-password request path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { ENGINES, TestClock, createTestApp, startSmtpSink, type SmtpSink, type TestApp } from "../../../test/helpers";
import { freePort } from "../../../test/process";
import { postgresOnly } from "../../../test/skips";
import { createAdmin, createCarrier, createManager, login } from "../../../test/factories";
import { buildApp } from "../app";
import { emailLog, jobs, users, type UserRow } from "../db/schema";
import { RETRY_FOR_MS } from "../modules/jobs/backoff";
import { startJobRunner } from "../modules/jobs/job-runner";
import { claimJobs, findJob } from "../modules/jobs/jobs.repository";
import { queueAccountApprovedMail } from "./account-mail";
import { MAIL_JOB, UNREACHABLE, queueMail } from "./mail-job";

const addressesOf = (ms: ParsedMail[]) =>
  ms.flatMap((m) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address ?? "")));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINES)("mail outbox on %s", (engine) => {
  describe("an SMTP outage", () => {
    let t: TestApp;
    let port: number;
    let relay: SmtpSink | null = null;
    beforeAll(async () => {
      port = await freePort();
      // the relay the app knows is down from the start
      t = await createTestApp({ engine, config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    });
    afterAll(async () => {
      await relay?.close();
      await t.close();
    });

    it("100 mail-causing events while SMTP is down: every message delivered exactly once when it is back", async () => {
      const admin = await createAdmin(t.app);
      const cookie = await login(t.app, admin.email);
      const toApprove: UserRow[] = [];
      const toReject: UserRow[] = [];
      const forgetful: UserRow[] = [];
      for (let i = 0; i < 50; i++) toApprove.push(await createCarrier(t.app, { isApproved: false, email: `approve-${i}@example.com` }));
      for (let i = 0; i < 30; i++) toReject.push(await createCarrier(t.app, { isApproved: false, email: `reject-${i}@example.com` }));
      for (let i = 0; i < 20; i++) forgetful.push(await createCarrier(t.app, { email: `forgot-${i}@example.com` }));

      const started = Date.now();
      for (const u of toApprove) expect((await t.app.inject({ method: "POST", url: `/api/users/${u.id}/approve`, headers: { cookie } })).statusCode).toBe(200);
      for (const u of toReject) expect((await t.app.inject({ method: "POST", url: `/api/users/${u.id}/reject`, headers: { cookie } })).statusCode).toBe(200);
      for (const u of forgetful) {
        const res = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: u.email } });
        expect(res.statusCode).toBe(200);
      }
      // 100 requests, none waited for the relay
      expect(Date.now() - started).toBeLessThan(20_000);

      // the worker tries, finds no relay, and keeps every message for later
      await expect
        .poll(async () => {
          const rows = await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
          return rows.filter((j) => j.status === "pending" && j.attempts >= 1 && j.lastError?.startsWith(UNREACHABLE)).length;
        }, { timeout: 20_000 })
        .toBe(100);
      expect(await t.app.ctx.db.select().from(jobs).where(eq(jobs.status, "failed"))).toEqual([]);

      // the relay answers again on the same address: everything goes within the contract's 2 minutes
      relay = await startSmtpSink({ port });
      const back = Date.now();
      await relay.waitFor(100, 60_000);
      expect(Date.now() - back).toBeLessThan(120_000);
      await sleep(1500); // a doubled message would have arrived by now
      const got = addressesOf(relay.messages).sort();
      const expected = [...toApprove, ...toReject, ...forgetful].map((u) => u.email).sort();
      expect(got).toEqual(expected);
      expect(new Set(relay.messages.map((m) => m.messageId)).size).toBe(100);
      const sent = await t.app.ctx.db.select().from(emailLog).where(eq(emailLog.status, "sent"));
      expect(sent).toHaveLength(100);
      expect(new Set(sent.map((r) => r.jobId)).size).toBe(100);
      // the failed attempts were logged too, as retries
      expect((await t.app.ctx.db.select().from(emailLog).where(eq(emailLog.status, "retrying"))).length).toBeGreaterThanOrEqual(100);
      const left = await t.app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, MAIL_JOB), sql`${jobs.status} <> 'done'`));
      expect(left).toEqual([]);
    });
  });

  describe("with a relay", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());

    it("a message written in a transaction that rolls back is never sent", async () => {
      const pending = await createCarrier(t.app, { isApproved: false, email: "rolled-back@example.com" });
      await expect(
        t.app.ctx.db.transaction(async (tx) => {
          await tx.update(users).set({ isApproved: true }).where(eq(users.id, pending.id));
          await queueAccountApprovedMail(t.app.ctx, tx, pending);
          throw new Error("the approval failed after its mail was written");
        }),
      ).rejects.toThrow();
      await t.jobs!.drain();
      await sleep(300);
      expect(addressesOf(t.sink.messages)).not.toContain("rolled-back@example.com");
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, pending.id));
      expect(row.isApproved).toBe(false);
      const written = await t.app.ctx.db.select().from(jobs).where(sql`${jobs.payload} ->> 'to' = 'rolled-back@example.com'`);
      expect(written).toEqual([]);
    });

    it("a message whose worker died is sent once its lease has run out, exactly once", async () => {
      // claimed in the transaction that wrote it, by a process that was then killed
      const [claimed] = await t.app.ctx.db.transaction(async (tx) => {
        await queueMail({ ctx: t.app.ctx, db: tx, messages: [{ kind: "lease-check", to: "orphan@example.com", subject: "Orphan", text: "hello" }] });
        return claimJobs(tx, { slots: { [MAIL_JOB]: 1 }, workerId: "killed", now: new Date(), leaseMs: 1500 });
      });
      expect(claimed).toMatchObject({ status: "running", claimedBy: "killed" });
      const orphans = () => addressesOf(t.sink.messages).filter((a) => a === "orphan@example.com").length;
      await sleep(700);
      expect(orphans()).toBe(0);
      await expect.poll(orphans, { timeout: 10_000 }).toBe(1);
      await sleep(500);
      expect(orphans()).toBe(1);
      expect(await findJob(t.app.ctx.db, claimed.id)).toMatchObject({ status: "done", attempts: 2 });
    });

    it("two workers in one process never send a message twice", async () => {
      const ids = await t.app.ctx.db.transaction((tx) =>
        queueMail({
          ctx: t.app.ctx,
          db: tx,
          messages: Array.from({ length: 60 }, (_, i) => ({ kind: "race-check", to: `race-${i}@example.com`, subject: `Race ${i}`, text: "hi" })),
        }),
      );
      const second = startJobRunner(t.app.ctx, { pollMs: 20, workerId: "second" });
      const race = () => t.sink.messages.filter((m) => /^Race /.test(m.subject ?? ""));
      try {
        await expect.poll(() => race().length, { timeout: 20_000 }).toBe(60);
        await sleep(500);
      } finally {
        await second.stop();
      }
      expect(race()).toHaveLength(60);
      expect(race().map((m) => m.messageId).sort()).toEqual(ids.map((j) => `<${j.id}@localhost>`).sort());
    });

    postgresOnly(engine).it("two app instances on one PostgreSQL, each with its worker, never send a message twice", async () => {
      const second = await t.testDb.reopen();
      const other = await buildApp({ config: t.config, database: second, serveWeb: false });
      await other.ready();
      const otherWorker = startJobRunner(other.ctx, { pollMs: 20, workerId: "other-app" });
      try {
        const ids = await t.app.ctx.db.transaction((tx) =>
          queueMail({
            ctx: t.app.ctx,
            db: tx,
            messages: Array.from({ length: 200 }, (_, i) => ({ kind: "two-apps", to: `two-${i}@example.com`, subject: `Two apps ${i}`, text: "hi" })),
          }),
        );
        const mine = () => t.sink.messages.filter((m) => /^Two apps /.test(m.subject ?? ""));
        await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(200);
        await sleep(1000);
        expect(mine()).toHaveLength(200);
        expect(mine().map((m) => m.messageId).sort()).toEqual(ids.map((j) => `<${j.id}@localhost>`).sort());
        const done = await t.app.ctx.db.select().from(jobs).where(sql`${jobs.payload} ->> 'kind' = 'two-apps'`);
        const byWorker = new Map<string, number>();
        for (const j of done) byWorker.set(j.claimedBy!, (byWorker.get(j.claimedBy!) ?? 0) + 1);
        // both processes delivered some
        expect(byWorker.get("other-app")).toBeGreaterThan(0);
        expect(byWorker.size).toBeGreaterThanOrEqual(2);
        const sent = await t.app.ctx.db.select().from(emailLog).where(and(eq(emailLog.kind, "two-apps"), eq(emailLog.status, "sent")));
        expect(sent).toHaveLength(200);
      } finally {
        await otherWorker.stop();
        await other.close();
        other.ctx.mail.close();
        await second.close();
      }
    });
  });

  describe("forgot-password", () => {
    let t: TestApp;
    beforeAll(async () => {
      // no worker: what the request itself does is all there is
      t = await createTestApp({ engine, jobs: false });
    });
    afterAll(() => t.close());

    it("the request only writes a job (the same for an unknown address); the worker stores the token and queues the mail", async () => {
      const user = await createCarrier(t.app, { email: "forgot-me@example.com" });
      for (const email of [user.email, "nobody@example.com"]) {
        const res = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
        expect(res.statusCode).toBe(200);
      }
      await sleep(200);
      expect(t.sink.messages).toHaveLength(0);
      expect(await t.app.ctx.db.select().from(emailLog)).toEqual([]);
      const written = await t.app.ctx.db.select().from(jobs);
      expect(written.map((j) => [j.kind, (j.payload as { email: string }).email]).sort()).toEqual([
        ["password-reset", "forgot-me@example.com"],
        ["password-reset", "nobody@example.com"],
      ]);
      // no token yet: that write is off the request path
      const [before] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(before.passwordResetToken).toBeNull();

      const worker = startJobRunner(t.app.ctx, { autoStart: false });
      await worker.drain();
      const [mail] = await t.sink.waitFor(1);
      expect(addressesOf([mail])).toEqual([user.email]);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text ?? "")![1];
      const [after] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(after.passwordResetToken).toMatch(/^[0-9a-f]{64}$/);
      expect(after.passwordResetToken).not.toContain(token);
      await sleep(200);
      expect(t.sink.messages).toHaveLength(1);
      // nothing of the request or the link stays in the outbox once done
      for (const j of await t.app.ctx.db.select().from(jobs)) {
        expect(j.status).toBe("done");
        expect(JSON.stringify(j.payload)).not.toContain(token);
        expect(JSON.stringify(j.payload)).not.toContain("nobody@example.com");
      }
    });
  });

  describe("failed mail: 24 hours of retries, then listed for staff and resent", () => {
    let t: TestApp;
    let port: number;
    let relay: SmtpSink | null = null;
    const clock = new TestClock(new Date("2026-11-23T09:00:00Z"));
    beforeAll(async () => {
      port = await freePort();
      t = await createTestApp({ engine, clock, jobs: false, config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    });
    afterAll(async () => {
      await relay?.close();
      await t.close();
    });

    it("an unreachable relay: retried with back-off for at least 24 hours, then failed, listed, and resent when it is back", async () => {
      const manager = await createManager(t.app);
      const cookie = await login(t.app, manager.email);
      const carrier = await createCarrier(t.app);
      const carrierCookie = await login(t.app, carrier.email);
      const pending = await createCarrier(t.app, { isApproved: false, email: "late@example.com" });
      expect((await t.app.inject({ method: "POST", url: `/api/users/${pending.id}/approve`, headers: { cookie } })).statusCode).toBe(200);
      const [job] = await t.app.ctx.db.select().from(jobs).where(sql`${jobs.payload} ->> 'to' = 'late@example.com'`);

      const worker = startJobRunner(t.app.ctx, { autoStart: false });
      const start = clock.now().getTime();
      let attempts = 0;
      for (; attempts < 100; attempts++) {
        await worker.drain();
        const row = (await findJob(t.app.ctx.db, job.id))!;
        if (row.status === "failed") break;
        expect(row.status).toBe("pending");
        clock.set(row.runAt);
      }
      const failed = (await findJob(t.app.ctx.db, job.id))!;
      expect(failed.status).toBe("failed");
      expect(clock.now().getTime() - start).toBeGreaterThanOrEqual(RETRY_FOR_MS);
      expect(failed.lastError).toMatch(new RegExp(`^${UNREACHABLE}: `));
      const log = await t.app.ctx.db.select().from(emailLog).where(eq(emailLog.jobId, job.id));
      expect(log.filter((r) => r.status === "retrying")).toHaveLength(failed.attempts - 1);
      expect(log.filter((r) => r.status === "failed")).toHaveLength(1);

      // staff see it, with its error
      const list = await t.app.inject({ method: "GET", url: "/api/admin/mail?status=failed", headers: { cookie } });
      expect(list.statusCode).toBe(200);
      expect(list.headers["x-total-count"]).toBe("1");
      expect(list.json()).toEqual([
        {
          id: job.id,
          kind: "account-approved",
          to: "late@example.com",
          subject: expect.stringContaining("approved"),
          status: "failed",
          attempts: failed.attempts,
          lastError: failed.lastError,
          createdAt: expect.any(String),
          nextAttemptAt: null,
          finishedAt: clock.now().toISOString(),
        },
      ]);
      // bounded, staff only
      expect((await t.app.inject({ method: "GET", url: "/api/admin/mail?limit=201", headers: { cookie } })).statusCode).toBe(400);
      expect((await t.app.inject({ method: "GET", url: "/api/admin/mail?status=lost", headers: { cookie } })).statusCode).toBe(400);
      expect((await t.app.inject({ method: "GET", url: "/api/admin/mail", headers: { cookie: carrierCookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: "POST", url: `/api/admin/mail/${job.id}/resend`, headers: { cookie: carrierCookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: "GET", url: "/api/admin/mail" })).statusCode).toBe(401);

      // the relay is back; staff resend
      relay = await startSmtpSink({ port });
      const resend = await t.app.inject({ method: "POST", url: `/api/admin/mail/${job.id}/resend`, headers: { cookie } });
      expect(resend.statusCode).toBe(200);
      expect(resend.json()).toMatchObject({ id: job.id, status: "queued", attempts: 0, nextAttemptAt: clock.now().toISOString() });
      // a second resend of mail that is no longer failed
      expect((await t.app.inject({ method: "POST", url: `/api/admin/mail/${job.id}/resend`, headers: { cookie } })).statusCode).toBe(409);
      await worker.drain();
      const [mail] = await relay.waitFor(1);
      expect(addressesOf([mail])).toEqual(["late@example.com"]);
      expect(mail.messageId).toBe(`<${job.id}@localhost>`);
      expect((await findJob(t.app.ctx.db, job.id))!.status).toBe("done");
      const none = await t.app.inject({ method: "GET", url: "/api/admin/mail?status=failed", headers: { cookie } });
      expect(none.json()).toEqual([]);
      expect(none.headers["x-total-count"]).toBe("0");
      const sent = await t.app.inject({ method: "GET", url: "/api/admin/mail?status=sent&limit=1", headers: { cookie } });
      expect(sent.json()).toMatchObject([{ id: job.id, status: "sent", attempts: 1 }]);
      // unknown or malformed ids name nothing
      expect((await t.app.inject({ method: "POST", url: `/api/admin/mail/00000000-0000-4000-8000-000000000000/resend`, headers: { cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "POST", url: `/api/admin/mail/nope/resend`, headers: { cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: `/api/admin/mail/batches/${job.id}`, headers: { cookie } })).statusCode).toBe(404);
      await relay.close();
      relay = null;
    });

    it("a password reset not delivered before its link expires is failed, and not resent", async () => {
      const manager = await createManager(t.app);
      const cookie = await login(t.app, manager.email);
      const user = await createCarrier(t.app, { email: "expiring@example.com" });
      await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
      const worker = startJobRunner(t.app.ctx, { autoStart: false });
      await worker.drain(); // the token is stored and the mail queued; the relay is down
      const [job] = await t.app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, MAIL_JOB), sql`${jobs.payload} ->> 'to' = 'expiring@example.com'`));
      expect(job.status).toBe("pending");
      clock.advance(61 * 60_000);
      await worker.drain();
      expect(await findJob(t.app.ctx.db, job.id)).toMatchObject({ status: "failed", lastError: expect.stringMatching(/expired/) });
      const resend = await t.app.inject({ method: "POST", url: `/api/admin/mail/${job.id}/resend`, headers: { cookie } });
      expect(resend.statusCode).toBe(409);
      expect(resend.json().error).toMatch(/request a new one/);
    });
  });
});
