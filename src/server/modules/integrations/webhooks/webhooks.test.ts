// Webhooks through the API and the real
// job runner, on PGlite and PostgreSQL: admin-only endpoints with a secret shown
// once; SSRF refusals at creation and at delivery; Standard Webhooks signatures
// checked by the standardwebhooks package; retries on 500 and on timeout on the
// test clock; nothing for a rolled-back change; the delivery log and manual retry;
// and the Done-when: a receiver down for 10 minutes gets every event once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../../test/helpers";
import { createAdmin, createManager, login, signedIn } from "../../../../../test/factories";
import { domainEvents, jobs, webhookEndpoints } from "../../../db/schema";
import { startJobRunner, type JobRunner } from "../../jobs/job-runner";
import { loadEvent } from "../../loads/loads.service";
import { WEBHOOK_MSG, type WebhookAttempt, type WebhookCreated } from "../../../../contract/schemas/webhook";
import { signatureValid, startReceiver, verifyStandard, type Receiver } from "./webhook-test-support";
import { WEBHOOK_RETRY_DELAYS_MS } from "./webhook-delivery";

const START = new Date("2026-11-25T12:00:00Z");

describe.each(ENGINES)("webhooks on %s", (engine) => {
  let t: TestApp;
  let runner: JobRunner;
  let admin: string;
  let manager: string;
  let rx: Receiver;
  const clock = new TestClock(START);
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false, config: { webhookAllowPrivate: true, webhookTimeoutMs: 400 } });
    runner = startJobRunner(t.app.ctx, { autoStart: false });
    admin = await login(t.app, (await createAdmin(t.app)).email);
    manager = await login(t.app, (await createManager(t.app)).email);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    clock.set(START);
    await rx?.close();
    // each test starts with no endpoints and no queued deliveries
    await t.app.ctx.db.delete(webhookEndpoints);
    await t.app.ctx.db.delete(jobs).where(eq(jobs.kind, "webhook"));
  });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, cookie = admin) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const register = async (url: string, events: string[] = ["load.created"]) => {
    const res = await call("POST", "/api/admin/webhooks", { url, events, description: "TMS" });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<WebhookCreated>();
  };
  const postLoad = async (i = 0) => {
    const res = await call("POST", "/api/loads", { pickupCity: "Leeds", deliveryCity: "Bristol", price: 500 + i, distance: 200, pickupDate: "2026-12-10T09:00:00.000Z" });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; loadNumber: string }>();
  };
  const attempts = async (id: string) => (await call("GET", `/api/admin/webhooks/${id}/deliveries`)).json<WebhookAttempt[]>();

  it("admins register, list, change and delete endpoints; the secret is shown once; a manager gets 403", async () => {
    rx = await startReceiver();
    const made = await register(rx.url, ["load.created", "bid.placed"]);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.secret.slice(6), "base64")).toHaveLength(32);
    expect(made).toMatchObject({ url: rx.url, events: ["bid.placed", "load.created"], description: "TMS", lastDelivery: null });

    const list = await call("GET", "/api/admin/webhooks");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.body).not.toContain(made.secret.slice(6, 20));
    expect(list.json()[0]).not.toHaveProperty("secret");

    expect((await call("GET", "/api/admin/webhooks", undefined, manager)).statusCode).toBe(403);
    expect((await call("POST", "/api/admin/webhooks", { url: rx.url, events: ["load.created"] }, manager)).statusCode).toBe(403);

    const put = await call("PUT", `/api/admin/webhooks/${made.id}`, { url: `${rx.url}?v=2`, events: ["invoice.paid"] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ url: `${rx.url}?v=2`, events: ["invoice.paid"], description: null });

    const bad = await call("POST", "/api/admin/webhooks", { url: rx.url, events: ["load.exploded"] });
    expect(bad.statusCode).toBe(400);
    const none = await call("POST", "/api/admin/webhooks", { url: rx.url, events: [] });
    expect(none.json().error).toBe(WEBHOOK_MSG.events);
    expect((await call("POST", "/api/admin/webhooks", { url: "ftp://example.com/x", events: ["load.created"] })).statusCode).toBe(400);

    expect((await call("DELETE", `/api/admin/webhooks/${made.id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/admin/webhooks/${made.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/admin/webhooks/${made.id}/deliveries`)).statusCode).toBe(404);
  });

  it("delivers a load.created POST signed by the Standard Webhooks scheme, with the load as staff see it, and logs the attempt", async () => {
    rx = await startReceiver();
    const hook = await register(rx.url);
    const load = await postLoad();
    await runner.drain();
    expect(rx.received).toHaveLength(1);
    const got = rx.received[0];
    // the independent implementation: signature and timestamp (the test clock is close to real time here? no: checked alone)
    expect(signatureValid(hook.secret, got)).toBe(true);
    expect(signatureValid(hook.secret, { ...got, body: got.body.replace("Leeds", "Leedz") })).toBe(false);
    expect(got.id).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(Number(got.timestamp)).toBe(Math.floor(clock.now().getTime() / 1000));
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ type: "load.created", timestamp: clock.now().toISOString(), data: { id: load.id, loadNumber: load.loadNumber, pickupCity: "Leeds", status: "available" } });
    // staff's view: the private fields are there (null here, not redacted away), nothing secret
    expect(body.data).toHaveProperty("pickupAddress");
    expect(got.body).not.toMatch(/password|secret|token|hash/i);

    const log = await attempts(hook.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ deliveryId: got.id.slice(4), eventType: "load.created", attempt: 1, outcome: "delivered", statusCode: 200, error: null });
    expect((await call("GET", "/api/admin/webhooks")).json()[0].lastDelivery).toMatchObject({ outcome: "delivered", statusCode: 200 });
  });

  it("passes the standardwebhooks package's full verify() when the clock is the real one", async () => {
    rx = await startReceiver();
    const hook = await register(rx.url);
    clock.set(new Date());
    try {
      await postLoad();
      await runner.drain();
      expect(verifyStandard(hook.secret, rx.received[0])).toMatchObject({ type: "load.created" });
      const other = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
      expect(() => verifyStandard(other, rx.received[0])).toThrow();
    } finally {
      clock.set(START);
    }
  });

  it("never delivers for a change that rolled back", async () => {
    rx = await startReceiver();
    await register(rx.url, ["load.created", "load.updated"]);
    const load = await postLoad();
    await runner.drain();
    expect(rx.received).toHaveLength(1);
    const reactions = async () => (await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, "event:webhooks"))).length;
    const reactionsBefore = await reactions();
    // the load's change publishes its event (whose reactions write the webhook) and then fails
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await t.app.ctx.events.publish(tx, [loadEvent({ type: "load.edited", load, actor: null, now: clock.now(), data: { fields: [] } })]);
        throw new Error("the change fails after its event");
      }),
    ).rejects.toThrow("the change fails");
    // nothing of it is left: no event in the log, no reaction queued, no webhook
    expect(await t.app.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.loadId, load.id), eq(domainEvents.type, "load.edited")))).toEqual([]);
    expect(await reactions()).toBe(reactionsBefore);
    await runner.drain();
    expect(await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, "webhook"))).toHaveLength(1);
    // and an edit refused by the API (409 on the POD lock is before; a bad date after the lock) leaves none either
    const refused = await call("PUT", `/api/loads/${load.id}`, { pickupDate: "not a date" });
    expect(refused.statusCode).toBe(400);
    clock.advance(60_000);
    await runner.drain();
    expect(rx.received).toHaveLength(1);
  });

  it("retries a 500 after 5 s and a timeout after 5 s more, under the same webhook-id, then logs the delivery", async () => {
    rx = await startReceiver();
    const hook = await register(rx.url);
    let n = 0;
    rx.answer = () => (++n === 1 ? 500 : n === 2 ? "hang" : 204);
    await postLoad();
    await runner.drain();
    expect(rx.received).toHaveLength(1);
    clock.advance(4_000);
    await runner.drain();
    expect(rx.received).toHaveLength(1); // not yet: 5 s
    clock.advance(1_000);
    await runner.drain(); // the receiver holds it: no answer within the timeout (400 ms in this test)
    expect(rx.received).toHaveLength(2);
    clock.advance(5 * 60_000);
    await runner.drain();
    expect(rx.received).toHaveLength(3);
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(1);
    for (const r of rx.received) expect(signatureValid(hook.secret, r)).toBe(true);
    const log = await attempts(hook.id);
    expect(log.map((a) => [a.attempt, a.outcome, a.statusCode])).toEqual([
      [3, "delivered", 204],
      [2, "retrying", null],
      [1, "retrying", 500],
    ]);
    expect(log[1].error).toBe("No answer within 400 ms");
    expect(log[2].error).toBe("HTTP 500");
    expect(log[2].nextRetryAt).toBe(new Date(START.getTime() + 5_000).toISOString());
    clock.set(START);
  });

  it("backs off 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then fails; a manual retry sends it again with the same id", async () => {
    rx = await startReceiver();
    rx.answer = () => 503;
    const hook = await register(rx.url);
    await postLoad();
    await runner.drain();
    for (const wait of WEBHOOK_RETRY_DELAYS_MS) {
      clock.advance(wait - 1_000);
      await runner.drain();
      const before = rx.received.length;
      clock.advance(1_000);
      await runner.drain();
      expect(rx.received.length).toBe(before + 1);
    }
    expect(rx.received).toHaveLength(7);
    clock.advance(48 * 3_600_000);
    await runner.drain();
    expect(rx.received).toHaveLength(7); // failed: never again by itself
    const log = await attempts(hook.id);
    expect(log[0]).toMatchObject({ attempt: 7, outcome: "failed", statusCode: 503, nextRetryAt: null });

    rx.answer = () => 200;
    const retry = await call("POST", `/api/admin/webhooks/${hook.id}/deliveries/${log[0].id}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual({ deliveryId: log[0].deliveryId, status: "queued" });
    await runner.drain();
    expect(rx.received).toHaveLength(8);
    expect(rx.received[7].id).toBe(rx.received[0].id);
    expect(rx.received[7].body).toBe(rx.received[0].body);
    expect((await attempts(hook.id))[0]).toMatchObject({ attempt: 1, outcome: "delivered", statusCode: 200 });
    // a delivered one may be resent too; an unknown id is 404
    expect((await call("POST", `/api/admin/webhooks/${hook.id}/deliveries/${log[0].deliveryId}/retry`)).statusCode).toBe(200);
    await runner.drain();
    expect(rx.received).toHaveLength(9);
    expect((await call("POST", `/api/admin/webhooks/${hook.id}/deliveries/${crypto.randomUUID()}/retry`)).statusCode).toBe(404);
    clock.set(START);
  });

  it("Done-when: a receiver down for 10 minutes of simulated clock gets every event afterwards, once each, signatures valid", async () => {
    rx = await startReceiver();
    const port = rx.port;
    const hook = await register(rx.url, ["load.created", "load.accepted", "bid.placed", "bid.accepted", "load.updated"]);
    await rx.close(); // down: connection refused
    const carrier = await signedIn(t.app, { carrierName: "Down Time Haulage" });
    const a = await postLoad(1);
    const b = await postLoad(2);
    const bid = await call("POST", "/api/bids", { loadId: a.id, bidAmount: 450 }, carrier.cookie);
    expect(bid.statusCode, bid.body).toBe(201);
    const won = await call("POST", `/api/bids/${bid.json().id}/accept`, {});
    expect(won.statusCode, won.body).toBe(200);
    const edit = await call("PUT", `/api/loads/${b.id}`, { pickupCity: "Leeds", deliveryCity: "Bristol", price: 777, distance: 200, pickupDate: "2026-12-10T09:00:00.000Z" });
    expect(edit.statusCode, edit.body).toBe(200);
    // expected: 2 × load.created, bid.placed, load.accepted, bid.accepted, load.updated
    for (let minute = 0; minute <= 10; minute++) {
      await runner.drain();
      if (minute < 10) clock.advance(60_000);
    }
    const failedSoFar = await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, "webhook"));
    expect(failedSoFar).toHaveLength(6);
    expect(failedSoFar.every((j) => j.status === "pending" && j.attempts === 3)).toBe(true); // 0 s, 5 s, 5 min 5 s
    rx = await startReceiver({ port }); // back, at the same address
    clock.advance(30 * 60_000);
    await runner.drain();
    expect(rx.received).toHaveLength(6);
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(6);
    expect(rx.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(["bid.accepted", "bid.placed", "load.accepted", "load.created", "load.created", "load.updated"]);
    for (const r of rx.received) expect(signatureValid(hook.secret, r)).toBe(true);
    clock.advance(24 * 3_600_000);
    await runner.drain();
    expect(rx.received).toHaveLength(6); // once each
    clock.set(START);
  });
});

describe.each(ENGINES)("webhook SSRF refusals on %s", (engine) => {
  let t: TestApp;
  let runner: JobRunner;
  let admin: string;
  let rx: Receiver;
  const clock = new TestClock(START);
  beforeAll(async () => {
    // WEBHOOK_ALLOW_PRIVATE not set: the default
    t = await createTestApp({ engine, clock, jobs: false });
    expect(t.app.ctx.config.webhookAllowPrivate).toBe(false);
    runner = startJobRunner(t.app.ctx, { autoStart: false });
    admin = await login(t.app, (await createAdmin(t.app)).email);
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx?.close();
    await t?.close();
  });
  const create = (url: string) => t.app.inject({ method: "POST", url: "/api/admin/webhooks", headers: { cookie: admin }, payload: { url, events: ["load.created"] } });

  it.each([
    "http://127.0.0.1:8080/hook",
    "http://10.0.0.1/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]:8080/hook",
    "http://localhost:8080/hook",
    "https://192.168.1.20/",
    "http://172.16.5.4/",
    "http://[fe80::1]/",
    "http://[fd00::1]/",
    "http://0.0.0.0/",
    "http://[::ffff:127.0.0.1]/",
    // IPv4 inside IPv6 (::/96, NAT64, 6to4) and special-purpose IPv4 ranges
    "http://[::127.0.0.1]/",
    "http://[::7f00:1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::]/",
    "http://198.18.0.1/",
    "http://192.0.0.1/",
    "http://100.64.0.1/",
  ])("refuses %s at creation (400 under url)", async (url) => {
    const res = await create(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: WEBHOOK_MSG.urlPrivate, details: [{ path: "url", message: WEBHOOK_MSG.urlPrivate }] });
  });

  it("accepts a public address", async () => {
    const res = await create("https://93.184.216.34/hook");
    expect(res.statusCode, res.body).toBe(201);
    await t.app.ctx.db.delete(webhookEndpoints);
  });

  it.each(["localhost", "127.0.0.1"])("refuses at delivery time a host (%s) that now resolves to loopback: failed with the reason, nothing sent", async (host) => {
    // saved while it pointed elsewhere (DNS changed since): written as the service would
    const [ep] = await t.app.ctx.db
      .insert(webhookEndpoints)
      .values({ url: `http://${host}:${rx.port}/hook`, events: ["load.created"], secret: `whsec_${Buffer.alloc(32, 1).toString("base64")}` })
      .returning();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/loads",
      headers: { cookie: admin },
      payload: { pickupCity: "York", deliveryCity: "Hull", price: 300, distance: 40, pickupDate: "2026-12-10T09:00:00.000Z" },
    });
    expect(res.statusCode).toBe(201);
    await runner.drain();
    expect(rx.received).toHaveLength(0);
    const log = (await t.app.inject({ url: `/api/admin/webhooks/${ep.id}/deliveries`, headers: { cookie: admin } })).json<WebhookAttempt[]>();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ outcome: "failed", statusCode: null, attempt: 1 });
    expect(log[0].error).toMatch(/^Refused: (127\.0\.0\.1|::1) is not a public address \(private, loopback, link-local or another special-purpose range\)/);
    if (host === "localhost") expect(log[0].error).toContain("localhost resolves to it");
    await t.app.ctx.db.delete(webhookEndpoints);
  });
});
