// Instant lane alerts: when a load
// becomes available (created, copied, reset, un-cancelled) every owner of a
// matching instant search gets one lane_match notification and email, at most
// one per load and user across any number of processes; never the actor; never
// a field the carrier may not see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, eventually, type TestApp } from "../../../../test/helpers";
import { signedIn } from "../../../../test/factories";
import { postgresOnly } from "../../../../test/skips";
import { buildApp } from "../../app";
import { startJobRunner, type JobRunner } from "../jobs/job-runner";
import { notifications } from "../../db/schema";
import type { UserRow } from "../../db/schema";
import { queueLaneAlert } from "./lane-alert-queue";

const ukDay = (d: Date) => d.toISOString().slice(0, 10);

describe.each(ENGINES)("instant lane alerts (%s)", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-23T10:00:00Z"));
  let staff: { user: UserRow; cookie: string };
  let alice: { user: UserRow; cookie: string };
  let bob: { user: UserRow; cookie: string };
  let carol: { user: UserRow; cookie: string };
  let dave: { user: UserRow; cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    staff = await signedIn(t.app, { role: "manager", name: "Sam Staff" });
    alice = await signedIn(t.app, { carrierName: "Alice Haulage", email: "alice@lanes.test" });
    bob = await signedIn(t.app, { carrierName: "Bob Freight", email: "bob@lanes.test" });
    carol = await signedIn(t.app, { carrierName: "Carol Cargo", email: "carol@lanes.test" });
    dave = await signedIn(t.app, { carrierName: "Dave Trucks", email: "dave@lanes.test" });
    const save = async (who: { cookie: string }, body: object) => {
      const res = await t.app.inject({ method: "POST", url: "/api/saved-searches", headers: { cookie: who.cookie }, payload: body });
      expect(res.statusCode, res.body).toBe(201);
    };
    // matches a Leeds pickup (twice: still one alert)
    await save(alice, { name: "Yorkshire out", alert: "instant", filters: { pickupNear: { postcode: "LS1", miles: 50 } } });
    await save(alice, { name: "Flatbeds", alert: "instant", filters: { equipmentType: "Flatbed" } });
    // Bristol pickups only: no match
    await save(bob, { name: "Bristol out", alert: "instant", filters: { pickupNear: { postcode: "BS1", miles: 10 } } });
    // matches, but daily / off: not instant
    await save(carol, { name: "Daily Leeds", alert: "daily", filters: { pickupNear: { postcode: "LS1", miles: 50 } } });
    await save(carol, { name: "Quiet", alert: "off", filters: {} });
    // matches the delivery side
    await save(dave, { name: "Into Bristol", alert: "instant", filters: { deliveryNear: { postcode: "BS2", miles: 20 }, weight: "gt10000" } });
    // staff's own search: they post the load, so they hear nothing of it
    await save(staff, { name: "Everything", alert: "instant", filters: {} });
  });
  // a runner this file starts in place of the app's (stopped before the app closes)
  let ownRunner: JobRunner | null = null;
  const runner = () => ownRunner ?? t.jobs!;
  afterAll(async () => {
    await ownRunner?.stop();
    await t.close();
  });

  const loadInput = (over: object = {}) => ({
    pickupCity: "Leeds",
    pickupZip: "LS1 4AP",
    pickupAddress: "1 Secret Street",
    pickupContact: "Pat 0113 496 0000",
    pickupReference: "REF-PRIVATE-1",
    pickupDate: `${ukDay(new Date(clock.now().getTime() + 2 * 86_400_000))}T09:00:00.000Z`,
    deliveryCity: "Bristol",
    deliveryZip: "BS1 4DJ",
    deliveryAddress: "2 Hidden Wharf",
    deliveryDate: `${ukDay(new Date(clock.now().getTime() + 3 * 86_400_000))}T15:00:00.000Z`,
    weight: 12000,
    distance: 200,
    price: 1200,
    equipmentType: "Flatbed",
    ...over,
  });
  const post = async (over: object = {}) => {
    const res = await t.app.inject({ method: "POST", url: "/api/loads", headers: { cookie: staff.cookie }, payload: loadInput(over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; loadNumber: string };
  };
  const alertsOf = async (userId: string, loadId?: string) =>
    t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "lane_match"), loadId ? eq(notifications.loadId, loadId) : undefined));
  const mailTo = (email: string, loadNumber: string) => t.sink.messages.filter((m) => m.to && JSON.stringify(m.to).includes(email) && m.subject?.includes(loadNumber));

  it("a new matching load: one lane_match notification and email to each instant owner, none to others or the actor", async () => {
    const load = await post();
    await eventually(async () => (await alertsOf(alice.user.id, load.id)).length > 0 && (await alertsOf(dave.user.id, load.id)).length > 0, 10_000);
    await eventually(async () => mailTo("alice@lanes.test", load.loadNumber).length > 0 && mailTo("dave@lanes.test", load.loadNumber).length > 0, 10_000);
    await runner().drain();
    const [a] = await alertsOf(alice.user.id, load.id);
    expect(await alertsOf(alice.user.id, load.id)).toHaveLength(1);
    expect(a.title).toContain(load.loadNumber);
    expect(a.body).toContain("Leeds → Bristol");
    expect(await alertsOf(bob.user.id)).toHaveLength(0);
    expect(await alertsOf(carol.user.id)).toHaveLength(0);
    expect(await alertsOf(staff.user.id)).toHaveLength(0);
    expect(mailTo("alice@lanes.test", load.loadNumber)).toHaveLength(1);
    expect(mailTo("bob@lanes.test", load.loadNumber)).toHaveLength(0);
    // the bell shows it to its owner
    const bell = await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: alice.cookie } });
    expect(JSON.stringify(bell.json())).toContain(load.loadNumber);
  });

  it("the alert never carries a postcode, address, contact or reference the carrier may not see", async () => {
    const load = await post({ pickupCity: "Wakefield", pickupZip: "WF1 1AA" });
    await eventually(async () => mailTo("alice@lanes.test", load.loadNumber).length > 0, 10_000);
    const [n] = await alertsOf(alice.user.id, load.id);
    const mail = mailTo("alice@lanes.test", load.loadNumber)[0];
    for (const text of [n.title, n.body, mail.subject ?? "", mail.text ?? "", String(mail.html ?? "")]) {
      for (const secret of ["WF1 1AA", "WF1", "BS1 4DJ", "1 Secret Street", "2 Hidden Wharf", "Pat 0113", "REF-PRIVATE-1"]) expect(text).not.toContain(secret);
    }
  });

  it("a load that does not match any instant search alerts no one", async () => {
    const load = await post({ pickupCity: "Truro", pickupZip: "TR1 1AA", deliveryCity: "Penzance", deliveryZip: "TR18 2AA", equipmentType: "Curtain" });
    await runner().drain();
    for (const u of [alice, bob, carol, dave, staff]) expect(await alertsOf(u.user.id, load.id)).toHaveLength(0);
  });

  it("a reset makes a load available again, but a user hears of one load at most once; a copy is a new load", async () => {
    const load = await post();
    await eventually(async () => (await alertsOf(alice.user.id, load.id)).length === 1, 10_000);
    // Alice takes it, staff reset it: available again, already told
    const accept = await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/accept`, headers: { cookie: alice.cookie }, payload: {} });
    expect(accept.statusCode, accept.body).toBe(200);
    const reset = await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/reset-to-available`, headers: { cookie: staff.cookie } });
    expect(reset.statusCode, reset.body).toBe(200);
    await runner().drain();
    expect(await alertsOf(alice.user.id, load.id)).toHaveLength(1);
    // the copy is a new load: told of it once
    const copy = await t.app.inject({ method: "POST", url: `/api/loads/${load.id}/copy`, headers: { cookie: staff.cookie } });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = copy.json() as { id: string };
    await eventually(async () => (await alertsOf(alice.user.id, copied.id)).length === 1, 10_000);
  });

  it("a load taken before its alert runs is no longer news: no alert", async () => {
    // no runner: the job waits while Bob takes the load
    await runner().stop();
    try {
      const load = await post();
      const accept = await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/accept`, headers: { cookie: bob.cookie }, payload: {} });
      expect(accept.statusCode, accept.body).toBe(200);
      const again = startJobRunner(t.app.ctx, { pollMs: 50 });
      await again.drain();
      await again.stop();
      expect(await alertsOf(alice.user.id, load.id)).toHaveLength(0);
    } finally {
      ownRunner = startJobRunner(t.app.ctx, { pollMs: 200 });
    }
  });

  postgresOnly(engine).it("two app instances on one PostgreSQL, each running jobs, and the same alert queued twice: exactly one per load and user", async () => {
    const second = await t.testDb.reopen();
    const other = await buildApp({ config: t.config, database: second, clock, serveWeb: false });
    await other.ready();
    const a = startJobRunner(t.app.ctx, { workerId: "lanes-a", pollMs: 5, concurrency: 8 });
    const b = startJobRunner(other.ctx, { workerId: "lanes-b", pollMs: 5, concurrency: 8 });
    try {
      const loads: { id: string; loadNumber: string }[] = [];
      for (let i = 0; i < 6; i++) loads.push(await post());
      // the same load's alert written again, in both processes' reach (a retried request, a second reset)
      for (const l of loads) {
        await queueLaneAlert({ db: t.app.ctx.db, now: clock.now(), loadId: l.id, actorId: staff.user.id });
        await queueLaneAlert({ db: other.ctx.db, now: clock.now(), loadId: l.id, actorId: staff.user.id });
      }
      await Promise.all([a.drain(), b.drain()]);
      await eventually(async () => {
        const rows = await alertsOf(alice.user.id);
        return loads.every((l) => rows.some((r) => r.loadId === l.id));
      }, 15_000);
      await Promise.all([a.drain(), b.drain(), runner().drain()]);
      for (const u of [alice, dave]) {
        const rows = (await alertsOf(u.user.id)).filter((r) => loads.some((l) => l.id === r.loadId));
        expect(rows, u.user.email).toHaveLength(loads.length);
      }
      await eventually(async () => loads.every((l) => mailTo("alice@lanes.test", l.loadNumber).length >= 1), 15_000);
      await new Promise((r) => setTimeout(r, 500));
      for (const l of loads) expect(mailTo("alice@lanes.test", l.loadNumber)).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await other.close();
      other.ctx.mail.close();
      await second.close();
    }
  }, 60_000);
});
