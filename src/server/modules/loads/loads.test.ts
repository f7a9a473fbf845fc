// GET /api/loads filters, paging and ETag; create, edit, copy, next number; views
// and history; the guards every loads route has.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { bids, loadViews, loads } from "../../db/schema";
import type { Load } from "../../../contract/schemas/load";

type Session = Awaited<ReturnType<typeof signedIn>>;

const BODY = {
  loadNumber: "",
  pickupAddress: "Unit 4, Tilbury Docks",
  pickupCity: "Tilbury",
  pickupState: "Essex",
  pickupZip: "RM18 7EH",
  pickupDate: "2026-11-24T09:00:00.000Z",
  pickupTimeType: "exact",
  pickupContact: "Gate office 01375 000000",
  pickupReference: "TIL-889",
  deliveryCity: "Birmingham",
  deliveryState: "West Midlands",
  deliveryZip: "B5 4BU",
  deliveryDate: "2026-11-24T15:00:00.000Z",
  deliveryTimeType: "between",
  deliveryStartTime: "13:00",
  deliveryEndTime: "16:00",
  weight: 18500,
  distance: 185,
  price: 1250,
  cargoType: "Steel beams",
  equipmentType: "Flatbed",
  forsRequirement: "Silver",
  edgeProtectors: true,
};

