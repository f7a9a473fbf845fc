// Loads written through the real app: the next load number, create, edit (not once
// both POD signatories are in) and copy, with validation and the history they leave.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { bids, loadViews, loads } from "../../db/schema";
import type { Load } from "../../../contract/schemas/load";
import { BODY, loadHelpers, seedLoadsWorld, type Session } from "./loads-test-support";

describe.each(ENGINES)("loads API on %s", (engine) => {
  const clock = new TestClock(new Date("2026-06-15T10:00:00Z"));
  let t: TestApp;
  let admin: Session;
  let manager: Session;
  let carrier: Session;
  let carrier2: Session;
  const { get, send } = loadHelpers(() => t);

  beforeAll(async () => {
    ({ t, admin, manager, carrier, carrier2 } = await seedLoadsWorld(engine, clock));
  });
  afterAll(() => t?.close());

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
});
