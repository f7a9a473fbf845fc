// Notifications: every type to exactly its recipients, never the actor, with its email
// (List-Unsubscribe, RFC 8058) unless turned off; nothing a recipient may not see; live
// delivery of every type to its owner only, within 1 s, also from another process. On
// PGlite and on PostgreSQL when TEST_DATABASE_URL is set. The bell's API, preferences,
// unsubscribing and mail through an outage are in notifications-inbox.test.ts; the shared
// world and live() in notifications-test-support.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { postgresOnly } from "../../../../test/skips";
import { buildApp } from "../../app";
import { loads, notifications } from "../../db/schema";
import { NOW, POD, notificationHelpers, seedNotificationsWorld, type Who } from "./notifications-test-support";

describe.each(ENGINES)("notifications on %s", (engine) => {
  const clock = new TestClock(NOW);
  let t: TestApp;
  let port: number;
  let admin: Who;
  let manager: Who;
  const { call, carrier, rowsOf, mailTo, privateLoad, bid, bookedLoad, live, staffGet, expectNoSecrets, expectUnsubscribe } = notificationHelpers(() => ({ t, port, admin, manager }));

  beforeAll(async () => {
    ({ t, port, admin, manager } = await seedNotificationsWorld(engine, clock));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("bid_placed: a new or updated bid tells every staff user, with an email each, never the bidder", async () => {
    const c = await carrier();
    const load = await privateLoad();
    await live(staffGet("bid_placed"), [c], () => bid(c, load.id, 850));
    for (const staff of [admin, manager]) {
      const [n] = await rowsOf(staff.user.id, "bid_placed").then((r) => r.filter((x) => x.loadId === load.id));
      expect(n).toMatchObject({ title: `New bid on load ${load.loadNumber}: £850.00`, readAt: null });
      expect(n.body).toBe(`Cara Carrier (Cara Haulage Ltd) bid on load ${load.loadNumber} (Leeds → Bristol): £850.00.`);
      const m = await mailTo(staff.user.email, new RegExp(`New bid on load ${load.loadNumber}`));
      expect(m.text).toContain(n.body);
      expect(m.text).toContain(`http://localhost:5000/?load=${load.id}`);
      expectUnsubscribe(m);
    }
    expect(await rowsOf(c.user.id)).toEqual([]);
    await live(staffGet("bid_placed"), [c], () => bid(c, load.id, 800));
    const updates = (await rowsOf(manager.user.id, "bid_placed")).filter((x) => x.loadId === load.id);
    expect(updates.map((u) => u.title).sort()).toEqual([`Bid updated on load ${load.loadNumber}: £800.00`, `New bid on load ${load.loadNumber}: £850.00`]);
  });

  it("bid_accepted to the bidder and bid_rejected to the other bidders when staff accept a bid; nothing to the staff user who did it", async () => {
    const winner = await carrier("Wendy Winner", "Win Ltd");
    const loser = await carrier("Larry Loser", "Lose Ltd");
    const bystander = await carrier("Bea Bystander", "Bee Ltd");
    const load = await privateLoad();
    const won = await bid(winner, load.id, 700);
    await bid(loser, load.id, 750);
    const before = (await rowsOf(manager.user.id)).length;
    const res = await live(
      [
        [winner, "bid_accepted"],
        [loser, "bid_rejected"],
      ],
      [manager, bystander],
      () => call("POST", `/api/bids/${won.id}/accept`, manager.cookie),
    );
    expect(res.statusCode).toBe(200);
    const [accepted] = await rowsOf(winner.user.id, "bid_accepted");
    expect(accepted).toMatchObject({ loadId: load.id, title: `Your bid on load ${load.loadNumber} was accepted` });
    expect(accepted.body).toContain("£700.00");
    const [rejected] = await rowsOf(loser.user.id, "bid_rejected");
    expect(rejected).toMatchObject({ loadId: load.id, title: `Load ${load.loadNumber} went to another carrier` });
    expect(rejected.body).toContain("£750.00");
    // the loser is not told who won
    expectNoSecrets(rejected.title, rejected.body, accepted.title, accepted.body);
    expect(rejected.body).not.toContain("Win Ltd");
    expect((await rowsOf(manager.user.id)).length).toBe(before);
    expect((await rowsOf(winner.user.id, "bid_rejected")).length).toBe(0);
    const m = await mailTo(winner.user.email, /was accepted/);
    expectUnsubscribe(m);
    expectNoSecrets(m.text, m.html || "");
    await mailTo(loser.user.email, /went to another carrier/);
  });

  it("bid_rejected when staff reject a bid", async () => {
    const c = await carrier();
    const load = await privateLoad();
    const b = await bid(c, load.id, 640);
    expect((await live([[c, "bid_rejected"]], [admin], () => call("POST", `/api/bids/${b.id}/reject`, admin.cookie))).statusCode).toBe(200);
    const [n] = await rowsOf(c.user.id, "bid_rejected");
    expect(n).toMatchObject({ loadId: load.id, title: `Your bid on load ${load.loadNumber} was rejected` });
    await mailTo(c.user.email, /was rejected/);
  });

  it("load_accepted to every staff user when a carrier accepts; the other bidders' bids close (bid_rejected), the acceptor's own is not news to them", async () => {
    const acceptor = await carrier("Ann Acceptor", "Ann Ltd");
    const bidder = await carrier("Ben Bidder", "Ben Ltd");
    const load = await privateLoad();
    await bid(acceptor, load.id, 500);
    await bid(bidder, load.id, 550);
    const res = await live([...staffGet("load_accepted"), [bidder, "bid_rejected"]], [acceptor], () =>
      call("PATCH", `/api/loads/${load.id}/accept`, acceptor.cookie, {}),
    );
    expect(res.statusCode).toBe(200);
    for (const staff of [admin, manager]) {
      const n = (await rowsOf(staff.user.id, "load_accepted")).find((x) => x.loadId === load.id)!;
      expect(n.title).toBe(`Load ${load.loadNumber} accepted by Ann Ltd`);
      expect(n.body).toBe(`Ann Acceptor (Ann Ltd) accepted load ${load.loadNumber} (Leeds → Bristol) at £900.00.`);
      await mailTo(staff.user.email, new RegExp(`Load ${load.loadNumber} accepted`));
    }
    expect((await rowsOf(bidder.user.id, "bid_rejected")).map((n) => n.loadId)).toEqual([load.id]);
    expect(await rowsOf(acceptor.user.id)).toEqual([]);
  });

  it("load_approved to the load's carrier, naming the PO number (theirs to see now); not to the manager who approved", async () => {
    const c = await carrier();
    const load = await bookedLoad(c, false);
    const approve = () => call("PATCH", `/api/loads/${load.id}/status`, manager.cookie, { status: "approved" });
    expect((await live([[c, "load_approved"]], [manager], approve)).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.mandataNumber).toMatch(/^PO-/);
    const [n] = await rowsOf(c.user.id, "load_approved");
    expect(n.title).toBe(`Load ${load.loadNumber} is approved: PO ${row.mandataNumber}`);
    expect(n.body).toContain(`PO number: ${row.mandataNumber}`);
    expectNoSecrets(n.title, n.body);
    expect((await rowsOf(manager.user.id, "load_approved")).length).toBe(0);
    const m = await mailTo(c.user.email, /is approved/);
    expect(m.text).toContain(row.mandataNumber!);
  });

  it("load_reset to the carrier who held it", async () => {
    const c = await carrier();
    const load = await bookedLoad(c, true);
    const reset = () => call("PATCH", `/api/loads/${load.id}/reset-to-available`, admin.cookie, {});
    expect((await live([[c, "load_reset"]], [admin], reset)).statusCode).toBe(200);
    const [n] = await rowsOf(c.user.id, "load_reset");
    expect(n).toMatchObject({ loadId: load.id, title: `Load ${load.loadNumber} was reset to available` });
    expectNoSecrets(n.title, n.body);
    await mailTo(c.user.email, /reset to available/);
  });

  it("load_cancelled to the carrier who held it; cancelling a load nobody held tells no carrier", async () => {
    const c = await carrier();
    const load = await bookedLoad(c, false);
    const cancel = () => call("PATCH", `/api/loads/${load.id}/status`, admin.cookie, { status: "cancelled", reason: "Customer cancelled" });
    expect((await live([[c, "load_cancelled"]], [admin], cancel)).statusCode).toBe(200);
    const [n] = await rowsOf(c.user.id, "load_cancelled");
    expect(n).toMatchObject({ loadId: load.id, title: `Load ${load.loadNumber} was cancelled` });
    expectNoSecrets(n.title, n.body);
    const free = await privateLoad();
    expect((await call("PATCH", `/api/loads/${free.id}/status`, admin.cookie, { status: "cancelled", reason: "x" })).statusCode).toBe(200);
    const any = await t.app.ctx.db.select().from(notifications).where(and(eq(notifications.loadId, free.id), eq(notifications.type, "load_cancelled")));
    expect(any).toEqual([]);
  });

  it("pod_submitted to every staff user when a carrier completes POD", async () => {
    const c = await carrier();
    const load = await bookedLoad(c, true);
    const res = await live(staffGet("pod_submitted"), [c], () => call("PUT", `/api/loads/${load.id}/pod`, c.cookie, POD));
    expect(res.statusCode).toBe(200);
    for (const staff of [admin, manager]) {
      const n = (await rowsOf(staff.user.id, "pod_submitted")).find((x) => x.loadId === load.id)!;
      expect(n.title).toBe(`POD completed for load ${load.loadNumber}`);
      await mailTo(staff.user.email, new RegExp(`POD completed for load ${load.loadNumber}`));
    }
    expect(await rowsOf(c.user.id, "pod_submitted")).toEqual([]);
  });

  it("registration_pending to every staff user, naming the applicant and company; its mail is the staff registration mail with a way out", async () => {
    const email = `applicant-${Date.now()}@example.com`;
    // the applicant is signed out (pending approval): no stream of theirs to watch; a carrier's hears nothing
    const res = await live(staffGet("registration_pending"), [await carrier()], () =>
      call("POST", "/api/register", undefined, {
        email,
        password: "Secret1!pass",
        name: "Nadia Newcomer",
        carrierName: "Newcomer Freight",
        contactNumber: "+44 113 496 0000",
      }),
    );
    expect(res.statusCode).toBe(201);
    for (const staff of [admin, manager]) {
      const n = (await rowsOf(staff.user.id, "registration_pending")).find((x) => x.body.includes(email))!;
      expect(n).toMatchObject({ loadId: null, title: "New registration: Nadia Newcomer (Newcomer Freight)" });
      const m = await mailTo(staff.user.email, /New carrier registration waiting: Newcomer Freight/);
      expect(m.text).toContain("http://localhost:5000/admin");
      expectUnsubscribe(m);
    }
  });

  it("lane_match to the owner of a matching instant search, by the alert job a moment after the load is posted; not to the staff user who posted it", async () => {
    const c = await carrier("Tom Truro", "Truro Trucks");
    const saved = await call("POST", "/api/saved-searches", c.cookie, { name: "Truro out", alert: "instant", filters: { pickupNear: { postcode: "TR1", miles: 10 } } });
    expect(saved.statusCode, saved.body).toBe(201);
    const post = () =>
      call("POST", "/api/loads", manager.cookie, {
        pickupCity: "Truro",
        pickupZip: "TR1 1AA",
        pickupDate: "2026-11-25T09:00:00.000Z",
        deliveryCity: "Exeter",
        deliveryZip: "EX1 1AA",
        deliveryDate: "2026-11-26T15:00:00.000Z",
        weight: 12000,
        distance: 90,
        price: 640,
        equipmentType: "Flatbed",
      });
    const res = await live([[c, "lane_match"]], [manager], post);
    expect(res.statusCode, res.body).toBe(201);
    const load = res.json() as { id: string; loadNumber: string };
    const [n] = await rowsOf(c.user.id, "lane_match");
    expect(n).toMatchObject({ loadId: load.id });
    expect(n.title).toContain(load.loadNumber);
    await mailTo(c.user.email, new RegExp(load.loadNumber));
  });

  postgresOnly(engine).it("a notification committed in one process reaches its owner's stream held by another process (PostgreSQL NOTIFY), and no one else's", async () => {
    const database2 = await t.testDb.reopen();
    const app2 = await buildApp({ config: t.config, database: database2, serveWeb: false, clock });
    try {
      await app2.listen({ port: 0, host: "127.0.0.1" });
      const port2 = (app2.server.address() as { port: number }).port;
      const c = await carrier("Otto Other", "Other Process Ltd");
      const bystander = await carrier("Bo Bystander", "Bo Ltd");
      const load = await privateLoad();
      const b = await bid(c, load.id, 555);
      const accept = () => call("POST", `/api/bids/${b.id}/accept`, manager.cookie);
      expect((await live([[c, "bid_accepted"]], [manager, bystander], accept, port2)).statusCode).toBe(200);
    } finally {
      await app2.close();
      app2.ctx.mail.close();
      await database2.close();
    }
  });
});
