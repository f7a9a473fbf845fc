// Staff correcting a stop (PUT /api/loads/{id}/stops/{stop}) with its line in the
// load's history; stops cleared when the load is handed back; the stop_recorded
// notices; the stop.recorded webhook; the 30-day sweep of positions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ENGINES, eventually, TestClock, type TestApp } from "../../../../test/helpers";
import { notifications, stopPositions } from "../../db/schema";
import { STOP_MSG } from "../../../contract/schemas/claim";
import { startReceiver } from "../integrations/webhooks/webhook-test-support";
import { sweepStopPositions } from "./stop-positions-sweep";
import { caller, expectStatus, LS1, makeWorld, type World } from "./stops-test-support";

const NOW = new Date("2026-11-24T12:00:00Z");
const MIN = 60_000;
const DAY = 86_400_000;

describe.each(ENGINES)("stop corrections, hand-back, notices and webhooks on %s", (engine) => {
  let t: TestApp;
  let w: World;
  const clock = new TestClock(NOW);
  const call = caller(() => t);
  const post = (loadId: string, stop: string, kind: string, cookie: string, body: unknown = {}) => call("POST", `/api/loads/${loadId}/stops/${stop}/${kind}`, cookie, body);
  const put = (loadId: string, stop: string, cookie: string, body: unknown) => call("PUT", `/api/loads/${loadId}/stops/${stop}`, cookie, body);
  const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
  const noticesOf = (userId: string, loadId: string) =>
    t.app.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, "stop_recorded"), eq(notifications.loadId, loadId)));

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { webhookAllowPrivate: true } });
    w = await makeWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("staff correct a stop: evidence becomes staff, and the history names the old and new times and the reason", async () => {
    const load = await w.booked();
    expectStatus(await post(load.id, "delivery", "arrival", w.member.cookie, { at: "2026-11-24T09:00:00Z", position: { lat: 51.45324, lng: -2.59381, accuracyM: 10 } }), 200);
    const res = await put(load.id, "delivery", w.staff.cookie, { arrivedAt: "2026-11-24T08:30:00Z", departedAt: "2026-11-24T11:45:00Z", reason: "Gate log from the site" });
    expectStatus(res, 200);
    expect(res.json().delivery).toEqual({ arrivedAt: "2026-11-24T08:30:00.000Z", departedAt: "2026-11-24T11:45:00.000Z", evidence: "staff" });
    const history = (await call("GET", `/api/loads/${load.id}/events`, w.staff.cookie)).json() as { action: string; reason: string; actorName: string }[];
    const line = history.find((h) => h.action === "delivery-stop-corrected");
    expect(line?.reason).toBe("Arrived Tue 24 Nov 2026, 09:00 → Tue 24 Nov 2026, 08:30; departed not recorded → Tue 24 Nov 2026, 11:45. Reason: Gate log from the site");
    expect(line?.actorName).toBeTruthy();
    // the carrier sees the corrected times and the word, never the history
    const carrier = (await call("GET", `/api/loads/${load.id}`, w.member.cookie)).json();
    expect(carrier.stops.delivery.evidence).toBe("staff");
    expectStatus(await call("GET", `/api/loads/${load.id}/events`, w.member.cookie), 403);
  });

  it("corrections keep the rules: a reason, order, no departure alone, not the future, staff only, booked only", async () => {
    const load = await w.booked();
    const body = { arrivedAt: ago(60 * MIN), departedAt: ago(30 * MIN), reason: "Phone was flat" };
    expectStatus(await put(load.id, "pickup", w.member.cookie, body), 403);
    expectStatus(await put(load.id, "pickup", w.staff.cookie, { ...body, reason: " " }), 400, "Please give a reason for the correction");
    expectStatus(await put(load.id, "pickup", w.staff.cookie, { ...body, departedAt: ago(61 * MIN) }), 400, STOP_MSG.departureBeforeArrival);
    expectStatus(await put(load.id, "pickup", w.staff.cookie, { ...body, arrivedAt: null }), 400, STOP_MSG.noArrival);
    expectStatus(await put(load.id, "pickup", w.staff.cookie, { ...body, departedAt: new Date(NOW.getTime() + 3 * MIN).toISOString() }), 400, STOP_MSG.future);
    expectStatus(await put(load.id, "lunch", w.staff.cookie, body), 404);
    expectStatus(await put(load.id, "pickup", w.staff.cookie, body), 200);
    expectStatus(await put(load.id, "delivery", w.staff.cookie, { arrivedAt: ago(31 * MIN), departedAt: null, reason: "x" }), 400, STOP_MSG.deliveryBeforePickup);
    expectStatus(await put(load.id, "delivery", w.staff.cookie, { arrivedAt: ago(30 * MIN), departedAt: null, reason: "x" }), 200);
    // clearing a stop's times is a correction too
    const cleared = await put(load.id, "delivery", w.staff.cookie, { arrivedAt: null, departedAt: null, reason: "Entered on the wrong load" });
    expect(cleared.json().delivery).toEqual({ arrivedAt: null, departedAt: null, evidence: null });
    const accepted = await w.booked({ status: "accepted", mandataNumber: null });
    expectStatus(await put(accepted.id, "pickup", w.staff.cookie, body), 409, STOP_MSG.notBooked);
  });

  it("a load handed back starts clean: its stops and positions go, in the reset's transaction", async () => {
    const load = await w.booked();
    expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie, { at: ago(10 * MIN), position: { ...LS1, accuracyM: 5 } }), 200);
    expectStatus(await call("PATCH", `/api/loads/${load.id}/reset-to-available`, w.staff.cookie), 200);
    expect(await t.app.ctx.db.select().from(stopPositions).where(eq(stopPositions.loadId, load.id))).toHaveLength(0);
    const staffView = (await call("GET", `/api/loads/${load.id}`, w.staff.cookie)).json();
    expect(staffView.status).toBe("available");
    expect(staffView).not.toHaveProperty("stops");
    expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie), 404);
  });

  it("stop_recorded: staff hear of a carrier's time, the company's members of staff's; never the one who acted", async () => {
    const load = await w.booked();
    expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie, { at: ago(20 * MIN) }), 200);
    const [toStaff] = await noticesOf(w.staff.id, load.id);
    expect(toStaff?.title).toBe(`${load.loadNumber}: arrived at pickup`);
    expect(toStaff?.body).toContain("Tue 24 Nov 2026, 11:40");
    expect(toStaff?.body).toContain("Declared");
    expect(await noticesOf(w.member.id, load.id)).toHaveLength(0);
    expect(await noticesOf(w.colleague.id, load.id)).toHaveLength(0);

    // the colleague turns the email off: the bell still tells them
    expectStatus(await call("PUT", "/api/notification-preferences", w.colleague.cookie, { email: { stop_recorded: false } }), 200);
    expectStatus(await put(load.id, "pickup", w.staff.cookie, { arrivedAt: ago(25 * MIN), departedAt: ago(5 * MIN), reason: "Weighbridge ticket" }), 200);
    for (const member of [w.member, w.colleague]) {
      const got = await noticesOf(member.id, load.id);
      expect(got.map((n) => n.title)).toEqual([`${load.loadNumber}: pickup times corrected`]);
    }
    expect(await noticesOf(w.outsider.id, load.id)).toHaveLength(0);
    expect(await noticesOf(w.staff.id, load.id)).toHaveLength(1);
    // and by email, to a member who has not turned it off
    const subject = `${load.loadNumber}: pickup times corrected`;
    const mailed = () => t.sink.messages.filter((m) => m.subject?.includes(subject));
    await eventually(async () => mailed().length >= 1, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailed().map((m) => m.to && "text" in m.to ? m.to.text : "")).toEqual([expect.stringContaining(w.member.email)]);
  });

  it("the stop.recorded webhook carries the stop's times and evidence, never the position", async () => {
    const rx = await startReceiver();
    try {
      const made = await call("POST", "/api/admin/webhooks", w.staff.cookie, { url: rx.url, events: ["stop.recorded"] });
      expectStatus(made, 201);
      const load = await w.booked();
      const position = { lat: 53.812345, lng: -1.554321, accuracyM: 7 };
      expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie, { at: ago(15 * MIN), position }), 200);
      const [got] = await rx.waitFor((r) => r.length >= 1, 10_000);
      const body = JSON.parse(got.body);
      expect(body).toMatchObject({
        type: "stop.recorded",
        data: { loadId: load.id, loadNumber: load.loadNumber, stop: "pickup", kind: "arrival", companyId: w.companyId, arrivedAt: ago(15 * MIN), departedAt: null, evidence: "position" },
      });
      expect(got.body).not.toContain("53.812345");
    } finally {
      await rx.close();
    }
  });

  it("positions older than 30 days are swept; younger ones stay", async () => {
    const load = await w.booked();
    expectStatus(await post(load.id, "pickup", "arrival", w.member.cookie, { at: ago(10 * MIN), position: { ...LS1, accuracyM: 5 } }), 200);
    await t.app.ctx.db.insert(stopPositions).values({ loadId: load.id, stop: "pickup", kind: "departure", lat: 1, lng: 1, accuracyM: 1, createdAt: new Date(NOW.getTime() - 30 * DAY - 1000) });
    expect(await sweepStopPositions(t.app.ctx, NOW)).toBeGreaterThanOrEqual(1);
    const left = await t.app.ctx.db.select().from(stopPositions).where(eq(stopPositions.loadId, load.id));
    expect(left.map((p) => p.kind)).toEqual(["arrival"]);
    // the job runner's watch sweeps by itself once the clock moves past the keeping period
    clock.advance(30 * DAY + MIN);
    try {
      await eventually(async () => (await t.app.ctx.db.select().from(stopPositions).where(eq(stopPositions.loadId, load.id))).length === 0, 5_000);
    } finally {
      clock.set(NOW);
    }
    const stops = (await call("GET", `/api/loads/${load.id}`, w.staff.cookie)).json().stops;
    expect(stops.pickup.evidence).toBe("position");
  });
});
