// The demo data set (npm run demo): realistic, complete, and seeded only once, on each
// engine; its recorded stops give real scorecards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../test/helpers";
import { login } from "../../../test/factories";
import { bids, loadEvents, loads, loadStops, users } from "../db/schema";
import { DEMO_PASSWORD } from "./accounts";
import { seedDemo } from "./seed";
import { passwordSchema } from "../../contract/schemas/user";
import { ratePerMile } from "../modules/loads/load-visibility";
import type { CompanyScorecard, NetworkScorecard } from "../../contract/schemas/scorecard";

describe.each(ENGINES)("demo seed on %s", (engine) => {
  let t: TestApp;
  const now = new Date("2026-11-23T10:00:00Z");

  beforeAll(async () => {
    // the scorecards' window ends on the seed's day
    t = await createTestApp({ engine, clock: new TestClock(now) });
  });
  afterAll(() => t?.close());

  it("fills an empty database once, then leaves it alone", async () => {
    const first = await t.app.ctx.db.transaction((tx) => seedDemo({ db: tx, now }));
    expect(first.seeded).toBe(true);
    const count = (await t.app.ctx.db.select().from(loads)).length;
    expect(count).toBeGreaterThanOrEqual(60);
    const again = await seedDemo({ db: t.app.ctx.db, now });
    expect(again.seeded).toBe(false);
    expect((await t.app.ctx.db.select().from(loads)).length).toBe(count);
  });

  it("covers every status, FORS level, badge, time-window type and equipment, with consistent numbers", async () => {
    const rows = await t.app.ctx.db.select().from(loads);
    const set = (f: (r: (typeof rows)[number]) => unknown) => new Set(rows.map(f));
    expect(set((r) => r.status)).toEqual(new Set(["available", "accepted", "approved", "completed", "cancelled"]));
    expect(set((r) => r.forsRequirement)).toEqual(new Set(["", "Bronze", "Silver", "Gold"]));
    expect(set((r) => r.pickupTimeType)).toEqual(new Set(["exact", "before", "between"]));
    expect(set((r) => r.equipmentType)).toEqual(new Set(["Flatbed", "Curtain", "MOL"]));
    for (const badge of ["isUrgent", "adr", "waste", "tailLift", "moffett", "edgeProtectors", "isTemperatureControlled"] as const) {
      expect(rows.some((r) => r[badge]), badge).toBe(true);
    }
    expect(rows.some((r) => (r.weight ?? 0) < 1000)).toBe(true);
    expect(rows.some((r) => (r.weight ?? 0) >= 10000)).toBe(true);
    expect(rows.some((r) => (r.distance ?? 0) < 100)).toBe(true);
    expect(rows.some((r) => (r.distance ?? 0) >= 300)).toBe(true);
    expect(rows.some((r) => Number(r.price) >= 5000)).toBe(true);
    expect(rows.some((r) => r.pickupDate === null)).toBe(true);
    for (const r of rows) {
      expect(r.loadNumber).toMatch(/^FN-2026-\d{3}$/);
      expect(r.pickupZip).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
      expect(r.deliveryZip).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
      expect(r.pickupCity).not.toBe(r.deliveryCity);
      expect(Number(r.ratePerMile)).toBe(ratePerMile(Number(r.price), r.distance));
      if (["approved", "completed"].includes(r.status)) expect(r.mandataNumber).toMatch(/^PO-2026-\d{5}$/);
      if (r.status === "available") expect(r.acceptedBy).toBeNull();
      if (["accepted", "approved", "completed"].includes(r.status)) expect(r.acceptedByCarrier).toBeTruthy();
      if (r.status === "completed") expect(r.pickupSignedBy && r.deliverySignedBy && r.completedAt).toBeTruthy();
    }
    expect(new Set(rows.map((r) => r.loadNumber)).size).toBe(rows.length);
    // a load's history begins with its creation
    const events = await t.app.ctx.db.select().from(loadEvents);
    expect(events.filter((e) => e.action === "create")).toHaveLength(rows.length);
    expect(events.every((e) => e.createdAt.getTime() <= now.getTime())).toBe(true);
  });

  it("has approved carriers, one pending registration, and bids in every state", async () => {
    const all = await t.app.ctx.db.select().from(users);
    expect(all.filter((u) => u.role === "carrier" && u.isApproved).length).toBeGreaterThanOrEqual(4);
    expect(all.filter((u) => !u.isApproved)).toHaveLength(1);
    expect(all.some((u) => u.role === "manager")).toBe(true);
    const statuses = new Set((await t.app.ctx.db.select().from(bids)).map((b) => b.status));
    expect(statuses).toEqual(new Set(["pending", "rejected", "accepted"]));
    // every pending bid is on an available load
    const pending = await t.app.ctx.db.select({ status: loads.status }).from(bids).innerJoin(loads, eq(loads.id, bids.loadId)).where(eq(bids.status, "pending"));
    expect(pending.every((p) => p.status === "available")).toBe(true);
  });

  it("the printed demo accounts sign in with the printed password", async () => {
    expect(passwordSchema.safeParse(DEMO_PASSWORD).success).toBe(true);
    const { accounts } = await seedDemo({ db: t.app.ctx.db, now });
    expect(accounts.map((a) => a.email)).toEqual(["admin@demo.test", "manager@demo.test", "carrier@demo.test"]);
    for (const a of accounts) expect(await login(t.app, a.email, a.password)).toMatch(/^sid=/);
    const carrier = await login(t.app, "carrier@demo.test", DEMO_PASSWORD);
    const list = await t.app.inject({ url: "/api/loads", headers: { cookie: carrier } });
    expect(list.statusCode).toBe(200);
    expect((list.json() as unknown[]).length).toBeGreaterThan(20);
  });

  it("shows real scorecards: a carrier company's on-time delivery with its late loads, its POD hours, and the network's waiting at its sites", async () => {
    const db = t.app.ctx.db;
    const staff = await login(t.app, "admin@demo.test", DEMO_PASSWORD);
    const [carrier] = await db.select().from(users).where(eq(users.email, "carrier@demo.test"));
    expect(carrier.companyId).toBeTruthy();
    const res = await t.app.inject({ url: `/api/companies/${carrier.companyId}/scorecard`, headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    const card = res.json() as CompanyScorecard;
    expect(card.loadsCompleted).toBeGreaterThan(0);
    expect(card.delivery.late).toBeGreaterThanOrEqual(1);
    expect(card.delivery.onTime).toBeGreaterThanOrEqual(1);
    expect(card.podHours.median).not.toBeNull();
    // the late deliveries are listed, and are this company's completed loads whose driver arrived at the delivery
    const late = card.loads.filter((l) => l.delivery === "late");
    expect(late).toHaveLength(card.delivery.late);
    for (const l of late) {
      const [load] = await db.select().from(loads).where(eq(loads.id, l.id));
      expect(load).toMatchObject({ status: "completed", acceptedBy: carrier.id, loadNumber: l.loadNumber });
      const stops = await db.select().from(loadStops).where(eq(loadStops.loadId, l.id));
      expect(stops.map((s) => s.stop).sort()).toEqual(["delivery", "pickup"]);
      expect(stops.every((s) => s.companyId === carrier.companyId && s.arrivedAt! < s.departedAt!)).toBe(true);
    }
    // recorded waiting is 20 to 200 minutes
    for (const s of await db.select().from(loadStops)) {
      const minutes = (s.departedAt!.getTime() - s.arrivedAt!.getTime()) / 60_000;
      expect(minutes).toBeGreaterThanOrEqual(20);
      expect(minutes).toBeLessThanOrEqual(200);
    }

    // anyone signed in sees the network's waiting at its sites: areas with three visits or more
    const carrierCookie = await login(t.app, "carrier@demo.test", DEMO_PASSWORD);
    const net = await t.app.inject({ url: "/api/scorecard/network", headers: { cookie: carrierCookie } });
    expect(net.statusCode).toBe(200);
    const sites = (net.json() as NetworkScorecard).waitingAtSites;
    expect(sites.length).toBeGreaterThanOrEqual(1);
    for (const s of sites) {
      expect(s.visits).toBeGreaterThanOrEqual(3);
      expect(s.medianMinutes).toBeGreaterThanOrEqual(20);
      expect(s.medianMinutes).toBeLessThanOrEqual(200);
    }
  });
});
