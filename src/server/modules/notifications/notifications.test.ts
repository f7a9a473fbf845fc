// Notifications: every type to exactly
// its recipients, never the actor, with its email (List-Unsubscribe, RFC 8058)
// unless turned off; nothing a recipient may not see; the bell's API; the
// preferences; one-click unsubscribe signed out; mail through an SMTP outage; live
// delivery of every type to its owner only, within 1 s, also from another process.
// On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStream } from "../../../../test/live-stream";
import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { postgresOnly } from "../../../../test/skips";
import { buildApp } from "../../app";
import { bids, jobs, loads, notificationPreferences, notifications, type UserRow } from "../../db/schema";
import type { NotificationType } from "../../../contract/schemas/notification";
import { toNotification } from "./notify";

const NOW = new Date("2026-11-23T12:00:00Z");
const POD = {
  pickupSignedBy: "Sam Sender",
  pickupSignedDate: "2026-11-23T09:00:00.000Z",
  deliverySignedBy: "Rita Receiver",
  deliverySignedDate: "2026-11-23T11:00:00.000Z",
};
/** fields a carrier may not see before their booking is approved (load-visibility.ts) */
const PRIVATE = {
  pickupZip: "LS1 4AB",
  pickupAddress: "1 Secret Yard",
  deliveryZip: "BS1 6QF",
  deliveryAddress: "9 Hidden Wharf",
  pickupContact: "Pat Private 07700 900123",
  pickupReference: "REF-HIDDEN-77",
};
const SECRETS = Object.values(PRIVATE);

type Who = { user: UserRow; cookie: string };

