// Scorecards through the API on each engine: the hand-computed seed (every on-time
// rule at its boundaries, POD hours with and without a departure, unknown), hand-backs
// by the reset's reason, claims and invoices, waiting at sites with k ≥ 3, who may see
// which scorecard, the Carriers tab's order, the load's `siteWaiting`, and the rows
// rebuilt from the event log equal to the maintained ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createAdmin, login } from "../../../../test/factories";
import { createCompany, memberOf } from "../../../../test/company-fixtures";
import { domainEvents, invoices, loadEvents, type LoadRow } from "../../db/schema";
import type { CompanyScorecard, NetworkScorecard } from "../../../contract/schemas/scorecard";
import { bookedLoad, caller, deliverSeed, ok, visit, type Holder } from "./scorecards-test-support";
import { rebuildScorecards } from "./scorecards.service";
import { allFacts } from "./scorecards.repository";
import { openApiChecker } from "../../../../test/openapi-check";

const HOUR = 3_600_000;
const day = (hhmm: string, d = "2026-11-24") => `${d}T${hhmm}:00.000Z`;

describe.each(ENGINES)("scorecards on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date(day("18:00")));
  const call = caller(() => t);
  let staff: string;
  let a: Holder & { companyId: string };
  let b: Holder & { companyId: string };
  let outsider: string;
  let seed: Awaited<ReturnType<typeof deliverSeed>>;
  const handedBack: LoadRow[] = [];
  const scorecard = async (companyId: string, cookie: string, query = "") => (await ok(call("GET", `/api/companies/${companyId}/scorecard${query}`, cookie), "scorecard")).json() as CompanyScorecard;
  const network = async (cookie: string) => (await ok(call("GET", "/api/scorecard/network", cookie), "network")).json() as NetworkScorecard;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    const admin = await createAdmin(t.app);
    staff = await login(t.app, admin.email);
    const holder = async () => {
      const company = await createCompany(t.app, { vatNumber: "GB123456789" });
      const m = await memberOf(t.app, company);
      return { companyId: company.id, companyName: company.name, memberId: m.user.id, cookie: m.cookie };
    };
    a = await holder();
    b = await holder();
    outsider = (await memberOf(t.app, await createCompany(t.app))).cookie;
    seed = await deliverSeed(t, call, a);

    // a waiting-time claim on L1's pickup (150 min: 30 beyond the free 2 h = £15.00), decided 3 h later
    const claim = (await ok(call("POST", `/api/loads/${seed.l1.id}/waiting-claims`, a.cookie, { stop: "pickup" }), "claim")).json();
    clock.advance(3 * HOUR);
    await ok(call("POST", `/api/waiting-claims/${claim.id}/approve`, staff, {}), "approve");

    // two of A's invoices paid on 24 Nov: L2's issued that day (0 days), L6's on 20 Nov (4 days)
    for (const load of [seed.l2, seed.l6]) {
      const [inv] = await t.app.ctx.db.select().from(invoices).where(and(eq(invoices.loadId, load.id), eq(invoices.status, "issued")));
      await ok(call("POST", `/api/invoices/${inv.id}/paid`, staff, { paidOn: "2026-11-24", paymentReference: "BACS 1" }), "paid");
    }

    // hand-backs: "carrier withdrew" counts; another reason and none do not
    for (const reason of ["carrier withdrew", "Rate too low", undefined]) {
      const load = await bookedLoad(t, a, { status: "accepted", mandataNumber: null });
      await ok(call("PATCH", `/api/loads/${load.id}/reset-to-available`, staff, reason === undefined ? undefined : { reason }), "reset");
      handedBack.push(load);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the company's figures are the hand-computed seed's (every on-time rule at its boundaries)", async () => {
    const s = await scorecard(a.companyId, a.cookie);
    expect(s).toMatchObject({
      from: "2026-08-27",
      to: "2026-11-24",
      loadsCompleted: 6,
      collection: { onTime: 4, late: 1, unknown: 1 },
      delivery: { onTime: 1, late: 4, unknown: 1 },
      podHours: { median: 2.8, p90: 5.5 },
      handedBack: 1,
      waitingClaims: { submitted: 1, approved: 1, amountApproved: 15 },
      compliance: "non_compliant",
    });
    const byId = new Map(s.loads.map((l) => [l.id, l]));
    expect(byId.get(seed.l1.id)).toEqual({ id: seed.l1.id, loadNumber: seed.l1.loadNumber, collection: "onTime", delivery: "late", podHours: 3 });
    expect(byId.get(seed.l2.id)).toMatchObject({ collection: "onTime", delivery: "late", podHours: 1.5 });
    expect(byId.get(seed.l3.id)).toMatchObject({ collection: "onTime", delivery: "onTime", podHours: 2.5 });
    expect(byId.get(seed.l4.id)).toMatchObject({ collection: "late", delivery: "late", podHours: 2.8 });
    expect(byId.get(seed.l5.id)).toMatchObject({ collection: "onTime", delivery: "late", podHours: 8 });
    expect(byId.get(seed.l6.id)).toMatchObject({ collection: "unknown", delivery: "unknown", podHours: 2.8 });
    expect(byId.get(handedBack[0].id)).toMatchObject({ handedBack: true, podHours: null });
    // the other resets are no hand-back and nothing else: they are not behind any figure
    expect(byId.has(handedBack[1].id)).toBe(false);
    expect(s.loads).toHaveLength(7);
    // a 7-day window still holds them all; L6 (20 Nov) falls out of a window from 21 Nov
    expect((await scorecard(a.companyId, staff, "?days=7")).loadsCompleted).toBe(6);
    clock.advance(4 * 24 * HOUR);
    expect((await scorecard(a.companyId, staff, "?days=7")).loadsCompleted).toBe(5);
    clock.advance(-4 * 24 * HOUR);
  });

  it("a reset's reason is in the load's history and its event; only 'carrier withdrew' is a hand-back", async () => {
    const [withdrew, other, none] = handedBack;
    const line = async (loadId: string) => (await t.app.ctx.db.select().from(loadEvents).where(and(eq(loadEvents.loadId, loadId), eq(loadEvents.action, "reset"))))[0];
    expect((await line(withdrew.id)).reason).toBe("carrier withdrew");
    expect((await line(other.id)).reason).toBe("Rate too low");
    expect((await line(none.id)).reason).toBeNull();
    const [event] = await t.app.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.loadId, withdrew.id), eq(domainEvents.type, "load.made_available")));
    expect(event.data).toMatchObject({ via: "reset", fromStatus: "accepted", reason: "carrier withdrew" });
    const history = await ok(call("GET", `/api/loads/${withdrew.id}/events`, staff), "history");
    expect(history.body).toContain("carrier withdrew");
    // a reason over 500 characters → 400, and the load stays booked
    const load = await bookedLoad(t, a, { status: "accepted", mandataNumber: null });
    const long = await call("PATCH", `/api/loads/${load.id}/reset-to-available`, staff, { reason: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe("The reason can be at most 500 characters");
    // state before shape: an available load is 409 whatever the reason
    expect((await call("PATCH", `/api/loads/${withdrew.id}/reset-to-available`, staff, { reason: 42 })).statusCode).toBe(409);
  });

  it("the network: days to pay, claims, and waiting at sites with k ≥ 3, worst first", async () => {
    let n = await network(outsider);
    expect(n).toMatchObject({
      from: "2026-08-27",
      to: "2026-11-24",
      daysToPay: { median: 2, p90: 3.6 },
      overdueInvoices: 0,
      claims: { submitted: 1, approvedRate: 100, medianDecisionHours: 3 },
    });
    expect(n.waitingAtSites).toEqual([
      { postcodeArea: "LS", stop: "pickup", visits: 4, medianMinutes: 60.5 },
      { postcodeArea: "BS", stop: "delivery", visits: 4, medianMinutes: 29 },
    ]);
    // Manchester pickups by B: two visits are not shown, the third shows the area, worst first
    const m = (minutes: number) => ({ pickupZip: "M1 1AE", pickupDate: new Date(day("06:00")), deliveryDate: new Date(day("16:00")) , minutes });
    for (const { minutes, ...over } of [m(200), m(220)]) {
      const load = await bookedLoad(t, b, over);
      await visit(call, load.id, b.cookie, "pickup", day("07:00"), new Date(Date.parse(day("07:00")) + minutes * 60_000).toISOString());
    }
    n = await network(b.cookie);
    expect(n.waitingAtSites.map((s) => s.postcodeArea)).toEqual(["LS", "BS"]);
    const { minutes, ...over } = m(210);
    const third = await bookedLoad(t, b, over);
    await visit(call, third.id, b.cookie, "pickup", day("07:00"), new Date(Date.parse(day("07:00")) + minutes * 60_000).toISOString());
    n = await network(b.cookie);
    expect(n.waitingAtSites[0]).toEqual({ postcodeArea: "M", stop: "pickup", visits: 3, medianMinutes: 210 });
    expect(n.waitingAtSites.map((s) => s.postcodeArea)).toEqual(["M", "LS", "BS"]);
  });

  it("redaction: members see their own company's scorecard, staff any; others 404; days 7–365", async () => {
    expect((await call("GET", `/api/companies/${a.companyId}/scorecard`, b.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/companies/${a.companyId}/scorecard`, outsider)).statusCode).toBe(404);
    expect((await call("GET", `/api/companies/00000000-0000-4000-8000-000000000000/scorecard`, staff)).statusCode).toBe(404);
    expect((await call("GET", `/api/companies/${a.companyId}/scorecard`, "")).statusCode).toBe(401);
    expect((await call("GET", `/api/scorecard/network`, "")).statusCode).toBe(401);
    const own = await scorecard(b.companyId, b.cookie);
    // B's own loads are booked, not completed: nothing counts yet, and none of A's loads shows
    expect(own).toMatchObject({ loadsCompleted: 0, loads: [], handedBack: 0 });
    expect((await scorecard(a.companyId, staff)).loadsCompleted).toBe(6);
    for (const days of ["6", "366", "abc", "7.5"]) expect((await call("GET", `/api/companies/${a.companyId}/scorecard?days=${days}`, staff)).statusCode).toBe(400);
    for (const days of ["6", "366"]) expect((await call("GET", `/api/scorecard/network?days=${days}`, staff)).statusCode).toBe(400);
    expect((await scorecard(a.companyId, staff, "?days=365")).from).toBe("2025-11-25");
  });

  it("the Carriers tab sorts by on-time delivery and POD hours (companies with none last)", async () => {
    const list = async (sort: string) => (await ok(call("GET", `/api/companies?sort=${sort}&limit=200`, staff), "companies")).json() as { id: string; onTimeDeliveryRate: number | null; podHoursMedian: number | null }[];
    for (const sort of ["onTimeDelivery", "-onTimeDelivery", "podHours", "-podHours"]) {
      const rows = await list(sort);
      const ia = rows.findIndex((r) => r.id === a.companyId);
      const ib = rows.findIndex((r) => r.id === b.companyId);
      expect(ia).toBeGreaterThanOrEqual(0);
      expect(ia, sort).toBeLessThan(ib);
      expect(rows[ia]).toMatchObject({ onTimeDeliveryRate: 20, podHoursMedian: 2.8 });
      expect(rows[ib]).toMatchObject({ onTimeDeliveryRate: null, podHoursMedian: null });
    }
    expect((await call("GET", "/api/companies?sort=onTime", staff)).statusCode).toBe(400);
  });

  it("a load's details show the median waiting at its pickup and delivery areas", async () => {
    const res = await ok(call("GET", `/api/loads/${seed.l1.id}`, a.cookie), "load");
    expect(res.json().siteWaiting).toEqual({
      pickup: { postcodeArea: "LS", medianMinutes: 60.5, visits: 4 },
      delivery: { postcodeArea: "BS", medianMinutes: 29, visits: 4 },
    });
  });

  it("every row rebuilt by replaying the event log from seq 0 equals the maintained rows, and so do the figures", async () => {
    const strip = (facts: Awaited<ReturnType<typeof allFacts>>) => ({
      ...facts,
      loads: facts.loads.map(({ updatedAt: _, ...r }) => r),
      summaries: facts.summaries.map(({ updatedAt: _, ...r }) => r),
    });
    const before = strip(await allFacts(t.app.ctx.db));
    const figures = await scorecard(a.companyId, staff);
    const net = await network(staff);
    expect(before.loads.length).toBeGreaterThanOrEqual(10);
    const { events } = await rebuildScorecards({ db: t.app.ctx.db, now: clock.now() });
    expect(events).toBeGreaterThan(20);
    expect(strip(await allFacts(t.app.ctx.db))).toEqual(before);
    expect(await scorecard(a.companyId, staff)).toEqual(figures);
    expect(await network(staff)).toEqual(net);
  });

  it("a merged company's facts follow it, and a rebuild after the merge still equals the maintained rows", async () => {
    // B (three Manchester visits, no completed load) merges into a fresh company C holding one hand-back
    const c = await createCompany(t.app);
    const cm = await memberOf(t.app, c);
    const held = await bookedLoad(t, { companyName: c.name, memberId: cm.user.id, cookie: cm.cookie }, { status: "accepted", mandataNumber: null });
    await ok(call("PATCH", `/api/loads/${held.id}/reset-to-available`, staff, { reason: "carrier withdrew" }), "reset");
    await ok(call("POST", `/api/companies/${b.companyId}/merge`, staff, { intoId: c.id }), "merge");
    expect((await call("GET", `/api/companies/${b.companyId}/scorecard`, staff)).statusCode).toBe(404);
    expect((await scorecard(c.id, staff)).handedBack).toBe(1);
    const visits = (await allFacts(t.app.ctx.db)).visits;
    expect(visits.filter((v) => v.companyId === b.companyId)).toEqual([]);
    expect(visits.filter((v) => v.companyId === c.id)).toHaveLength(3);
    const before = await allFacts(t.app.ctx.db);
    await rebuildScorecards({ db: t.app.ctx.db, now: clock.now() });
    const after = await allFacts(t.app.ctx.db);
    const strip = <T extends { updatedAt?: Date }>(rows: T[]) => rows.map(({ updatedAt: _, ...r }) => r);
    expect({ ...after, loads: strip(after.loads), summaries: strip(after.summaries) }).toEqual({ ...before, loads: strip(before.loads), summaries: strip(before.summaries) });
  });

  it("the answers match the OpenAPI document (the company list's items with their figures too)", async () => {
    const doc = await openApiChecker(t.app);
    const check = async (route: string, url: string) => {
      const res = await ok(call("GET", url, staff), url);
      expect(doc.problems("GET", route, 200, res.json()), url).toEqual([]);
    };
    await check("/api/companies/:id/scorecard", `/api/companies/${a.companyId}/scorecard`);
    await check("/api/scorecard/network", "/api/scorecard/network");
    await check("/api/companies", "/api/companies?sort=podHours");
    await check("/api/loads/:id", `/api/loads/${seed.l1.id}`);
  });

  it("overdue: 40 days on, A's four unpaid invoices are past their due date (last: the sessions lapse)", async () => {
    clock.advance(40 * 24 * HOUR);
    const fresh = await login(t.app, (await createAdmin(t.app)).email);
    expect((await network(fresh)).overdueInvoices).toBe(4);
  });
});
