// Who belongs to which carrier company, through the real app on PGlite and PostgreSQL: a
// merge carrying members, bookings and documents along; moving one user; approval joining
// or founding the company, also when two approvals of one new name race on two app
// instances; companyId and compliance on the user objects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { buildApp } from "../../app";
import { ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createUser, login } from "../../../../test/factories";
import { addDocument, createCompany, insure, memberOf } from "../../../../test/company-fixtures";
import { postgresOnly } from "../../../../test/skips";
import { companies, companyDocuments, loadEvents, users, type CompanyRow } from "../../db/schema";
import type { User } from "../../../contract/schemas/user";
import { COMPANIES_MSG, linkApprovedCarriers } from "./companies.service";
import { NOW, companyHelpers, seedCompanies, type Who } from "./companies-test-support";

describe.each(ENGINES)("carrier companies on %s", (engine) => {
  const clock = new TestClock(NOW);
  let t: TestApp;
  let smith: CompanyRow;
  let rival: CompanyRow;
  let member: Who;
  let manager: Who;
  let admin: Who;
  const { call, companyRow, userRow, loadRow, visibleIds, booking } = companyHelpers(() => t);

  beforeAll(async () => {
    ({ t, smith, rival, member, manager, admin } = await seedCompanies(engine, clock));
  });
  afterAll(() => t?.close());

  describe("POST /api/companies/{id}/merge", () => {
    it('"Smith Haulage Ltd" merged into "Smith Haulage": members of both see every booking; documents move; the merged company is gone', async () => {
      // (the file's own "Smith Haulage" stays as it is: these two are Smith Haulage of the north)
      const into = await createCompany(t.app, { name: "Smith Haulage North", vatNumber: "GB123456789" });
      const from = await createCompany(t.app, { name: "Smith Haulage North Ltd", companyNumber: "01234567", vatNumber: "GB999999999", forsLevel: "Silver" });
      const a = await memberOf(t.app, into);
      const b = await memberOf(t.app, from);
      const aLoad = await booking(a.user);
      const bLoad = await booking(b.user, "accepted");
      const fromDoc = await addDocument(t.app, { companyId: from.id, kind: "fors_certificate", expiresOn: "2027-06-30", forsLevel: "Silver" });
      expect(await visibleIds(a.cookie)).not.toContain(bLoad.id);

      expect((await call("POST", `/api/companies/${from.id}/merge`, admin.cookie, { intoId: from.id })).json()).toEqual({
        error: COMPANIES_MSG.mergeIntoItself,
        details: [{ path: "intoId", message: COMPANIES_MSG.mergeIntoItself }],
      });
      const res = await call("POST", `/api/companies/${from.id}/merge`, manager.cookie, { intoId: into.id.toUpperCase() });
      expect(res.statusCode, res.body).toBe(200);
      // the target keeps its name and its own identifiers, and takes the merged company's where its own are blank
      expect(res.json()).toMatchObject({ id: into.id, name: "Smith Haulage North", vatNumber: "GB123456789", companyNumber: "01234567", forsLevel: "Silver", verifiedForsLevel: "Silver", memberCount: 2 });
      expect(await companyRow(from.id)).toBeUndefined();
      expect((await call("GET", `/api/companies/${from.id}`, admin.cookie)).statusCode).toBe(404);
      expect(await userRow(b.user.id)).toMatchObject({ carrierName: "Smith Haulage North", companyId: into.id });
      expect((await t.app.ctx.db.select().from(companyDocuments).where(eq(companyDocuments.id, fromDoc.id)))[0].companyId).toBe(into.id);
      for (const who of [a, b]) expect(await visibleIds(who.cookie)).toEqual(expect.arrayContaining([aLoad.id, bLoad.id]));
      expect((await call("GET", `/api/companies/${into.id}`, b.cookie)).statusCode).toBe(200);
      const events = await t.app.ctx.db.select().from(loadEvents).where(inArray(loadEvents.loadId, [aLoad.id, bLoad.id]));
      expect(events.map((e) => [e.loadId, e.action])).toEqual([[bLoad.id, "carrier-merged"]]);
      // merged away: a second merge of it finds nothing
      expect((await call("POST", `/api/companies/${from.id}/merge`, manager.cookie, { intoId: into.id })).statusCode).toBe(404);
    });
  });

  describe("PUT /api/users/{id}/company", () => {
    it("staff move one carrier: name and company change together; the company's bookings stay with it", async () => {
      const old = await createCompany(t.app, { name: "Leaving Ltd" });
      const target = await createCompany(t.app, { name: "Joining Ltd" });
      const mover = await memberOf(t.app, old);
      const stayer = await memberOf(t.app, old);
      const moversOwn = await booking(mover.user);
      const stayers = await booking(stayer.user);
      await insure(t.app, target.id, "2027-06-30");

      const res = await call("PUT", `/api/users/${mover.user.id}/company`, manager.cookie, { companyId: target.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: mover.user.id, carrierName: "Joining Ltd", companyId: target.id, compliance: "compliant" } satisfies Partial<User>);
      expect(Object.keys(res.json())).not.toContain("password");
      expect((await loadRow(moversOwn.id)).acceptedByCarrier).toBe("Leaving Ltd");
      // the old company keeps both bookings; the mover still sees the one they accepted themselves, not the colleague's
      expect(await visibleIds(stayer.cookie)).toEqual(expect.arrayContaining([moversOwn.id, stayers.id]));
      const moverSees = await visibleIds(mover.cookie);
      expect(moverSees).toContain(moversOwn.id);
      expect(moverSees).not.toContain(stayers.id);
      expect((await call("GET", `/api/companies/${old.id}`, mover.cookie)).statusCode).toBe(404);
      expect((await call("GET", `/api/companies/${target.id}`, mover.cookie)).json()).toMatchObject({ memberCount: 1 });
      // again: no change, 200
      expect((await call("PUT", `/api/users/${mover.user.id}/company`, admin.cookie, { companyId: target.id })).statusCode).toBe(200);

      // only an approved carrier belongs to a company
      const applicant = await createUser(t.app, { isApproved: false });
      for (const who of [applicant, manager.user, admin.user]) {
        const refused = await call("PUT", `/api/users/${who.id}/company`, admin.cookie, { companyId: target.id });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(COMPANIES_MSG.notCarrier);
      }
    });
  });

  describe("linking users to companies", () => {
    it("approval joins the company of the same name (its spelling, its bookings) or founds one; user objects carry companyId and compliance", async () => {
      await insure(t.app, smith.id, "2026-12-10");
      const colleagueBooking = await booking(member.user);
      const joiner = await createUser(t.app, { isApproved: false, carrierName: "  SMITH haulage " });
      const founder = await createUser(t.app, { isApproved: false, carrierName: " Brand New Freight " });
      const approved = await call("POST", `/api/users/${joiner.id}/approve`, manager.cookie);
      expect(approved.json()).toMatchObject({ carrierName: "Smith Haulage", companyId: smith.id, compliance: "expiring" });
      const joinerCookie = await login(t.app, joiner.email);
      expect(await visibleIds(joinerCookie)).toContain(colleagueBooking.id);
      expect((await call("GET", "/api/auth/user", joinerCookie)).json()).toMatchObject({ companyId: smith.id, compliance: "expiring" });

      const founded = (await call("POST", `/api/users/${founder.id}/approve`, manager.cookie)).json() as User;
      expect(founded).toMatchObject({ carrierName: "Brand New Freight", compliance: "non_compliant" });
      expect(await companyRow(founded.companyId!)).toMatchObject({ name: "Brand New Freight", nameKey: "brand new freight" });

      // GET /api/users: companyId and compliance on each; staff and applicants have none
      const pendingOne = await createUser(t.app, { isApproved: false, carrierName: "Smith Haulage" });
      const list = (await call("GET", "/api/users?limit=1000", admin.cookie)).json() as User[];
      const byId = new Map(list.map((u) => [u.id, u]));
      expect(byId.get(joiner.id)).toMatchObject({ companyId: smith.id, compliance: "expiring" });
      expect(byId.get(founder.id)).toMatchObject({ companyId: founded.companyId, compliance: "non_compliant" });
      expect(byId.get(manager.user.id)).toMatchObject({ companyId: null, compliance: null });
      expect(byId.get(pendingOne.id)).toMatchObject({ companyId: null, compliance: null });
      // the Carriers tab names the record and its status too
      const carriers = (await call("GET", `/api/users/carrier?search=${encodeURIComponent("Smith Haulage")}`, admin.cookie)).json() as { carrierName: string; companyId: string | null; compliance: string | null }[];
      expect(carriers.find((c) => c.carrierName === "Smith Haulage")).toMatchObject({ companyId: smith.id, compliance: "expiring" });
    });

    it("a carrier created by staff joins its company; a staff edit of the company name re-links, withdrawing approval or making them staff unlinks", async () => {
      const created = await call("POST", "/api/register", manager.cookie, {
        email: `staff-made-${Date.now()}@example.com`,
        password: "Register1!pass",
        name: "Made By Staff",
        carrierName: "rival FREIGHT",
        contactNumber: "+44 7700 900456",
      });
      expect(created.statusCode).toBe(201);
      const made = created.json() as User;
      expect(made).toMatchObject({ carrierName: "Rival Freight", companyId: rival.id, compliance: "non_compliant" });

      const edited = await call("PUT", `/api/users/${made.id}`, manager.cookie, { carrierName: " smith HAULAGE" });
      expect(edited.json()).toMatchObject({ carrierName: "Smith Haulage", companyId: smith.id });
      const renamed = await call("PUT", `/api/users/${made.id}`, manager.cookie, { carrierName: "Solo Trader Transport" });
      const solo = renamed.json() as User;
      expect(solo.companyId).not.toBe(smith.id);
      expect(await companyRow(solo.companyId!)).toMatchObject({ name: "Solo Trader Transport" });
      expect((await call("PUT", `/api/users/${made.id}`, manager.cookie, { isApproved: false })).json()).toMatchObject({ companyId: null });
      expect((await call("PUT", `/api/users/${made.id}`, manager.cookie, { isApproved: true })).json()).toMatchObject({ companyId: solo.companyId });
      expect((await call("PUT", `/api/users/${made.id}`, manager.cookie, { role: "manager" })).json()).toMatchObject({ companyId: null, compliance: null });
    });

    it("carriers written straight into the database (the demo data set) are linked like a migration would, once", async () => {
      const tag = `Direct ${Date.now()}`;
      const first = await createUser(t.app, { carrierName: `${tag} Haulage`, createdAt: new Date("2025-01-01T00:00:00Z") });
      const second = await createUser(t.app, { carrierName: ` ${tag.toUpperCase()} HAULAGE` });
      const applicant = await createUser(t.app, { isApproved: false, carrierName: `${tag} Haulage` });
      await linkApprovedCarriers(t.app.ctx.db, NOW);
      await linkApprovedCarriers(t.app.ctx.db, NOW);
      const made = await t.app.ctx.db.select().from(companies).where(eq(companies.nameKey, `${tag} haulage`.toLowerCase()));
      expect(made.map((c) => c.name)).toEqual([`${tag} Haulage`]);
      expect((await userRow(first.id)).companyId).toBe(made[0].id);
      expect((await userRow(second.id)).companyId).toBe(made[0].id);
      expect((await userRow(applicant.id)).companyId).toBeNull();
      // the records made by hand in this file are untouched
      expect((await userRow(member.user.id)).companyId).toBe(smith.id);
    });

    postgresOnly(engine).it("two app instances approving applicants of one new company at once found it once; every applicant joins it", async () => {
      const database2 = await t.testDb.reopen();
      const app2 = await buildApp({ config: t.config, database: database2, clock, serveWeb: false });
      try {
        const cookie2 = await login(app2, manager.user.email);
        for (let round = 0; round < 3; round++) {
          const name = `Race ${round} ${Date.now()} Haulage`;
          const applicants = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(t.app, { isApproved: false, carrierName: i % 2 ? name.toUpperCase() : ` ${name}` })));
          const res = await Promise.all(
            applicants.map((a, i) =>
              (i % 2 ? app2 : t.app).inject({ method: "POST", url: `/api/users/${a.id}/approve`, headers: { cookie: i % 2 ? cookie2 : manager.cookie } }),
            ),
          );
          expect(res.map((r) => r.statusCode)).toEqual(applicants.map(() => 200));
          const made = await t.app.ctx.db.select().from(companies).where(eq(companies.nameKey, name.toLowerCase()));
          expect(made).toHaveLength(1);
          const rows = await t.app.ctx.db.select().from(users).where(inArray(users.id, applicants.map((a) => a.id)));
          expect(new Set(rows.map((r) => `${r.companyId} ${r.carrierName}`))).toEqual(new Set([`${made[0].id} ${made[0].name}`]));
        }
      } finally {
        await app2.close();
        await database2.close();
      }
    });
  });
});
