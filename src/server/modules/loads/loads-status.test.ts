// PATCH /api/loads/{id}/status and /reset-to-available: every
// allowed and refused transition, table-driven from TRANSITIONS, with its side effects.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { LOAD_STATUSES, type LoadStatus } from "../../../contract/constants";
import { bids, loadEvents, loads } from "../../db/schema";
import { actionForStatus, canTransition } from "./load-state";

type Session = Awaited<ReturnType<typeof signedIn>>;

describe.each(ENGINES)("load status changes on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-09-10T08:30:00Z"));
  let admin: Session;
  let manager: Session;
  let carrier: Session;
  let adminFlagOnly: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    admin = await signedIn(t.app, { role: "admin", isAdmin: true, name: "Ada Admin" });
    manager = await signedIn(t.app, { role: "manager", name: "Max Manager" });
    carrier = await signedIn(t.app, { name: "Cara Carrier", carrierName: "Cara Haulage Ltd" });
    // isAdmin with a carrier role still counts as staff (contract: Roles)
    adminFlagOnly = await signedIn(t.app, { role: "carrier", isAdmin: true, name: "Flag Admin" });
  });
  afterAll(() => t?.close());

  /** A load in the given status, assigned to the carrier when that status has one. */
  const loadIn = (status: LoadStatus) =>
    createLoad(t.app, {
      status,
      ...(status === "available" || status === "cancelled"
        ? {}
        : { acceptedBy: carrier.user.id, acceptedByCarrier: "Cara Haulage Ltd", acceptedAt: new Date("2026-09-01T10:00:00Z") }),
      ...(status === "approved" || status === "completed" ? { mandataNumber: null } : {}),
    });

  const patch = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: "PATCH", url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const statusCases = LOAD_STATUSES.flatMap((from) =>
    LOAD_STATUSES.map((to) => ({ from, to, allowed: canTransition(actionForStatus(to), from) })),
  );

  it.each(statusCases)("PATCH /status $from → $to: allowed $allowed", async ({ from, to, allowed }) => {
    const load = await loadIn(from);
    const res = await patch(`/api/loads/${load.id}/status`, admin.cookie, {
      status: to,
      userId: admin.user.id,
      ...(to === "accepted" ? { acceptedBy: carrier.user.id } : {}),
    });
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    if (allowed) {
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(to);
      expect(row.status).toBe(to);
      const [event] = await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
      expect(event).toMatchObject({ fromStatus: from, toStatus: to, actorId: admin.user.id, actorName: "Ada Admin", action: actionForStatus(to) });
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBeTypeOf("string");
      expect(row.status).toBe(from);
      expect(await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id))).toEqual([]);
    }
  });

  // State before shape (contract 409): every field but the target status is wrong
  // (types, UUIDs, lengths, a NUL), so a forbidden change must still answer 409.
  const MALFORMED_REST = {
    acceptedBy: 123,
    acceptedByCarrier: "Bad\u0000Haulage",
    userId: "not-a-uuid",
    reason: "x".repeat(501),
  };

  it.each(statusCases.filter((c) => !c.allowed))(
    "PATCH /status $from → $to (forbidden) with a malformed rest of the body: 409, nothing changes",
    async ({ from, to }) => {
      const load = await loadIn(from);
      const res = await patch(`/api/loads/${load.id}/status`, admin.cookie, { status: to, ...MALFORMED_REST });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBeTypeOf("string");
      const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
      expect(row.status).toBe(from);
      expect(await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id))).toEqual([]);
    },
  );

  it.each(statusCases.filter((c) => c.allowed))(
    "PATCH /status $from → $to (allowed) with a malformed rest of the body: 400 naming the fields, nothing changes",
    async ({ from, to }) => {
      const load = await loadIn(from);
      const res = await patch(`/api/loads/${load.id}/status`, admin.cookie, { status: to, ...MALFORMED_REST });
      expect(res.statusCode).toBe(400);
      const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
      expect(row.status).toBe(from);
    },
  );

  it("an allowed change still lists every malformed field (400)", async () => {
    const load = await loadIn("available");
    const { acceptedByCarrier: _nul, ...rest } = MALFORMED_REST;
    const res = await patch(`/api/loads/${load.id}/status`, admin.cookie, { status: "accepted", ...rest });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path).sort()).toEqual(["acceptedBy", "reason", "userId"]);
  });

  it("without a readable target status the body is a 400, and an unknown load a 404, before any state", async () => {
    const load = await loadIn("completed");
    for (const payload of [{ ...MALFORMED_REST }, { status: "lost", ...MALFORMED_REST }, { status: 5 }]) {
      expect((await patch(`/api/loads/${load.id}/status`, admin.cookie, payload)).statusCode).toBe(400);
    }
    expect((await patch(`/api/loads/${randomUUID()}/status`, admin.cookie, { status: "approved", ...MALFORMED_REST })).statusCode).toBe(404);
    // a carrier learns nothing about the state either
    expect((await patch(`/api/loads/${load.id}/status`, carrier.cookie, { status: "approved", ...MALFORMED_REST })).statusCode).toBe(403);
  });

  it.each(LOAD_STATUSES.filter((from) => from !== "accepted" && from !== "approved"))(
    "PATCH /reset-to-available from %s (forbidden) with a malformed body: 409",
    async (from) => {
      const load = await loadIn(from);
      const res = await patch(`/api/loads/${load.id}/reset-to-available`, manager.cookie, { status: 42, ...MALFORMED_REST });
      expect(res.statusCode).toBe(409);
      const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
      expect(row.status).toBe(from);
    },
  );

  it("PATCH /accept on a load that is not available, with a malformed body: 409 (available: 400)", async () => {
    // staff see every load, so the state alone answers (a carrier may get 404 for a load they cannot see)
    for (const from of LOAD_STATUSES.filter((s) => s !== "available")) {
      const load = await loadIn(from);
      const res = await patch(`/api/loads/${load.id}/accept`, manager.cookie, { userId: "me", extra: "\u0000" });
      expect(res.statusCode, from).toBe(409);
    }
    const open = await loadIn("available");
    const bad = await patch(`/api/loads/${open.id}/accept`, carrier.cookie, { userId: "me" });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, open.id));
    expect(row.status).toBe("available");
  });

  it("PUT /pod on a load that is not approved or completed, with a malformed body: 409 (approved: 400)", async () => {
    const junk = { pickupSignedBy: 5, pickupSignedDate: "soon", deliverySignedBy: ["x"], deliverySignedDate: null };
    for (const from of ["available", "accepted", "cancelled"] as const) {
      const load = await loadIn(from);
      const res = await t.app.inject({ method: "PUT", url: `/api/loads/${load.id}/pod`, headers: { cookie: manager.cookie }, payload: junk });
      expect(res.statusCode, from).toBe(409);
    }
    const approved = await loadIn("approved");
    const res = await t.app.inject({ method: "PUT", url: `/api/loads/${approved.id}/pod`, headers: { cookie: manager.cookie }, payload: junk });
    expect(res.statusCode).toBe(400);
  });

  it.each(LOAD_STATUSES.map((from) => ({ from, allowed: from === "accepted" || from === "approved" })))(
    "PATCH /reset-to-available from $from: allowed $allowed",
    async ({ from, allowed }) => {
      const load = await createLoad(t.app, {
        status: from,
        acceptedBy: carrier.user.id,
        acceptedByCarrier: "Cara Haulage Ltd",
        acceptedAt: new Date(),
        mandataNumber: from === "approved" || from === "completed" ? "PO-2026-00042" : null,
      });
      const res = await patch(`/api/loads/${load.id}/reset-to-available`, manager.cookie);
      const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
      if (allowed) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: "available", acceptedBy: null, acceptedByCarrier: null, acceptedAt: null, mandataNumber: null });
        expect(row).toMatchObject({ status: "available", acceptedBy: null, acceptedByCarrier: null, acceptedAt: null, mandataNumber: null });
      } else {
        expect(res.statusCode).toBe(409);
        expect(row.status).toBe(from);
        expect(row.acceptedBy).toBe(carrier.user.id);
      }
    },
  );

  it("reset rejects nothing: bids keep their status", async () => {
    const load = await loadIn("accepted");
    const other = await signedIn(t.app, {});
    await t.app.ctx.db.insert(bids).values({ loadId: load.id, carrierId: other.user.id, bidAmount: 950, status: "pending" });
    expect((await patch(`/api/loads/${load.id}/reset-to-available`, manager.cookie)).statusCode).toBe(200);
    const [bid] = await t.app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id));
    expect(bid.status).toBe("pending");
  });

  it("carriers get 403 on status and reset, and nothing changes", async () => {
    const load = await loadIn("accepted");
    for (const status of LOAD_STATUSES) {
      expect((await patch(`/api/loads/${load.id}/status`, carrier.cookie, { status, userId: carrier.user.id })).statusCode).toBe(403);
    }
    expect((await patch(`/api/loads/${load.id}/reset-to-available`, carrier.cookie)).statusCode).toBe(403);
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.status).toBe("accepted");
  });

  it("approving issues PO-{year}-{5 digits}, counting up, and keeps an existing PO number", async () => {
    const a = await loadIn("accepted");
    const b = await loadIn("accepted");
    const ra = await patch(`/api/loads/${a.id}/status`, manager.cookie, { status: "approved", userId: manager.user.id });
    expect(ra.statusCode).toBe(200);
    const poA = ra.json().mandataNumber as string;
    expect(poA).toMatch(/^PO-2026-\d{5}$/);
    const rb = await patch(`/api/loads/${b.id}/status`, adminFlagOnly.cookie, { status: "approved" });
    expect(rb.statusCode).toBe(200);
    expect(Number(rb.json().mandataNumber.slice(8))).toBe(Number(poA.slice(8)) + 1);

    const c = await createLoad(t.app, { status: "accepted", acceptedBy: carrier.user.id, mandataNumber: "PO-CUSTOM-1" });
    const rc = await patch(`/api/loads/${c.id}/status`, manager.cookie, { status: "approved" });
    expect(rc.json().mandataNumber).toBe("PO-CUSTOM-1");
  });

  it("simultaneous approvals of different loads get different PO numbers", async () => {
    const list = await Promise.all(Array.from({ length: 6 }, () => loadIn("accepted")));
    const res = await Promise.all(list.map((l) => patch(`/api/loads/${l.id}/status`, manager.cookie, { status: "approved" })));
    expect(res.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const pos = res.map((r) => r.json().mandataNumber);
    expect(new Set(pos).size).toBe(6);
  });

  it("the carrier sees the PO number once approved", async () => {
    const load = await loadIn("accepted");
    const before = await t.app.inject({ url: `/api/loads/${load.id}`, headers: { cookie: carrier.cookie } });
    expect(before.json().mandataNumber).toBeNull();
    const po = (await patch(`/api/loads/${load.id}/status`, manager.cookie, { status: "approved" })).json().mandataNumber;
    const after = await t.app.inject({ url: `/api/loads/${load.id}`, headers: { cookie: carrier.cookie } });
    expect(after.json().mandataNumber).toBe(po);
  });

  it("completing stamps completedAt with the current time", async () => {
    const load = await loadIn("approved");
    const res = await patch(`/api/loads/${load.id}/status`, manager.cookie, { status: "completed" });
    expect(res.statusCode).toBe(200);
    expect(res.json().completedAt).toBe("2026-09-10T08:30:00.000Z");
  });

  it("cancelling records the reason; un-cancelling puts the load back on the board with no carrier", async () => {
    const load = await loadIn("approved");
    const res = await patch(`/api/loads/${load.id}/status`, manager.cookie, { status: "cancelled", reason: "Customer withdrew the order" });
    expect(res.statusCode).toBe(200);
    // cancelling keeps who had it, for history
    expect(res.json()).toMatchObject({ status: "cancelled", acceptedBy: carrier.user.id });
    const [event] = await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
    expect(event).toMatchObject({ action: "cancel", reason: "Customer withdrew the order", fromStatus: "approved", toStatus: "cancelled" });

    clock.advance(1000);
    const back = await patch(`/api/loads/${load.id}/status`, manager.cookie, { status: "available" });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: "available", acceptedBy: null, acceptedByCarrier: null, mandataNumber: null });
    const history = await t.app.inject({ url: `/api/loads/${load.id}/events`, headers: { cookie: manager.cookie } });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual(["uncancel", "cancel"]);
  });

  it("assigning (status accepted) needs acceptedBy or acceptedByCarrier, and rejects pending bids", async () => {
    const load = await loadIn("available");
    const bidder = await signedIn(t.app, {});
    await t.app.ctx.db.insert(bids).values({ loadId: load.id, carrierId: bidder.user.id, bidAmount: 800, status: "pending" });

    const missing = await patch(`/api/loads/${load.id}/status`, manager.cookie, { status: "accepted" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe("acceptedBy");
    const unknown = await patch(`/api/loads/${load.id}/status`, manager.cookie, { status: "accepted", acceptedBy: randomUUID() });
    expect(unknown.statusCode).toBe(400);

    const byName = await patch(`/api/loads/${load.id}/status`, manager.cookie, { status: "accepted", acceptedByCarrier: "Phone Booking Haulage" });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({ status: "accepted", acceptedBy: null, acceptedByCarrier: "Phone Booking Haulage" });
    const [bid] = await t.app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id));
    expect(bid.status).toBe("rejected");

    const second = await loadIn("available");
    const byId = await patch(`/api/loads/${second.id}/status`, manager.cookie, { status: "accepted", acceptedBy: carrier.user.id });
    expect(byId.json()).toMatchObject({ acceptedBy: carrier.user.id, acceptedByCarrier: "Cara Haulage Ltd" });
  });

  it("bad bodies are 400s; unknown loads 404", async () => {
    const load = await loadIn("available");
    for (const payload of [{}, { status: "lost" }, { status: "cancelled", reason: "x".repeat(501) }, { status: "accepted", acceptedBy: "bob" }]) {
      const res = await patch(`/api/loads/${load.id}/status`, manager.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    expect((await patch(`/api/loads/${randomUUID()}/status`, manager.cookie, { status: "cancelled" })).statusCode).toBe(404);
    expect((await patch(`/api/loads/${randomUUID()}/reset-to-available`, manager.cookie)).statusCode).toBe(404);
  });
});
