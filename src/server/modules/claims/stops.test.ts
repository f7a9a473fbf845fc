// Recording arrival and departure at a booked load's stops (POST
// /api/loads/{id}/stops/{stop}/arrival|departure): who may, the time rules, twice,
// the evidence at its boundaries, `stops` on the load's details and concurrency.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { stopPositions, waitingTimeSettings } from "../../db/schema";
import { STOP_MSG } from "../../../contract/schemas/claim";
import { caller, expectStatus, LS1, makeWorld, northOf, stranger, type World } from "./stops-test-support";

const NOW = new Date("2026-11-24T12:00:00Z");
const MIN = 60_000;

describe.each(ENGINES)("stops on %s", (engine) => {
  let t: TestApp;
  let w: World;
  const clock = new TestClock(NOW);
  const call = caller(() => t);
  const post = (loadId: string, stop: string, kind: string, cookie: string, body: unknown = {}) => call("POST", `/api/loads/${loadId}/stops/${stop}/${kind}`, cookie, body);
  const iso = (msAgo: number) => new Date(NOW.getTime() - msAgo).toISOString();

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    w = await makeWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a member records arrival and departure (200), times default to the server's clock, and both show on the load", async () => {
    const load = await w.booked();
    const arrived = await post(load.id, "pickup", "arrival", w.member.cookie, {});
    expectStatus(arrived, 200);
    expect(arrived.json()).toMatchObject({ stop: "pickup", kind: "arrival", at: NOW.toISOString(), evidence: "declared" });
    const left = await post(load.id, "pickup", "departure", w.colleague.cookie, { at: iso(-30 * 1000) });
    expectStatus(left, 200);
    expect(left.json().stops.pickup).toEqual({ arrivedAt: NOW.toISOString(), departedAt: NOW.toISOString(), evidence: "declared" });
    const detail = await call("GET", `/api/loads/${load.id}`, w.member.cookie);
    expect(detail.json().stops).toEqual({
      pickup: { arrivedAt: NOW.toISOString(), departedAt: NOW.toISOString(), evidence: "declared" },
      delivery: { arrivedAt: null, departedAt: null, evidence: null },
    });
  });

  it("twice → 409 with the contract's words; departure with no arrival → 409", async () => {
    const load = await w.booked();
    expectStatus(await post(load.id, "delivery", "departure", w.member.cookie, { at: iso(60 * MIN) }), 409, STOP_MSG.noArrival);
    expectStatus(await post(load.id, "delivery", "arrival", w.member.cookie, { at: iso(60 * MIN) }), 200);
    expectStatus(await post(load.id, "delivery", "arrival", w.member.cookie, { at: iso(50 * MIN) }), 409, STOP_MSG.alreadyArrived);
    expectStatus(await post(load.id, "delivery", "departure", w.member.cookie, { at: iso(10 * MIN) }), 200);
    expectStatus(await post(load.id, "delivery", "departure", w.staff.cookie, { at: iso(5 * MIN) }), 409, STOP_MSG.alreadyDeparted);
  });

  it("the future → 400; up to two minutes ahead is taken as now", async () => {
    const load = await w.booked();
    expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie, { at: iso(-2 * MIN - 1000) }), 400, STOP_MSG.future);
    const skewed = await post(load.id, "pickup", "arrival", w.member.cookie, { at: iso(-2 * MIN) });
    expectStatus(skewed, 200);
    expect(skewed.json().at).toBe(NOW.toISOString());
    expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie, { at: "yesterday" }), 400);
  });

  it("departure before arrival → 400; delivery arrival before the pickup departure → 400; equal times pass", async () => {
    const load = await w.booked();
    expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie, { at: iso(300 * MIN) }), 200);
    expectStatus(await post(load.id, "pickup", "departure", w.member.cookie, { at: iso(301 * MIN) }), 400, STOP_MSG.departureBeforeArrival);
    expectStatus(await post(load.id, "pickup", "departure", w.member.cookie, { at: iso(200 * MIN) }), 200);
    expectStatus(await post(load.id, "delivery", "arrival", w.member.cookie, { at: iso(201 * MIN) }), 400, STOP_MSG.deliveryBeforePickup);
    expectStatus(await post(load.id, "delivery", "arrival", w.member.cookie, { at: iso(200 * MIN) }), 200);
  });

  it("a pickup departure after the delivery arrival → 400 (the order holds whichever is recorded first)", async () => {
    const load = await w.booked();
    expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie, { at: iso(300 * MIN) }), 200);
    expectStatus(await post(load.id, "delivery", "arrival", w.member.cookie, { at: iso(100 * MIN) }), 200);
    expectStatus(await post(load.id, "pickup", "departure", w.member.cookie, { at: iso(99 * MIN) }), 400, STOP_MSG.deliveryBeforePickup);
  });

  it("someone else's load → 404 (as a load that does not exist); an unknown stop or kind → 404; signed out → 401", async () => {
    const load = await w.booked();
    const lone = await stranger(t);
    for (const cookie of [w.outsider.cookie, lone.cookie]) {
      expectStatus(await post(load.id, "pickup", "arrival", cookie), 404);
      expectStatus(await call("GET", `/api/loads/${load.id}/stops/positions`, cookie), 403);
    }
    expectStatus(await post(load.id, "lunch", "arrival", w.member.cookie), 404);
    expectStatus(await post(load.id, "pickup", "nap", w.member.cookie), 404);
    expectStatus(await post("00000000-0000-4000-8000-000000000000", "pickup", "arrival", w.staff.cookie), 404);
    expectStatus(await t.app.inject({ method: "POST", url: `/api/loads/${load.id}/stops/pickup/arrival`, payload: {} }), 401);
  });

  it("not booked → 409: available, accepted (not yet approved), completed beyond the claim window (claim_days read from the settings)", async () => {
    const available = await w.booked({ status: "available", acceptedBy: null, acceptedByCarrier: null, mandataNumber: null });
    expectStatus(await post(available.id, "pickup", "arrival", w.staff.cookie), 409, STOP_MSG.notBooked);
    const accepted = await w.booked({ status: "accepted", mandataNumber: null });
    expectStatus(await post(accepted.id, "pickup", "arrival", w.member.cookie), 409, STOP_MSG.notBooked);
    expect((await call("GET", `/api/loads/${accepted.id}`, w.member.cookie)).json()).not.toHaveProperty("stops");

    const day = 86_400_000;
    const within = await w.booked({ status: "completed", completedAt: new Date(NOW.getTime() - 7 * day) });
    const beyond = await w.booked({ status: "completed", completedAt: new Date(NOW.getTime() - 7 * day - 1000) });
    expectStatus(await post(within.id, "pickup", "arrival", w.member.cookie, { at: iso(8 * day) }), 200);
    expectStatus(await post(beyond.id, "pickup", "arrival", w.member.cookie, { at: iso(8 * day) }), 409, STOP_MSG.notBooked);
    expect((await call("GET", `/api/loads/${beyond.id}`, w.staff.cookie)).json()).not.toHaveProperty("stops");
    await t.app.ctx.db.update(waitingTimeSettings).set({ claimDays: 10 }).where(eq(waitingTimeSettings.id, 1));
    try {
      expectStatus(await post(beyond.id, "pickup", "arrival", w.member.cookie, { at: iso(8 * day) }), 200);
    } finally {
      await t.app.ctx.db.update(waitingTimeSettings).set({ claimDays: 7 }).where(eq(waitingTimeSettings.id, 1));
    }
  });

  it("evidence: position at accuracy 1,000 m and 9.9 miles; declared at 1,001 m, at 10.1 miles, or with no position; staff entries are staff", async () => {
    const cases: [{ lat: number; lng: number; accuracyM: number } | undefined, string][] = [
      [{ ...LS1, accuracyM: 1000 }, "position"],
      [{ ...LS1, accuracyM: 1001 }, "declared"],
      [{ ...northOf(LS1, 9.9), accuracyM: 20 }, "position"],
      [{ ...northOf(LS1, 10.1), accuracyM: 20 }, "declared"],
      [undefined, "declared"],
    ];
    for (const [position, evidence] of cases) {
      const load = await w.booked();
      const res = await post(load.id, "pickup", "arrival", w.member.cookie, position ? { position } : {});
      expectStatus(res, 200);
      expect(res.json().evidence, JSON.stringify(position)).toBe(evidence);
      const kept = await t.app.ctx.db.select().from(stopPositions).where(eq(stopPositions.loadId, load.id));
      expect(kept).toHaveLength(position ? 1 : 0);
    }
    // delivery is judged against the delivery postcode (BS1), not the pickup's
    const load = await w.booked();
    expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie, { at: iso(60 * MIN) }), 200);
    expectStatus(await post(load.id, "pickup", "departure", w.member.cookie, { at: iso(50 * MIN) }), 200);
    const atLeeds = await post(load.id, "delivery", "arrival", w.member.cookie, { position: { ...LS1, accuracyM: 5 } });
    expect(atLeeds.json().evidence).toBe("declared");
    const byStaff = await post(load.id, "delivery", "departure", w.staff.cookie, { position: { lat: 51.45324, lng: -2.59381, accuracyM: 5 } });
    expect(byStaff.json()).toMatchObject({ evidence: "staff", stops: { delivery: { evidence: "declared" } } });
  });

  it("positions: staff read them; they never reach a carrier's answers", async () => {
    const load = await w.booked();
    const position = { ...northOf(LS1, 1), accuracyM: 12 };
    const res = await post(load.id, "pickup", "arrival", w.member.cookie, { position });
    expectStatus(res, 200);
    expect(res.body).not.toContain(String(position.lat));
    const staffView = await call("GET", `/api/loads/${load.id}/stops/positions`, w.staff.cookie);
    expectStatus(staffView, 200);
    expect(staffView.json()).toEqual([
      expect.objectContaining({ stop: "pickup", kind: "arrival", lat: position.lat, lng: position.lng, accuracyM: 12, createdAt: NOW.toISOString() }),
    ]);
    expect(staffView.json()[0].distanceMiles).toBeCloseTo(1, 6);
    expectStatus(await call("GET", `/api/loads/${load.id}/stops/positions`, w.member.cookie), 403);
    const carrierDetail = await call("GET", `/api/loads/${load.id}`, w.member.cookie);
    expect(carrierDetail.body).not.toContain(String(position.lat));
    expect(carrierDetail.json().stops.pickup.evidence).toBe("position");
  });

  it("`stops` on the details: staff and the holding company only", async () => {
    const load = await w.booked();
    expect((await call("GET", `/api/loads/${load.id}`, w.staff.cookie)).json()).toHaveProperty("stops");
    expect((await call("GET", `/api/loads/${load.id}`, w.colleague.cookie)).json()).toHaveProperty("stops");
    const available = await w.booked({ status: "available", acceptedBy: null, acceptedByCarrier: null, mandataNumber: null });
    const seen = await call("GET", `/api/loads/${available.id}`, w.outsider.cookie);
    expectStatus(seen, 200);
    expect(seen.json()).not.toHaveProperty("stops");
    expect((await call("GET", `/api/loads/${available.id}`, w.staff.cookie)).json()).not.toHaveProperty("stops");
  });

  it("two arrivals at once: one is recorded (200), the other 409", async () => {
    const load = await w.booked();
    const both = await Promise.all([post(load.id, "pickup", "arrival", w.member.cookie, { at: iso(5 * MIN) }), post(load.id, "pickup", "arrival", w.colleague.cookie, { at: iso(4 * MIN) })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const detail = (await call("GET", `/api/loads/${load.id}`, w.staff.cookie)).json();
    const winner = both.find((r) => r.statusCode === 200)!.json();
    expect(detail.stops.pickup.arrivedAt).toBe(winner.at);
  });
});