describe.each(ENGINES)("loads API on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-06-15T10:00:00Z"));
  let admin: Session;
  let manager: Session;
  let carrier: Session;
  let carrier2: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    admin = await signedIn(t.app, { role: "admin", isAdmin: true, name: "Ada Admin" });
    manager = await signedIn(t.app, { role: "manager", name: "Max Manager" });
    carrier = await signedIn(t.app, { name: "Cara Carrier", carrierName: "Cara Haulage Ltd" });
    carrier2 = await signedIn(t.app, { name: "Colin Carrier", carrierName: "Colin Freight" });
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { cookie, ...headers } });
  const send = (method: "POST" | "PUT" | "PATCH", url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A unique marker put in the pickup city, so each test filters its own loads. */
  const tag = () => `Zq${randomUUID().slice(0, 6)}`;
  const numbers = (res: { json(): unknown }) => (res.json() as Load[]).map((l) => l.loadNumber).sort();
  const mk = (marker: string, name: string, over: Partial<typeof loads.$inferInsert> = {}) =>
    createLoad(t.app, { loadNumber: `${marker}-${name}`, pickupCity: `${marker} Leeds`, ...over });

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

  describe("next number, create, edit, copy", () => {
    it("next-number is FN-{year}-{3 digits}, highest of the year + 1, and keeps counting past 999", async () => {
      clock.set("2031-03-01T10:00:00Z");
      // a pickup in the past is refused: these loads are picked up in 2031
      const BODY_2031 = { ...BODY, pickupDate: "2031-03-02T09:00:00.000Z", deliveryDate: "2031-03-02T15:00:00.000Z" };
      // sessions expire by the clock: sign in again in 2031
      const manager = await signedIn(t.app, { role: "manager" });
      const admin = manager;
      try {
        const first = await get("/api/loads/next-number", manager.cookie);
        expect(first.statusCode).toBe(200);
        expect(first.json()).toEqual({ loadNumber: "FN-2031-001" });
        await createLoad(t.app, { loadNumber: "FN-2030-500" });
        await createLoad(t.app, { loadNumber: "FN-2031-041" });
        expect((await get("/api/loads/next-number", manager.cookie)).json()).toEqual({ loadNumber: "FN-2031-042" });
        const created = await send("POST", "/api/loads", manager.cookie, BODY_2031);
        expect(created.statusCode).toBe(201);
        expect(created.json().loadNumber).toBe("FN-2031-042");
        expect((await get("/api/loads/next-number", admin.cookie)).json()).toEqual({ loadNumber: "FN-2031-043" });
        await createLoad(t.app, { loadNumber: "FN-2031-999" });
        expect((await get("/api/loads/next-number", admin.cookie)).json()).toEqual({ loadNumber: "FN-2031-1000" });
        const big = await send("POST", "/api/loads", admin.cookie, { ...BODY_2031, loadNumber: "" });
        expect(big.json().loadNumber).toBe("FN-2031-1000");
        expect((await get("/api/loads/next-number", admin.cookie)).json()).toEqual({ loadNumber: "FN-2031-1001" });
      } finally {
        clock.set("2026-06-15T10:00:00Z");
      }
    });

    it("simultaneous creates with automatic numbers all succeed with distinct numbers", async () => {
      clock.set("2032-03-01T10:00:00Z");
      const BODY_2032 = { ...BODY, pickupDate: "2032-03-02T09:00:00.000Z", deliveryDate: "2032-03-02T15:00:00.000Z" };
      const manager = await signedIn(t.app, { role: "manager" });
      try {
        const res = await Promise.all(Array.from({ length: 8 }, () => send("POST", "/api/loads", manager.cookie, BODY_2032)));
        expect(res.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
        const nums = res.map((r) => r.json().loadNumber).sort();
        expect(nums).toEqual(Array.from({ length: 8 }, (_, i) => `FN-2032-00${i + 1}`));
      } finally {
        clock.set("2026-06-15T10:00:00Z");
      }
    });

    it("creates a load: 201, server-computed ratePerMile, available, history event", async () => {
      const res = await send("POST", "/api/loads", manager.cookie, { ...BODY, loadNumber: "FN-CREATE-1", ratePerMile: 99, status: "completed", acceptedBy: carrier.user.id });
      expect(res.statusCode).toBe(201);
      const load = res.json() as Load;
      expect(load.loadNumber).toBe("FN-CREATE-1");
      expect(load.ratePerMile).toBe(6.76); // 1250 / 185
      expect(load.status).toBe("available");
      expect(load.acceptedBy).toBeNull();
      expect(load.pickupZip).toBe("RM18 7EH");
      expect(load.deliveryStartTime).toBe("13:00");
      expect(load.forsRequirement).toBe("Silver");
      expect(load.edgeProtectors).toBe(true);
      expect(load.isUrgent).toBe(false);
      expect(load.pickupDate).toBe("2026-11-24T09:00:00.000Z");
      const events = (await get(`/api/loads/${load.id}/events`, admin.cookie)).json();
      expect(events).toMatchObject([{ action: "create", toStatus: "available", actorName: "Max Manager" }]);
    });

    it("a duplicate load number is a 409", async () => {
      expect((await send("POST", "/api/loads", manager.cookie, { ...BODY, loadNumber: "FN-DUP-1" })).statusCode).toBe(201);
      const dup = await send("POST", "/api/loads", manager.cookie, { ...BODY, loadNumber: "FN-DUP-1" });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toContain("FN-DUP-1");
      const other = (await send("POST", "/api/loads", manager.cookie, { ...BODY, loadNumber: "FN-DUP-2" })).json() as Load;
      const clash = await send("PUT", `/api/loads/${other.id}`, manager.cookie, { ...BODY, loadNumber: "FN-DUP-1" });
      expect(clash.statusCode).toBe(409);
    });

    it("bad bodies are 400 with details for every failing field, never 500", async () => {
      const res = await send("POST", "/api/loads", manager.cookie, { ...BODY, pickupCity: "", deliveryCity: " ", price: "lots" });
      expect(res.statusCode).toBe(400);
      const paths = (res.json().details as { path: string }[]).map((d) => d.path).sort();
      expect(paths).toEqual(["deliveryCity", "pickupCity", "price"]);
      const cases: unknown[] = [
        { ...BODY, pickupDate: "2026-02-30T09:00:00Z" },
        { ...BODY, pickupStartTime: "25:00" },
        { ...BODY, weight: -1 },
        { ...BODY, weight: 1.5 },
        { ...BODY, equipmentType: "Tipper" },
        { ...BODY, forsRequirement: "Platinum" },
        { ...BODY, pickupCity: "Leeds\u0000" },
        { ...BODY, price: 99_999_999, distance: 1 },
        { ...BODY, cargoType: "x".repeat(5000) },
        [],
        42,
        null,
      ];
      for (const payload of cases) {
        const r = await send("POST", "/api/loads", manager.cookie, payload);
        expect(r.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      }
      const text = await t.app.inject({ method: "POST", url: "/api/loads", headers: { cookie: manager.cookie, "content-type": "text/plain" }, payload: "nonsense" });
      expect([400, 415]).toContain(text.statusCode);
      const badJson = await t.app.inject({ method: "POST", url: "/api/loads", headers: { cookie: manager.cookie, "content-type": "application/json" }, payload: "{nope" });
      expect(badJson.statusCode).toBe(400);
    });

    it("HTML and SQL in text are stored as text", async () => {
      const res = await send("POST", "/api/loads", manager.cookie, { ...BODY, cargoType: "<script>alert(1)</script>'; drop table loads; --" });
      expect(res.statusCode).toBe(201);
      expect(res.json().cargoType).toBe("<script>alert(1)</script>'; drop table loads; --");
    });

    it("edits a load: ratePerMile recomputed, fields not sent are kept", async () => {
      const created = (await send("POST", "/api/loads", manager.cookie, { ...BODY, mandataNumber: "PO-2026-00077" })).json() as Load;
      clock.advance(60_000);
      // BODY carries no mandataNumber: the PO number must survive the edit
      const res = await send("PUT", `/api/loads/${created.id}`, admin.cookie, { ...BODY, price: 2000, distance: 160, loadNumber: "" });
      expect(res.statusCode).toBe(200);
      const load = res.json() as Load;
      expect(load.price).toBe(2000);
      expect(load.ratePerMile).toBe(12.5);
      expect(load.loadNumber).toBe(created.loadNumber);
      expect(load.mandataNumber).toBe("PO-2026-00077");
      const events = (await get(`/api/loads/${created.id}/events`, admin.cookie)).json();
      expect(events.map((e: { action: string }) => e.action)).toEqual(["edit", "create"]);
      expect(events[0]).toMatchObject({ action: "edit", actorName: "Ada Admin" });
      clock.set("2026-06-15T10:00:00Z");
      expect((await send("PUT", `/api/loads/${randomUUID()}`, admin.cookie, BODY)).statusCode).toBe(404);
    });

    it("a load with both POD signatories cannot be edited (409, exact message); one signatory can", async () => {
      const locked = await createLoad(t.app, { status: "completed", pickupSignedBy: "P. Signer", deliverySignedBy: "D. Signer", acceptedBy: carrier.user.id });
      const res = await send("PUT", `/api/loads/${locked.id}`, manager.cookie, { ...BODY, price: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "This load has completed POD information and cannot be edited." });
      const [after] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, locked.id));
      expect(Number(after.price)).toBe(1200);

      const partial = await createLoad(t.app, { status: "approved", pickupSignedBy: "P. Signer", acceptedBy: carrier.user.id });
      expect((await send("PUT", `/api/loads/${partial.id}`, manager.cookie, { ...BODY, price: 1300 })).statusCode).toBe(200);
    });

    it("copies a load: new number, available, no assignment, PO number, POD, bids or views", async () => {
      const source = await createLoad(t.app, {
        status: "completed",
        mandataNumber: "PO-2026-00123",
        acceptedBy: carrier.user.id,
        acceptedByCarrier: "Cara Haulage Ltd",
        acceptedAt: new Date(),
        completedAt: new Date(),
        pickupSignedBy: "P. Signer",
        pickupSignedDate: new Date(),
        deliverySignedBy: "D. Signer",
        deliverySignedDate: new Date(),
        signedPaperworkUrl: "/objects/abc",
        isUrgent: true,
        forsRequirement: "Gold",
      });
      await t.app.ctx.db.insert(bids).values({ loadId: source.id, carrierId: carrier2.user.id, bidAmount: 1100, status: "rejected" });
      await t.app.ctx.db.insert(loadViews).values({ loadId: source.id, userId: carrier.user.id });
      const res = await send("POST", `/api/loads/${source.id}/copy`, manager.cookie);
      expect(res.statusCode).toBe(201);
      const copy = res.json() as Load;
      expect(copy.id).not.toBe(source.id);
      expect(copy.loadNumber).toMatch(/^FN-2026-\d{3,}$/);
      expect(copy).toMatchObject({
        status: "available",
        mandataNumber: null,
        acceptedBy: null,
        acceptedByCarrier: null,
        acceptedAt: null,
        completedAt: null,
        pickupSignedBy: null,
        pickupSignedDate: null,
        deliverySignedBy: null,
        deliverySignedDate: null,
        signedPaperworkUrl: null,
        pickupCity: source.pickupCity,
        pickupZip: source.pickupZip,
        deliveryCity: source.deliveryCity,
        price: 1200,
        ratePerMile: 6,
        isUrgent: true,
        forsRequirement: "Gold",
      });
      expect(await t.app.ctx.db.select().from(bids).where(eq(bids.loadId, copy.id))).toEqual([]);
      expect((await get(`/api/loads/${copy.id}/views`, admin.cookie)).json()).toEqual([]);
      expect((await get(`/api/loads/${copy.id}/events`, admin.cookie)).json()[0]).toMatchObject({ action: "copy" });
      expect((await send("POST", `/api/loads/${randomUUID()}/copy`, manager.cookie)).statusCode).toBe(404);
    });
  });

  describe("detail, views and history", () => {
    it("GET /api/loads/{id} returns the load; an unknown id or non-UUID is 404", async () => {
      const load = await createLoad(t.app);
      const res = await get(`/api/loads/${load.id}`, carrier.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(load.id);
      expect((await get(`/api/loads/${randomUUID()}`, carrier.cookie)).statusCode).toBe(404);
      expect((await get(`/api/loads/not-a-uuid`, carrier.cookie)).statusCode).toBe(404);
    });

    it("records views (204) and lists them newest first for staff", async () => {
      const load = await createLoad(t.app);
      clock.set("2026-06-15T10:00:00Z");
      expect((await send("POST", `/api/loads/${load.id}/view`, carrier.cookie)).statusCode).toBe(204);
      clock.set("2026-06-15T10:05:00Z");
      expect((await send("POST", `/api/loads/${load.id}/view`, carrier2.cookie)).statusCode).toBe(204);
      clock.set("2026-06-15T10:00:00Z");
      const res = await get(`/api/loads/${load.id}/views`, manager.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { userName: "Colin Carrier", userCarrier: "Colin Freight", viewedAt: "2026-06-15T10:05:00.000Z" },
        { userName: "Cara Carrier", userCarrier: "Cara Haulage Ltd", viewedAt: "2026-06-15T10:00:00.000Z" },
      ]);
    });

    it("a view of a load the caller may not see is a 404 and records nothing", async () => {
      const cancelled = await createLoad(t.app, { status: "cancelled" });
      expect((await send("POST", `/api/loads/${cancelled.id}/view`, carrier.cookie)).statusCode).toBe(404);
      expect((await get(`/api/loads/${cancelled.id}/views`, admin.cookie)).json()).toEqual([]);
    });

    it("history lists the load's events newest first", async () => {
      const load = await createLoad(t.app, { status: "accepted", acceptedBy: carrier.user.id, acceptedByCarrier: "Cara Haulage Ltd" });
      clock.set("2026-06-15T11:00:00Z");
      await send("PATCH", `/api/loads/${load.id}/status`, manager.cookie, { status: "approved", userId: manager.user.id });
      clock.set("2026-06-15T12:00:00Z");
      await send("PATCH", `/api/loads/${load.id}/status`, admin.cookie, { status: "cancelled", userId: admin.user.id, reason: "Customer cancelled" });
      clock.set("2026-06-15T10:00:00Z");
      const res = await get(`/api/loads/${load.id}/events`, manager.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject([
        { action: "cancel", fromStatus: "approved", toStatus: "cancelled", actorName: "Ada Admin", reason: "Customer cancelled", createdAt: "2026-06-15T12:00:00.000Z" },
        { action: "approve", fromStatus: "accepted", toStatus: "approved", actorName: "Max Manager", reason: null, createdAt: "2026-06-15T11:00:00.000Z" },
      ]);
    });
  });

  describe("guards on every route", () => {
    let id: string;
    beforeAll(async () => {
      id = (await createLoad(t.app)).id;
    });
    const routes = (loadId: string): { method: "GET" | "POST" | "PUT" | "PATCH"; url: string; staff: boolean; payload?: object }[] => [
      { method: "GET", url: "/api/loads", staff: false },
      { method: "GET", url: `/api/loads/${loadId}`, staff: false },
      { method: "GET", url: "/api/loads/next-number", staff: true },
      { method: "POST", url: "/api/loads", staff: true, payload: BODY },
      { method: "PUT", url: `/api/loads/${loadId}`, staff: true, payload: BODY },
      { method: "POST", url: `/api/loads/${loadId}/copy`, staff: true },
      { method: "PATCH", url: `/api/loads/${loadId}/accept`, staff: false, payload: {} },
      { method: "PATCH", url: `/api/loads/${loadId}/status`, staff: true, payload: { status: "cancelled" } },
      { method: "PATCH", url: `/api/loads/${loadId}/reset-to-available`, staff: true },
      { method: "POST", url: `/api/loads/${loadId}/view`, staff: false },
      { method: "GET", url: `/api/loads/${loadId}/views`, staff: true },
      { method: "GET", url: `/api/loads/${loadId}/events`, staff: true },
      { method: "GET", url: "/api/stats", staff: false },
    ];

    it("signed out: 401 everywhere", async () => {
      for (const r of routes(id)) {
        const res = await t.app.inject({ method: r.method, url: r.url, ...(r.payload ? { payload: r.payload } : {}) });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      }
    });

    it("carriers: 403 on staff routes", async () => {
      for (const r of routes(id).filter((x) => x.staff)) {
        const res = await send(r.method as "POST", r.url, carrier.cookie, r.payload);
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      }
    });

    it("non-UUID ids: 404 for staff", async () => {
      for (const r of routes("1%27%20or%201%3D1").filter((x) => x.url.includes("1%27"))) {
        const res = await send(r.method as "POST", r.url, admin.cookie, r.payload);
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      }
    });

    it("an unknown UUID: 404 for staff on every load route", async () => {
      for (const r of routes(randomUUID()).filter((x) => x.url.match(/[0-9a-f]{8}-/))) {
        const res = await send(r.method as "POST", r.url, admin.cookie, r.payload);
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      }
    });
  });
});
