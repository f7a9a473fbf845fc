// Counter-offers (counter, accept at exactly the amount, decline, rebid, expiry by
// itself, the races with a listed accept and a staff award) and a bid's history,
// on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, eventually, type TestApp } from "../../../../test/helpers";
import { createLoad, createManager, login } from "../../../../test/factories";
import { createCompany, memberOf } from "../../../../test/company-fixtures";
import { bids, domainEvents, jobs, loads, notifications, webhookEndpoints } from "../../db/schema";
import type { App } from "../../app";
import { openApiChecker } from "../../../../test/openapi-check";

const NOW = new Date("2026-11-20T10:00:00Z");
const MINUTE = 60_000;

describe.each(ENGINES)("counter-offers on %s", (engine) => {
  let t: TestApp;
  let app: App;
  const clock = new TestClock(NOW);
  let staff: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    app = t.app;
    const manager = await createManager(app);
    staff = { id: manager.id, cookie: await login(app, manager.email) };
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const bid = async (cookie: string, loadId: string, bidAmount: number) => {
    const r = await call("POST", "/api/bids", cookie, { loadId, bidAmount });
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r.json() as { id: string };
  };
  const counter = (bidId: string, body: object, cookie = staff.cookie) => call("POST", `/api/bids/${bidId}/counter`, cookie, body);
  const bidRow = async (id: string) => (await app.ctx.db.select().from(bids).where(eq(bids.id, id)))[0];
  const carrier = async () => memberOf(app, await createCompany(app));

  it("staff counter a pending bid: countered with the amount and an expiry (default 60 minutes); the bidder is told", async () => {
    clock.set(NOW);
    const a = await carrier();
    const load = await createLoad(app);
    const { id } = await bid(a.cookie, load.id, 1000);
    for (const bad of [{ amount: 900, expiresInMinutes: 4 }, { amount: 900, expiresInMinutes: 1441 }, { amount: 0 }, { amount: 900, extra: 1 }]) {
      expect((await counter(id, bad)).statusCode).toBe(400);
    }
    expect((await counter(id, { amount: 900 }, a.cookie)).statusCode).toBe(403);
    // an integration listening for bid.countered (contract: a public webhook event)
    const [hook] = await app.ctx.db.insert(webhookEndpoints).values({ url: "https://hooks.example.invalid/counter", events: ["bid.countered"], secret: "whsec_dGVzdA==" }).returning();
    const r = await counter(id, { amount: 900, note: " can you load at six? " });
    expect(r.statusCode, r.body).toBe(200);
    expect((await openApiChecker(app)).problems("POST", "/api/bids/:id/counter", 200, r.json())).toEqual([]);
    expect(r.json().bid).toMatchObject({ id, status: "countered", bidAmount: 1000, counterAmount: 900, counterNote: "can you load at six?", counterExpiresAt: new Date(NOW.getTime() + 60 * MINUTE).toISOString() });
    // still an open bid: the load stays in staff's Loads with Bids
    const withBids = await call("GET", "/api/loads/with-bids?limit=1000", staff.cookie);
    expect((withBids.json() as { load: { id: string }; bidCount: number }[]).find((l) => l.load.id === load.id)).toMatchObject({ bidCount: 1, lowestBid: 1000 });
    // a countered bid is not countered twice
    expect((await counter(id, { amount: 800 })).json()).toMatchObject({ error: "Only a pending bid can be countered" });
    await eventually(async () => (await app.ctx.db.select().from(notifications).where(and(eq(notifications.userId, a.user.id), eq(notifications.type, "bid_countered")))).length === 1);
    const [told] = await app.ctx.db.select().from(notifications).where(and(eq(notifications.userId, a.user.id), eq(notifications.type, "bid_countered")));
    // the amount against their bid and the UK time it lapses (10:00 UTC + 60 min, GMT in November)
    expect(told.body).toContain("Staff countered your bid of £1,000.00");
    expect(told.body).toContain("at £900.00. Accept or decline it before Fri 20 Nov 2026, 11:00");
    expect(told.body).toContain("Note from staff: can you load at six?");
    const events = await app.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.loadId, load.id), eq(domainEvents.type, "bid.countered")));
    expect(events).toHaveLength(1);
    await eventually(async () => (await app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, "webhook"), sql`${jobs.payload}->>'endpointId' = ${hook.id}`))).length === 1);
    const [delivery] = await app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, "webhook"), sql`${jobs.payload}->>'endpointId' = ${hook.id}`));
    const sent = JSON.parse((delivery.payload as { body: string }).body) as { type: string; data: Record<string, unknown> };
    expect(sent).toMatchObject({ type: "bid.countered", data: { id, status: "countered", counterAmount: 900, bidAmount: 1000 } });
    await app.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
  });

  it("the bidder accepts: the load is theirs at exactly the counter amount and every other open bid is rejected, with staff told", async () => {
    clock.set(NOW);
    const [a, b] = [await carrier(), await carrier()];
    const load = await createLoad(app, { price: 1200 });
    const mine = await bid(a.cookie, load.id, 1000.5);
    const other = await bid(b.cookie, load.id, 950);
    expect((await counter(mine.id, { amount: 987.65, expiresInMinutes: 30 })).statusCode).toBe(200);
    // only the bidder answers
    expect((await call("POST", `/api/bids/${mine.id}/accept-counter`, b.cookie)).statusCode).toBe(404);
    const r = await call("POST", `/api/bids/${mine.id}/accept-counter`, a.cookie);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().bid).toMatchObject({ status: "accepted", bidAmount: 987.65, counterAmount: null });
    const [row] = await app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row).toMatchObject({ status: "accepted", acceptedBy: a.user.id, price: 987.65 });
    expect((await bidRow(other.id)).status).toBe("rejected");
    const accepted = await app.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.loadId, load.id), eq(domainEvents.type, "load.accepted")));
    expect(accepted.map((e) => (e.data as { via: string }).via)).toEqual(["counter"]);
    await eventually(async () => (await app.ctx.db.select().from(notifications).where(and(eq(notifications.userId, staff.id), eq(notifications.type, "counter_accepted"), eq(notifications.loadId, load.id)))).length === 1);
    // the history: every amount and answer, with who and when
    const h = await call("GET", `/api/bids/${mine.id}/history`, a.cookie);
    expect(h.statusCode).toBe(200);
    expect(h.json().map((l: { kind: string; amount: number; actorRole: string }) => [l.kind, l.amount, l.actorRole])).toEqual([
      ["placed", 1000.5, "carrier"],
      ["countered", 987.65, "staff"],
      ["counter_accepted", 987.65, "carrier"],
      ["accepted", 987.65, "carrier"],
    ]);
    const oa = await openApiChecker(app);
    expect(oa.problems("POST", "/api/bids/:id/accept-counter", 200, r.json())).toEqual([]);
    expect(oa.problems("GET", "/api/bids/:id/history", 200, h.json())).toEqual([]);
    const hOther = await call("GET", `/api/bids/${other.id}/history`, staff.cookie);
    expect(hOther.json().map((l: { kind: string }) => l.kind)).toEqual(["placed", "rejected"]);
  });

  it("an expired counter is refused with the contract's words, and goes back to pending by itself", async () => {
    clock.set(NOW);
    const a = await carrier();
    const load = await createLoad(app);
    const first = await bid(a.cookie, load.id, 1000);
    expect((await counter(first.id, { amount: 900, expiresInMinutes: 5 })).statusCode).toBe(200);
    clock.advance(5 * MINUTE);
    const r = await call("POST", `/api/bids/${first.id}/accept-counter`, a.cookie);
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe("This offer has expired");
    expect(await bidRow(first.id)).toMatchObject({ status: "pending", bidAmount: 1000, counterAmount: null });
    // nobody answers the next one: the job runner's sweep or the due job puts it back
    const b = await carrier();
    const second = await bid(b.cookie, load.id, 1100);
    expect((await counter(second.id, { amount: 1050, expiresInMinutes: 10 })).statusCode).toBe(200);
    clock.advance(9 * MINUTE);
    await new Promise((res) => setTimeout(res, 400));
    expect((await bidRow(second.id)).status).toBe("countered");
    clock.advance(MINUTE);
    await eventually(async () => (await bidRow(second.id)).status === "pending", 3000);
    expect(await bidRow(second.id)).toMatchObject({ bidAmount: 1100, counterAmount: null, counterExpiresAt: null });
    const h = (await call("GET", `/api/bids/${second.id}/history`, staff.cookie)).json() as { kind: string; actorRole: string }[];
    expect(h.map((l) => [l.kind, l.actorRole])).toEqual([["placed", "carrier"], ["countered", "staff"], ["counter_expired", "system"]]);
    const lapsed = await app.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.loadId, load.id), eq(domainEvents.type, "bid.counter_expired")));
    expect(lapsed).toHaveLength(2);
  });

  it("declining puts the bid back to pending at its own amount; a new amount replaces a counter", async () => {
    clock.set(NOW);
    const a = await carrier();
    const load = await createLoad(app);
    const { id } = await bid(a.cookie, load.id, 1000);
    await counter(id, { amount: 900 });
    const d = await call("POST", `/api/bids/${id}/decline-counter`, a.cookie);
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().bid).toMatchObject({ status: "pending", bidAmount: 1000, counterAmount: null });
    expect((await call("POST", `/api/bids/${id}/decline-counter`, a.cookie)).statusCode).toBe(409);
    await counter(id, { amount: 920 });
    // the bidder's new amount: the same bid, pending, the counter gone; accepting it now is refused
    const re = await call("POST", "/api/bids", a.cookie, { loadId: load.id, bidAmount: 960 });
    expect(re.statusCode).toBe(200);
    expect(re.json()).toMatchObject({ id, status: "pending", bidAmount: 960, counterAmount: null });
    const late = await call("POST", `/api/bids/${id}/accept-counter`, a.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe("This offer has expired");
    expect(await app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id))).toHaveLength(1);
    const h = (await call("GET", `/api/bids/${id}/history`, a.cookie)).json() as { kind: string; amount: number }[];
    expect(h.map((l) => [l.kind, l.amount])).toEqual([["placed", 1000], ["countered", 900], ["counter_declined", 900], ["countered", 920], ["amount", 960]]);
  });

  it("the history is for staff and the bidder's company only", async () => {
    clock.set(NOW);
    const company = await createCompany(app);
    const [a, colleague] = [await memberOf(app, company), await memberOf(app, company)];
    const stranger = await carrier();
    const load = await createLoad(app);
    const { id } = await bid(a.cookie, load.id, 1000);
    expect((await call("GET", `/api/bids/${id}/history`, colleague.cookie)).statusCode).toBe(200);
    expect((await call("GET", `/api/bids/${id}/history`, stranger.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/bids/${id}/history`, staff.cookie)).statusCode).toBe(200);
  });

  it("the bidder accepting a counter while another carrier accepts the load at its listed price: exactly one wins", async () => {
    clock.set(NOW);
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await carrier(), await carrier()];
      const load = await createLoad(app, { price: 1500 });
      const { id } = await bid(a.cookie, load.id, 1400);
      await counter(id, { amount: 1450 });
      const [viaCounter, listed] = await Promise.all([call("POST", `/api/bids/${id}/accept-counter`, a.cookie), call("PATCH", `/api/loads/${load.id}/accept`, b.cookie)]);
      expect([viaCounter.statusCode, listed.statusCode].sort()).toEqual([200, 409]);
      const loser = viaCounter.statusCode === 409 ? viaCounter : listed;
      expect(loser.json().error).toBe("Load is no longer available");
      const [row] = await app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
      expect(row.acceptedBy).toBe(viaCounter.statusCode === 200 ? a.user.id : b.user.id);
      expect(row.price).toBe(viaCounter.statusCode === 200 ? 1450 : 1500);
      expect((await bidRow(id)).status).toBe(viaCounter.statusCode === 200 ? "accepted" : "rejected");
    }
  });

  it("the bidder accepting a counter while staff award another bid: exactly one wins", async () => {
    clock.set(NOW);
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await carrier(), await carrier()];
      const load = await createLoad(app);
      const mine = await bid(a.cookie, load.id, 1400);
      const other = await bid(b.cookie, load.id, 1300);
      await counter(mine.id, { amount: 1350 });
      const [viaCounter, award] = await Promise.all([call("POST", `/api/bids/${mine.id}/accept-counter`, a.cookie), call("POST", `/api/bids/${other.id}/accept`, staff.cookie)]);
      expect([viaCounter.statusCode, award.statusCode].sort()).toEqual([200, 409]);
      const statuses = [(await bidRow(mine.id)).status, (await bidRow(other.id)).status].sort();
      expect(statuses).toEqual(["accepted", "rejected"]);
    }
  });
});
