// Bids API (bid status, accepting a bid, the bid rules),
// on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createAdmin, createCarrier, createLoad, createManager } from "../../../../test/factories";
import { bids, loadEvents, loads, sessions, type UserRow } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/crypto";
import type { App } from "../../app";

const NOW = new Date("2026-11-20T10:00:00Z");

/**
 * A session row for a seeded user, the same the session plugin reads. Sign-in itself
 * is the auth module's subject; here we start already signed in.
 */
async function sessionFor(app: App, user: UserRow): Promise<string> {
  const token = randomToken();
  await app.ctx.db.insert(sessions).values({ id: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${token}`;
}

async function as(app: App, make: (app: App) => Promise<UserRow>) {
  const user = await make(app);
  return { user, cookie: await sessionFor(app, user) };
}

describe.each(ENGINES)("bids on %s", (engine) => {
  let t: TestApp;
  let app: App;
  const clock = new TestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (cookie: string, payload: unknown) => app.inject({ method: "POST", url: "/api/bids", headers: { cookie }, payload: payload as object });
  const award = (cookie: string, bidId: string) => app.inject({ method: "POST", url: `/api/bids/${bidId}/accept`, headers: { cookie } });
  const reject = (cookie: string, bidId: string) => app.inject({ method: "POST", url: `/api/bids/${bidId}/reject`, headers: { cookie } });
  const pendingRows = (loadId: string, carrierId?: string) =>
    app.ctx.db
      .select()
      .from(bids)
      .where(carrierId ? and(eq(bids.loadId, loadId), eq(bids.carrierId, carrierId), eq(bids.status, "pending")) : and(eq(bids.loadId, loadId), eq(bids.status, "pending")));

  it("a first bid is created (201) and a second one by the same carrier updates it (200)", async () => {
    const { user, cookie } = await as(app, createCarrier);
    const load = await createLoad(app);
    const first = await post(cookie, { loadId: load.id, bidAmount: 1150.5, notes: "  can collect early  " });
    expect(first.statusCode).toBe(201);
    const created = first.json();
    expect(created).toMatchObject({
      loadId: load.id,
      carrierId: user.id,
      bidAmount: 1150.5,
      notes: "can collect early",
      status: "pending",
      createdAt: NOW.toISOString(),
    });
    expect(typeof created.bidAmount).toBe("number");

    const second = await post(cookie, { loadId: load.id, bidAmount: 1099.99, notes: "   " });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: created.id, bidAmount: 1099.99, notes: null, status: "pending" });
    const rows = await pendingRows(load.id, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].bidAmount).toBe(1099.99);
  });

  it("keeps one pending bid per carrier and load under 20 simultaneous posts by that carrier", async () => {
    const { user, cookie } = await as(app, createCarrier);
    const load = await createLoad(app);
    const amounts = Array.from({ length: 20 }, (_, i) => 1000 + i);
    const results = await Promise.all(amounts.map((bidAmount) => post(cookie, { loadId: load.id, bidAmount })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(19);
    const rows = await app.ctx.db.select().from(bids).where(and(eq(bids.loadId, load.id), eq(bids.carrierId, user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("pending");
    // every response names the same bid
    expect(new Set(results.map((r) => r.json().id))).toEqual(new Set([rows[0].id]));
    expect(amounts).toContain(rows[0].bidAmount);
  });

  it("awarding a bid assigns the load to the bidder at the bid amount, recomputes the rate, rejects the others and records the event", async () => {
    const { user: manager, cookie: staff } = await as(app, createManager);
    const a = await as(app, (x) => createCarrier(x, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd" }));
    const b = await as(app, createCarrier);
    const load = await createLoad(app, { price: 1200, distance: 200, ratePerMile: 6 });
    const bidA = (await post(a.cookie, { loadId: load.id, bidAmount: 1111.11 })).json();
    const bidB = (await post(b.cookie, { loadId: load.id, bidAmount: 1300 })).json();

    clock.set("2026-11-20T11:30:00Z");
    const res = await award(staff, bidA.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().bid).toMatchObject({ id: bidA.id, status: "accepted" });
    expect(res.json().load).toMatchObject({ id: load.id, status: "accepted", price: 1111.11, ratePerMile: 5.56 });

    const [row] = await app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row).toMatchObject({
      status: "accepted",
      acceptedBy: a.user.id,
      acceptedByCarrier: "Alice Haulage Ltd",
      price: 1111.11,
      ratePerMile: 5.56, // 1111.11 / 200, 2 dp
    });
    expect(row.acceptedAt?.toISOString()).toBe("2026-11-20T11:30:00.000Z");

    const all = await app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id));
    expect(Object.fromEntries(all.map((x) => [x.id, x.status]))).toEqual({ [bidA.id]: "accepted", [bidB.id]: "rejected" });

    const events = await app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "award-bid", fromStatus: "available", toStatus: "accepted", actorId: manager.id, actorName: manager.name });
    expect(events[0].detail).toMatchObject({ bidId: bidA.id, bidAmount: 1111.11, carrierId: a.user.id });

    // the loser sees Rejected, the winner Accepted, with the load's new status
    const loser = (await app.inject({ method: "GET", url: "/api/user/bids", headers: { cookie: b.cookie } })).json();
    expect(loser).toEqual([expect.objectContaining({ id: bidB.id, status: "rejected", loadNumber: load.loadNumber, loadStatus: "accepted" })]);
    const winner = (await app.inject({ method: "GET", url: "/api/user/bids", headers: { cookie: a.cookie } })).json();
    expect(winner).toEqual([expect.objectContaining({ id: bidA.id, status: "accepted", bidAmount: 1111.11 })]);
    clock.set(NOW);
  });

  it("of simultaneous awards of different bids on one load exactly one succeeds", async () => {
    const staff = await Promise.all([as(app, createManager), as(app, createAdmin), as(app, createManager)]);
    for (let round = 0; round < 3; round++) {
      const load = await createLoad(app);
      const bidders = await Promise.all(Array.from({ length: 6 }, () => as(app, createCarrier)));
      const placed = await Promise.all(bidders.map((c, i) => post(c.cookie, { loadId: load.id, bidAmount: 900 + i * 10 })));
      const bidIds = placed.map((r) => r.json().id as string);
      const results = await Promise.all(bidIds.map((id, i) => award(staff[i % staff.length].cookie, id)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(bidIds.length - 1);

      const winnerIndex = codes.indexOf(200);
      const [row] = await app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
      expect(row.acceptedBy).toBe(bidders[winnerIndex].user.id);
      expect(row.price).toBe(900 + winnerIndex * 10);
      const all = await app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id));
      expect(all.filter((x) => x.status === "accepted").map((x) => x.id)).toEqual([bidIds[winnerIndex]]);
      expect(all.filter((x) => x.status === "rejected")).toHaveLength(bidIds.length - 1);
      const events = await app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
      expect(events).toHaveLength(1);
    }
  });

  it("no pending bid survives on a load awarded while other carriers are bidding", async () => {
    const { cookie: staff } = await as(app, createAdmin);
    const load = await createLoad(app);
    const first = await as(app, createCarrier);
    const firstBid = (await post(first.cookie, { loadId: load.id, bidAmount: 1000 })).json();
    const others = await Promise.all(Array.from({ length: 8 }, () => as(app, createCarrier)));
    const [awardRes, ...bidResults] = await Promise.all([
      award(staff, firstBid.id),
      ...others.map((c, i) => post(c.cookie, { loadId: load.id, bidAmount: 1010 + i })),
    ]);
    expect(awardRes.statusCode).toBe(200);
    for (const r of bidResults) expect([201, 409]).toContain(r.statusCode);
    expect(await pendingRows(load.id)).toEqual([]);
  });

  it("refuses bids on loads that are not available (409) and on unknown loads (404)", async () => {
    const carrier = await as(app, createCarrier);
    const { cookie: staff } = await as(app, createManager);
    const accepted = await createLoad(app, { status: "accepted", acceptedBy: carrier.user.id, acceptedByCarrier: carrier.user.carrierName });
    const res = await post(carrier.cookie, { loadId: accepted.id, bidAmount: 500 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Load is no longer available" });

    // someone else's load that left the board: the carrier is told it is gone, and no more
    const completed = await createLoad(app, { status: "completed", acceptedByCarrier: "Other Ltd" });
    for (const cookie of [staff, carrier.cookie]) {
      const r = await post(cookie, { loadId: completed.id, bidAmount: 500 });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: "Load is no longer available" });
    }
    const cancelled = await createLoad(app, { status: "cancelled" });
    for (const cookie of [staff, carrier.cookie]) {
      expect((await post(cookie, { loadId: cancelled.id, bidAmount: 500 })).json()).toEqual({ error: "Load is no longer available" });
    }

    expect((await post(carrier.cookie, { loadId: "00000000-0000-4000-8000-000000000000", bidAmount: 500 })).statusCode).toBe(404);
    expect(await app.ctx.db.select().from(bids).where(eq(bids.carrierId, carrier.user.id))).toEqual([]);
  });

  it("a bid after the load was awarded is refused, and a rejected bidder may bid again on an available load", async () => {
    const { cookie: staff } = await as(app, createManager);
    const c = await as(app, createCarrier);
    const load = await createLoad(app);
    const bid = (await post(c.cookie, { loadId: load.id, bidAmount: 800 })).json();
    expect((await reject(staff, bid.id)).statusCode).toBe(200);
    const again = await post(c.cookie, { loadId: load.id, bidAmount: 850 });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(bid.id);
    expect((await award(staff, again.json().id)).statusCode).toBe(200);
    expect((await post(c.cookie, { loadId: load.id, bidAmount: 700 })).statusCode).toBe(409);
  });

  it("carriers cannot award, reject or list other carriers' bids (403); signed out is 401", async () => {
    const c = await as(app, createCarrier);
    const other = await as(app, createCarrier);
    const load = await createLoad(app);
    const bid = (await post(other.cookie, { loadId: load.id, bidAmount: 900 })).json();
    for (const res of [
      await award(c.cookie, bid.id),
      await reject(c.cookie, bid.id),
      await award(other.cookie, bid.id), // not even their own
      await app.inject({ method: "GET", url: `/api/loads/${load.id}/bids`, headers: { cookie: c.cookie } }),
      await app.inject({ method: "GET", url: "/api/admin/bids", headers: { cookie: c.cookie } }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await app.inject({ method: "POST", url: `/api/bids/${bid.id}/accept` })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: "/api/bids", payload: { loadId: load.id, bidAmount: 5 } })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/user/bids" })).statusCode).toBe(401);
    const [row] = await app.ctx.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row.status).toBe("pending");
    const [l] = await app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(l.status).toBe("available");
  });

  it("only pending bids can be rejected or accepted (409); unknown bids are 404", async () => {
    const { cookie: staff } = await as(app, createAdmin);
    const c = await as(app, createCarrier);
    const load = await createLoad(app);
    const bid = (await post(c.cookie, { loadId: load.id, bidAmount: 950 })).json();
    const first = await reject(staff, bid.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().bid).toMatchObject({ id: bid.id, status: "rejected" });
    expect((await reject(staff, bid.id)).statusCode).toBe(409);
    // accepting a rejected bid must not leave the load assigned
    expect((await award(staff, bid.id)).statusCode).toBe(409);
    const [l] = await app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(l).toMatchObject({ status: "available", acceptedBy: null, price: load.price });
    expect(await app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id))).toEqual([]);

    expect((await reject(staff, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await award(staff, "not-a-uuid")).statusCode).toBe(404);
  });

  it("validates the amount and notes with a 400, never a 5xx, and stores nothing", async () => {
    const c = await as(app, createCarrier);
    const load = await createLoad(app);
    for (const bidAmount of [0, 0.001, -1, "abc", "12", null, undefined, 1e12]) {
      const res = await post(c.cookie, { loadId: load.id, bidAmount });
      expect(res.statusCode, `amount ${String(bidAmount)}`).toBe(400);
      // text is not a number of pounds ("1,100" is not "must be greater than 0")
      if (typeof bidAmount === "string") expect(res.json().error).toBe("Enter the amount in pounds, e.g. 1100");
      else if (bidAmount !== 1e12) expect(res.json().error).toBe("Bid amount must be greater than 0");
      expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: "bidAmount" })]));
    }
    const huge = await post(c.cookie, { loadId: load.id, bidAmount: 100, notes: "x".repeat(100 * 1024) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details).toEqual([expect.objectContaining({ path: "notes" })]);
    expect((await post(c.cookie, { loadId: "nope", bidAmount: 100 })).statusCode).toBe(400);
    expect((await post(c.cookie, { loadId: load.id, bidAmount: 100, notes: 42 })).statusCode).toBe(400);
    const badJson = await app.inject({
      method: "POST",
      url: "/api/bids",
      headers: { cookie: c.cookie, "content-type": "application/json" },
      payload: "{bidAmount:",
    });
    expect(badJson.statusCode).toBe(400);
    expect(await app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id))).toEqual([]);

    // the minimum is accepted; SQL or HTML in notes is stored as text
    const ok = await post(c.cookie, { loadId: load.id, bidAmount: 0.01, notes: "'); drop table bids; -- <b>hi</b>" });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ bidAmount: 0.01, notes: "'); drop table bids; -- <b>hi</b>" });
  });

  it("lists: own bids newest first with load number and status; staff lists carry the bidder's name and company", async () => {
    const { cookie: staff } = await as(app, createManager);
    const c = await as(app, (x) => createCarrier(x, { name: "Bob Driver", carrierName: "Bob Transport Ltd" }));
    const stranger = await as(app, createCarrier);
    const l1 = await createLoad(app);
    const l2 = await createLoad(app);
    clock.set("2026-11-20T09:00:00Z");
    const b1 = (await post(c.cookie, { loadId: l1.id, bidAmount: 1000 })).json();
    clock.set("2026-11-20T09:05:00Z");
    const b2 = (await post(c.cookie, { loadId: l2.id, bidAmount: 2000.1 })).json();
    const s1 = (await post(stranger.cookie, { loadId: l1.id, bidAmount: 990 })).json();
    clock.set(NOW);

    const own = (await app.inject({ method: "GET", url: "/api/user/bids", headers: { cookie: c.cookie } })).json();
    expect(own.map((b: { id: string }) => b.id)).toEqual([b2.id, b1.id]);
    expect(own[0]).toMatchObject({ loadNumber: l2.loadNumber, loadStatus: "available", bidAmount: 2000.1 });

    const forLoad = await app.inject({ method: "GET", url: `/api/loads/${l1.id}/bids`, headers: { cookie: staff } });
    expect(forLoad.statusCode).toBe(200);
    const list = forLoad.json();
    expect(list.map((b: { id: string }) => b.id)).toEqual([s1.id, b1.id]);
    expect(list[1]).toMatchObject({ carrierName: "Bob Driver", carrierCompany: "Bob Transport Ltd", loadNumber: l1.loadNumber });
    expect(JSON.stringify(list)).not.toMatch(/password|argon2/i);

    const everything = (await app.inject({ method: "GET", url: "/api/admin/bids", headers: { cookie: staff } })).json();
    const ids = everything.map((b: { id: string }) => b.id);
    expect(ids).toEqual(expect.arrayContaining([b1.id, b2.id, s1.id]));
    expect(everything.find((b: { id: string }) => b.id === b2.id)).toMatchObject({
      carrierName: "Bob Driver",
      carrierCompany: "Bob Transport Ltd",
      loadNumber: l2.loadNumber,
      loadStatus: "available",
    });

    expect((await app.inject({ method: "GET", url: "/api/loads/00000000-0000-4000-8000-000000000000/bids", headers: { cookie: staff } })).statusCode).toBe(404);
  });

  it("a bid keeps the price listed when its amount was bid; an award or a later price change does not rewrite it", async () => {
    const staff = await sessionFor(app, await createManager(app));
    const a = await as(app, createCarrier);
    const b = await as(app, createCarrier);
    const load = await createLoad(app, { price: 1000, distance: 300, ratePerMile: 3.33 });
    const first = (await post(a.cookie, { loadId: load.id, bidAmount: 830 })).json();
    expect(first.listedPrice).toBe(1000);
    // staff lower the listing; a new bid, and an update of the first, are made on the new price
    await app.ctx.db.update(loads).set({ price: 950 }).where(eq(loads.id, load.id));
    expect((await post(b.cookie, { loadId: load.id, bidAmount: 900 })).json().listedPrice).toBe(950);
    const listed = async () =>
      Object.fromEntries(
        ((await app.inject({ method: "GET", url: `/api/loads/${load.id}/bids`, headers: { cookie: staff } })).json() as { carrierId: string; listedPrice: number }[]).map(
          (x) => [x.carrierId, x.listedPrice],
        ),
      );
    expect(await listed()).toEqual({ [a.user.id]: 1000, [b.user.id]: 950 });
    expect((await post(a.cookie, { loadId: load.id, bidAmount: 820 })).json()).toMatchObject({ id: first.id, listedPrice: 950 });
    // the award sets the load's price to the winning amount; the bids keep theirs
    expect((await award(staff, first.id)).statusCode).toBe(200);
    const [after] = await app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(after.price).toBe(820);
    expect(await listed()).toEqual({ [a.user.id]: 950, [b.user.id]: 950 });
  });
});
