// A bidder's own bids reach their streams as `event: change {topics: ["bids"]}`
// once the bid has committed (a subscriber of the bid events sends the notice, not
// the writing transaction), and another carrier is not told; staff's counter-offers
// and the bidder's answers too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { openStream } from "../../../../test/live-stream";

describe.each(ENGINES)("live bid notices on %s", (engine) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const bidsChanged = (e: { event: string; data: string }) => e.event === "change" && (JSON.parse(e.data) as { topics: string[] }).topics.includes("bids");

  it("tell the bidder and staff within a second of the bid, and no other carrier; and again when staff reject it", async () => {
    const bidder = await signedIn(t.app);
    const other = await signedIn(t.app);
    const staff = await signedIn(t.app, { role: "manager" });
    const load = await createLoad(t.app);
    const streams = [bidder, other, staff].map((s) => openStream(port, s.cookie));
    await Promise.all(streams.map((s) => s.waitFor((e) => e.event === "ready")));
    const [mine, theirs, staffs] = streams;
    const bidAt = Date.now();
    const res = await t.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: bidder.cookie }, payload: { loadId: load.id, bidAmount: 900 } });
    expect(res.statusCode).toBe(201);
    expect(await mine.waitFor(bidsChanged, 1_000, bidAt)).toBeLessThan(1_000);
    await staffs.waitFor(bidsChanged, 1_000, bidAt);
    const rejectAt = Date.now();
    const bidId = (res.json() as { id: string }).id;
    expect((await t.app.inject({ method: "POST", url: `/api/bids/${bidId}/reject`, headers: { cookie: staff.cookie } })).statusCode).toBe(200);
    await mine.waitFor(bidsChanged, 1_000, rejectAt);
    expect(theirs.events.filter(bidsChanged)).toEqual([]);
    for (const s of streams) s.close();
  });
  it("tell the bidder when staff counter their bid and when the offer is declined, and no other carrier", async () => {
    const bidder = await signedIn(t.app);
    const other = await signedIn(t.app);
    const staff = await signedIn(t.app, { role: "manager" });
    const load = await createLoad(t.app);
    const bid = await t.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: bidder.cookie }, payload: { loadId: load.id, bidAmount: 900 } });
    const bidId = (bid.json() as { id: string }).id;
    const streams = [bidder, other].map((s) => openStream(port, s.cookie));
    await Promise.all(streams.map((s) => s.waitFor((e) => e.event === "ready")));
    const [mine, theirs] = streams;
    const counterAt = Date.now();
    expect((await t.app.inject({ method: "POST", url: `/api/bids/${bidId}/counter`, headers: { cookie: staff.cookie }, payload: { amount: 850 } })).statusCode).toBe(200);
    expect(await mine.waitFor(bidsChanged, 1_000, counterAt)).toBeLessThan(1_000);
    const declineAt = Date.now();
    expect((await t.app.inject({ method: "POST", url: `/api/bids/${bidId}/decline-counter`, headers: { cookie: bidder.cookie } })).statusCode).toBe(200);
    await mine.waitFor(bidsChanged, 1_000, declineAt);
    expect(theirs.events.filter(bidsChanged)).toEqual([]);
    for (const s of streams) s.close();
  });
});
