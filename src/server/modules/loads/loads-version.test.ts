// The poll path reads the loads version from a per-process cache; a write in any
// process (or straight to the database) must still change the ETag promptly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, eventually, type TestApp } from "../../../../test/helpers";
import { postgresOnly } from "../../../../test/skips";
import { createLoad, signedIn } from "../../../../test/factories";
import { buildApp, type App } from "../../app";
import { eq } from "drizzle-orm";
import { loads } from "../../db/schema";

async function etagOf(app: App, cookie: string): Promise<string> {
  const res = await app.inject({ url: "/api/loads", headers: { cookie } });
  return String(res.headers.etag);
}


describe.each(ENGINES)("the loads version cache on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  it("a write answered by this process changes the very next ETag", async () => {
    const staff = await signedIn(t.app, { role: "admin", isAdmin: true });
    const before = await etagOf(t.app, staff.cookie);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/loads",
      headers: { cookie: staff.cookie },
      payload: { pickupCity: "York", deliveryCity: "Hull", price: 400, distance: 40 },
    });
    expect(res.statusCode).toBe(201);
    expect(await etagOf(t.app, staff.cookie)).not.toBe(before);
  });

  it("a write elsewhere changes the ETag within about a second", async () => {
    const { cookie } = await signedIn(t.app);
    const load = await createLoad(t.app);
    const before = await etagOf(t.app, cookie);
    expect(await etagOf(t.app, cookie)).toBe(before); // cached and unchanged
    // straight to the database, as another process would (no local invalidation)
    await t.app.ctx.db.update(loads).set({ price: 777 }).where(eq(loads.id, load.id));
    const took = await eventually(async () => (await etagOf(t.app, cookie)) !== before);
    expect(took).toBeLessThan(1500);
  });

  postgresOnly(engine).it("a write through a second process is seen by the first", async () => {
    const other = await t.testDb.reopen();
    const b = await buildApp({ config: t.config, database: other, serveWeb: false });
    try {
      const staff = await signedIn(t.app, { role: "manager" });
      const before = await etagOf(t.app, staff.cookie);
      const res = await b.inject({
        method: "POST",
        url: "/api/loads",
        headers: { cookie: staff.cookie },
        payload: { pickupCity: "Leeds", deliveryCity: "Derby", price: 500, distance: 70 },
      });
      expect(res.statusCode).toBe(201);
      const took = await eventually(async () => (await etagOf(t.app, staff.cookie)) !== before);
      expect(took).toBeLessThan(1500);
    } finally {
      await b.close();
      await other.close();
    }
  });
});
