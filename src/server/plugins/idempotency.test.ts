// Idempotent retries: a retry with the same Idempotency-Key and the
// same request gets the first answer and changes nothing more; the same key with
// another request is refused; concurrent duplicates do not both run; keys are
// per user and kept 24 hours. Through the real routes: bids, accept, POD.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../test/helpers";
import { createLoad, signedIn } from "../../../test/factories";
import { postgresOnly } from "../../../test/skips";
import { buildApp, type App } from "../app";
import { bids, idempotencyKeys, loadEvents, loads } from "../db/schema";
import { UPLOAD_RATE } from "../modules/objects/objects.service";
import { CLAIM_STALE_MS, IDEMPOTENCY_MSG, IDEMPOTENCY_TTL_MS } from "./idempotency";

type Session = Awaited<ReturnType<typeof signedIn>>;
const POD = {
  pickupSignedBy: "Sam Loader",
  pickupSignedDate: "2026-11-19T09:05:00.000Z",
  deliverySignedBy: "Dee Receiver",
  deliverySignedDate: "2026-11-19T15:10:00.000Z",
};
let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

describe.each(ENGINES)("Idempotency-Key on %s", (engine) => {
  let t: TestApp;
  let app: App;
  const clock = new TestClock(new Date("2026-11-20T10:00:00Z"));
  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    app = t.app;
  });
  afterAll(() => t?.close());

  const call = (s: Session, method: "POST" | "PUT" | "PATCH", url: string, payload: object, key?: string, a: App = app) =>
    a.inject({ method, url, headers: { cookie: s.cookie, ...(key ? { "idempotency-key": key } : {}) }, payload });
  const bid = (s: Session, loadId: string, bidAmount: number, key?: string, a?: App) => call(s, "POST", "/api/bids", { loadId, bidAmount }, key, a);
  const accept = (s: Session, loadId: string, key?: string, a?: App) => call(s, "PATCH", `/api/loads/${loadId}/accept`, { userId: s.user.id }, key, a);
  const bidRows = (loadId: string) => app.ctx.db.select().from(bids).where(eq(bids.loadId, loadId));
  const events = (loadId: string) => app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, loadId));

  it("a bid retried with the same key gets the first answer (201, same body) and makes one bid", async () => {
    const carrier = await signedIn(app);
    const load = await createLoad(app);
    const key = newKey();
    const first = await bid(carrier, load.id, 900, key);
    expect(first.statusCode).toBe(201);
    const retry = await bid(carrier, load.id, 900, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const rows = await bidRows(load.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].updatedAt.toISOString()).toBe(first.json().updatedAt);
    // without a key a second bid is a new request: it updates the pending bid (contract: 200)
    expect((await bid(carrier, load.id, 900)).statusCode).toBe(200);
  });

  it("an accept retried after the load moved on gets the first 200 and changes nothing more", async () => {
    const carrier = await signedIn(app);
    const manager = await signedIn(app, { role: "manager" });
    const load = await createLoad(app);
    const key = newKey();
    const first = await accept(carrier, load.id, key);
    expect(first.statusCode).toBe(200);
    expect((await call(manager, "PATCH", `/api/loads/${load.id}/reset-to-available`, {})).statusCode).toBe(200);

    const retry = await accept(carrier, load.id, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    const [row] = await app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.status).toBe("available");
    expect((await events(load.id)).map((e) => e.action).sort()).toEqual(["accept", "reset"]);
  });

  it("a refusal is an answer too: the retry of a refused accept gets the same 409", async () => {
    const [a, b] = [await signedIn(app), await signedIn(app, { carrierName: "Same Key Haulage" })];
    const load = await createLoad(app);
    const key = newKey();
    expect((await accept(a, load.id)).statusCode).toBe(200);
    // b's company may not see the load any more: 404 (docs/decisions/0005-accept-not-found.md)
    const first = await accept(b, load.id, key);
    const retry = await accept(b, load.id, key);
    expect([404, 409]).toContain(first.statusCode);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.body).toBe(first.body);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
  });

  it("POD retried with the same key: one completion, no second event", async () => {
    const carrier = await signedIn(app);
    const load = await createLoad(app, { status: "approved", acceptedBy: carrier.user.id, acceptedByCarrier: carrier.user.carrierName, mandataNumber: "PO-2026-00011" });
    const key = newKey();
    const first = await call(carrier, "PUT", `/api/loads/${load.id}/pod`, POD, key);
    expect(first.statusCode).toBe(200);
    const retry = await call(carrier, "PUT", `/api/loads/${load.id}/pod`, POD, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect((await events(load.id)).map((e) => e.action)).toEqual(["complete"]);
  });

  it("the same key with another request is refused with 422 and changes nothing", async () => {
    const carrier = await signedIn(app);
    const load = await createLoad(app);
    const other = await createLoad(app);
    const key = newKey();
    expect((await bid(carrier, load.id, 900, key)).statusCode).toBe(201);
    for (const res of [
      await bid(carrier, load.id, 950, key), // another body
      await bid(carrier, other.id, 900, key), // another load
      await accept(carrier, load.id, key), // another method and path
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: IDEMPOTENCY_MSG.reused });
    }
    expect((await bidRows(load.id)).map((b) => b.bidAmount)).toEqual([900]);
    expect(await bidRows(other.id)).toEqual([]);
    const [row] = await app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.status).toBe("available");
    // the same body with its keys in another order is the same request
    const sameKey = newKey();
    expect((await call(carrier, "POST", "/api/bids", { loadId: other.id, bidAmount: 700 }, sameKey)).statusCode).toBe(201);
    expect((await call(carrier, "POST", "/api/bids", { bidAmount: 700, loadId: other.id }, sameKey)).headers["idempotent-replayed"]).toBe("true");
  });

  it("keys are per user: two users' requests with one key are two requests", async () => {
    const [a, b] = [await signedIn(app), await signedIn(app)];
    const load = await createLoad(app);
    const key = newKey();
    const ra = await bid(a, load.id, 800, key);
    const rb = await bid(b, load.id, 800, key);
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(rb.headers["idempotent-replayed"]).toBeUndefined();
    expect((await bidRows(load.id)).map((r) => r.carrierId).sort()).toEqual([a.user.id, b.user.id].sort());
  });

  it("concurrent duplicates do not both run: one bid, one answer for all", async () => {
    const carrier = await signedIn(app);
    const load = await createLoad(app);
    const key = newKey();
    const res = await Promise.all(Array.from({ length: 6 }, () => bid(carrier, load.id, 1000, key)));
    expect(res.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(res.map((r) => r.body)).size).toBe(1);
    expect(res.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(5);
    expect(await bidRows(load.id)).toHaveLength(1);
  });

  it("a retry while the first request still runs waits, then is told 409; a claim left by a dead process is taken over", async () => {
    const carrier = await signedIn(app);
    const load = await createLoad(app);
    const key = newKey();
    // the first request's claim, as a process holds it mid-request (no answer yet)
    const { createHash } = await import("node:crypto");
    const requestHash = createHash("sha256").update(`POST\n/api/bids\n${JSON.stringify({ bidAmount: 500, loadId: load.id })}`).digest("hex");
    await app.ctx.db.insert(idempotencyKeys).values({ userId: carrier.user.id, key, method: "POST", path: "/api/bids", requestHash, createdAt: clock.now(), expiresAt: new Date(clock.now().getTime() + IDEMPOTENCY_TTL_MS) });
    const started = Date.now();
    const busy = await bid(carrier, load.id, 500, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ error: IDEMPOTENCY_MSG.inProgress });
    expect(busy.headers["retry-after"]).toBe("1");
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
    expect(await bidRows(load.id)).toEqual([]);

    clock.advance(CLAIM_STALE_MS + 1000);
    const taken = await bid(carrier, load.id, 500, key);
    expect(taken.statusCode).toBe(201);
    expect(await bidRows(load.id)).toHaveLength(1);
  });

  it("a hiccup is not kept: after a 429 the same key runs again once the limit allows", async () => {
    const carrier = await signedIn(app);
    for (let i = 0; i < UPLOAD_RATE.limit; i++) expect((await call(carrier, "POST", "/api/objects/upload", {})).statusCode).toBe(200);
    const key = newKey();
    expect((await call(carrier, "POST", "/api/objects/upload", {}, key)).statusCode).toBe(429);
    clock.advance(UPLOAD_RATE.windowMs);
    const again = await call(carrier, "POST", "/api/objects/upload", {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("answers are kept 24 hours; after that the key is new again", async () => {
    const carrier = await signedIn(app);
    const load = await createLoad(app);
    const key = newKey();
    expect((await bid(carrier, load.id, 600, key)).statusCode).toBe(201);
    clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    expect((await bid(carrier, load.id, 600, key)).headers["idempotent-replayed"]).toBe("true");
    clock.advance(2 * 60_000);
    const later = await bid(carrier, load.id, 600, key);
    expect(later.statusCode).toBe(200); // a new request: it updates the pending bid
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("a malformed key is 400; signed out, the header is ignored", async () => {
    const carrier = await signedIn(app);
    const load = await createLoad(app);
    for (const key of ["", "x".repeat(256), "has space", "naïve"]) {
      const res = await app.inject({ method: "POST", url: "/api/bids", headers: { cookie: carrier.cookie, "idempotency-key": key }, payload: { loadId: load.id, bidAmount: 1 } });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toEqual({ error: IDEMPOTENCY_MSG.invalid });
    }
    expect(await bidRows(load.id)).toEqual([]);
    const key = newKey();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: "POST", url: "/api/auth/forgot-password", headers: { "idempotency-key": key }, payload: { email: "nobody@example.com" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["idempotent-replayed"]).toBeUndefined();
    }
    const kept = await app.ctx.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.key, key)));
    expect(kept).toEqual([]);
  });

  // Found by the full fuzz: the request hash serialised the parsed body
  // recursively, so a body nested tens of thousands deep overflowed the stack → 500.
  it("a body nested 50,000 deep with a key is a 400 in the error shape, never a 500, and claims no key", async () => {
    const carrier = await signedIn(app);
    const load = await createLoad(app);
    const deepBodies = ["[".repeat(50_000) + "]".repeat(50_000), `{"loadId":${"[".repeat(50_000)}${"]".repeat(50_000)},"bidAmount":1}`];
    for (const [url, payload] of deepBodies.flatMap((b) => [["/api/bids", b], ["/api/logout", b], ["/api/zz-unknown", b]] as const)) {
      const key = newKey();
      const res = await app.inject({ method: "POST", url, headers: { cookie: carrier.cookie, "idempotency-key": key, "content-type": "application/json" }, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: IDEMPOTENCY_MSG.tooDeep });
      expect(await app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    }
    expect(await bidRows(load.id)).toEqual([]);
  });

  postgresOnly(engine).it("two processes: concurrent duplicates of an accept run once", async () => {
    const database2 = await t.testDb.reopen();
    const app2 = await buildApp({ config: t.config, database: database2, serveWeb: false, clock });
    try {
      const carrier = await signedIn(app);
      const load = await createLoad(app);
      const key = newKey();
      const res = await Promise.all(Array.from({ length: 8 }, (_, i) => accept(carrier, load.id, key, i % 2 ? app2 : app)));
      expect(res.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(res.map((r) => r.body)).size).toBe(1);
      expect((await events(load.id)).map((e) => e.action)).toEqual(["accept"]);
    } finally {
      await app2.close();
      await database2.close();
    }
  });
});
