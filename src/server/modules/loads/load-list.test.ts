// The board list is served from per-version caches and a merge of a carrier's own
// loads into the shared available ones (load-list.ts). The oracle here is the
// database itself: the same rule (visibleLoadsWhere + filters) as one SQL query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and } from "drizzle-orm";
import fc from "fast-check";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import type { UserRow } from "../../db/schema";
import { toLoad, visibleLoadsWhere } from "./load-visibility";
import { listLoads, loadFiltersWhere } from "./loads.repository";
import { toListQuery } from "./load-list";
import { loadFiltersSchema } from "../../../contract/schemas/load";

const STATUSES = ["available", "accepted", "approved", "completed", "cancelled"] as const;

describe.each(ENGINES)("the board list on %s", (engine) => {
  let t: TestApp;
  let me: { user: UserRow; cookie: string };
  let staff: { user: UserRow; cookie: string };
  let other: UserRow;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    me = await signedIn(t.app, { carrierName: "Acme Haulage" });
    staff = await signedIn(t.app, { role: "manager" });
    other = (await signedIn(t.app, { carrierName: "Other Ltd" })).user;
    // 60 loads: pickup dates with ties and blanks, every status, taken by me, my
    // company (another driver of it) or another carrier, two equipment types
    const day = Date.UTC(2026, 10, 20);
    for (let i = 0; i < 60; i++) {
      const status = STATUSES[i % 5];
      const taker = status === "available" || status === "cancelled" ? null : [me.user, other, null][i % 3];
      await createLoad(t.app, {
        status,
        pickupDate: i % 7 === 0 ? null : new Date(day + (i % 9) * 3_600_000),
        equipmentType: i % 2 ? "Flatbed" : "Curtain",
        acceptedBy: taker?.id ?? null,
        acceptedByCarrier: taker ? taker.carrierName : status === "available" || status === "cancelled" ? null : "Acme Haulage",
      });
    }
  });
  afterAll(() => t.close());

  async function expected(viewer: UserRow, qs: Record<string, string>) {
    const query = toListQuery(loadFiltersSchema.parse(qs));
    const rows = await listLoads(t.app.ctx.db, and(visibleLoadsWhere(viewer), loadFiltersWhere(query)), { limit: query.limit, offset: query.offset });
    const all = await listLoads(t.app.ctx.db, and(visibleLoadsWhere(viewer), loadFiltersWhere(query)));
    return { body: JSON.parse(JSON.stringify(rows.map((r) => toLoad(r, viewer)))), total: all.length };
  }

  async function actual(cookie: string, qs: Record<string, string>) {
    const res = await t.app.inject({ url: `/api/loads?${new URLSearchParams(qs)}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    return { body: res.json(), total: Number(res.headers["x-total-count"]) };
  }

  it("every page, for a carrier with own loads, for staff and with filters, is what the database says", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          limit: fc.integer({ min: 1, max: 70 }),
          offset: fc.integer({ min: 0, max: 65 }),
          equipment: fc.constantFrom(undefined, "Flatbed", "Curtain"),
          who: fc.constantFrom("me", "staff"),
        }),
        async ({ limit, offset, equipment, who }) => {
          const qs: Record<string, string> = { limit: String(limit), offset: String(offset) };
          if (equipment) qs.equipmentType = equipment;
          const viewer = who === "me" ? me : staff;
          expect(await actual(viewer.cookie, qs)).toEqual(await expected(viewer.user, qs));
        },
      ),
      { numRuns: 40 },
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
    const qs = { limit: "500", offset: "600" };
    expect(await actual(me.cookie, qs)).toEqual(await expected(me.user, qs));
    expect((await actual(me.cookie, {})).body).toEqual((await expected(me.user, {})).body);
  });
});
