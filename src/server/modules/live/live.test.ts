import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, createTestApp, createTestDatabase, type TestApp } from "../../../../test/helpers";
import { createLoad, login, signedIn } from "../../../../test/factories";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { sessions, users } from "../../db/schema";
import { MAX_STREAMS_PER_USER } from "./live-sessions";
import { openStream } from "../../../../test/live-stream";

describe.each(ENGINES)("live change notices on %s", (engine) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it("refuses a stream to someone not signed in", async () => {
    const res = await t.app.inject({ url: "/api/live" });
    expect(res.statusCode).toBe(401);
  });

  it("sends an open board the new load itself within a second (event: load), and no change notice", async () => {
    const { cookie } = await signedIn(t.app);
    const stream = openStream(port, cookie);
    await stream.waitFor((e) => e.event === "ready");
    const ready = JSON.parse(stream.events.find((e) => e.event === "ready")!.data) as { version: number };
    const before = Date.now();
    const load = await createLoad(t.app);
    await stream.waitFor((e) => e.event === "load" && JSON.parse(e.data).id === load.id, 1000);
    expect(Date.now() - before).toBeLessThan(1000);
    const data = JSON.parse(stream.events.find((e) => e.event === "load")!.data);
    expect(data).toMatchObject({ version: ready.version + 1, id: load.id, load: { id: load.id, loadNumber: load.loadNumber, pickupZip: null } });
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.events.filter((e) => e.event === "change")).toEqual([]);
    expect(stream.status()).toBe(200);
    stream.close();
  });

  it("does not tell carriers about user changes, but tells staff", async () => {
    const carrier = await signedIn(t.app);
    const staff = await signedIn(t.app, { role: "manager" });
    const c = openStream(port, carrier.cookie);
    const s = openStream(port, staff.cookie);
    await c.waitFor((e) => e.event === "ready");
    await s.waitFor((e) => e.event === "ready");
    c.events.length = 0;
    await signedIn(t.app); // inserts a user and updates lastLoginAt
    await s.waitFor((e) => e.event === "change" && JSON.parse(e.data).topics.includes("users"));
    await new Promise((r) => setTimeout(r, 300));
    expect(c.events.filter((e) => e.event === "change" && JSON.parse(e.data).topics.includes("users"))).toEqual([]);
    c.close();
    s.close();
  });
  // a stream ends when its session ends
  it("logout ends the session's open stream at once, and leaves the user's other sessions' streams open", async () => {
    const { user, cookie } = await signedIn(t.app);
    const otherSession = await login(t.app, user.email);
    const stream = openStream(port, cookie);
    const other = openStream(port, otherSession);
    await stream.waitFor((e) => e.event === "ready");
    await other.waitFor((e) => e.event === "ready");
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(await stream.waitEnded(1000)).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 300));
    expect(other.ended()).toBe(false);
    other.close();
  });

  it("with no database notices at all, a logout here still ends the stream at once", async () => {
    const testDb = await createTestDatabase(engine);
    // notices lost for good: neither 'sessions_changed' nor 'board_changed' ever arrives
    const deaf = { ...testDb.database, listen: async () => async () => {} };
    const app = await buildApp({ config: testConfig({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl }), database: deaf, serveWeb: false });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { cookie } = await signedIn(app);
      const stream = openStream((app.server.address() as { port: number }).port, cookie);
      await stream.waitFor((e) => e.event === "ready");
      expect((await app.inject({ method: "POST", url: "/api/logout", headers: { cookie } })).statusCode).toBe(200);
      expect(await stream.waitEnded(500)).toBeLessThan(500);
    } finally {
      await app.close();
      app.ctx.mail.close();
      await testDb.drop();
    }
  });

  it("a session deleted straight in the database (another process's logout) ends its stream", async () => {
    const { user, cookie } = await signedIn(t.app);
    const stream = openStream(port, cookie);
    await stream.waitFor((e) => e.event === "ready");
    await t.app.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await stream.waitEnded(2000)).toBeLessThan(2000);
  });

  it("approval withdrawn or the user deleted, in the database, ends their streams", async () => {
    const withdrawn = await signedIn(t.app);
    const deleted = await signedIn(t.app);
    const a = openStream(port, withdrawn.cookie);
    const b = openStream(port, deleted.cookie);
    await a.waitFor((e) => e.event === "ready");
    await b.waitFor((e) => e.event === "ready");
    await t.app.ctx.db.update(users).set({ isApproved: false }).where(eq(users.id, withdrawn.user.id));
    await a.waitEnded(2000);
    await t.app.ctx.db.delete(sessions).where(eq(sessions.userId, deleted.user.id));
    await t.app.ctx.db.delete(users).where(eq(users.id, deleted.user.id));
    await b.waitEnded(2000);
  });

  it(`a user holds at most ${MAX_STREAMS_PER_USER} streams: the next closes their oldest, told not to come straight back`, async () => {
    const { cookie } = await signedIn(t.app);
    const bystander = await signedIn(t.app);
    const theirs = openStream(port, bystander.cookie);
    await theirs.waitFor((e) => e.event === "ready");
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = openStream(port, cookie);
      await s.waitFor((e) => e.event === "ready");
      open.push(s);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(open.filter((s) => s.ended())).toEqual([]);
    const eleventh = openStream(port, cookie);
    await eleventh.waitFor((e) => e.event === "ready");
    await open[0].waitEnded(1000);
    expect(open[0].events.map((e) => e.event)).toContain("superseded");
    await new Promise((r) => setTimeout(r, 100));
    expect([...open.slice(1), eleventh, theirs].map((s) => s.ended())).toEqual(Array(MAX_STREAMS_PER_USER + 1).fill(false));
    // a change still reaches the newest
    await createLoad(t.app);
    await eleventh.waitFor((e) => e.event === "load", 1000);
    for (const s of [...open, eleventh, theirs]) s.close();
  });
});
