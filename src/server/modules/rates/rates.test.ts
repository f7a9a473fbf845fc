// GET /api/rates/lane:
// the median and quartiles of £/mile over loads booked on one postcode-area lane
// in the last 90 days, by the time of booking; nothing below 3 bookings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import type { loads } from "../../db/schema";
import { laneWindowStart } from "./rates.service";

type Session = Awaited<ReturnType<typeof signedIn>>;
type LoadOver = Partial<typeof loads.$inferInsert>;

const NOW = new Date("2026-11-25T12:00:00Z");
const DAY = 86_400_000;
/** 90 days before Wed 25 Nov 2026 is Thu 27 Aug 2026; 00:00 UK time (BST) is 23:00 UTC the day before */
const SINCE_DAY = "2026-08-27";
const SINCE = new Date("2026-08-26T23:00:00Z");

describe("the 90-day window", () => {
  it("starts at 00:00 UK time on the day 90 days before today, BST or GMT", () => {
    expect(laneWindowStart(NOW)).toEqual({ since: SINCE, day: SINCE_DAY });
    // 00:30 on 2 June in the UK (BST) is still 1 June in UTC: the UK day counts; 4 March is in GMT
    expect(laneWindowStart(new Date("2026-06-01T23:30:00Z"))).toEqual({ since: new Date("2026-03-04T00:00:00Z"), day: "2026-03-04" });
    // across a year end
    expect(laneWindowStart(new Date("2027-01-15T10:00:00Z")).day).toBe("2026-10-17");
  });
});

