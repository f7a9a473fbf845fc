// What leaves the process for a truck, with the job runners on: truck.posted (from
// WEBHOOK_EVENT_OF) reaches a subscribed endpoint carrying the truck as posted, and an
// API token with trucks:read may list trucks and read a truck's matches, nothing more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createAdmin, login } from "../../../../test/factories";
import type { Truck } from "../../../contract/schemas/truck";
import { startReceiver } from "../integrations/webhooks/webhook-test-support";
import { MONDAY, truckWorld, trucksApi } from "./trucks-test-support";

describe.each(ENGINES)("truck webhooks and tokens on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date(MONDAY));
  let admin: string;
  let w: Awaited<ReturnType<typeof truckWorld>>;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { webhookAllowPrivate: true } });
    admin = await login(t.app, (await createAdmin(t.app)).email);
    w = await truckWorld(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("truck.posted is sent to a subscribed endpoint with the truck", async () => {
    const rx = await startReceiver();
    try {
      const made = await t.app.inject({ method: "POST", url: "/api/admin/webhooks", headers: { cookie: admin }, payload: { url: rx.url, events: ["truck.posted"] } });
      expect(made.statusCode, made.body).toBe(201);
      const truck = await trucksApi(t.app).posted(w.alice.cookie, { destinationPostcode: "BS1" });
      const got = await rx.waitFor((r) => r.length >= 1, 10_000);
      const body = JSON.parse(got[0].body) as { type: string; data: Truck };
      expect(body.type).toBe("truck.posted");
      expect(body.data).toEqual(truck);
    } finally {
      await rx.close();
    }
  });

  it("a trucks:read token lists trucks and reads matches; posting by token is refused", async () => {
    const truck = await trucksApi(t.app).posted(w.alice.cookie);
    const made = await t.app.inject({ method: "POST", url: "/api/admin/api-tokens", headers: { cookie: admin }, payload: { name: "Trucks feed", scopes: ["trucks:read"] } });
    expect(made.statusCode, made.body).toBe(201);
    const auth = { authorization: `Bearer ${(made.json() as { token: string }).token}` };
    const list = await t.app.inject({ method: "GET", url: "/api/trucks", headers: auth });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as Truck[]).map((x) => x.id)).toContain(truck.id);
    expect((await t.app.inject({ method: "GET", url: `/api/trucks/${truck.id}/matches`, headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/loads", headers: auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/trucks", headers: auth, payload: {} })).statusCode).toBe(403);
  });
});
