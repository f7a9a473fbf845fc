// A message reaches the thread's other side only: as `event: message` on their live
// streams within 1 s, as a message_received notification, and by email only when
// still unread 15 minutes later, at most once a thread an hour (the test clock moves
// the job runner on). Nothing reaches another company, by any channel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, eventually, type TestApp } from "../../../../test/helpers";
import { openStream } from "../../../../test/live-stream";
import { createLoad, createManager, login } from "../../../../test/factories";
import { createCompany, memberOf } from "../../../../test/company-fixtures";
import { jobs, notifications, type UserRow } from "../../db/schema";
import type { App } from "../../app";
import { MESSAGE_EMAIL_JOB } from "./message-notices";

const NOW = new Date("2026-11-20T10:00:00Z");
const MINUTE = 60_000;

type Who = { user: UserRow; cookie: string };

describe.each(ENGINES)("messages live and by email on %s", (engine) => {
  let t: TestApp;
  let app: App;
  let port: number;
  const clock = new TestClock(NOW);
  let staff1: Who;
  let staff2: Who;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    app = t.app;
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as { port: number }).port;
    const [m1, m2] = [await createManager(app), await createManager(app)];
    staff1 = { user: m1, cookie: await login(app, m1.email) };
    staff2 = { user: m2, cookie: await login(app, m2.email) };
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (who: Who, loadId: string, body: string, companyId?: string) => {
    const r = await app.inject({ method: "POST", url: `/api/loads/${loadId}/messages`, headers: { cookie: who.cookie }, payload: { body, ...(companyId ? { companyId } : {}) } });
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as { id: string };
  };
  const markRead = (who: Who, loadId: string, companyId?: string) =>
    app.inject({ method: "POST", url: `/api/loads/${loadId}/messages/read`, headers: { cookie: who.cookie }, payload: companyId ? { companyId } : {} });
  const bell = async (who: Who) =>
    app.ctx.db.select().from(notifications).where(and(eq(notifications.userId, who.user.id), eq(notifications.type, "message_received")));
  const mailsTo = (who: Who, loadNumber: string) => t.sink.messages.filter((m) => m.subject === `Unread message on load ${loadNumber}` && JSON.stringify(m.to).includes(who.user.email));
  /** the delayed email job of a message has run (its claims and mail are committed with it) */
  const emailJobDone = (messageId: string) =>
    eventually(async () => {
      const rows = await app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, MESSAGE_EMAIL_JOB), sql`${jobs.payload}->>'messageId' = ${messageId}`));
      return rows.length === 1 && rows[0].status === "done";
    }, 5000);
  /** no mail job waits (so every email the jobs queued has reached the sink) */
  const mailSettled = () =>
    eventually(async () => (await app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, "mail"), inArray(jobs.status, ["pending", "running"])))).length === 0, 8000);

  it("each message reaches only the other side's streams within 1 s, and their bells", async () => {
    clock.set(NOW);
    const [acme, bolt] = [await createCompany(app), await createCompany(app)];
    const [a, a2, b] = [await memberOf(app, acme), await memberOf(app, acme), await memberOf(app, bolt)];
    const load = await createLoad(app);
    const who = { a, a2, b, staff1, staff2 };
    const streams = Object.fromEntries(Object.entries(who).map(([k, w]) => [k, openStream(port, w.cookie)])) as Record<keyof typeof who, ReturnType<typeof openStream>>;
    try {
      await Promise.all(Object.values(streams).map((s) => s.waitFor((e) => e.event === "ready")));
      const question = await post(a, load.id, "Is there a crane on site?");
      const isIt = (id: string) => (e: { event: string; data: string }) => e.event === "message" && JSON.parse(e.data).id === id;
      for (const s of [streams.staff1, streams.staff2]) expect(await s.waitFor(isIt(question.id), 1000)).toBeLessThanOrEqual(1000);
      const answer = await post(staff1, load.id, "Yes, a 10 t crane.", acme.id);
      for (const s of [streams.a, streams.a2]) expect(await s.waitFor(isIt(answer.id), 1000)).toBeLessThanOrEqual(1000);
      const event = streams.a2.events.find(isIt(answer.id))!;
      expect(JSON.parse(event.data)).toMatchObject({ loadId: load.id, companyId: acme.id, authorRole: "staff", body: "Yes, a 10 t crane." });
      // the author's side and the other company hear nothing
      await new Promise((r) => setTimeout(r, 500));
      expect(streams.b.events.filter((e) => e.event === "message")).toEqual([]);
      expect(streams.a.events.some(isIt(question.id))).toBe(false);
      expect(streams.a2.events.some(isIt(question.id))).toBe(false);
      expect(streams.staff2.events.some(isIt(answer.id))).toBe(false);
      // bells: each message to the other side, never to its author's side or another company
      await eventually(async () => (await bell(a2)).length === 1 && (await bell(staff2)).length === 1);
      expect((await bell(a)).map((n) => n.loadId)).toEqual([load.id]);
      expect(await bell(b)).toEqual([]);
      expect((await bell(staff1)).length).toBe(1);
      expect((await bell(a2))[0].body).toContain("Yes, a 10 t crane.");
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });

  it("an unread message is emailed once after 15 minutes; a reader is not emailed; a second message within the hour sends no second email", async () => {
    clock.set(new Date(NOW.getTime() + 10 * 60 * MINUTE));
    const [acme, bolt] = [await createCompany(app), await createCompany(app)];
    const [a, a2, b] = [await memberOf(app, acme), await memberOf(app, acme), await memberOf(app, bolt)];
    const load = await createLoad(app);
    // staff write to acme twice, five minutes apart; a2 reads the thread in between
    const first = await post(staff1, load.id, "Can you load at six?", acme.id);
    clock.advance(5 * MINUTE);
    expect((await markRead(a2, load.id)).statusCode).toBe(200);
    const second = await post(staff1, load.id, "Or seven at the latest.", acme.id);
    clock.advance(9 * MINUTE);
    await new Promise((r) => setTimeout(r, 600));
    expect(mailsTo(a, load.loadNumber)).toEqual([]);
    // 15 minutes after the first: a has read nothing and is emailed; a2 read it and is not
    clock.advance(MINUTE);
    await emailJobDone(first.id);
    await mailSettled();
    expect(mailsTo(a, load.loadNumber)).toHaveLength(1);
    expect(mailsTo(a2, load.loadNumber)).toHaveLength(0);
    expect(mailsTo(a, load.loadNumber)[0].text).toContain("Can you load at six?");
    // 15 minutes after the second: a was emailed about this thread within the hour; a2 has not read the second
    clock.advance(5 * MINUTE);
    await emailJobDone(second.id);
    await mailSettled();
    expect(mailsTo(a, load.loadNumber)).toHaveLength(1);
    expect(mailsTo(a2, load.loadNumber)).toHaveLength(1);
    expect(mailsTo(a2, load.loadNumber)[0].text).toContain("Or seven at the latest.");
    // nothing reached the other company or the author's side
    expect(mailsTo(b, load.loadNumber)).toEqual([]);
    expect(mailsTo(staff1, load.loadNumber)).toEqual([]);
    expect(mailsTo(staff2, load.loadNumber)).toEqual([]);
    // over an hour later an unread message is emailed again
    clock.advance(45 * MINUTE);
    const third = await post(staff1, load.id, "Booked for six then.", acme.id);
    clock.advance(15 * MINUTE);
    await emailJobDone(third.id);
    await mailSettled();
    expect(mailsTo(a, load.loadNumber)).toHaveLength(2);
  });

  it("a carrier's message is emailed to the staff who have not read it, never to another company", async () => {
    clock.set(new Date(NOW.getTime() + 20 * 60 * MINUTE));
    const [acme, bolt] = [await createCompany(app), await createCompany(app)];
    const [a, b] = [await memberOf(app, acme), await memberOf(app, bolt)];
    const load = await createLoad(app);
    const m = await post(a, load.id, "Is the pallet count firm?");
    expect((await markRead(staff1, load.id, acme.id)).json()).toEqual({ read: 1 });
    clock.advance(15 * MINUTE);
    await emailJobDone(m.id);
    await mailSettled();
    expect(mailsTo(staff2, load.loadNumber)).toHaveLength(1);
    expect(mailsTo(staff1, load.loadNumber)).toHaveLength(0);
    expect(mailsTo(b, load.loadNumber)).toHaveLength(0);
    expect(mailsTo(a, load.loadNumber)).toHaveLength(0);
  });
});
