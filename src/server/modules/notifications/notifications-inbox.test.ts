// Notifications after they are made, on PGlite and on PostgreSQL when TEST_DATABASE_URL is
// set: the bell's API, the preferences, one-click unsubscribe signed out, the
// available-loads mail leaving out who unsubscribed, mail through an SMTP outage, and
// nothing at all from a change that rolls back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { bids, jobs, notificationPreferences } from "../../db/schema";
import { NOW, notificationHelpers, seedNotificationsWorld, type Who } from "./notifications-test-support";
import { DEFAULT_LEASE_MS } from "../jobs/job-runner";

describe.each(ENGINES)("notifications on %s", (engine) => {
  const clock = new TestClock(NOW);
  let t: TestApp;
  let port: number;
  let admin: Who;
  let manager: Who;
  const { call, carrier, rowsOf, mailTo, mailsTo, privateLoad, bid, rawHeader, expectUnsubscribe } = notificationHelpers(() => ({ t, port, admin, manager }));

  beforeAll(async () => {
    ({ t, port, admin, manager } = await seedNotificationsWorld(engine, clock));
  });
  afterAll(async () => {
    await t?.close();
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

  // before the available-loads mail: that send's batch may still be going out to every
  // carrier, the new one included, while this test moves the clock on
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
    // retried after its back-off (30 s, then 1 min): the app's clock moves on in steps of a
    // fifth of a job's lease (15 s), so an attempt still talking to a slow relay on a busy
    // machine has five steps (a second) before it could be taken for a dead worker's
    for (let i = 0; i < 90 && !mailsTo(c.user.email).length; i++) {
      clock.advance(DEFAULT_LEASE_MS / 5);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(mailsTo(c.user.email)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(c.user.email)).toHaveLength(1);
  }, 40_000);

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
