// A load's detail, its views and its history, and the guards every loads route has
// (signed out, carriers on staff routes, ids that are not UUIDs or name no load).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad } from "../../../../test/factories";
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
