// Messages API: who sees which thread, the body's limits, 30 a minute a user and
// read marks, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, createManager, login } from "../../../../test/factories";
import { createCompany, memberOf } from "../../../../test/company-fixtures";
import { loads } from "../../db/schema";
import { openApiChecker } from "../../../../test/openapi-check";
import type { App } from "../../app";

const NOW = new Date("2026-11-20T10:00:00Z");

describe.each(ENGINES)("messages on %s", (engine) => {
  let t: TestApp;
  let app: App;
  const clock = new TestClock(NOW);
  let staff: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    app = t.app;
    const manager = await createManager(app);
    staff = { id: manager.id, cookie: await login(app, manager.email) };
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (cookie: string, loadId: string, payload: object) => app.inject({ method: "POST", url: `/api/loads/${loadId}/messages`, headers: { cookie }, payload });
  const list = (cookie: string, loadId: string, query = "") => app.inject({ method: "GET", url: `/api/loads/${loadId}/messages${query}`, headers: { cookie } });
  const read = (cookie: string, loadId: string, payload: object = {}) => app.inject({ method: "POST", url: `/api/loads/${loadId}/messages/read`, headers: { cookie }, payload });
  type Thread = { companyId: string; companyName: string; unreadCount: number; messages: { body: string; authorRole: string; companyId: string }[] };
  const threads = async (cookie: string, loadId: string, query = "") => {
    const r = await list(cookie, loadId, query);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { threads: Thread[] }).threads;
  };

  it("a carrier writes in their company's thread (201); staff answer by naming the company; another company sees neither", async () => {
    clock.set(NOW);
    const [acme, bolt] = [await createCompany(app), await createCompany(app)];
    const [a, a2, b] = [await memberOf(app, acme), await memberOf(app, acme), await memberOf(app, bolt)];
    const load = await createLoad(app);
    const r = await post(a.cookie, load.id, { body: "Is there a crane on site?" });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ loadId: load.id, companyId: acme.id, authorId: a.user.id, authorName: a.user.name, authorRole: "carrier", body: "Is there a crane on site?", createdAt: NOW.toISOString() });
    // staff must say which thread; a company that does not exist is 404
    expect((await post(staff.cookie, load.id, { body: "Yes" })).statusCode).toBe(400);
    expect((await post(staff.cookie, load.id, { body: "Yes", companyId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    expect((await post(staff.cookie, load.id, { body: "Yes, a 10 t crane.", companyId: acme.id })).statusCode).toBe(201);
    await post(b.cookie, load.id, { body: "Can we load at six?" });
    // a carrier naming another company's thread is told it does not exist
    expect((await post(b.cookie, load.id, { body: "hello", companyId: acme.id })).statusCode).toBe(404);
    expect((await list(b.cookie, load.id, `?companyId=${acme.id}`)).statusCode).toBe(404);

    const mine = await threads(a2.cookie, load.id);
    expect(mine.map((th) => th.companyId)).toEqual([acme.id]);
    expect(mine[0].messages.map((m) => m.body)).toEqual(["Is there a crane on site?", "Yes, a 10 t crane."]);
    const theirs = await threads(b.cookie, load.id);
    expect(theirs[0].messages.map((m) => m.body)).toEqual(["Can we load at six?"]);
    // staff: every thread, one per company; or one with companyId=
    const all = await threads(staff.cookie, load.id);
    expect(all.map((th) => th.companyId).sort()).toEqual([acme.id, bolt.id].sort());
    expect(all.every((th) => th.messages.every((m) => m.companyId === th.companyId))).toBe(true);
    const one = await threads(staff.cookie, load.id, `?companyId=${bolt.id}`);
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ companyId: bolt.id, companyName: bolt.name, unreadCount: 1 });
    // the answers are what the OpenAPI document says
    const oa = await openApiChecker(app);
    expect(oa.problems("POST", "/api/loads/:id/messages", 201, r.json())).toEqual([]);
    expect(oa.problems("GET", "/api/loads/:id/messages", 200, { threads: all })).toEqual([]);
    expect(oa.problems("POST", "/api/loads/:id/messages/read", 200, (await read(staff.cookie, load.id, { companyId: bolt.id })).json())).toEqual([]);
  });

  it("a carrier's thread is gone once the load went to someone else (404), and stays while their company holds it", async () => {
    clock.set(NOW);
    const [acme, bolt] = [await createCompany(app), await createCompany(app)];
    const [a, b] = [await memberOf(app, acme), await memberOf(app, bolt)];
    const load = await createLoad(app);
    await post(a.cookie, load.id, { body: "Any weight limit?" });
    await post(b.cookie, load.id, { body: "Tail lift?" });
    const accepted = await app.inject({ method: "PATCH", url: `/api/loads/${load.id}/accept`, headers: { cookie: b.cookie } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await list(a.cookie, load.id)).statusCode).toBe(404);
    expect((await post(a.cookie, load.id, { body: "Still there?" })).statusCode).toBe(404);
    expect((await read(a.cookie, load.id)).statusCode).toBe(404);
    expect((await threads(b.cookie, load.id))[0].messages.map((m) => m.body)).toEqual(["Tail lift?"]);
    expect((await post(b.cookie, load.id, { body: "On our way" })).statusCode).toBe(201);
    // staff still see both threads
    expect(await threads(staff.cookie, load.id)).toHaveLength(2);
    // a cancelled load has no carrier thread at all
    await app.ctx.db.update(loads).set({ status: "cancelled" }).where(eq(loads.id, load.id));
    expect((await list(b.cookie, load.id)).statusCode).toBe(404);
    // a load that does not exist, or a malformed id
    expect((await list(staff.cookie, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await list(staff.cookie, "not-an-id")).statusCode).toBe(404);
  });

  it("the body is plain text of 1 to 2,000 characters", async () => {
    clock.set(NOW);
    const a = await memberOf(app, await createCompany(app));
    const load = await createLoad(app);
    for (const body of ["", "   \n ", "x".repeat(2001), "bell\u0007", 42, null]) {
      const r = await post(a.cookie, load.id, { body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(a.cookie, load.id, { body: "x".repeat(2000) })).statusCode).toBe(201);
    const html = "<b>bold</b> & <script>alert(1)</script>\nline two\ttab";
    const r = await post(a.cookie, load.id, { body: html });
    expect(r.statusCode).toBe(201);
    expect(r.json().body).toBe(html);
    expect((await post(a.cookie, load.id, { body: "hi", extra: 1 })).statusCode).toBe(400);
  });

  it("30 messages a minute a user: the 31st is 429, and a minute later they may write again", async () => {
    clock.set(NOW);
    const a = await memberOf(app, await createCompany(app));
    const [l1, l2] = [await createLoad(app), await createLoad(app)];
    // simultaneous posts across two loads count as one user's
    const codes = (await Promise.all(Array.from({ length: 30 }, (_, i) => post(a.cookie, i % 2 ? l1.id : l2.id, { body: `m${i}` })))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(30);
    const over = await post(a.cookie, l1.id, { body: "one too many" });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe("Too many messages: wait a minute before sending more");
    // someone else is not held back
    const b = await memberOf(app, await createCompany(app));
    expect((await post(b.cookie, l1.id, { body: "me too" })).statusCode).toBe(201);
    clock.advance(60_001);
    expect((await post(a.cookie, l1.id, { body: "again" })).statusCode).toBe(201);
  });

  it("read marks: the other side's messages are unread until the thread is marked read, per user", async () => {
    clock.set(NOW);
    const acme = await createCompany(app);
    const [a, a2] = [await memberOf(app, acme), await memberOf(app, acme)];
    const manager2 = await createManager(app);
    const staff2 = await login(app, manager2.email);
    const load = await createLoad(app);
    await post(a.cookie, load.id, { body: "Q1" });
    await post(a.cookie, load.id, { body: "Q2" });
    expect((await threads(staff.cookie, load.id))[0].unreadCount).toBe(2);
    // the author's own messages are never unread to them
    expect((await threads(a.cookie, load.id))[0].unreadCount).toBe(0);
    expect((await read(staff.cookie, load.id)).statusCode).toBe(400);
    const r = await read(staff.cookie, load.id, { companyId: acme.id });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ read: 2 });
    expect((await threads(staff.cookie, load.id))[0].unreadCount).toBe(0);
    // another staff user has their own mark
    expect((await threads(staff2, load.id))[0].unreadCount).toBe(2);
    clock.advance(1000);
    await post(staff.cookie, load.id, { body: "A1", companyId: acme.id });
    expect((await threads(a2.cookie, load.id))[0].unreadCount).toBe(1);
    expect((await read(a2.cookie, load.id)).json()).toEqual({ read: 1 });
    expect((await read(a2.cookie, load.id)).json()).toEqual({ read: 0 });
    expect((await threads(a2.cookie, load.id))[0].unreadCount).toBe(0);
    expect((await threads(a.cookie, load.id))[0].unreadCount).toBe(1);
  });
  it("the header's unread messages: the caller's threads they have not read, never another company's or a load no longer theirs", async () => {
    clock.set(new Date(NOW.getTime() + 86_400_000));
    const [acme, bolt] = [await createCompany(app), await createCompany(app)];
    const [a, b] = [await memberOf(app, acme), await memberOf(app, bolt)];
    const [l1, l2] = [await createLoad(app), await createLoad(app)];
    const unread = async (cookie: string) => {
      const r = await app.inject({ method: "GET", url: "/api/messages/unread", headers: { cookie } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { unreadCount: number; threads: { loadId: string; loadNumber: string; companyId: string; unreadCount: number }[] };
    };
    const before = (await unread(staff.cookie)).unreadCount;
    await post(a.cookie, l1.id, { body: "Q on one" });
    await post(b.cookie, l1.id, { body: "Q from bolt" });
    await post(staff.cookie, l1.id, { body: "A1", companyId: acme.id });
    await post(staff.cookie, l2.id, { body: "A2", companyId: acme.id });
    await post(staff.cookie, l2.id, { body: "A2 again", companyId: acme.id });
    await post(staff.cookie, l2.id, { body: "For bolt", companyId: bolt.id });
    const mine = await unread(a.cookie);
    expect(mine.unreadCount).toBe(3);
    expect(mine.threads.map((th) => [th.loadNumber, th.companyId, th.unreadCount])).toEqual([
      [l2.loadNumber, acme.id, 2],
      [l1.loadNumber, acme.id, 1],
    ]);
    // staff answered acme's question on l1 (a reply reads the thread): only bolt's is unread
    expect((await unread(staff.cookie)).unreadCount - before).toBe(1);
    await read(a.cookie, l2.id);
    expect((await unread(a.cookie)).threads.map((th) => th.loadId)).toEqual([l1.id]);
    // bolt takes the first load: acme's thread on it is no longer theirs to open
    expect((await app.inject({ method: "PATCH", url: `/api/loads/${l1.id}/accept`, headers: { cookie: b.cookie } })).statusCode).toBe(200);
    expect(await unread(a.cookie)).toEqual({ unreadCount: 0, threads: [] });
    expect((await unread(b.cookie)).threads.map((th) => [th.loadId, th.companyId])).toEqual([[l2.id, bolt.id]]);
    expect((await openApiChecker(app)).problems("GET", "/api/messages/unread", 200, await unread(b.cookie))).toEqual([]);
  });
});
