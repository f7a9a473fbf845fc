// The board list is served from per-version caches and a merge of a carrier's own
// loads into the shared available ones (load-list.ts). The oracle here is the
// database itself: the same rule (visibleLoadsWhere + filters) as one SQL query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and } from "drizzle-orm";
import fc from "fast-check";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import type { UserRow } from "../../db/schema";
import { toLoad, visibleLoadsWhere } from "./load-visibility";
import { listLoads, loadFiltersWhere } from "./loads.repository";
import { toListQuery } from "./load-list";
import { LOAD_SORTS, loadFiltersSchema } from "../../../contract/schemas/load";

const STATUSES = ["available", "accepted", "approved", "completed", "cancelled"] as const;

describe.each(ENGINES)("the board list on %s", (engine) => {
  let t: TestApp;
  let me: { user: UserRow; cookie: string };
  let staff: { user: UserRow; cookie: string };
  let other: UserRow;
  // the morning of the loads' pickup day: none has expired (load-expiry.test.ts moves the clock)
  const clock = new TestClock(new Date("2026-11-20T06:00:00Z"));

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    me = await signedIn(t.app, { carrierName: "Acme Haulage" });
    staff = await signedIn(t.app, { role: "manager" });
    other = (await signedIn(t.app, { carrierName: "Other Ltd" })).user;
    // 60 loads: pickup dates with ties and blanks, every status, taken by me, my
    // company (another driver of it) or another carrier, two equipment types; for
    // the other sorts, prices with ties, distances and rates with blanks, creation
    // times with ties (and, where the database stamps them, microseconds apart)
    const day = Date.UTC(2026, 10, 20);
    for (let i = 0; i < 60; i++) {
      const status = STATUSES[i % 5];
      const taker = status === "available" || status === "cancelled" ? null : [me.user, other, null][i % 3];
      const price = [800, 1200, 1200, 950.5][i % 4];
      const distance = i % 6 === 0 ? null : 100 + (i % 4) * 25;
      await createLoad(t.app, {
        status,
        pickupDate: i % 7 === 0 ? null : new Date(day + (i % 9) * 3_600_000),
        price,
        distance,
        ratePerMile: distance ? Math.round((price / distance) * 100) / 100 : null,
        ...(i % 3 ? { createdAt: new Date(day - (i % 4) * 60_000) } : {}),
        equipmentType: i % 2 ? "Flatbed" : "Curtain",
        acceptedBy: taker?.id ?? null,
        acceptedByCarrier: taker ? taker.carrierName : status === "available" || status === "cancelled" ? null : "Acme Haulage",
      });
    }
  });
  afterAll(() => t.close());

  async function expected(viewer: UserRow, qs: Record<string, string>) {
    const query = toListQuery(loadFiltersSchema.parse(qs), clock.now());
    const rows = await listLoads(t.app.ctx.db, and(visibleLoadsWhere(viewer, query.today), loadFiltersWhere(query)), query);
    const all = await listLoads(t.app.ctx.db, and(visibleLoadsWhere(viewer, query.today), loadFiltersWhere(query)));
    return { body: JSON.parse(JSON.stringify(rows.map((r) => toLoad(r, viewer, clock.now())))), total: all.length };
  }

  async function actual(cookie: string, qs: Record<string, string>) {
    const res = await t.app.inject({ url: `/api/loads?${new URLSearchParams(qs)}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    return { body: res.json(), total: Number(res.headers["x-total-count"]) };
  }

  it("every page, in every sort, for a carrier with own loads, for staff and with filters, is what the database says", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          limit: fc.integer({ min: 1, max: 70 }),
          offset: fc.integer({ min: 0, max: 65 }),
          equipment: fc.constantFrom(undefined, "Flatbed", "Curtain"),
          sort: fc.constantFrom(undefined, ...LOAD_SORTS),
          who: fc.constantFrom("me", "staff"),
        }),
        async ({ limit, offset, equipment, sort, who }) => {
          const qs: Record<string, string> = { limit: String(limit), offset: String(offset) };
          if (equipment) qs.equipmentType = equipment;
          if (sort) qs.sort = sort;
          const viewer = who === "me" ? me : staff;
          expect(await actual(viewer.cookie, qs)).toEqual(await expected(viewer.user, qs));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("own loads are merged in list order, private fields shown only on approved and completed ones", async () => {
    const { body } = await actual(me.cookie, { limit: "100" });
    const mine = body.filter((l: { status: string }) => l.status !== "available");
    expect(mine.length).toBeGreaterThan(0);
    for (const l of body) {
      const open = l.status === "approved" || l.status === "completed";
      expect(l.pickupAddress === null).toBe(!open);
    }
    // the order: newest pickup first, blanks last, id as tie-break
    const keys = body.map((l: { pickupDate: string | null; id: string }) => [l.pickupDate ? -Date.parse(l.pickupDate) : Infinity, l.id]);
    const sorted = [...keys].sort((a, b) => (a[0] !== b[0] ? a[0] - b[0] : a[1] < b[1] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it("a load taken by another carrier leaves every carrier's page at once, and the winner's page shows it", async () => {
    const load = await createLoad(t.app, { status: "available", pickupDate: new Date(Date.UTC(2026, 11, 31)) });
    const first = await actual(me.cookie, { limit: "5" });
    expect(first.body[0].id).toBe(load.id);
    const otherCookie = (await signedIn(t.app, { carrierName: "Third Co" })).cookie;
    const accept = await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/accept`, headers: { cookie: otherCookie }, payload: {} });
    expect(accept.statusCode).toBe(200);
    const after = await actual(me.cookie, { limit: "5" });
    expect(after.body.map((l: { id: string }) => l.id)).not.toContain(load.id);
    expect(after.total).toBe(first.total - 1);
    const theirs = await actual(otherCookie, { limit: "5" });
    expect(theirs.body[0]).toMatchObject({ id: load.id, status: "accepted" });
  });

  it("pages deeper than the merge bound come straight from the database, still right", async () => {
    for (const sort of LOAD_SORTS) {
      const qs = { limit: "500", offset: "600", sort };
      expect(await actual(me.cookie, qs)).toEqual(await expected(me.user, qs));
      expect(await actual(me.cookie, { sort })).toEqual(await expected(me.user, { sort }));
    }
  });

  it("a carrier's own loads are merged in the order of every sort, as the database orders them", async () => {
    for (const sort of LOAD_SORTS) {
      for (const qs of [{ sort }, { sort, limit: "7", offset: "3" }] as Record<string, string>[]) {
        const got = await actual(me.cookie, qs);
        expect(got.body.some((l: { status: string }) => l.status !== "available"), sort).toBe(true);
        expect(got, sort).toEqual(await expected(me.user, qs));
      }
    }
  });
});
