// The board's poll path keeps the UK day, each query string's parsed query and each
// ETag's hash in memory. None of them may let an answer through that the request
// as sent would not get: the day still turns at UK midnight (either side of a clock
// change), a refused query stays refused, and whoever asks still gets their own ETag.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { users } from "../../db/schema";
import { ukStartOfDay } from "../../../contract/wall-clock";
import { ukToday } from "./load-visibility";

describe("ukToday, kept for the day asked about last", () => {
  it("is the start of the UK day of every instant, asked in any order", () => {
    const instants: number[] = [];
    // the spring and autumn clock changes of 2026, and an ordinary winter and summer day, every 20 minutes
    for (const day of ["2026-03-28", "2026-10-24", "2026-01-14", "2026-07-01"]) {
      const start = Date.parse(`${day}T00:00:00Z`);
      for (let t = start - 3_600_000; t < start + 3 * 86_400_000; t += 20 * 60_000) instants.push(t);
    }
    // forwards, then backwards (a test's clock may go back), then jumping about
    const order = [...instants, ...[...instants].reverse(), ...instants.map((_, i) => instants[(i * 7919) % instants.length])];
    for (const t of order) expect(ukToday(new Date(t)).getTime(), new Date(t).toISOString()).toBe(ukStartOfDay(t));
  });
});

describe.each(ENGINES)("the board's poll path on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  it("refuses a bad query string every time it is sent", async () => {
    const { cookie } = await signedIn(t.app);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: "/api/loads?from=2026-02-31", headers: { cookie } });
      expect(res.statusCode).toBe(400);
    }
  });

  it("answers the same query string with each viewer's own ETag and list", async () => {
    await createLoad(t.app);
    const a = await signedIn(t.app);
    const b = await signedIn(t.app);
    const url = "/api/loads?limit=5";
    const ra = await t.app.inject({ url, headers: { cookie: a.cookie } });
    const rb = await t.app.inject({ url, headers: { cookie: b.cookie } });
    expect(ra.statusCode).toBe(200);
    expect(rb.statusCode).toBe(200);
    expect(ra.headers.etag).not.toBe(rb.headers.etag);
    // one's ETag does not answer 304 for the other
    const cross = await t.app.inject({ url, headers: { cookie: b.cookie, "if-none-match": String(ra.headers.etag) } });
    expect(cross.statusCode).toBe(200);
    const own = await t.app.inject({ url, headers: { cookie: a.cookie, "if-none-match": String(ra.headers.etag) } });
    expect(own.statusCode).toBe(304);
  });

  it("gives a user a new ETag once their role changes, without any load changing", async () => {
    const { cookie, user } = await signedIn(t.app);
    const url = "/api/loads?limit=5";
    const before = await t.app.inject({ url, headers: { cookie } });
    // straight to the database, as another process would (sessions_changed, or the cache's second)
    await t.app.ctx.db.update(users).set({ role: "manager" }).where(eq(users.id, user.id));
    t.app.ctx.sessions.clear();
    const after = await t.app.inject({ url, headers: { cookie, "if-none-match": String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
