// Users and admin calls through the real app, on PGlite and PostgreSQL, mail through a
// real SMTP sink: who may call, the Users and Carriers lists, pending registrations.
// Editing and deleting users are in users-edit.test.ts, paging, sorting and searching
// the lists in users-lists.test.ts; the shared world in users-test-support.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, type TestApp } from "../../../../test/helpers";
import { createCarrier, createLoad, createManager, createUser, login } from "../../../../test/factories";
import { joinsCompanyText } from "../../../contract/schemas/user";
import { loads, users } from "../../db/schema";
import { expectNoSecrets, mailTo, recordingCalls, seedUsersWorld, type Signed } from "./users-test-support";

describe.each(ENGINES)("users and admin on %s", (engine) => {
  let t: TestApp;
  let admin: Signed;
  let manager: Signed;
  let carrier: Signed;
  const { seen, call, get } = recordingCalls(() => t);

  beforeAll(async () => {
    ({ t, admin, manager, carrier } = await seedUsersWorld(engine));
  });
  afterAll(() => t.close());

  describe("who may call", () => {
    const staffCalls = ["/api/users", "/api/users/carrier", "/api/users/pending"];
    it.each(staffCalls)("GET %s is 401 signed out, 403 for a carrier, 200 for manager and admin", async (url) => {
      expect((await get(url)).statusCode).toBe(401);
      const refused = await get(url, carrier.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBeTypeOf("string");
      expect((await get(url, manager.cookie)).statusCode).toBe(200);
      expect((await get(url, admin.cookie)).statusCode).toBe(200);
    });

    it("a carrier cannot approve, reject or delete anyone", async () => {
      const pending = await createUser(t.app, { isApproved: false });
      for (const [method, url] of [
        ["POST", `/api/users/${pending.id}/approve`],
        ["POST", `/api/users/${pending.id}/reject`],
        ["DELETE", `/api/users/${pending.id}`],
      ] as const) {
        expect((await call({ method, url, cookie: carrier.cookie })).statusCode).toBe(403);
        expect((await call({ method, url })).statusCode).toBe(401);
      }
      const [still] = await t.app.ctx.db.select().from(users).where(eq(users.id, pending.id));
      expect(still.isApproved).toBe(false);
    });
  });

  describe("GET /api/users", () => {
    it("lists users newest first with loadsAccepted, totalEarnings and lastLoginAt", async () => {
      const earner = await createCarrier(t.app, { name: "Eddie Earner", carrierName: "Earner Freight" });
      const a = { acceptedBy: earner.id, acceptedByCarrier: "Earner Freight" };
      await createLoad(t.app, { ...a, status: "completed", price: 1000.5 });
      await createLoad(t.app, { ...a, status: "completed", price: 2000 });
      await createLoad(t.app, { ...a, status: "accepted", price: 500 });
      await createLoad(t.app, { ...a, status: "approved", price: 700 });
      await createLoad(t.app, { ...a, status: "cancelled", price: 9999 });
      await createLoad(t.app, { status: "completed", price: 123, acceptedByCarrier: "Earner Freight" }); // not theirs by id
      const newest = await createCarrier(t.app, { name: "Newest Person" });

      const res = await get("/api/users", manager.cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<Record<string, unknown>>;
      expect(list[0].id).toBe(newest.id);
      const created = list.map((u) => Date.parse(u.createdAt as string));
      expect(created).toEqual([...created].sort((x, y) => y - x));
      const row = list.find((u) => u.id === earner.id)!;
      expect(row).toMatchObject({ name: "Eddie Earner", loadsAccepted: 4, totalEarnings: 3000.5, lastLoginAt: null, role: "carrier" });
      const signedInRow = list.find((u) => u.id === carrier.user.id)!;
      expect(signedInRow.lastLoginAt).toEqual(expect.any(String));
      expect(signedInRow).toMatchObject({ loadsAccepted: 0, totalEarnings: 0 });
      for (const u of list) expect(Object.keys(u).filter((k) => /password/i.test(k))).toEqual([]);
    });
  });

  describe("GET /api/users/carrier", () => {
    it("groups carriers by company with 2 contacts and +N more, loads, earnings, activity and join date", async () => {
      const d = (s: string) => new Date(s);
      const first = await createCarrier(t.app, { name: "Alf One", email: "alf@acme.example", carrierName: "Acme Haulage", createdAt: d("2025-01-10T10:00:00Z"), lastLoginAt: d("2026-03-01T08:00:00Z") });
      const second = await createCarrier(t.app, { name: "Bea Two", email: "bea@acme.example", carrierName: "ACME haulage ", createdAt: d("2025-02-10T10:00:00Z") });
      await createCarrier(t.app, { name: "Cy Three", email: "cy@acme.example", carrierName: "Acme Haulage", createdAt: d("2025-03-10T10:00:00Z"), lastLoginAt: d("2026-02-01T08:00:00Z") });
      await createCarrier(t.app, { name: "Di Four", email: "di@acme.example", carrierName: "Acme Haulage", createdAt: d("2025-04-10T10:00:00Z") });
      await createLoad(t.app, { status: "completed", price: 1500, acceptedBy: first.id, acceptedByCarrier: "Acme Haulage", acceptedAt: d("2026-04-02T09:00:00Z") });
      await createLoad(t.app, { status: "approved", price: 800, acceptedBy: second.id, acceptedByCarrier: "Acme Haulage", acceptedAt: d("2026-04-05T09:00:00Z") });
      await createLoad(t.app, { status: "available", price: 999 });
      // a company that has no user: its loads still show under its name
      await createLoad(t.app, { status: "completed", price: 250.25, acceptedByCarrier: "Ghost Freight", acceptedAt: d("2026-01-01T09:00:00Z") });
      await createLoad(t.app, { status: "accepted", price: 100, acceptedByCarrier: "Ghost Freight" });
      // a load whose accepting user was deleted and whose carrier name is empty: "Unknown Carrier"
      const leaver = await createCarrier(t.app, { carrierName: "Leaver Ltd" });
      const orphan = await createLoad(t.app, { status: "completed", price: 300, acceptedBy: leaver.id, acceptedByCarrier: "" });
      expect((await call({ method: "DELETE", url: `/api/users/${leaver.id}`, cookie: admin.cookie })).statusCode).toBe(204);
      const [orphanRow] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, orphan.id));
      expect(orphanRow.acceptedBy).toBeNull();

      const res = await get("/api/users/carrier", manager.cookie);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<Record<string, unknown>>;
      const byName = (n: string) => rows.filter((r) => r.carrierName === n);

      expect(rows.filter((r) => String(r.carrierName).toLowerCase().includes("acme"))).toHaveLength(1);
      expect(byName("Acme Haulage")).toEqual([
        {
          carrierName: "Acme Haulage",
          // made by the factory, not approved through the app: no company record (companies.test.ts covers records)
          companyId: null,
          compliance: null,
          contacts: [
            { name: "Alf One", email: "alf@acme.example" },
            { name: "Bea Two", email: "bea@acme.example" },
          ],
          moreContacts: 2,
          acceptedLoads: 2,
          totalEarnings: 1500,
          lastActivity: "2026-04-05T09:00:00.000Z",
          joinedAt: "2025-01-10T10:00:00.000Z",
        },
      ]);
      expect(byName("Ghost Freight")).toEqual([
        { carrierName: "Ghost Freight", companyId: null, compliance: null, contacts: [], moreContacts: 0, acceptedLoads: 2, totalEarnings: 250.25, lastActivity: "2026-01-01T09:00:00.000Z", joinedAt: null },
      ]);
      expect(byName("Unknown Carrier")).toEqual([
        { carrierName: "Unknown Carrier", companyId: null, compliance: null, contacts: [], moreContacts: 0, acceptedLoads: 1, totalEarnings: 300, lastActivity: null, joinedAt: null },
      ]);
      expect(rows.at(-1)!.carrierName).toBe("Unknown Carrier");
      // the signed-in carrier's company, no loads yet; staff are not carrier companies
      expect(byName("Cara Haulage")[0]).toMatchObject({ contacts: [{ name: "Cara Carrier", email: carrier.user.email }], acceptedLoads: 0, totalEarnings: 0, moreContacts: 0 });
      expect(byName("Flatbed Network HQ")).toEqual([]);
      expect(byName("Leaver Ltd")).toEqual([]);
    });
  });

  describe("pending registrations", () => {
    it("lists unapproved users newest first; approve lets them sign in and emails them", async () => {
      const older = await createUser(t.app, { isApproved: false, name: "Olive Older", createdAt: new Date("2026-01-01T00:00:00Z") });
      const newer = await createUser(t.app, { isApproved: false, name: "Nina Newer", createdAt: new Date("2026-02-01T00:00:00Z") });
      const list = (await get("/api/users/pending", manager.cookie)).json() as Array<{ id: string; isApproved: boolean }>;
      const ids = list.map((u) => u.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
      expect(list.every((u) => u.isApproved === false)).toBe(true);
      expect(ids).not.toContain(carrier.user.id);

      const res = await call({ method: "POST", url: `/api/users/${newer.id}/approve`, cookie: manager.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: newer.id, isApproved: true });
      await mailTo(t.sink, newer.email, /approved/i);
      await login(t.app, newer.email);
      const after = (await get("/api/users/pending", manager.cookie)).json() as Array<{ id: string }>;
      expect(after.map((u) => u.id)).not.toContain(newer.id);

      // approving twice, or rejecting an approved account, is a state conflict
      expect((await call({ method: "POST", url: `/api/users/${newer.id}/approve`, cookie: manager.cookie })).statusCode).toBe(409);
      const rejectApproved = await call({ method: "POST", url: `/api/users/${newer.id}/reject`, cookie: manager.cookie });
      expect(rejectApproved.statusCode).toBe(409);
      expect(rejectApproved.json().error).toBe("Only a pending account can be rejected");
    });

    it("says beside an applicant which existing company approval joins them to, and approval joins it", async () => {
      const smith = { carrierName: "Smith Haulage Ltd" };
      const first = await createCarrier(t.app, { ...smith, createdAt: new Date("2025-01-01T00:00:00Z") });
      await createCarrier(t.app, { carrierName: "SMITH HAULAGE LTD" });
      await createManager(t.app, { carrierName: " smith haulage ltd" });
      // not members: a pending applicant, and a member of another company
      await createUser(t.app, { ...smith, isApproved: false });
      await createCarrier(t.app, { carrierName: "Smith Haulage Northern Ltd" });
      const booked = await createLoad(t.app, { status: "approved", acceptedBy: first.id, ...{ acceptedByCarrier: "Smith Haulage Ltd" } });
      await createLoad(t.app, { status: "completed", acceptedByCarrier: "Smith Haulage Ltd" });
      await createLoad(t.app, { status: "cancelled", acceptedByCarrier: "Smith Haulage Ltd" });
      // a company whose members have gone: only its bookings remain
      await createLoad(t.app, { status: "completed", acceptedByCarrier: "Ghost Freight Co" });

      const applicant = await createUser(t.app, { isApproved: false, name: "Jo Joiner", carrierName: "  smith HAULAGE ltd " });
      const ghost = await createUser(t.app, { isApproved: false, name: "Gus Ghost", carrierName: "ghost freight co" });
      const fresh = await createUser(t.app, { isApproved: false, name: "Nel New", carrierName: "Brand New Haulage" });
      const res = await get("/api/users/pending", manager.cookie);
      expect(res.statusCode).toBe(200);
      const byId = new Map((res.json() as Array<{ id: string; joinsCompany: unknown }>).map((u) => [u.id, u]));
      expect(byId.get(applicant.id)?.joinsCompany).toEqual({ carrierName: "Smith Haulage Ltd", members: 3, bookings: 2 });
      expect(byId.get(ghost.id)?.joinsCompany).toEqual({ carrierName: "Ghost Freight Co", members: 0, bookings: 1 });
      expect(byId.get(fresh.id)?.joinsCompany).toBeNull();
      expect(joinsCompanyText({ carrierName: "Smith Haulage Ltd", members: 3, bookings: 2 })).toBe("Joins Smith Haulage Ltd: 3 members");
      expect(joinsCompanyText({ carrierName: "Ghost Freight Co", members: 0, bookings: 1 })).toBe("Joins Ghost Freight Co: 0 members, 1 booking");

      // approved, the applicant is a member under the company's own spelling and sees its bookings
      const approved = await call({ method: "POST", url: `/api/users/${applicant.id}/approve`, cookie: manager.cookie });
      expect(approved.json()).toMatchObject({ isApproved: true, carrierName: "Smith Haulage Ltd" });
      const cookie = await login(t.app, applicant.email);
      expect((await get(`/api/loads/${booked.id}`, cookie)).statusCode).toBe(200);
      // a new company keeps the name it registered with
      expect((await call({ method: "POST", url: `/api/users/${fresh.id}/approve`, cookie: manager.cookie })).json()).toMatchObject({ carrierName: "Brand New Haulage" });
    });

    it("reject deletes the pending account and emails the applicant", async () => {
      const applicant = await createUser(t.app, { isApproved: false, email: `applicant-${Date.now()}@example.com` });
      const res = await call({ method: "POST", url: `/api/users/${applicant.id}/reject`, cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await t.app.ctx.db.select().from(users).where(eq(users.id, applicant.id))).toEqual([]);
      await mailTo(t.sink, applicant.email, /application/i);
      expect((await call({ method: "POST", url: `/api/users/${applicant.id}/reject`, cookie: admin.cookie })).statusCode).toBe(404);
    });

    it("unknown and malformed ids are 404", async () => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "1' or '1'='1"]) {
        for (const verb of ["approve", "reject"]) {
          const res = await call({ method: "POST", url: `/api/users/${encodeURIComponent(id)}/${verb}`, cookie: manager.cookie });
          expect(res.statusCode).toBe(404);
        }
      }
    });
  });

  // Runs last: walks every response above.
  it("no users response carries a password, a hash or reset-token fields", async () => {
    await expectNoSecrets(t, seen, 30);
  });
});
