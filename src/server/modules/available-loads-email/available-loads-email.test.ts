import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { postgresOnly } from "../../../../test/skips";
import { createAdmin, createCarrier, createLoad, createManager, login } from "../../../../test/factories";
import { buildApp, type App } from "../../app";
import { emailLog, emailScheduleSettings, jobs, loads, type UserRow } from "../../db/schema";
import { MAIL_JOB, queueMail } from "../../mail/mail-job";
import { runScheduleTick, startEmailSchedule } from "./schedule";

const bodyOf = (m: ParsedMail) => `${m.subject}\n${m.text ?? ""}\n${m.html || ""}`;
const recipients = (ms: ParsedMail[]) =>
  ms.map((m) => (Array.isArray(m.to) ? m.to : [m.to]).flatMap((a) => a?.value.map((v) => v.address) ?? [])).flat().sort();

describe.each(ENGINES)("email on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-23T07:00:00Z"));
  let manager: UserRow;
  let carriers: UserRow[];
  let managerCookie: string;
  let adminCookie: string;
  let carrierCookie: string;
  let availableNumbers: string[];
  let acceptedNumber: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    manager = await createManager(t.app);
    const admin = await createAdmin(t.app);
    carriers = [await createCarrier(t.app, { name: "Alice Haulier" }), await createCarrier(t.app, { name: "Bob Trucker" })];
    // pending carriers and staff get no available-loads email
    await createCarrier(t.app, { isApproved: false, name: "Pending Pete" });
    managerCookie = await login(t.app, manager.email);
    adminCookie = await login(t.app, admin.email);
    carrierCookie = await login(t.app, carriers[0].email);
    // picked up in 2027: a load whose pickup day has ended leaves the email, and the clock moves into December 2026
    const a = await createLoad(t.app, { mandataNumber: "PO-2026-00077", price: 1250.5, weight: 12000, pickupDate: new Date("2027-11-24T09:00:00Z") });
    const b = await createLoad(t.app, {
      pickupCity: "Glasgow",
      pickupZip: "G1 1XQ",
      deliveryCity: "Manchester",
      deliveryZip: "M1 1AE",
      equipmentType: "Curtain",
      price: 980,
      pickupDate: new Date("2027-07-01T08:30:00Z"),
    });
    const accepted = await createLoad(t.app, { status: "accepted", acceptedBy: carriers[1].id, acceptedByCarrier: carriers[1].carrierName });
    await createLoad(t.app, { status: "cancelled" });
    availableNumbers = [a.loadNumber, b.loadNumber];
    acceptedNumber = accepted.loadNumber;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // mail of an earlier case is delivered before this one counts messages
    await t.jobs!.drain();
    t.sink.messages.length = 0;
    t.sink.failNext(0);
  });

  const sendNow = (cookie?: string) =>
    t.app.inject({ method: "POST", url: "/api/admin/send-available-loads-email", headers: cookie ? { cookie } : {} });
  const batch = (id: string, cookie = managerCookie) =>
    t.app.inject({ method: "GET", url: `/api/admin/mail/batches/${id}`, headers: { cookie } }).then((r) => r.json());
  const getSettings = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/admin/email-schedule-settings", headers: cookie ? { cookie } : {} });
  // null: signed out
  const putSettings = (payload: unknown, cookie: string | null = managerCookie) =>
    t.app.inject({ method: "PUT", url: "/api/admin/email-schedule-settings", headers: cookie ? { cookie } : {}, payload: payload as object });
  const enable = (over: Record<string, unknown> = {}) =>
    putSettings({ enabled: true, frequency: "daily", time: "09:00", daysOfWeek: [], ...over }).then((r) => {
      expect(r.statusCode).toBe(200);
    });

  describe("POST /api/admin/send-available-loads-email", () => {
    it("queues one email per approved carrier listing every available load, answers at once, and the outbox delivers them", async () => {
      const res = await sendNow(managerCookie);
      expect(res.statusCode).toBe(200);
      // answered before any delivery: successCount is the approved carriers the email
      // was accepted for in the outbox (not the pending one, not staff), as "Email sent to N carriers" shows it
      const body = res.json();
      expect(body).toEqual({ successCount: 2, totalLoads: 2, queued: 2, batchId: expect.any(String) });
      expect(body.successCount).toBe(carriers.length);
      const mails = await t.sink.waitFor(2);
      expect(recipients(mails)).toEqual(carriers.map((c) => c.email).sort());
      for (const m of mails) {
        const body = bodyOf(m);
        for (const n of availableNumbers) expect(body).toContain(n);
        expect(body).not.toContain(acceptedNumber);
        expect(m.text).toContain("Leeds → Bristol");
        expect(m.text).toContain("Glasgow → Manchester");
        expect(m.text).toContain("Wed 24 Nov 2027, 09:00"); // GMT
        expect(m.text).toContain("Thu 1 Jul 2027, 09:30"); // BST
        expect(m.text).toContain("12,000 kg");
        expect(m.text).toContain("£1,250.50");
        expect(m.text).toContain("Curtain");
        expect(m.text).toContain("http://localhost:5000/");
        expect(m.html).toContain("Flatbed Network");
        expect(m.html).toContain('href="http://localhost:5000/"');
        // redaction applies to emails too
        for (const secret of ["LS1", "BS1", "G1 1XQ", "M1 1AE", "Wellington Street", "Harbourside", "Sam Pickup", "Dee Delivery", "PU-REF", "DL-REF", "PO-2026"]) {
          expect(body).not.toContain(secret);
        }
      }
      await expect.poll(() => batch(body.batchId)).toEqual({ batchId: body.batchId, total: 2, queued: 0, retrying: 0, delivered: 2, failed: 0 });
      const logged = await t.app.ctx.db.select().from(emailLog).where(eq(emailLog.kind, "available-loads"));
      expect(logged).toHaveLength(2);
      expect(logged.every((r) => r.status === "sent" && r.attempts === 1 && r.triggeredBy === manager.id && r.jobId)).toBe(true);
    });

    it("is refused to carriers (403) and to the signed out (401)", async () => {
      expect((await sendNow(carrierCookie)).statusCode).toBe(403);
      expect((await sendNow()).statusCode).toBe(401);
      expect(t.sink.messages).toHaveLength(0);
    });

    it("counts a failed delivery instead of failing the whole send, and the batch says so", async () => {
      // a 550 (no such mailbox) is final: exactly one carrier's mail fails, the other is delivered
      t.sink.failNext(1, 550);
      const res = await sendNow(adminCookie);
      expect(res.statusCode).toBe(200);
      const { batchId } = res.json();
      await expect.poll(() => batch(batchId)).toEqual({ batchId, total: 2, queued: 0, retrying: 0, delivered: 1, failed: 1 });
      const failed = await t.app.ctx.db
        .select()
        .from(emailLog)
        .where(and(eq(emailLog.kind, "available-loads"), eq(emailLog.status, "failed")));
      expect(failed).toHaveLength(1);
      expect(failed[0].error).toMatch(/550|Mailbox unavailable/);
      expect(t.sink.messages).toHaveLength(1);
    });

    it("retries a transient SMTP failure after its back-off: delivered on the second attempt, each attempt logged", async () => {
      t.sink.failNext(1);
      await t.app.ctx.db.transaction((tx) =>
        queueMail({ ctx: t.app.ctx, db: tx, messages: [{ kind: "retry-check", to: "retry@example.com", subject: "Retry check", text: "hello" }] }),
      );
      const logOf = () => t.app.ctx.db.select().from(emailLog).where(eq(emailLog.kind, "retry-check"));
      await expect.poll(async () => (await logOf()).map((r) => r.status)).toEqual(["retrying"]);
      expect(t.sink.messages).toHaveLength(0);
      // the first retry is due 30 s later
      clock.advance(29_000);
      await t.jobs!.drain();
      expect(t.sink.messages).toHaveLength(0);
      clock.advance(1_000);
      await t.sink.waitFor(1);
      expect(recipients(t.sink.messages)).toEqual(["retry@example.com"]);
      await expect.poll(async () => (await logOf()).length).toBe(2);
      const rows = (await logOf()).sort((a, b) => a.attempts - b.attempts);
      expect(rows[0]).toMatchObject({ status: "retrying", attempts: 1, recipient: "retry@example.com" });
      expect(rows[0].error).toMatch(/421|Try again later/);
      expect(rows[1]).toMatchObject({ status: "sent", attempts: 2, recipient: "retry@example.com", error: null });
      expect(rows[0].jobId).toBe(rows[1].jobId);
    });

    it("with no available loads answers 200 {successCount: 0, totalLoads: 0} and sends nothing", async () => {
      const hidden = await t.app.ctx.db.update(loads).set({ status: "cancelled" }).where(eq(loads.status, "available")).returning({ id: loads.id });
      try {
        const res = await sendNow(managerCookie);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ successCount: 0, totalLoads: 0, queued: 0, batchId: null });
        await new Promise((r) => setTimeout(r, 100));
        expect(t.sink.messages).toHaveLength(0);
      } finally {
        for (const { id } of hidden) await t.app.ctx.db.update(loads).set({ status: "available" }).where(eq(loads.id, id));
      }
    });
  });

  describe("email schedule settings", () => {
    it("GET answers the defaults and creates the single settings row", async () => {
      const res = await getSettings(managerCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ enabled: false, frequency: "daily", time: "09:00", daysOfWeek: [], lastSentAt: null });
      await getSettings(adminCookie);
      expect(await t.app.ctx.db.select().from(emailScheduleSettings)).toHaveLength(1);
    });

    it("PUT saves, and keeps daysOfWeek only for weekly (in week order, no duplicates)", async () => {
      let res = await putSettings({ enabled: true, frequency: "weekly", time: "07:30", daysOfWeek: ["friday", "monday", "friday"] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ enabled: true, frequency: "weekly", time: "07:30", daysOfWeek: ["monday", "friday"], lastSentAt: null });
      expect((await getSettings(adminCookie)).json()).toMatchObject({ frequency: "weekly", daysOfWeek: ["monday", "friday"] });
      res = await putSettings({ enabled: true, frequency: "daily", time: "09:00", daysOfWeek: ["monday"] });
      expect(res.json()).toMatchObject({ frequency: "daily", daysOfWeek: [] });
      // disabled weekly with no day is fine (only enabled + weekly needs a day)
      res = await putSettings({ enabled: false, frequency: "weekly", time: "09:00", daysOfWeek: [] });
      expect(res.statusCode).toBe(200);
      expect(await t.app.ctx.db.select().from(emailScheduleSettings)).toHaveLength(1);
    });

    it("PUT refuses an enabled weekly schedule with no day, a bad time, frequency or day (400 with details)", async () => {
      const base = { enabled: true, frequency: "daily", time: "09:00", daysOfWeek: [] };
      const cases: [unknown, string, string?][] = [
        [{ ...base, frequency: "weekly" }, "daysOfWeek", "Select at least one day for a weekly schedule"],
        [{ ...base, time: "9:00" }, "time", "Time must be in HH:MM format"],
        [{ ...base, time: "24:00" }, "time", "Time must be in HH:MM format"],
        [{ ...base, time: "09:60" }, "time", "Time must be in HH:MM format"],
        [{ ...base, frequency: "monthly" }, "frequency"],
        [{ ...base, frequency: "weekly", daysOfWeek: ["funday"] }, "daysOfWeek.0"],
        [{ ...base, enabled: "yes" }, "enabled"],
        [{ ...base, time: "<script>alert(1)</script>" }, "time"],
      ];
      for (const [payload, path, message] of cases) {
        const res = await putSettings(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        const body = res.json();
        expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
        if (message) expect(body.error).toBe(message);
      }
      const badJson = await t.app.inject({
        method: "PUT",
        url: "/api/admin/email-schedule-settings",
        headers: { cookie: managerCookie, "content-type": "application/json" },
        payload: "{not json",
      });
      expect(badJson.statusCode).toBe(400);
    });

    it("is staff only: carrier 403, signed out 401", async () => {
      expect((await getSettings(carrierCookie)).statusCode).toBe(403);
      expect((await putSettings({ enabled: true, frequency: "daily", time: "09:00", daysOfWeek: [] }, carrierCookie)).statusCode).toBe(403);
      expect((await getSettings()).statusCode).toBe(401);
      expect((await putSettings({ enabled: true, frequency: "daily", time: "09:00", daysOfWeek: [] }, null)).statusCode).toBe(401);
    });
  });

  describe("the schedule (UK time, weekdays only, once per slot)", () => {
    const tick = (app: App = t.app) => runScheduleTick(app.ctx);

    it("sends nothing on a Saturday at 09:00", async () => {
      await enable();
      clock.set("2026-11-21T09:00:00Z");
      expect(await tick()).toEqual({ slot: null });
      clock.set("2026-11-22T12:00:00Z");
      expect(await tick()).toEqual({ slot: null });
      expect(t.sink.messages).toHaveLength(0);
    });

    it("BST: on Monday 30 March 2026 it sends at 08:00Z (09:00 London), not at 07:59Z", async () => {
      await enable();
      clock.set("2026-03-30T07:59:00Z");
      expect(await tick()).toEqual({ slot: null });
      clock.set("2026-03-30T08:00:00Z");
      expect(await tick()).toEqual({ slot: "2026-03-30T09:00", claimed: true, successCount: 2, totalLoads: 2, queued: 2, batchId: expect.any(String) });
      await t.sink.waitFor(2);
      const settings = (await getSettings(managerCookie)).json();
      expect(settings.lastSentAt).toBe("2026-03-30T08:00:00.000Z");
    });

    it("GMT: on Monday 26 October 2026 it sends at 09:00Z, not at 08:00Z or 08:59Z", async () => {
      await enable();
      for (const at of ["2026-10-26T08:00:00Z", "2026-10-26T08:59:00Z"]) {
        clock.set(at);
        expect(await tick()).toEqual({ slot: null });
      }
      clock.set("2026-10-26T09:00:00Z");
      expect(await tick()).toMatchObject({ slot: "2026-10-26T09:00", claimed: true, queued: 2 });
      expect(recipients(await t.sink.waitFor(2))).toEqual(carriers.map((c) => c.email).sort());
    });

    it("weekly: only on the chosen days", async () => {
      await enable({ frequency: "weekly", daysOfWeek: ["tuesday"] });
      clock.set("2026-11-30T10:00:00Z"); // Monday
      expect(await tick()).toEqual({ slot: null });
      clock.set("2026-12-01T10:00:00Z"); // Tuesday
      expect(await tick()).toMatchObject({ slot: "2026-12-01T09:00", claimed: true });
      await t.sink.waitFor(2);
      clock.set("2026-12-02T10:00:00Z"); // Wednesday
      expect(await tick()).toEqual({ slot: null });
      clock.set("2026-12-05T10:00:00Z"); // Saturday
      expect(await tick()).toEqual({ slot: null });
      expect(t.sink.messages).toHaveLength(2);
    });

    it("a missed slot is sent once when the server comes back the same day, never twice, never the next morning", async () => {
      await enable();
      // server was down at 09:00 on Monday 7 December; back at 11:00
      clock.set("2026-12-07T11:00:00Z");
      expect(await tick()).toMatchObject({ slot: "2026-12-07T09:00", claimed: true, queued: 2 });
      await t.sink.waitFor(2);
      clock.set("2026-12-07T11:01:00Z");
      expect(await tick()).toEqual({ slot: null });
      clock.set("2026-12-08T08:59:00Z");
      expect(await tick()).toEqual({ slot: null });
      expect(t.sink.messages).toHaveLength(2);
    });

    it("two ticks racing for one slot send exactly one batch", async () => {
      await enable();
      clock.set("2026-12-09T09:00:00Z");
      const results = await Promise.all([tick(), tick(), tick()]);
      expect(results.filter((r) => "claimed" in r && r.claimed)).toHaveLength(1);
      await t.sink.waitFor(2);
      await new Promise((r) => setTimeout(r, 200));
      expect(t.sink.messages).toHaveLength(2);
    });

    postgresOnly(engine).it("two app instances on one PostgreSQL racing for the same slot send exactly one batch", async () => {
      await enable();
      clock.set("2026-12-10T09:00:00Z");
      const second = await t.testDb.reopen();
      const other = await buildApp({ config: t.config, database: second, clock, serveWeb: false });
      await other.ready();
      try {
        const results = await Promise.all([tick(t.app), tick(other), tick(t.app), tick(other)]);
        expect(results.filter((r) => "claimed" in r && r.claimed)).toHaveLength(1);
        await t.sink.waitFor(2);
        await new Promise((r) => setTimeout(r, 200));
        expect(recipients(t.sink.messages)).toEqual(carriers.map((c) => c.email).sort());
      } finally {
        await other.close();
        other.ctx.mail.close();
        await second.close();
      }
    });

    it("startEmailSchedule ticks at start, and stop() waits for the tick in progress", async () => {
      await enable();
      clock.set("2026-12-11T09:05:00Z");
      const handle = startEmailSchedule(t.app.ctx, { intervalMs: 60_000 });
      await handle.stop();
      // the slot was claimed and its whole batch queued before stop() returned (graceful shutdown)
      expect((await getSettings(managerCookie)).json().lastSentAt).toBe("2026-12-11T09:05:00.000Z");
      const queued = await t.app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, MAIL_JOB), eq(jobs.runAt, clock.now())));
      expect(queued.map((j) => (j.payload as { to: string }).to).sort()).toEqual(carriers.map((c) => c.email).sort());
      await t.sink.waitFor(2);
    });

    it("a disabled schedule sends nothing", async () => {
      await putSettings({ enabled: false, frequency: "daily", time: "09:00", daysOfWeek: [] });
      clock.set("2026-12-14T09:30:00Z");
      expect(await tick()).toEqual({ slot: null });
      expect(t.sink.messages).toHaveLength(0);
    });
  });
});
