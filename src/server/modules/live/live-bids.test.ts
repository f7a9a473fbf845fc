// A bidder's own bids reach their streams as `event: change {topics: ["bids"]}`
// once the bid has committed (a subscriber of the bid events sends the notice, not
// the writing transaction), and another carrier is not told.
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
});
