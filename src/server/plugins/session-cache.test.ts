// Verified sessions are kept in the process for at most a second (session-cache.ts).
// None of that may let an ended session, a changed account or an expired session in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, eventually, type TestApp } from "../../../test/helpers";
import { postgresOnly } from "../../../test/skips";
import { signedIn } from "../../../test/factories";
import { buildApp, type App } from "../app";
import { sessions, users } from "../db/schema";

const whoAmI = (app: App, cookie: string) => app.inject({ url: "/api/auth/user", headers: { cookie } });


describe.each(ENGINES)("the session cache on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-23T09:00:00Z"));
  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(() => t.close());

  it("signing out here refuses the same cookie on the very next request", async () => {
    const { cookie } = await signedIn(t.app);
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } })).statusCode).toBe(200);
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(401);
  });

  it("a session ended straight in the database (as another process would) is refused within a second", async () => {
    const { user, cookie } = await signedIn(t.app);
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(200);
    await t.app.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await eventually(async () => (await whoAmI(t.app, cookie)).statusCode === 401)).toBeLessThan(1000);
  });

  it("an account whose approval is withdrawn straight in the database is refused within a second", async () => {
    const { user, cookie } = await signedIn(t.app);
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(200);
    await t.app.ctx.db.update(users).set({ isApproved: false }).where(eq(users.id, user.id));
    expect(await eventually(async () => (await whoAmI(t.app, cookie)).statusCode === 401)).toBeLessThan(1000);
  });

  it("a role changed straight in the database is what the next requests see", async () => {
    const { user, cookie } = await signedIn(t.app);
    expect((await t.app.inject({ url: "/api/users", headers: { cookie } })).statusCode).toBe(403);
    await t.app.ctx.db.update(users).set({ role: "manager" }).where(eq(users.id, user.id));
    await eventually(async () => (await t.app.inject({ url: "/api/users", headers: { cookie } })).statusCode === 200);
  });

  it("an expired session is refused at once, even while it is cached", async () => {
    const { user, cookie } = await signedIn(t.app);
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    clock.set(new Date(row.expiresAt.getTime() + 1000));
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(401);
    clock.set(new Date("2026-11-23T09:00:00Z"));
  });

  postgresOnly(engine).it("signing out through a second process is refused by the first within a second", async () => {
    const other = await t.testDb.reopen();
    const b = await buildApp({ config: t.config, database: other, serveWeb: false, clock });
    try {
      const { cookie } = await signedIn(t.app);
      expect((await whoAmI(t.app, cookie)).statusCode).toBe(200);
      expect((await b.inject({ method: "POST", url: "/api/logout", headers: { cookie } })).statusCode).toBe(200);
      expect(await eventually(async () => (await whoAmI(t.app, cookie)).statusCode === 401)).toBeLessThan(1000);
    } finally {
      await b.close();
      await other.close();
    }
  });
});