describe.each(ENGINES)("notifications on %s", (engine) => {
  let t: TestApp;
  let port: number;
  const clock = new TestClock(NOW);
  let admin: Who;
  let manager: Who;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
    admin = await signedIn(t.app, { role: "admin", isAdmin: true });
    manager = await signedIn(t.app, { role: "manager" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const carrier = (name = "Cara Carrier", carrierName = "Cara Haulage Ltd") => signedIn(t.app, { name, carrierName });
  const rowsOf = (userId: string, type?: string) =>
    t.app.ctx.db
      .select()
      .from(notifications)
      .where(type ? and(eq(notifications.userId, userId), eq(notifications.type, type)) : eq(notifications.userId, userId));
  const mailTo = async (email: string, subject: RegExp, ms = 8000): Promise<ParsedMail> => {
    const start = Date.now();
    for (;;) {
      const m = t.sink.messages.find((x) => x.to && JSON.stringify(x.to).includes(email) && subject.test(x.subject ?? ""));
      if (m) return m;
      if (Date.now() - start > ms) throw new Error(`no mail to ${email} matching ${subject}: ${t.sink.messages.map((x) => x.subject).join(" | ")}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const mailsTo = (email: string) => t.sink.messages.filter((x) => JSON.stringify(x.to ?? "").includes(email));
  const privateLoad = () => createLoad(t.app, { ...PRIVATE, pickupCity: "Leeds", deliveryCity: "Bristol", price: 900 });
  const bid = async (who: { cookie: string }, loadId: string, bidAmount: number) => {
    const res = await call("POST", "/api/bids", who.cookie, { loadId, bidAmount });
    expect([200, 201]).toContain(res.statusCode);
    return res.json() as { id: string };
  };
  /** a load taken by `who`, approved by the manager (when asked) */
  const bookedLoad = async (who: { cookie: string }, approve: boolean) => {
    const load = await privateLoad();
    expect((await call("PATCH", `/api/loads/${load.id}/accept`, who.cookie, {})).statusCode).toBe(200);
    if (approve) expect((await call("PATCH", `/api/loads/${load.id}/status`, manager.cookie, { status: "approved" })).statusCode).toBe(200);
    return load;
  };
  /**
   * Live delivery (`event: notification` to its owner
   * only, within 1 s of the event). Opens `GET /api/live` (on `at`, another process's
   * port if given) for every user named, runs `event`, and proves: each `[user, type]`
   * got a new notification of that type, and every such one came down that user's
   * stream exactly as the bell lists it within 1 s of its commit; the `silent` users'
   * streams (the actor, a bystander) got nothing from the event.
   * The commit is bounded from below by the event's request starting or, for a
   * notification a job writes later (lane_match), by the last look that did not
   * yet find it (a query that misses a row began before the row's commit).
   */
  const live = async <T>(expected: [Who, NotificationType][], silent: Who[], event: () => Promise<T>, at = port): Promise<T> => {
    const users = [...new Set([...expected.map(([w]) => w), ...silent])];
    const streams = new Map(users.map((w) => [w.user.id, openStream(at, w.cookie)]));
    await Promise.all([...streams.values()].map((s) => s.waitFor((e) => e.event === "ready")));
    const ids = async (w: Who, type?: NotificationType) => new Set((await rowsOf(w.user.id, type)).map((r) => r.id));
    const before = new Map(await Promise.all(users.map(async (w) => [w.user.id, await ids(w)] as const)));
    const start = Date.now();
    const result = await event();
    for (const [w, type] of expected) {
      let since = start;
      let fresh: (typeof notifications.$inferSelect)[] = [];
      for (;;) {
        const asked = Date.now();
        fresh = (await rowsOf(w.user.id, type)).filter((r) => !before.get(w.user.id)!.has(r.id));
        if (fresh.length) break;
        since = asked;
        if (asked - start > 10_000) throw new Error(`no ${type} notification for ${w.user.name}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      const stream = streams.get(w.user.id)!;
      for (const row of fresh) {
        await stream.waitFor((e) => e.event === "notification" && JSON.parse(e.data).id === row.id, since + 3000 - Date.now());
        const got = stream.events.find((e) => e.event === "notification" && JSON.parse(e.data).id === row.id)!;
        expect(JSON.parse(got.data)).toEqual(toNotification(row));
        expect(got.at - since, `${type} reached ${w.user.name} ${got.at - since} ms after its commit`).toBeLessThan(1000);
      }
    }
    // one event's notifications are sent together: a stray one would be here by now
    await new Promise((r) => setTimeout(r, 100));
    for (const w of silent) {
      const news = streams.get(w.user.id)!.events.filter((e) => e.event === "notification" && !before.get(w.user.id)!.has(JSON.parse(e.data).id));
      expect(news, `${w.user.name} was sent a notification`).toEqual([]);
      expect([...(await ids(w))].filter((id) => !before.get(w.user.id)!.has(id))).toEqual([]);
    }
    for (const s of streams.values()) s.close();
    return result;
  };
  const staffGet = (type: NotificationType): [Who, NotificationType][] => [
    [admin, type],
    [manager, type],
  ];
  const expectNoSecrets = (...texts: (string | false | undefined | null)[]) => {
    for (const text of texts) for (const s of SECRETS) expect(text || "").not.toContain(s);
  };
  /** a raw header's value (mailparser turns List-Unsubscribe into an object) */
  const rawHeader = (m: ParsedMail, name: string) => {
    const line = m.headerLines.find((h) => h.key === name)?.line ?? "";
    return line.slice(line.indexOf(":") + 1).replace(/\r?\n\s+/g, " ").trim();
  };
  const expectUnsubscribe = (m: ParsedMail) => {
    const header = rawHeader(m, "list-unsubscribe");
    expect(header).toMatch(/<http:\/\/localhost:5000\/api\/unsubscribe\?token=[^>]+>/);
    expect(header).toMatch(/<mailto:[^>]+>/);
    expect(rawHeader(m, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  };

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

  it("GET /api/notifications: own only, newest first, unread filter and count, limit ≤ 200 and X-Total-Count; POST read marks own only", async () => {
    const c = await carrier();
    const other = await carrier();
    for (let i = 0; i < 3; i++) {
      const load = await privateLoad();
      const b = await bid(c, load.id, 600 + i);
      clock.advance(1000);
      expect((await call("POST", `/api/bids/${b.id}/reject`, admin.cookie)).statusCode).toBe(200);
    }
    const load = await privateLoad();
    const ob = await bid(other, load.id, 610);
    expect((await call("POST", `/api/bids/${ob.id}/reject`, admin.cookie)).statusCode).toBe(200);
    const otherId = (await rowsOf(other.user.id))[0].id;

    const all = await call("GET", "/api/notifications", c.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.headers["x-total-count"]).toBe("3");
    const body = all.json() as { items: { id: string; body: string; createdAt: string; readAt: null }[]; unreadCount: number };
    expect(body.unreadCount).toBe(3);
    expect(body.items.map((n) => n.body)).toEqual(body.items.map((n) => n.body).sort().reverse()); // £602, £601, £600: newest first
    expect(Object.keys(body.items[0]).sort()).toEqual(["body", "createdAt", "id", "loadId", "readAt", "title", "type"]);
    const page = await call("GET", "/api/notifications?limit=1&offset=1", c.cookie);
    expect(page.json().items).toHaveLength(1);
    expect(page.headers["x-total-count"]).toBe("3");
    expect((await call("GET", "/api/notifications?limit=201", c.cookie)).statusCode).toBe(400);
    expect((await call("GET", "/api/notifications", undefined)).statusCode).toBe(401);

    const read = await call("POST", "/api/notifications/read", c.cookie, { ids: [body.items[0].id, otherId, "not-a-uuid"] });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 2 });
    expect((await rowsOf(other.user.id))[0].readAt).toBeNull();
    const unread = await call("GET", "/api/notifications?unread=true", c.cookie);
    expect(unread.json().items).toHaveLength(2);
    expect(unread.headers["x-total-count"]).toBe("2");
    expect((await call("POST", "/api/notifications/read", c.cookie, {})).json()).toEqual({ unreadCount: 0 });
    expect((await call("GET", "/api/notifications", other.cookie)).json().unreadCount).toBe(1);
  });

  it("preferences: every type listed, default on; PUT keeps types left out; unknown type 400; a type turned off still notifies but sends no email", async () => {
    const c = await carrier();
    const got = (await call("GET", "/api/notification-preferences", c.cookie)).json() as { email: Record<string, boolean> };
    for (const type of ["bid_accepted", "bid_rejected", "load_approved", "load_reset", "load_cancelled", "load_accepted", "bid_placed", "pod_submitted", "registration_pending", "lane_match", "available_loads"]) {
      expect(got.email[type]).toBe(true);
    }
    const put = await call("PUT", "/api/notification-preferences", c.cookie, { email: { bid_rejected: false } });
    expect(put.statusCode).toBe(200);
    expect(put.json().email).toMatchObject({ bid_rejected: false, bid_accepted: true });
    expect((await call("PUT", "/api/notification-preferences", c.cookie, { email: { bid_accepted: false } })).json().email).toMatchObject({
      bid_rejected: false,
      bid_accepted: false,
    });
    expect((await call("PUT", "/api/notification-preferences", c.cookie, { email: { nope: false } })).statusCode).toBe(400);
    expect((await call("PUT", "/api/notification-preferences", c.cookie, { email: { bid_placed: "no" } })).statusCode).toBe(400);

    const load = await privateLoad();
    const b = await bid(c, load.id, 321);
    expect((await call("POST", `/api/bids/${b.id}/reject`, admin.cookie)).statusCode).toBe(200);
    expect((await rowsOf(c.user.id, "bid_rejected")).length).toBe(1);
    // the staff mail of the same moment arrives; the carrier's never does
    await mailTo(admin.user.email, new RegExp(`New bid on load ${load.loadNumber}: £321.00`));
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(c.user.email)).toEqual([]);
  });

  it("one-click unsubscribe: POST to the mail's link signed out turns that type off (200); GET only asks; a forged link is refused", async () => {
    const c = await carrier();
    const load = await privateLoad();
    const b = await bid(c, load.id, 432);
    expect((await call("POST", `/api/bids/${b.id}/reject`, admin.cookie)).statusCode).toBe(200);
    const m = await mailTo(c.user.email, /was rejected/);
    const link = /<(http:\/\/localhost:5000\/api\/unsubscribe\?token=[^>]+)>/.exec(rawHeader(m, "list-unsubscribe"))![1];
    const path = link.replace("http://localhost:5000", "");

    const page = await call("GET", path);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("My bid is rejected");
    expect((await call("GET", "/api/notification-preferences", c.cookie)).json().email.bid_rejected).toBe(true);

    const forged = path.replace(/token=([^.]+)\.bid_rejected\./, "token=$1.bid_accepted.");
    expect((await t.app.inject({ method: "POST", url: forged, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" })).statusCode).toBe(400);
    expect((await call("POST", "/api/unsubscribe?token=garbage")).statusCode).toBe(400);

    const one = await t.app.inject({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" });
    expect(one.statusCode).toBe(200);
    const prefs = (await call("GET", "/api/notification-preferences", c.cookie)).json().email;
    expect(prefs).toMatchObject({ bid_rejected: false, bid_accepted: true });
    const [row] = await t.app.ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, c.user.id));
    expect(row).toMatchObject({ type: "bid_rejected", email: false });
  });

  it("the available-loads email carries List-Unsubscribe, and a carrier who unsubscribed is left out", async () => {
    const c = await carrier();
    const quiet = await carrier();
    await call("PUT", "/api/notification-preferences", quiet.cookie, { email: { available_loads: false } });
    await privateLoad();
    const res = await call("POST", "/api/admin/send-available-loads-email", admin.cookie);
    expect(res.statusCode).toBe(200);
    const m = await mailTo(c.user.email, /available load/);
    expectUnsubscribe(m);
    expect(rawHeader(m, "list-unsubscribe")).toContain(".available_loads.");
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(quiet.user.email).filter((x) => /available load/.test(x.subject ?? ""))).toEqual([]);
  });

  it("a notification's mail survives the relay refusing it: queued with the change, retried, delivered once", async () => {
    const c = await carrier();
    const load = await privateLoad();
    const b = await bid(c, load.id, 765);
    await new Promise((r) => setTimeout(r, 500)); // the bid_placed mails to staff go first
    // the next two deliveries fail with 421 (the relay is not taking mail)
    t.sink.failNext(2);
    expect((await call("POST", `/api/bids/${b.id}/reject`, admin.cookie)).statusCode).toBe(200);
    const queued = (await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, "mail"))).filter(
      (j) => (j.payload as { to: string }).to === c.user.email,
    );
    expect(queued).toHaveLength(1);
    // retried after its back-off (30 s, then 1 min): the app's clock moves on in steps
    // shorter than a job's lease, so no attempt is mistaken for a dead worker's
    for (let i = 0; i < 40 && !mailsTo(c.user.email).length; i++) {
      clock.advance(20_000);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(mailsTo(c.user.email)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(c.user.email)).toHaveLength(1);
  }, 20_000);

  it("a change that rolls back leaves no notification and no mail (a second award of one load is refused)", async () => {
    const a = await carrier();
    const z = await carrier();
    const load = await privateLoad();
    const ba = await bid(a, load.id, 100);
    const bz = await bid(z, load.id, 110);
    expect((await call("POST", `/api/bids/${ba.id}/accept`, admin.cookie)).statusCode).toBe(200);
    // bz was rejected with the award; accepting it now is refused and nothing is written
    const before = (await rowsOf(z.user.id)).length;
    expect((await call("POST", `/api/bids/${bz.id}/accept`, admin.cookie)).statusCode).toBe(409);
    expect((await rowsOf(z.user.id)).length).toBe(before);
    const [bidRow] = await t.app.ctx.db.select().from(bids).where(eq(bids.id, bz.id));
    expect(bidRow.status).toBe("rejected");
  });
});
