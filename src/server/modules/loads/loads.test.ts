// GET /api/loads: filters, paging and ETag polling. Create, edit, copy and the next
// number are in loads-write.test.ts; a load's detail, views and history and the guards
// every loads route has in loads-detail.test.ts; the shared world in loads-test-support.ts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad } from "../../../../test/factories";
import { loads } from "../../db/schema";
import type { Load } from "../../../contract/schemas/load";
import { loadHelpers, seedLoadsWorld, type Session } from "./loads-test-support";

describe.each(ENGINES)("loads API on %s", (engine) => {
  const clock = new TestClock(new Date("2026-06-15T10:00:00Z"));
  let t: TestApp;
  let admin: Session;
  let manager: Session;
  let carrier: Session;
  let carrier2: Session;
  const { get, tag, numbers, mk } = loadHelpers(() => t);

  beforeAll(async () => {
    ({ t, admin, manager, carrier, carrier2 } = await seedLoadsWorld(engine, clock));
  });
  afterAll(() => t?.close());

  describe("filters", () => {
    it("weight bands: min inclusive, max exclusive", async () => {
      const m = tag();
      for (const w of [999, 1000, 4999, 5000, 9999, 10000]) await mk(m, `w${w}`, { weight: w });
      await mk(m, "wnull", { weight: null });
      const band = async (key: string) => numbers(await get(`/api/loads?search=${m}&weight=${key}`, carrier.cookie));
      expect(await band("lt1000")).toEqual([`${m}-w999`]);
      expect(await band("1000-5000")).toEqual([`${m}-w1000`, `${m}-w4999`]);
      expect(await band("5000-10000")).toEqual([`${m}-w5000`, `${m}-w9999`]);
      expect(await band("gt10000")).toEqual([`${m}-w10000`]);
      expect(await band("all")).toHaveLength(7);
    });

    it("distance bands", async () => {
      const m = tag();
      for (const d of [99, 100, 299, 300, 499, 500]) await mk(m, `d${d}`, { distance: d });
      const band = async (key: string) => numbers(await get(`/api/loads?search=${m}&distance=${key}`, carrier.cookie));
      expect(await band("lt100")).toEqual([`${m}-d99`]);
      expect(await band("100-300")).toEqual([`${m}-d100`, `${m}-d299`]);
      expect(await band("300-500")).toEqual([`${m}-d300`, `${m}-d499`]);
      expect(await band("gt500")).toEqual([`${m}-d500`]);
    });

    it("price bands", async () => {
      const m = tag();
      for (const p of [499.99, 500, 999.99, 1000, 1999.99, 2000, 4999.99, 5000]) await mk(m, `p${p}`, { price: p });
      const band = async (key: string) => numbers(await get(`/api/loads?search=${m}&price=${key}`, carrier.cookie));
      expect(await band("500-1000")).toEqual([`${m}-p500`, `${m}-p999.99`]);
      expect(await band("1000-2000")).toEqual([`${m}-p1000`, `${m}-p1999.99`]);
      expect(await band("2000-5000")).toEqual([`${m}-p2000`, `${m}-p4999.99`]);
      expect(await band("gt5000")).toEqual([`${m}-p5000`]);
    });

    it("an unknown band key is a 400 with details", async () => {
      const res = await get("/api/loads?weight=heavy", carrier.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe("weight");
    });

    it("search matches load number, pickup city and delivery city, case-insensitively", async () => {
      const m = tag();
      const upper = m.toUpperCase();
      await createLoad(t.app, { loadNumber: `FN-${upper}-1`, pickupCity: "York", deliveryCity: "Hull" });
      await createLoad(t.app, { loadNumber: `N-${randomUUID()}`, pickupCity: `Little ${upper}ton`, deliveryCity: "Hull" });
      await createLoad(t.app, { loadNumber: `N-${randomUUID()}`, pickupCity: "York", deliveryCity: `${upper}bridge` });
      await createLoad(t.app, { loadNumber: `N-${randomUUID()}`, pickupCity: "York", deliveryCity: "Hull", cargoType: m });
      const res = await get(`/api/loads?search=${m.toLowerCase()}`, carrier.cookie);
      expect(res.statusCode).toBe(200);
      const found = res.json() as Load[];
      expect(found).toHaveLength(3);
      expect(found.some((l) => l.loadNumber === `FN-${upper}-1`)).toBe(true);
      expect(found.some((l) => l.pickupCity === `Little ${upper}ton`)).toBe(true);
      expect(found.some((l) => l.deliveryCity === `${upper}bridge`)).toBe(true);
    });

    it("search takes % and _ literally", async () => {
      const m = tag();
      await mk(m, "plain");
      expect(numbers(await get(`/api/loads?search=${m}%25`, carrier.cookie))).toEqual([]);
      expect(numbers(await get(`/api/loads?search=${m.slice(0, 3)}_${m.slice(4)}`, carrier.cookie))).toEqual([]);
      expect(numbers(await get(`/api/loads?search=${m}`, carrier.cookie))).toEqual([`${m}-plain`]);
    });

    it("status takes a comma list", async () => {
      const m = tag();
      for (const s of ["available", "accepted", "approved", "completed", "cancelled"]) await mk(m, s, { status: s });
      expect(numbers(await get(`/api/loads?search=${m}&status=available,cancelled`, admin.cookie))).toEqual([`${m}-available`, `${m}-cancelled`]);
      expect(numbers(await get(`/api/loads?search=${m}&status=approved`, admin.cookie))).toEqual([`${m}-approved`]);
      expect(numbers(await get(`/api/loads?search=${m}&status=all`, admin.cookie))).toHaveLength(5);
      expect((await get(`/api/loads?status=lost`, admin.cookie)).statusCode).toBe(400);
    });

    it("equipmentType", async () => {
      const m = tag();
      await mk(m, "flat", { equipmentType: "Flatbed" });
      await mk(m, "curtain", { equipmentType: "Curtain" });
      await mk(m, "mol", { equipmentType: "MOL" });
      expect(numbers(await get(`/api/loads?search=${m}&equipmentType=Curtain`, carrier.cookie))).toEqual([`${m}-curtain`]);
      expect(numbers(await get(`/api/loads?search=${m}&equipmentType=all`, carrier.cookie))).toHaveLength(3);
      expect((await get(`/api/loads?equipmentType=Tipper`, carrier.cookie)).statusCode).toBe(400);
    });

    it("carrier takes a comma list of carrier names and 'unassigned'", async () => {
      const m = tag();
      await mk(m, "alpha", { status: "accepted", acceptedByCarrier: "Alpha Haulage" });
      await mk(m, "beta", { status: "approved", acceptedByCarrier: "Beta Freight" });
      await mk(m, "gamma", { status: "completed", acceptedByCarrier: "Gamma Logistics" });
      await mk(m, "none", { status: "available" });
      const q = (c: string) => get(`/api/loads?search=${m}&carrier=${encodeURIComponent(c)}`, admin.cookie);
      expect(numbers(await q("Alpha Haulage"))).toEqual([`${m}-alpha`]);
      expect(numbers(await q("Alpha Haulage,Gamma Logistics"))).toEqual([`${m}-alpha`, `${m}-gamma`]);
      expect(numbers(await q("unassigned"))).toEqual([`${m}-none`]);
      expect(numbers(await q("Beta Freight,unassigned"))).toEqual([`${m}-beta`, `${m}-none`]);
    });

    it("from/to are inclusive UK days, also in BST; loads without a pickup date are excluded", async () => {
      const m = tag();
      // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST)
      await mk(m, "jul2-0030", { pickupDate: new Date("2026-07-01T23:30:00Z") });
      await mk(m, "jul1-2359", { pickupDate: new Date("2026-07-01T22:59:00Z") });
      await mk(m, "jul2-2359", { pickupDate: new Date("2026-07-02T22:59:59Z") });
      await mk(m, "jul3-0000", { pickupDate: new Date("2026-07-02T23:00:00Z") });
      await mk(m, "nodate", { pickupDate: null });
      await mk(m, "jan10-0000", { pickupDate: new Date("2026-01-10T00:00:00Z") });
      await mk(m, "jan9-2359", { pickupDate: new Date("2026-01-09T23:59:59Z") });
      // staff: January's loads are expired by the clock's June, off a carrier's board
      const q = (qs: string) => get(`/api/loads?search=${m}&${qs}`, manager.cookie);
      expect(numbers(await q("from=2026-07-02&to=2026-07-02"))).toEqual([`${m}-jul2-0030`, `${m}-jul2-2359`]);
      expect(numbers(await q("from=2026-07-02"))).toEqual([`${m}-jul2-0030`, `${m}-jul2-2359`, `${m}-jul3-0000`]);
      expect(numbers(await q("to=2026-07-01"))).toEqual([`${m}-jan10-0000`, `${m}-jan9-2359`, `${m}-jul1-2359`]);
      expect(numbers(await q("from=2026-01-10&to=2026-01-10"))).toEqual([`${m}-jan10-0000`]);
      expect(numbers(await q(""))).toHaveLength(7);
    });

    it("an impossible date is a 400, not a 500", async () => {
      for (const qs of ["from=2026-02-30", "to=2026-13-01", "from=yesterday"]) {
        const res = await get(`/api/loads?${qs}`, carrier.cookie);
        expect(res.statusCode, qs).toBe(400);
        expect(res.json().details.length).toBeGreaterThan(0);
      }
    });

    it("filters combine", async () => {
      const m = tag();
      await mk(m, "hit", { weight: 2000, equipmentType: "Curtain", price: 1500 });
      await mk(m, "miss-weight", { weight: 20000, equipmentType: "Curtain", price: 1500 });
      await mk(m, "miss-equip", { weight: 2000, equipmentType: "MOL", price: 1500 });
      await mk(m, "miss-price", { weight: 2000, equipmentType: "Curtain", price: 700 });
      const res = await get(`/api/loads?search=${m}&weight=1000-5000&equipmentType=Curtain&price=1000-2000`, carrier.cookie);
      expect(numbers(res)).toEqual([`${m}-hit`]);
    });

    it("lists newest pickup first, undated last, and pages with X-Total-Count", async () => {
      const m = tag();
      const dates = ["2026-08-01T09:00:00Z", "2026-08-03T09:00:00Z", null, "2026-08-02T09:00:00Z", "2026-08-05T09:00:00Z"];
      for (const [i, d] of dates.entries()) await mk(m, `o${i}`, { pickupDate: d ? new Date(d) : null });
      const all = await get(`/api/loads?search=${m}`, carrier.cookie);
      expect((all.json() as Load[]).map((l) => l.loadNumber)).toEqual([`${m}-o4`, `${m}-o1`, `${m}-o3`, `${m}-o0`, `${m}-o2`]);
      expect(all.headers["x-total-count"]).toBe("5");
      const page = await get(`/api/loads?search=${m}&limit=2&offset=2`, carrier.cookie);
      expect(page.headers["x-total-count"]).toBe("5");
      expect((page.json() as Load[]).map((l) => l.loadNumber)).toEqual([`${m}-o3`, `${m}-o0`]);
      const past = await get(`/api/loads?search=${m}&limit=2&offset=10`, carrier.cookie);
      expect(past.json()).toEqual([]);
      expect(past.headers["x-total-count"]).toBe("5");
      expect((await get(`/api/loads?limit=0`, carrier.cookie)).statusCode).toBe(400);
      expect((await get(`/api/loads?offset=-1`, carrier.cookie)).statusCode).toBe(400);
    });

    it("malformed queries are 400s, never 500s", async () => {
      for (const qs of ["search=%00", `search=${"x".repeat(500)}`, "status=available&status=accepted", "limit=abc", `carrier=${"a,".repeat(100)}`]) {
        const res = await get(`/api/loads?${qs}`, carrier.cookie);
        expect(res.statusCode, qs).toBe(400);
      }
      const sqlish = await get(`/api/loads?search=${encodeURIComponent("'; drop table loads; --")}`, carrier.cookie);
      expect(sqlish.statusCode).toBe(200);
      expect((await get("/api/loads", admin.cookie)).statusCode).toBe(200);
    });
  });

  describe("ETag polling", () => {
    it("an unchanged poll gets 304 with no body; a change to any load gives a new ETag and 200", async () => {
      const m = tag();
      await mk(m, "a");
      // mk writes straight to the database: let its notice reach the version cache
      await new Promise((r) => setTimeout(r, 100));
      const first = await get(`/api/loads?search=${m}`, carrier.cookie);
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"]).toBe("private, no-cache");
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);

      const again = await get(`/api/loads?search=${m}`, carrier.cookie, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);
      // weak comparison, and a list of tags, as browsers and proxies may send
      expect((await get(`/api/loads?search=${m}`, carrier.cookie, { "if-none-match": `"x", W/${etag}` })).statusCode).toBe(304);

      // a write to a load this list does not even contain still changes the version
      const other = await createLoad(t.app, { loadNumber: `other-${randomUUID()}` });
      await t.app.ctx.db.update(loads).set({ price: 999 }).where(eq(loads.id, other.id));
      // written straight to the database, as another process would: seen once its
      // NOTIFY arrives (the per-process version cache is never older than a second)
      let changed = await get(`/api/loads?search=${m}`, carrier.cookie, { "if-none-match": etag });
      for (const start = Date.now(); changed.statusCode === 304 && Date.now() - start < 1500; ) {
        await new Promise((r) => setTimeout(r, 20));
        changed = await get(`/api/loads?search=${m}`, carrier.cookie, { "if-none-match": etag });
      }
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json()).toHaveLength(1);
    });

    it("different users and different queries get different ETags", async () => {
      const a = await get("/api/loads", carrier.cookie);
      const b = await get("/api/loads", carrier2.cookie);
      const c = await get("/api/loads?status=available", carrier.cookie);
      const d = await get("/api/loads", admin.cookie);
      const tags = [a, b, c, d].map((r) => r.headers.etag);
      expect(new Set(tags).size).toBe(4);
      // another user's ETag never earns a 304
      expect((await get("/api/loads", carrier2.cookie, { "if-none-match": String(a.headers.etag) })).statusCode).toBe(200);
    });
  });
});
