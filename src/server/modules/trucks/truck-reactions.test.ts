// Trucks and the event log: a load posted that fits an open truck tells the truck's
// company once (truck_offer, in the app and by email, marked as a match), across
// repeats and processes; staff's offer does the same unmarked; a member booking a load
// their open truck fits books the truck; a booking names up to three return loads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, eventually, type TestApp } from "../../../../test/helpers";
import { postgresOnly } from "../../../../test/skips";
import { buildApp } from "../../app";
import { startJobRunner } from "../jobs/job-runner";
import { queueJobs } from "../jobs/jobs.service";
import { domainEvents, notifications, truckMatches } from "../../db/schema";
import type { Truck } from "../../../contract/schemas/truck";
import { MONDAY, loadAt, truckWorld, trucksApi } from "./trucks-test-support";
import { TRUCK_MATCH_JOB } from "./truck-reactions";

describe.each(ENGINES)("truck reactions (%s)", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date(MONDAY));
  let w: Awaited<ReturnType<typeof truckWorld>>;
  let api: ReturnType<typeof trucksApi>;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    w = await truckWorld(t.app);
    api = trucksApi(t.app);
  });
  afterAll(() => t.close());

  const loadInput = (over: object = {}) => ({
    pickupCity: "Leeds",
    pickupZip: "LS2 7HY",
    pickupAddress: "1 Secret Street",
    pickupContact: "Pat 0113 496 0000",
    pickupDate: "2026-11-26T09:00:00.000Z",
    deliveryCity: "Bristol",
    deliveryZip: "BS1 4DJ",
    deliveryAddress: "2 Hidden Wharf",
    deliveryDate: "2026-11-26T15:00:00.000Z",
    weight: 12000,
    distance: 200,
    price: 1200,
    equipmentType: "Flatbed",
    ...over,
  });
  const post = async (over: object = {}) => {
    const res = await t.app.inject({ method: "POST", url: "/api/loads", headers: { cookie: w.staff.cookie }, payload: loadInput(over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; loadNumber: string };
  };
  const noticesOf = (userId: string, type: "truck_offer" | "return_loads", loadId?: string) =>
    t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type), loadId ? eq(notifications.loadId, loadId) : undefined));
  /** the bell's answer (the contract's shape), for the load */
  const bellItem = async (cookie: string, loadId: string) =>
    ((await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie } })).json() as { items: { type: string; loadId: string | null; data?: unknown }[] }).items.find((i) => i.type === "truck_offer" && i.loadId === loadId);
  const mailTo = (email: string, loadNumber: string) => t.sink.messages.filter((m) => JSON.stringify(m.to ?? "").includes(email) && m.subject?.includes(loadNumber));
  const offeredEvents = async (loadId: string) =>
    (await t.app.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.type, "truck.offered"), eq(domainEvents.loadId, loadId)))).map((e) => e.data as { truckId: string; match: boolean });

  let truck: Truck;
  let rivalTruck: Truck;

  it("a load posted that fits an open truck: each member of its company hears once, in the app and by email, marked as a match; another company's truck that it does not fit hears nothing", async () => {
    truck = await api.posted(w.alice.cookie, { availableOn: "2026-11-26", availableUntil: "2026-11-27" });
    rivalTruck = await api.posted(w.bob.cookie, { originPostcode: "M1" });
    const load = await post();
    await eventually(async () => (await noticesOf(w.alice.user.id, "truck_offer", load.id)).length > 0 && (await noticesOf(w.amir.user.id, "truck_offer", load.id)).length > 0, 60_000);
    await eventually(async () => mailTo(w.alice.user.email, load.loadNumber).length > 0, 30_000);
    const [n] = await noticesOf(w.alice.user.id, "truck_offer", load.id);
    expect(n.title).toBe(`New load ${load.loadNumber} matches your truck in LS1`);
    expect(n.body).toContain("Leeds → Bristol, pickup Thu 26 Nov 2026, £1,200.00, Flatbed");
    expect(n.body).toContain("your truck free in LS1 from Thu 26 Nov 2026 to Fri 27 Nov 2026");
    for (const secret of ["LS2 7HY", "1 Secret Street", "Pat 0113", "BS1 4DJ", "2 Hidden Wharf"]) expect(`${n.title} ${n.body}`).not.toContain(secret);
    expect(await offeredEvents(load.id)).toEqual([{ truckId: truck.id, companyId: w.acme.id, match: true }]);
    expect((await bellItem(w.alice.cookie, load.id))?.data).toEqual({ match: true });
    expect(await noticesOf(w.bob.user.id, "truck_offer", load.id)).toHaveLength(0);
    await t.jobs!.drain();
    expect(await noticesOf(w.alice.user.id, "truck_offer", load.id)).toHaveLength(1);
    expect(mailTo(w.alice.user.email, load.loadNumber)).toHaveLength(1);
  });

  it("a load that does not fit (another equipment, too heavy, another day) tells no one", async () => {
    const loads = [await post({ equipmentType: "Curtain" }), await post({ weight: 25000 }), await post({ pickupDate: "2026-11-28T09:00:00.000Z", deliveryDate: "2026-11-28T15:00:00.000Z" })];
    await t.jobs!.drain();
    for (const l of loads) expect(await noticesOf(w.alice.user.id, "truck_offer", l.id)).toHaveLength(0);
  });

  it("a member who turned truck_offer emails off still sees it in the app, and gets no email", async () => {
    const off = await t.app.inject({ method: "PUT", url: "/api/notification-preferences", headers: { cookie: w.amir.cookie }, payload: { email: { truck_offer: false } } });
    expect(off.statusCode, off.body).toBeLessThan(300);
    const load = await post({ pickupZip: "LS1 1BA" });
    await eventually(async () => (await noticesOf(w.amir.user.id, "truck_offer", load.id)).length > 0 && mailTo(w.alice.user.email, load.loadNumber).length > 0, 60_000);
    await t.jobs!.drain();
    expect(mailTo(w.amir.user.email, load.loadNumber)).toHaveLength(0);
  });

  it("staff offer a load: truck_offer to the company's members, not marked as a match", async () => {
    const load = await loadAt(t.app, "LS1", "2026-11-26T12:00:00Z", { equipmentType: "Curtain", pickupCity: "Leeds" });
    expect((await api.offer(w.staff.cookie, truck.id, load.id)).statusCode).toBe(200);
    await eventually(async () => (await noticesOf(w.alice.user.id, "truck_offer", load.id)).length > 0, 30_000);
    const [n] = await noticesOf(w.alice.user.id, "truck_offer", load.id);
    expect(n.title).toBe(`Load ${load.loadNumber} offered for your truck in LS1`);
    expect(await offeredEvents(load.id)).toEqual([{ truckId: truck.id, companyId: w.acme.id, match: false }]);
    expect((await bellItem(w.alice.cookie, load.id))?.data).toEqual({ match: false });
  });

  it("a load made available again after a reset tells the company no second time", async () => {
    const load = await post({ pickupZip: "LS3 1AA" });
    await eventually(async () => (await noticesOf(w.alice.user.id, "truck_offer", load.id)).length === 1, 60_000);
    expect((await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/accept`, headers: { cookie: w.bob.cookie }, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/reset-to-available`, headers: { cookie: w.staff.cookie } })).statusCode).toBe(200);
    await t.jobs!.drain();
    await t.jobs!.drain();
    expect(await noticesOf(w.alice.user.id, "truck_offer", load.id)).toHaveLength(1);
    expect(await t.app.ctx.db.$count(truckMatches, eq(truckMatches.loadId, load.id))).toBe(1);
  });

  it("a member booking a load their open truck fits books the truck (truck.closed booked); the booking names up to three return loads", async () => {
    // four loads home from Bristol (BS1) on the delivery day and the two after, best paid first; one too far away (Gloucester)
    const home = [
      await loadAt(t.app, "BS1", "2026-11-26T16:00:00Z", { pickupCity: "Bristol", deliveryCity: "Leeds", ratePerMile: 3 }),
      await loadAt(t.app, "BS1", "2026-11-27T08:00:00Z", { pickupCity: "Bristol", deliveryCity: "York", ratePerMile: 2 }),
      await loadAt(t.app, "BS1", "2026-11-28T08:00:00Z", { pickupCity: "Bristol", deliveryCity: "Hull", ratePerMile: 1 }),
      await loadAt(t.app, "BS1", "2026-11-27T10:00:00Z", { pickupCity: "Bristol", deliveryCity: "Derby", ratePerMile: 0.5 }),
    ];
    await loadAt(t.app, "GL2", "2026-11-26T16:00:00Z", { pickupCity: "Gloucester" });
    const booked = await loadAt(t.app, "LS1", "2026-11-26T10:00:00Z", { deliveryZip: "BS1 4DJ", deliveryCity: "Bristol", deliveryDate: new Date("2026-11-26T15:00:00Z") });
    const accept = await t.app.inject({ method: "PATCH", url: `/api/loads/${booked.id}/accept`, headers: { cookie: w.alice.cookie }, payload: {} });
    expect(accept.statusCode, accept.body).toBe(200);
    await eventually(async () => (await noticesOf(w.amir.user.id, "return_loads", booked.id)).length > 0, 30_000);
    // the booker hears of it too: a suggestion, not their own action echoed
    const [n] = await noticesOf(w.alice.user.id, "return_loads", booked.id);
    expect(n.title).toBe(`Return loads from Bristol for load ${booked.loadNumber}`);
    expect(n.body).toContain("4 loads pick up near Bristol");
    for (const l of home.slice(0, 3)) expect(n.body).toContain(l.loadNumber);
    expect(n.body).not.toContain(home[3].loadNumber);
    expect(n.body).toContain("and 1 more");
    expect(await noticesOf(w.bob.user.id, "return_loads", booked.id)).toHaveLength(0);
    const mine = (await api.list(w.alice.cookie)).json() as Truck[];
    expect(mine.find((x) => x.id === truck.id)!.status).toBe("booked");
    const closed = await t.app.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.type, "truck.closed"), eq(domainEvents.loadId, booked.id)));
    expect(closed.map((e) => e.data)).toEqual([{ truckId: truck.id, companyId: w.acme.id, status: "booked" }]);
    // the rival's truck in Manchester was not booked by it
    expect(((await api.list(w.bob.cookie)).json() as Truck[]).find((x) => x.id === rivalTruck.id)!.status).toBe("open");
  });

  it("a booking with no return loads sends no return_loads", async () => {
    const booked = await loadAt(t.app, "LS1", "2026-11-26T10:00:00Z", { deliveryZip: "TR18 2AA", deliveryCity: "Penzance", deliveryDate: new Date("2026-11-26T18:00:00Z") });
    expect((await t.app.inject({ method: "PATCH", url: `/api/loads/${booked.id}/accept`, headers: { cookie: w.bob.cookie }, payload: {} })).statusCode).toBe(200);
    await t.jobs!.drain();
    expect(await noticesOf(w.bob.user.id, "return_loads", booked.id)).toHaveLength(0);
  });

  postgresOnly(engine).it("two app instances on one PostgreSQL, each running jobs, the same match job queued in both: one truck_offer per member", async () => {
    const fresh = await api.posted(w.bob.cookie, { originPostcode: "WF1", availableOn: "2026-11-25" });
    const second = await t.testDb.reopen();
    const other = await buildApp({ config: t.config, database: second, clock, serveWeb: false });
    await other.ready();
    const a = startJobRunner(t.app.ctx, { workerId: "trucks-a", pollMs: 5, concurrency: 8 });
    const b = startJobRunner(other.ctx, { workerId: "trucks-b", pollMs: 5, concurrency: 8 });
    try {
      const loads: { id: string; loadNumber: string }[] = [];
      for (let i = 0; i < 4; i++) loads.push(await loadAt(t.app, "WF2", "2026-11-25T11:00:00Z", { pickupCity: "Wakefield" }));
      // the reaction's job written again and again, in both processes' reach (a retried event, a second reset)
      for (const l of loads) {
        for (const ctx of [t.app.ctx, other.ctx, t.app.ctx]) await queueJobs({ db: ctx.db, now: clock.now(), jobs: [{ kind: TRUCK_MATCH_JOB, payload: { loadId: l.id } }] });
      }
      await Promise.all([a.drain(), b.drain()]);
      await eventually(async () => {
        const rows = await noticesOf(w.bob.user.id, "truck_offer");
        return loads.every((l) => rows.some((r) => r.loadId === l.id));
      }, 30_000);
      await Promise.all([a.drain(), b.drain(), t.jobs!.drain()]);
      for (const l of loads) {
        expect(await noticesOf(w.bob.user.id, "truck_offer", l.id)).toHaveLength(1);
        expect((await offeredEvents(l.id)).filter((e) => e.truckId === fresh.id)).toHaveLength(1);
      }
      await eventually(async () => loads.every((l) => mailTo(w.bob.user.email, l.loadNumber).length >= 1), 30_000);
      await new Promise((r) => setTimeout(r, 500));
      for (const l of loads) expect(mailTo(w.bob.user.email, l.loadNumber)).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await other.close();
      other.ctx.mail.close();
      await second.close();
    }
  }, 120_000);
});