describe.each(ENGINES)("lane rates on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(NOW);
  let carrier: Session;
  let rival: Session;
  let manager: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    carrier = await signedIn(t.app, { carrierName: "Pennine Haulage Ltd" });
    rival = await signedIn(t.app, { carrierName: "Severn Freight" });
    manager = await signedIn(t.app, { role: "manager" });
  });
  afterAll(() => t?.close());

  const ask = (query: string, s: Session | null = manager) =>
    t.app.inject({ url: `/api/rates/lane?${query}`, headers: s ? { cookie: s.cookie } : {} });
  const rate = async (query: string, s: Session | null = manager) => {
    const res = await ask(query, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** a load booked `daysAgo` days before NOW on the lane pickup → delivery */
  const booked = (pickupZip: string, deliveryZip: string, price: number, distance: number | null, over: LoadOver = {}) =>
    createLoad(t.app, {
      status: "completed",
      acceptedBy: carrier.user.id,
      acceptedByCarrier: "Pennine Haulage Ltd",
      acceptedAt: new Date(NOW.getTime() - 10 * DAY),
      pickupZip,
      deliveryZip,
      price,
      distance,
      ...over,
    });

  it("gives the median, 25th and 75th percentile of price ÷ miles on the lane, to the penny", async () => {
    // rates 3.00, 1.50, 2.10, 2.40, 2.00 per mile: sorted 1.50 2.00 2.10 2.40 3.00
    await booked("LS1 4AP", "B5 7QU", 600, 200);
    await booked("LS12 1AA", "B1 1AA", 300, 200, { status: "accepted" });
    await booked("LS1 4AP", "B33 8TH", 420, 200, { status: "approved" });
    await booked("LS6 2AB", "B5 7QU", 240, 100);
    await booked("LS1 4AP", "B5 7QU", 400, 200);
    // not this lane: another pickup area whose letters start the same (L), and the lane reversed
    await booked("L1 8JQ", "B5 7QU", 9000, 100);
    await booked("B5 7QU", "LS1 4AP", 9000, 100);

    const expected = { pickupArea: "LS", deliveryArea: "B", count: 5, medianRatePerMile: 2.1, p25: 2, p75: 2.4, since: SINCE_DAY };
    expect(await rate("pickup=LS1&delivery=B5&equipmentType=Flatbed")).toEqual(expected);
    // a full postcode or a district, any case and spacing: the same lane
    expect(await rate("pickup=ls14ap&delivery=b33%208th")).toEqual(expected);
    expect(await rate(`pickup=${encodeURIComponent(" LS99 ")}&delivery=B1`, carrier)).toEqual(expected);
  });

  it("interpolates between bookings and rounds half up to the penny", async () => {
    // 2.00 2.10 2.11 3.00: p25 = 2.075 → 2.08, median = 2.105 → 2.11, p75 = 2.3325 → 2.33
    await booked("M1 1AE", "EH1 1YZ", 200, 100);
    await booked("M1 1AE", "EH1 1YZ", 210, 100);
    await booked("M1 1AE", "EH1 1YZ", 211, 100);
    await booked("M1 1AE", "EH1 1YZ", 300, 100);
    expect(await rate("pickup=M1&delivery=EH1")).toMatchObject({ count: 4, p25: 2.08, medianRatePerMile: 2.11, p75: 2.33 });
  });

  it("counts a load by the day it was booked, within the last 90 days", async () => {
    const at = (ms: number) => new Date(ms);
    await booked("CF10 1AA", "NE1 4ST", 500, 100, { acceptedAt: SINCE }); // the window's first instant
    await booked("CF10 1AA", "NE1 4ST", 500, 100, { acceptedAt: at(SINCE.getTime() - 60_000) }); // a minute before
    // posted long ago, booked last week: counts
    await booked("CF10 1AA", "NE1 4ST", 500, 100, { createdAt: at(NOW.getTime() - 200 * DAY), acceptedAt: at(NOW.getTime() - 7 * DAY) });
    // booked 100 days ago, completed last week: does not
    await booked("CF10 1AA", "NE1 4ST", 500, 100, { acceptedAt: at(NOW.getTime() - 100 * DAY), completedAt: at(NOW.getTime() - 7 * DAY) });
    // never booked (a completed load with no booking time) counts not either
    await booked("CF10 1AA", "NE1 4ST", 500, 100, { acceptedAt: null });
    expect(await rate("pickup=CF10&delivery=NE1")).toMatchObject({ count: 2, since: SINCE_DAY });

    // a day later the first day of the window has moved on
    clock.set(new Date(NOW.getTime() + DAY));
    try {
      expect(await rate("pickup=CF10&delivery=NE1")).toMatchObject({ count: 1, since: "2026-08-28" });
    } finally {
      clock.set(NOW);
    }
  });

  it("filters by equipment type when asked; all types otherwise", async () => {
    for (const price of [200, 220, 240]) await booked("G1 1AA", "S1 2BJ", price, 100);
    await booked("G1 1AA", "S1 2BJ", 900, 100, { equipmentType: "MOL" });
    await booked("G1 1AA", "S1 2BJ", 1000, 100, { equipmentType: "MOL" });

    expect(await rate("pickup=G1&delivery=S1")).toMatchObject({ count: 5, medianRatePerMile: 2.4, p25: 2.2, p75: 9 });
    expect(await rate("pickup=G1&delivery=S1&equipmentType=all")).toMatchObject({ count: 5, medianRatePerMile: 2.4 });
    expect(await rate("pickup=G1&delivery=S1&equipmentType=Flatbed")).toMatchObject({ count: 3, medianRatePerMile: 2.2, p25: 2.1, p75: 2.3 });
    expect(await rate("pickup=G1&delivery=S1&equipmentType=MOL")).toMatchObject({ count: 2, medianRatePerMile: null, p25: null, p75: null });
    expect(await rate("pickup=G1&delivery=S1&equipmentType=Curtain")).toMatchObject({ count: 0, medianRatePerMile: null });
  });

  it("leaves out loads that are not booked, and bookings with no distance or price", async () => {
    await booked("SW1A 1AA", "E1 6AN", 200, 100, { status: "accepted" });
    await booked("SW1A 1AA", "E1 6AN", 200, 100, { status: "approved" });
    await booked("SW1A 1AA", "E1 6AN", 200, 100, { status: "completed" });
    // cancelled after it was booked, or back on the board with a stale booking time: not booked
    await booked("SW1A 1AA", "E1 6AN", 9000, 100, { status: "cancelled" });
    await booked("SW1A 1AA", "E1 6AN", 9000, 100, { status: "available" });
    await booked("SW1A 1AA", "E1 6AN", 9000, 0);
    await booked("SW1A 1AA", "E1 6AN", 9000, null);
    await booked("SW1A 1AA", "E1 6AN", 0, 100);
    expect(await rate("pickup=SW1A&delivery=E1")).toMatchObject({ count: 3, medianRatePerMile: 2, p25: 2, p75: 2 });
  });

  it("never reveals a price below 3 bookings: two bookings → count 2 and every figure null", async () => {
    await booked("OX1 1AA", "RG1 1AA", 1234.56, 100);
    await booked("OX1 1AA", "RG1 1AA", 999.99, 100);
    const res = await ask("pickup=OX1&delivery=RG1");
    expect(res.json()).toEqual({ pickupArea: "OX", deliveryArea: "RG", count: 2, medianRatePerMile: null, p25: null, p75: null, since: SINCE_DAY });
    expect(res.body).not.toMatch(/12\.3|10\.0|11\.1/);
    expect(await rate("pickup=ZE1&delivery=HS1")).toEqual({ pickupArea: "ZE", deliveryArea: "HS", count: 0, medianRatePerMile: null, p25: null, p75: null, since: SINCE_DAY });
  });

  it("uses the price the carrier was paid: an awarded bid, and a third booking shows the figures at once", async () => {
    await booked("DE1 1AA", "NG1 1AA", 300, 100);
    await booked("DE1 1AA", "NG1 1AA", 500, 100);
    expect(await rate("pickup=DE1&delivery=NG1")).toMatchObject({ count: 2, medianRatePerMile: null });

    const load = await createLoad(t.app, { pickupZip: "DE1 1AA", deliveryZip: "NG1 1AA", price: 1000, distance: 100 });
    const bid = await t.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: rival.cookie }, payload: { loadId: load.id, bidAmount: 400 } });
    expect(bid.statusCode, bid.body).toBe(201);
    const award = await t.app.inject({ method: "POST", url: `/api/bids/${bid.json().id}/accept`, headers: { cookie: manager.cookie } });
    expect(award.statusCode, award.body).toBe(200);
    // listed at £10.00/mile, booked at the bid: £4.00/mile
    expect(await rate("pickup=DE1&delivery=NG1")).toMatchObject({ count: 3, medianRatePerMile: 4, p25: 3.5, p75: 4.5 });
  });

  describe("by load (the bid dialog: a carrier may not see the postcodes)", () => {
    it("gives the lane of a load the caller may see, with the load's equipment type, never its postcodes", async () => {
      const available = await createLoad(t.app, { pickupZip: "LS27 0QQ", deliveryZip: "B90 4XX", price: 50, distance: 10 });
      const res = await ask(`loadId=${available.id}`, rival);
      expect(res.statusCode).toBe(200);
      // the LS → B lane of the first test, Flatbed (the load's type)
      expect(res.json()).toEqual({ pickupArea: "LS", deliveryArea: "B", count: 5, medianRatePerMile: 2.1, p25: 2, p75: 2.4, since: SINCE_DAY });
      expect(res.body).not.toMatch(/LS27|0QQ|B90|4XX/);

      const mol = await createLoad(t.app, { pickupZip: "G2 1AA", deliveryZip: "S10 1AA", equipmentType: "MOL" });
      expect(await rate(`loadId=${mol.id}`, carrier)).toMatchObject({ count: 2, medianRatePerMile: null });
      expect(await rate(`loadId=${mol.id}&equipmentType=all`, carrier)).toMatchObject({ count: 5, medianRatePerMile: 2.4 });
    });

    it("404 for a load the caller may not know exists; staff may ask about any load", async () => {
      const theirs = await booked("LS1 4AP", "B5 7QU", 1, 1, { status: "accepted", acceptedAt: new Date(NOW.getTime() - 400 * DAY) });
      const cancelled = await createLoad(t.app, { status: "cancelled", pickupZip: "LS1 4AP", deliveryZip: "B5 7QU" });
      expect((await ask(`loadId=${theirs.id}`, carrier)).statusCode).toBe(200);
      expect((await ask(`loadId=${theirs.id}`, rival)).statusCode).toBe(404);
      expect((await ask(`loadId=${cancelled.id}`, carrier)).statusCode).toBe(404);
      expect((await ask(`loadId=${cancelled.id}`, manager)).json()).toMatchObject({ pickupArea: "LS", deliveryArea: "B", count: 5 });
      expect((await ask("loadId=00000000-0000-4000-8000-000000000000", manager)).statusCode).toBe(404);
    });

    it("409 for a load with no postcode to find its lane by", async () => {
      const old = await createLoad(t.app, { pickupZip: null });
      const res = await ask(`loadId=${old.id}`, manager);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "This load has no postcodes to find its lane by" });
    });
  });

  it("signed out: 401", async () => {
    expect((await ask("pickup=LS1&delivery=B5", null)).statusCode).toBe(401);
  });

  it("400 with the contract's error body for a bad or missing postcode, equipment type or load id", async () => {
    const bad = async (query: string, details: { path: string; message: string }[]) => {
      const res = await ask(query, carrier);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: details[0].message, details });
    };
    await bad("pickup=HELLO&delivery=B5", [{ path: "pickup", message: "Please enter a valid UK postcode" }]);
    await bad("pickup=LS1&delivery=12345", [{ path: "delivery", message: "Please enter a valid UK postcode" }]);
    await bad("pickup=LS1", [{ path: "delivery", message: "Delivery postcode is required" }]);
    await bad("", [
      { path: "pickup", message: "Pickup postcode is required" },
      { path: "delivery", message: "Delivery postcode is required" },
    ]);
    await bad("pickup=&delivery=B5", [{ path: "pickup", message: "Pickup postcode is required" }]);
    await bad(`pickup=${"L".repeat(5000)}&delivery=B5`, [{ path: "pickup", message: "Please enter a valid UK postcode" }]);
    await bad("pickup=LS1&delivery=B5&loadId=00000000-0000-4000-8000-000000000000", [
      { path: "loadId", message: "Ask for a lane by its two postcodes or by a load, not both" },
    ]);
    expect((await ask("loadId=42", carrier)).statusCode).toBe(400);
    expect((await ask("pickup=LS1&delivery=B5&equipmentType=Lorry", carrier)).statusCode).toBe(400);
    expect((await ask("pickup=LS1&pickup=LS2&delivery=B5", carrier)).statusCode).toBe(400);
  });
});
