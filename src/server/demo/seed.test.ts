// The demo data set (npm run demo): realistic, complete, and seeded only once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { login } from "../../../test/factories";
import { bids, loadEvents, loads, users } from "../db/schema";
import { DEMO_PASSWORD } from "./accounts";
import { seedDemo } from "./seed";
import { passwordSchema } from "../../contract/schemas/user";
import { ratePerMile } from "../modules/loads/load-visibility";

describe("demo seed", () => {
  let t: TestApp;
  const now = new Date("2026-11-23T10:00:00Z");

  beforeAll(async () => {
    t = await createTestApp({});
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
});
