// Stale loads leave. An available load whose pickup day (UK time) has
// ended is expired: derived from the app clock, with no job and no write, so the
// board's caches and ETags must change by themselves when UK midnight passes.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { bids } from "../../db/schema";
import type { Load } from "../../../contract/schemas/load";

type Session = Awaited<ReturnType<typeof signedIn>>;
const NOT_AVAILABLE = { error: "Load is no longer available" };

describe.each(ENGINES)("expired loads on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-30T12:00:00Z"));
  let manager: Session;
  let carrier: Session;
  let bidder: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    manager = await signedIn(t.app, { role: "manager" });
    carrier = await signedIn(t.app, { carrierName: "Expiry Haulage" });
    bidder = await signedIn(t.app, { carrierName: "Late Bidder Ltd" });
  });
  afterAll(() => t?.close());

  const get = (url: string, s: Session, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { cookie: s.cookie, ...headers } });
  const ids = (res: { json(): unknown }) => (res.json() as Load[]).map((l) => l.id);
  const available = async (s: Session) => (await get("/api/stats", s)).json().available as number;
  /** a marker in the pickup city, so each case lists its own loads */
  const tag = () => `Exp${randomUUID().slice(0, 6)}`;

  it("at UK midnight (GMT) a load picked up that day leaves the carrier board, its count and its cached page; the ETag changes", async () => {
    clock.set("2026-11-30T23:59:00Z");
    const m = tag();
    const today = await createLoad(t.app, { pickupCity: `${m} Leeds`, pickupDate: new Date("2026-11-30T09:00:00Z") });
    const tomorrow = await createLoad(t.app, { pickupCity: `${m} York`, pickupDate: new Date("2026-12-01T09:00:00Z") });
    const url = `/api/loads?search=${m}`;
    const before = await get(url, carrier);
    expect(ids(before).sort()).toEqual([today.id, tomorrow.id].sort());
    expect(before.headers["x-total-count"]).toBe("2");
    // a second read fills the caches; nothing is written to any load from here on
    expect((await get(url, carrier, { "if-none-match": String(before.headers.etag) })).statusCode).toBe(304);
    const countBefore = await available(carrier);

    clock.set("2026-12-01T00:00:00Z");
    const after = await get(url, carrier, { "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(ids(after)).toEqual([tomorrow.id]);
    expect(after.headers["x-total-count"]).toBe("1");
    expect(await available(carrier)).toBe(countBefore - 1);
    expect(await available(manager)).toBe(countBefore - 1);
  });

  it("in BST the UK day ends at 23:00 UTC", async () => {
    clock.set("2026-06-16T22:59:00Z");
    const m = tag();
    // 00:30 on Tuesday 16 June in London
    const load = await createLoad(t.app, { pickupCity: `${m} Leeds`, pickupDate: new Date("2026-06-15T23:30:00Z") });
    const carrierNow = await signedIn(t.app, { carrierName: "Summer Haulage" });
    expect(ids(await get(`/api/loads?search=${m}`, carrierNow))).toEqual([load.id]);
    clock.set("2026-06-16T23:00:00Z");
    expect(ids(await get(`/api/loads?search=${m}`, carrierNow))).toEqual([]);
    clock.set("2026-12-01T00:00:00Z");
  });

  it("accepting, bidding on or awarding a bid on an expired load → 409 'Load is no longer available'", async () => {
    clock.set("2026-12-01T08:00:00Z");
    const load = await createLoad(t.app, { pickupDate: new Date("2026-11-30T09:00:00Z") });
    const accept = await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/accept`, headers: { cookie: carrier.cookie }, payload: {} });
    expect([accept.statusCode, accept.json()]).toEqual([409, NOT_AVAILABLE]);
    const bid = await t.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: bidder.cookie }, payload: { loadId: load.id, bidAmount: 900 } });
    expect([bid.statusCode, bid.json()]).toEqual([409, NOT_AVAILABLE]);
    // a bid placed before midnight cannot be awarded after it
    const [pending] = await t.app.ctx.db.insert(bids).values({ loadId: load.id, carrierId: bidder.user.id, bidAmount: 950, status: "pending" }).returning();
    const award = await t.app.inject({ method: "POST", url: `/api/bids/${pending.id}/accept`, headers: { cookie: manager.cookie } });
    expect([award.statusCode, award.json()]).toEqual([409, NOT_AVAILABLE]);
    // the carrier who had it open may still read it, and is told why
    const detail = await get(`/api/loads/${load.id}`, carrier);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ status: "available", expired: true });
  });

  it("staff still list it with expired: true, filter on Expired, and re-offer it by editing its dates", async () => {
    clock.set("2026-12-01T08:00:00Z");
    const m = tag();
    const stale = await createLoad(t.app, { pickupCity: `${m} Leeds`, pickupDate: new Date("2026-11-28T09:00:00Z"), deliveryDate: new Date("2026-11-28T15:00:00Z") });
    const live = await createLoad(t.app, { pickupCity: `${m} York`, pickupDate: new Date("2026-12-01T09:00:00Z") });
    const taken = await createLoad(t.app, { pickupCity: `${m} Hull`, status: "accepted", acceptedBy: carrier.user.id, acceptedByCarrier: "Expiry Haulage", pickupDate: new Date("2026-11-20T09:00:00Z") });
    const all = (await get(`/api/loads?search=${m}`, manager)).json() as Load[];
    expect(Object.fromEntries(all.map((l) => [l.id, l.expired]))).toEqual({ [stale.id]: true, [live.id]: false, [taken.id]: false });
    expect(ids(await get(`/api/loads?search=${m}&status=expired`, manager))).toEqual([stale.id]);
    expect(ids(await get(`/api/loads?search=${m}&status=available`, manager))).toEqual([live.id]);
    expect(ids(await get(`/api/loads?search=${m}&status=expired,accepted`, manager)).sort()).toEqual([stale.id, taken.id].sort());
    // a carrier's own taken load from last week is still theirs to see; the stale one is not on their board
    expect(ids(await get(`/api/loads?search=${m}`, carrier)).sort()).toEqual([live.id, taken.id].sort());
    expect(ids(await get(`/api/loads?search=${m}&status=expired`, carrier))).toEqual([]);

    const reoffer = await t.app.inject({
      method: "PUT",
      url: `/api/loads/${stale.id}`,
      headers: { cookie: manager.cookie },
      payload: { pickupCity: `${m} Leeds`, deliveryCity: "Bristol", price: 1200, pickupDate: "2026-12-02T09:00:00.000Z", deliveryDate: "2026-12-02T15:00:00.000Z" },
    });
    expect(reoffer.statusCode).toBe(200);
    expect(reoffer.json()).toMatchObject({ status: "available", expired: false });
    expect(ids(await get(`/api/loads?search=${m}`, carrier))).toContain(stale.id);
    const accept = await t.app.inject({ method: "PATCH", url: `/api/loads/${stale.id}/accept`, headers: { cookie: carrier.cookie }, payload: {} });
    expect(accept.statusCode).toBe(200);
  });

  it("the available-loads email leaves out loads whose pickup day has ended", async () => {
    clock.set("2026-12-02T23:59:00Z");
    const m = tag();
    await createLoad(t.app, { pickupCity: `${m} Leeds`, pickupDate: new Date("2026-12-02T09:00:00Z") });
    await createLoad(t.app, { pickupCity: `${m} York`, pickupDate: new Date("2026-12-03T09:00:00Z") });
    const send = () => t.app.inject({ method: "POST", url: "/api/admin/send-available-loads-email", headers: { cookie: manager.cookie } }).then((r) => r.json());
    const before = await send();
    await t.jobs?.drain();
    expect(t.sink.messages.at(-1)!.text).toContain(`${m} Leeds`);
    t.sink.messages.length = 0;
    clock.set("2026-12-03T00:00:00Z");
    const after = await send();
    expect(after.totalLoads).toBe(before.totalLoads - 1);
    await t.jobs?.drain();
    expect(t.sink.messages.length).toBeGreaterThan(0);
    for (const mail of t.sink.messages) {
      expect(mail.text).toContain(`${m} York`);
      expect(mail.text).not.toContain(`${m} Leeds`);
    }
  });
});
