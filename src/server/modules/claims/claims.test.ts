// Waiting-time claims through the API: who may claim which stop and when (the
// claim window, one claim a stop, nothing beyond the free time), the server's
// price, the lists, the network's settings and the notices to staff.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createManager, login } from "../../../../test/factories";
import { approvedLoad, haulier } from "../../../../test/invoice-fixtures";
import { notifications } from "../../db/schema";
import { CLAIM_MSG, WAITING_TIME_DEFAULTS, type WaitingClaim } from "../../../contract/schemas/claim";
import { BS1, WAITED_3H15, bookedWithWait, claimsApi, recordStop, recordStopByApi } from "./claims-test-support";

describe.each(ENGINES)("waiting-time claims on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-25T12:00:00Z"));
  let staff: string;
  let staffId: string;
  let api: ReturnType<typeof claimsApi>;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    const manager = await createManager(t.app);
    staffId = manager.id;
    staff = await login(t.app, manager.email);
    api = claimsApi(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const noticesOf = (userId: string, type: string) => t.app.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it("the worked example: 3 h 15 min at delivery, 2 h free, £30/h, cap 4 h is a pending claim of 75 minutes, £37.50, and staff hear of it", async () => {
    // the stops recorded through the stops API, the delivery with the phone's position at Bristol BS1
    const { company, member } = await haulier(t.app);
    const load = await approvedLoad(t.app, company, member.user.id);
    await recordStopByApi(t.app, load.id, member.cookie, { stop: "pickup", arrivedAt: "2026-11-24T06:00:00.000Z", departedAt: "2026-11-24T06:45:00.000Z" });
    await recordStopByApi(t.app, load.id, member.cookie, { ...WAITED_3H15, position: BS1 });
    const res = await api.claim(load.id, member.cookie, { stop: "delivery", note: "Waited for the crane" });
    expect(res.statusCode).toBe(201);
    const claim = res.json<WaitingClaim>();
    expect(claim).toEqual({
      id: claim.id,
      loadId: load.id,
      loadNumber: load.loadNumber,
      companyId: company.id,
      companyName: company.name,
      stop: "delivery",
      arrivedAt: "2026-11-24T09:00:00.000Z",
      departedAt: "2026-11-24T12:15:00.000Z",
      evidence: "position",
      minutes: 195,
      chargeableMinutes: 75,
      amount: 37.5,
      status: "pending",
      decidedAmount: null,
      note: "Waited for the crane",
      reason: null,
      createdAt: "2026-11-25T12:00:00.000Z",
      decidedAt: null,
      decidedBy: null,
    } satisfies WaitingClaim);
    const [notice] = await noticesOf(staffId, "waiting_claim_submitted");
    expect(notice.title).toBe(`Waiting-time claim on load ${load.loadNumber}`);
    expect(notice.body).toContain(`${company.name} claims £37.50 for 1 h 15 min of waiting at delivery`);
    expect(notice.loadId).toBe(load.id);
    // the member who claimed is not told of their own claim
    expect(await noticesOf(member.user.id, "waiting_claim_submitted")).toEqual([]);
  });

  it("the same stop claimed twice is 409, and two claims sent at once land once", async () => {
    const { member, load } = await bookedWithWait(t.app);
    expect((await api.claim(load.id, member.cookie)).statusCode).toBe(201);
    const again = await api.claim(load.id, member.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CLAIM_MSG.alreadyClaimed);

    const raced = await bookedWithWait(t.app);
    const both = await Promise.all([api.claim(raced.load.id, raced.member.cookie), api.claim(raced.load.id, raced.member.cookie)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error).toBe(CLAIM_MSG.alreadyClaimed);
  });

  it("another company's load is one the caller may not know of (404); staff decide claims and do not send them (403)", async () => {
    const { load } = await bookedWithWait(t.app);
    const other = await haulier(t.app);
    const res = await api.claim(load.id, other.member.cookie);
    expect(res.statusCode).toBe(404);
    expect((await api.claim("00000000-0000-4000-8000-000000000000", other.member.cookie)).statusCode).toBe(404);
    expect((await api.claim(load.id, staff)).statusCode).toBe(403);
  });

  it("a stop without both times is 409; exactly the free time is 400 with the contract's words", async () => {
    const { company, member } = await haulier(t.app);
    const load = await approvedLoad(t.app, company, member.user.id);
    const none = await api.claim(load.id, member.cookie, { stop: "pickup" });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(CLAIM_MSG.stopNotFinished);
    await recordStop(t.app, load, company, { stop: "pickup", arrivedAt: "2026-11-24T07:00:00Z", departedAt: null });
    expect((await api.claim(load.id, member.cookie, { stop: "pickup" })).json().error).toBe(CLAIM_MSG.stopNotFinished);

    await recordStop(t.app, load, company, { stop: "delivery", arrivedAt: "2026-11-24T10:00:00Z", departedAt: "2026-11-24T12:00:00Z" });
    const free = await api.claim(load.id, member.cookie, { stop: "delivery" });
    expect(free.statusCode).toBe(400);
    expect(free.json().error).toBe("No waiting time beyond the free period");
    // the refusal leaves no claim behind
    expect((await api.list("", member.cookie)).json()).toEqual([]);
  });

  it("the claim window: the 7th day after the departure's UK day is the last (in), the day after is out (409)", async () => {
    const { company, member } = await haulier(t.app);
    // left on Wed 18 Nov: the last day to claim is Wed 25 Nov, the test clock's day
    const onTime = await approvedLoad(t.app, company, member.user.id);
    await recordStop(t.app, onTime, company, { stop: "pickup", arrivedAt: "2026-11-18T20:00:00Z", departedAt: "2026-11-18T23:59:00Z" });
    expect((await api.claim(onTime.id, member.cookie, { stop: "pickup" })).statusCode).toBe(201);
    // left at midnight starting Tue 17 Nov: the window closed at the end of Tue 24 Nov
    const late = await approvedLoad(t.app, company, member.user.id);
    await recordStop(t.app, late, company, { stop: "pickup", arrivedAt: "2026-11-16T20:00:00Z", departedAt: "2026-11-17T00:00:00Z" });
    const res = await api.claim(late.id, member.cookie, { stop: "pickup" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(CLAIM_MSG.windowClosed);
  });

  it("the lists: a carrier their company's, staff all or one company's, pending first, with X-Total-Count and pages", async () => {
    const a = await bookedWithWait(t.app);
    const b = await bookedWithWait(t.app);
    const claimA = (await api.claim(a.load.id, a.member.cookie)).json<WaitingClaim>();
    const claimB = (await api.claim(b.load.id, b.member.cookie)).json<WaitingClaim>();
    expect((await api.reject(claimB.id, staff, { reason: "No crane booked" })).statusCode).toBe(200);

    const own = await api.list("", a.member.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json<WaitingClaim[]>().map((c) => c.id)).toEqual([claimA.id]);
    expect(own.headers["x-total-count"]).toBe("1");
    // a carrier naming another company still sees only their own
    expect((await api.list(`?companyId=${b.company.id}`, a.member.cookie)).json<WaitingClaim[]>().map((c) => c.id)).toEqual([claimA.id]);

    const ofB = await api.list(`?companyId=${b.company.id}`, staff);
    expect(ofB.json<WaitingClaim[]>().map((c) => [c.id, c.status, c.reason])).toEqual([[claimB.id, "rejected", "No crane booked"]]);
    const all = await api.list("", staff);
    const items = all.json<WaitingClaim[]>();
    expect(Number(all.headers["x-total-count"])).toBe(items.length);
    const firstDecided = items.findIndex((c) => c.status !== "pending");
    expect(items.slice(firstDecided).every((c) => c.status !== "pending")).toBe(true);
    expect(items.map((c) => c.id)).toEqual(expect.arrayContaining([claimA.id, claimB.id]));
    const page = await api.list("?limit=1&offset=1&status=pending", staff);
    expect(page.json()).toHaveLength(1);
    expect((await api.list("?status=approved&companyId=" + b.company.id, staff)).json()).toEqual([]);
    expect((await api.list("?status=maybe", staff)).statusCode).toBe(400);
    expect((await api.list("?limit=1001", staff)).statusCode).toBe(400);
  });

  it("waiting-time settings: the contract's defaults; staff change them in range (else 400); a new claim is priced with them", async () => {
    const got = await api.settings(staff);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ freeMinutes: 120, ratePerHour: 30, maxHours: 4, claimDays: 7 });
    const bad = [
      { freeMinutes: 481 },
      { freeMinutes: -1 },
      { freeMinutes: 1.5 },
      { ratePerHour: 500.01 },
      { ratePerHour: -0.01 },
      { ratePerHour: 1.234 },
      { maxHours: 0 },
      { maxHours: 25 },
      { claimDays: 0 },
      { claimDays: 91 },
    ];
    for (const over of bad) {
      const res = await api.settings(staff, { ...WAITING_TIME_DEFAULTS, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
    const edges = [
      { freeMinutes: 0, ratePerHour: 0, maxHours: 1, claimDays: 1 },
      { freeMinutes: 480, ratePerHour: 500, maxHours: 24, claimDays: 90 },
    ];
    for (const edge of edges) expect((await api.settings(staff, edge)).json()).toEqual(edge);

    // 60 free minutes at £45.50 capped at 1 h: 3 h 15 min pays 60 minutes, £45.50
    expect((await api.settings(staff, { freeMinutes: 60, ratePerHour: 45.5, maxHours: 1, claimDays: 7 })).statusCode).toBe(200);
    const { member, load } = await bookedWithWait(t.app);
    expect((await api.claim(load.id, member.cookie)).json()).toMatchObject({ minutes: 195, chargeableMinutes: 60, amount: 45.5 });
    expect((await api.settings(staff, WAITING_TIME_DEFAULTS)).json()).toEqual(WAITING_TIME_DEFAULTS);
    expect((await api.settings(member.cookie)).statusCode).toBe(403);
    expect((await api.settings(member.cookie, WAITING_TIME_DEFAULTS)).statusCode).toBe(403);
  });
});
