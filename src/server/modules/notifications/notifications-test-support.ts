// The world the notification tests run in: one app listening on a port (for the live
// stream) on a fixed clock, with an admin and a manager signed in, a load whose private
// fields must never reach a carrier too early, and the calls and checks the tests share:
// above all live(), which proves each notification reached its owner's stream in time.
import { expect } from "vitest";
import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { openStream } from "../../../../test/live-stream";
import { TestClock, createTestApp, type Engine, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { notifications, type UserRow } from "../../db/schema";
import type { NotificationType } from "../../../contract/schemas/notification";
import { toNotification } from "./notify";

export const NOW = new Date("2026-11-23T12:00:00Z");
export const POD = {
  pickupSignedBy: "Sam Sender",
  pickupSignedDate: "2026-11-23T09:00:00.000Z",
  deliverySignedBy: "Rita Receiver",
  deliverySignedDate: "2026-11-23T11:00:00.000Z",
};
/** fields a carrier may not see before their booking is approved (load-visibility.ts) */
export const PRIVATE = {
  pickupZip: "LS1 4AB",
  pickupAddress: "1 Secret Yard",
  deliveryZip: "BS1 6QF",
  deliveryAddress: "9 Hidden Wharf",
  pickupContact: "Pat Private 07700 900123",
  pickupReference: "REF-HIDDEN-77",
};
export const SECRETS = Object.values(PRIVATE);

export type Who = { user: UserRow; cookie: string };

export interface NotificationsWorld {
  t: TestApp;
  port: number;
  admin: Who;
  manager: Who;
}

/** A fresh app on `clock`, listening on a free port, with an admin and a manager signed in. */
export async function seedNotificationsWorld(engine: Engine, clock: TestClock): Promise<NotificationsWorld> {
  const t = await createTestApp({ engine, clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const port = (t.app.server.address() as { port: number }).port;
  const admin = await signedIn(t.app, { role: "admin", isAdmin: true });
  const manager = await signedIn(t.app, { role: "manager" });
  return { t, port, admin, manager };
}

/** Calls and checks on the world `w()` returns (read when called, after the seed has run). */
export function notificationHelpers(w: () => NotificationsWorld) {
  const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, cookie?: string, payload?: unknown) =>
    w().t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const carrier = (name = "Cara Carrier", carrierName = "Cara Haulage Ltd") => signedIn(w().t.app, { name, carrierName });
  const rowsOf = (userId: string, type?: string) =>
    w().t.app.ctx.db
      .select()
      .from(notifications)
      .where(type ? and(eq(notifications.userId, userId), eq(notifications.type, type)) : eq(notifications.userId, userId));
  const mailTo = async (email: string, subject: RegExp, ms = 8000): Promise<ParsedMail> => {
    const start = Date.now();
    for (;;) {
      const m = w().t.sink.messages.find((x) => x.to && JSON.stringify(x.to).includes(email) && subject.test(x.subject ?? ""));
      if (m) return m;
      if (Date.now() - start > ms) throw new Error(`no mail to ${email} matching ${subject}: ${w().t.sink.messages.map((x) => x.subject).join(" | ")}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const mailsTo = (email: string) => w().t.sink.messages.filter((x) => JSON.stringify(x.to ?? "").includes(email));
  const privateLoad = () => createLoad(w().t.app, { ...PRIVATE, pickupCity: "Leeds", deliveryCity: "Bristol", price: 900 });
  const bid = async (who: { cookie: string }, loadId: string, bidAmount: number) => {
    const res = await call("POST", "/api/bids", who.cookie, { loadId, bidAmount });
    expect([200, 201]).toContain(res.statusCode);
    return res.json() as { id: string };
  };
  /** a load taken by `who`, approved by the manager (when asked) */
  const bookedLoad = async (who: { cookie: string }, approve: boolean) => {
    const load = await privateLoad();
    expect((await call("PATCH", `/api/loads/${load.id}/accept`, who.cookie, {})).statusCode).toBe(200);
    if (approve) expect((await call("PATCH", `/api/loads/${load.id}/status`, w().manager.cookie, { status: "approved" })).statusCode).toBe(200);
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
  const live = async <T>(expected: [Who, NotificationType][], silent: Who[], event: () => Promise<T>, at = w().port): Promise<T> => {
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
    [w().admin, type],
    [w().manager, type],
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
  return { call, carrier, rowsOf, mailTo, mailsTo, privateLoad, bid, bookedLoad, live, staffGet, expectNoSecrets, rawHeader, expectUnsubscribe };
}
