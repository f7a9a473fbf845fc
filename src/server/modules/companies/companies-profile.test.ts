// Editing the carrier company record through the real app on PGlite and PostgreSQL: the
// identifiers' formats, who may rename, the claimed FORS level, a rename carrying every
// member and booking along (each booking still seen by the same people, with a line in
// its history), and the VAT rule (a member's VAT number waits for staff to confirm it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createUser } from "../../../../test/factories";
import { addDocument, createCompany, memberOf } from "../../../../test/company-fixtures";
import { companyDocuments, domainEvents, loadEvents, notifications } from "../../db/schema";
import { COMPANY_MSG } from "../../../contract/schemas/company";
import { COMPANIES_MSG } from "./companies.service";
import { NOW, companyHelpers, seedCompanies, type Who } from "./companies-test-support";

describe.each(ENGINES)("carrier companies on %s", (engine) => {
  const clock = new TestClock(NOW);
  let t: TestApp;
  let outsider: Who;
  let manager: Who;
  let admin: Who;
  const { call, companyRow, userRow, loadRow, visibleIds, booking } = companyHelpers(() => t);

  beforeAll(async () => {
    ({ t, outsider, manager, admin } = await seedCompanies(engine, clock));
  });
  afterAll(() => t?.close());

  describe("PUT /api/companies/{id}", () => {
    it("members and staff set the identifiers, stored compact and upper case; each bad format is a 400 naming the field", async () => {
      const co = await createCompany(t.app);
      const m = await memberOf(t.app, co);
      const good: [Record<string, string>, Record<string, string>][] = [
        [{ companyNumber: "01234567" }, { companyNumber: "01234567" }],
        [{ companyNumber: "sc 123456" }, { companyNumber: "SC123456" }],
        [{ vatNumber: "GB 123 4567 89" }, { vatNumber: "GB123456789" }],
        [{ vatNumber: "gb123456789012" }, { vatNumber: "GB123456789012" }],
        [{ vatNumber: "" }, { vatNumber: "" }],
        [{ operatorLicence: "ob1234567" }, { operatorLicence: "OB1234567" }],
        [{ forsLevel: "Gold" }, { forsLevel: "Gold" }],
        [{ forsLevel: "" }, { forsLevel: "" }],
      ];
      for (const [i, [body, stored]] of good.entries()) {
        // a member's VAT number is only a proposal (the VAT rule, below): staff set these
        const res = await call("PUT", `/api/companies/${co.id}`, i % 2 && !("vatNumber" in body) ? m.cookie : manager.cookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(200);
        expect(res.json(), JSON.stringify(body)).toMatchObject(stored);
        expect(await companyRow(co.id)).toMatchObject(stored);
      }
      const bad: [Record<string, unknown>, string][] = [
        [{ companyNumber: "1234567" }, COMPANY_MSG.companyNumber],
        [{ companyNumber: "ABC12345" }, COMPANY_MSG.companyNumber],
        [{ vatNumber: "123456789" }, COMPANY_MSG.vatNumber],
        [{ vatNumber: "GB12345678" }, COMPANY_MSG.vatNumber],
        [{ operatorLicence: "O1234567" }, COMPANY_MSG.operatorLicence],
        [{ operatorLicence: "OB12345678" }, COMPANY_MSG.operatorLicence],
        [{ forsLevel: "Platinum" }, COMPANY_MSG.forsLevel],
        [{ forsLevel: 3 }, COMPANY_MSG.forsLevel],
      ];
      const before = await companyRow(co.id);
      for (const [body, message] of bad) {
        const res = await call("PUT", `/api/companies/${co.id}`, m.cookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().details, JSON.stringify(body)).toEqual([{ path: Object.keys(body)[0], message }]);
      }
      // every failing field is listed, and nothing is saved
      const all = await call("PUT", `/api/companies/${co.id}`, admin.cookie, { companyNumber: "x", vatNumber: "y", operatorLicence: "z", forsLevel: "w", name: "" });
      expect(all.statusCode).toBe(400);
      expect((all.json().details as { path: string }[]).map((d) => d.path).sort()).toEqual(["companyNumber", "forsLevel", "name", "operatorLicence", "vatNumber"]);
      expect(await companyRow(co.id)).toEqual(before);
    });

    it("a member sending a changed name is refused (403, nothing saved); the name unchanged passes", async () => {
      const co = await createCompany(t.app, { name: "Member Rename Ltd" });
      const m = await memberOf(t.app, co);
      for (const name of ["Other Name Ltd", "MEMBER RENAME LTD"]) {
        const res = await call("PUT", `/api/companies/${co.id}`, m.cookie, { name, companyNumber: "12345678" });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: COMPANY_MSG.onlyStaffRename });
      }
      expect(await companyRow(co.id)).toMatchObject({ name: "Member Rename Ltd", companyNumber: "" });
      const same = await call("PUT", `/api/companies/${co.id}`, m.cookie, { name: " Member Rename Ltd ", companyNumber: "12345678" });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ name: "Member Rename Ltd", companyNumber: "12345678" });
    });

    it("the claimed FORS level is only a claim: changing it leaves the certificate verified and the verified level the certificate's", async () => {
      const co = await createCompany(t.app, { forsLevel: "Bronze" });
      const m = await memberOf(t.app, co);
      const cert = await addDocument(t.app, { companyId: co.id, kind: "fors_certificate", expiresOn: "2027-06-30", forsLevel: "Bronze" });
      expect((await call("GET", `/api/companies/${co.id}`, m.cookie)).json().verifiedForsLevel).toBe("Bronze");
      const claimed = await call("PUT", `/api/companies/${co.id}`, m.cookie, { forsLevel: "Gold" });
      expect(claimed.json()).toMatchObject({ forsLevel: "Gold", verifiedForsLevel: "Bronze" });
      expect((await t.app.ctx.db.select().from(companyDocuments).where(eq(companyDocuments.id, cert.id)))[0].status).toBe("verified");
      const byStaff = await call("PUT", `/api/companies/${co.id}`, manager.cookie, { forsLevel: "" });
      expect(byStaff.json()).toMatchObject({ forsLevel: "", verifiedForsLevel: "Bronze" });
    });

    it("staff rename a company: every member and booking follows in one go, each booking keeps its viewers and gains a history line", async () => {
      const co = await createCompany(t.app, { name: "Old Name Haulage" });
      const a = await memberOf(t.app, co);
      const b = await memberOf(t.app, co);
      // a member spelled differently (before the record existed) and an applicant of that name
      const variant = await memberOf(t.app, co, { carrierName: " old name HAULAGE" });
      const applicant = await createUser(t.app, { isApproved: false, carrierName: "OLD NAME HAULAGE" });
      const mine = await booking(a.user);
      const theirs = await booking(variant.user, "completed", { acceptedByCarrier: " old name HAULAGE" });
      const cancelled = await booking(b.user, "cancelled");
      const elsewhere = await booking(outsider.user);
      expect(await visibleIds(b.cookie)).toContain(mine.id);

      const res = await call("PUT", `/api/companies/${co.id}`, admin.cookie, { name: "  New Name Logistics " });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: co.id, name: "New Name Logistics", memberCount: 3 });
      expect(await companyRow(co.id)).toMatchObject({ name: "New Name Logistics", nameKey: "new name logistics" });
      for (const u of [a.user, b.user, variant.user]) expect(await userRow(u.id)).toMatchObject({ carrierName: "New Name Logistics", companyId: co.id });
      expect(await userRow(applicant.id)).toMatchObject({ carrierName: "New Name Logistics", companyId: null });
      for (const l of [mine, theirs, cancelled]) expect((await loadRow(l.id)).acceptedByCarrier).toBe("New Name Logistics");
      expect((await loadRow(elsewhere.id)).acceptedByCarrier).toBe("Rival Freight");

      // the same people see the same bookings (carrier visibility compares the name exactly)
      for (const who of [a, b, variant]) {
        const ids = await visibleIds(who.cookie);
        expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
        expect(ids).not.toContain(elsewhere.id);
        expect((await call("GET", `/api/loads/${theirs.id}`, who.cookie)).statusCode).toBe(200);
      }
      expect(await visibleIds(outsider.cookie)).not.toContain(mine.id);
      // the session's user follows at once (GET /api/auth/user)
      expect((await call("GET", "/api/auth/user", a.cookie)).json()).toMatchObject({ carrierName: "New Name Logistics", companyId: co.id });

      const events = await t.app.ctx.db.select().from(loadEvents).where(inArray(loadEvents.loadId, [mine.id, theirs.id, cancelled.id, elsewhere.id]));
      expect(events.map((e) => [e.loadId, e.action, e.fromStatus, e.toStatus, e.actorId]).sort()).toEqual(
        [
          [mine.id, "carrier-renamed", "approved", "approved", admin.user.id],
          [theirs.id, "carrier-renamed", "completed", "completed", admin.user.id],
          [cancelled.id, "carrier-renamed", "cancelled", "cancelled", admin.user.id],
        ].sort(),
      );
      expect(events.find((e) => e.loadId === theirs.id)?.reason).toBe('Carrier " old name HAULAGE" is now "New Name Logistics"');
      const history = await call("GET", `/api/loads/${mine.id}/events`, manager.cookie);
      expect(history.json()[0]).toMatchObject({ action: "carrier-renamed", actorName: admin.user.name, reason: 'Carrier "Old Name Haulage" is now "New Name Logistics"' });

      // a change of case only is a rename too; another company's name (any case) is a 409, nothing changed
      expect((await call("PUT", `/api/companies/${co.id}`, manager.cookie, { name: "NEW NAME LOGISTICS" })).json().name).toBe("NEW NAME LOGISTICS");
      expect((await loadRow(mine.id)).acceptedByCarrier).toBe("NEW NAME LOGISTICS");
      const clash = await call("PUT", `/api/companies/${co.id}`, manager.cookie, { name: " rival freight", forsLevel: "Gold" });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error).toBe(COMPANIES_MSG.nameTaken);
      expect(await companyRow(co.id)).toMatchObject({ name: "NEW NAME LOGISTICS", forsLevel: "" });
      expect((await userRow(a.user.id)).carrierName).toBe("NEW NAME LOGISTICS");
    });
  });

  describe("the VAT rule: a member's VAT number waits for staff to confirm it", () => {
    // self-billing: the network pays the VAT it computes, so invoices charge VAT only on a staff-confirmed number
    const confirm = (id: string, cookie: string, body?: unknown) => call("POST", `/api/companies/${id}/vat-number/confirm`, cookie, body);
    /** the company's history lines of a VAT number decided by staff (the event log), oldest first */
    const vatLines = (companyId: string) =>
      t.app.ctx.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.type, "company.vat_number_confirmed"), sql`${domainEvents.data}->>'companyId' = ${companyId}`))
        .orderBy(asc(domainEvents.seq));
    const staffNotices = (userId: string, companyName: string) =>
      t.app.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, "vat_number_proposed"), eq(notifications.title, `VAT number to confirm: ${companyName}`)));

    it("a member's VAT number is a proposal: 200, the VAT number in force unchanged, proposedVatNumber set, every staff user told once", async () => {
      const co = await createCompany(t.app, { vatNumber: "" });
      const m = await memberOf(t.app, co, { name: "Vera Member" });
      const res = await call("PUT", `/api/companies/${co.id}`, m.cookie, { vatNumber: "GB 123 4567 89" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ vatNumber: "", proposedVatNumber: "GB123456789" });
      expect(await companyRow(co.id)).toMatchObject({ vatNumber: "", proposedVatNumber: "GB123456789" });
      expect((await call("GET", `/api/companies/${co.id}`, m.cookie)).json()).toMatchObject({ vatNumber: "", proposedVatNumber: "GB123456789" });

      for (const who of [manager, admin]) {
        const notices = await staffNotices(who.user.id, co.name);
        expect(notices).toHaveLength(1);
        expect(notices[0]).toMatchObject({ loadId: null, body: expect.stringContaining("Vera Member gave") });
        expect(notices[0].body).toContain("GB123456789");
      }
      expect(await staffNotices(m.user.id, co.name)).toEqual([]);

      // the form sends every field: the same proposal again tells nobody twice
      const again = await call("PUT", `/api/companies/${co.id}`, m.cookie, { vatNumber: "GB123456789", operatorLicence: "OB1234567" });
      expect(again.json()).toMatchObject({ vatNumber: "", proposedVatNumber: "GB123456789", operatorLicence: "OB1234567" });
      expect(await staffNotices(manager.user.id, co.name)).toHaveLength(1);
      // a proposal is no decision: no history line
      expect(await vatLines(co.id)).toEqual([]);

      // sending the number in force back withdraws the proposal
      const withdrawn = await call("PUT", `/api/companies/${co.id}`, m.cookie, { vatNumber: "" });
      expect(withdrawn.json()).toMatchObject({ vatNumber: "", proposedVatNumber: null });
    });

    it("staff confirm the proposal: it becomes the VAT number, the proposal is cleared, and the company's history gains a line; a member cannot confirm (403)", async () => {
      const co = await createCompany(t.app, { vatNumber: "GB111111111" });
      const m = await memberOf(t.app, co);
      await call("PUT", `/api/companies/${co.id}`, m.cookie, { vatNumber: "GB222222222" });

      // neither the member nor a carrier of another company may confirm; nothing changes
      for (const cookie of [m.cookie, outsider.cookie]) expect((await confirm(co.id, cookie, {})).statusCode).toBe(403);
      expect(await companyRow(co.id)).toMatchObject({ vatNumber: "GB111111111", proposedVatNumber: "GB222222222" });
      // staff who looked at another proposal are told it changed
      const stale = await confirm(co.id, manager.cookie, { vatNumber: "GB333333333" });
      expect([stale.statusCode, stale.json()]).toEqual([409, { error: COMPANY_MSG.vatProposalChanged }]);

      const res = await confirm(co.id, manager.cookie, { vatNumber: "GB 222 2222 22" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: co.id, vatNumber: "GB222222222", proposedVatNumber: null });
      expect(await companyRow(co.id)).toMatchObject({ vatNumber: "GB222222222", proposedVatNumber: null });
      const lines = await vatLines(co.id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        actorId: manager.user.id,
        actorName: manager.user.name,
        loadId: null,
        data: { companyId: co.id, vatNumber: "GB222222222", previous: "GB111111111", proposal: "GB222222222", via: "proposal" },
      });

      // nothing waits any more; an unknown company is 404; no body at all confirms what waits
      const none = await confirm(co.id, admin.cookie);
      expect([none.statusCode, none.json()]).toEqual([409, { error: COMPANY_MSG.noVatProposal }]);
      expect((await confirm("00000000-0000-4000-8000-000000000000", admin.cookie)).statusCode).toBe(404);
      await call("PUT", `/api/companies/${co.id}`, m.cookie, { vatNumber: "GB444444444" });
      expect((await confirm(co.id, admin.cookie)).json()).toMatchObject({ vatNumber: "GB444444444", proposedVatNumber: null });
      expect(await vatLines(co.id)).toHaveLength(2);
    });

    it("staff setting the VAT number themselves takes effect at once, settling any proposal, with a history line; a member's removal waits too", async () => {
      const co = await createCompany(t.app, { vatNumber: "" });
      const m = await memberOf(t.app, co);
      await call("PUT", `/api/companies/${co.id}`, m.cookie, { vatNumber: "GB555555555" });
      const set = await call("PUT", `/api/companies/${co.id}`, admin.cookie, { vatNumber: "GB666666666" });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ vatNumber: "GB666666666", proposedVatNumber: null });
      const [line] = await vatLines(co.id);
      expect(line).toMatchObject({ actorId: admin.user.id, data: { companyId: co.id, vatNumber: "GB666666666", previous: "", proposal: "GB555555555", via: "staff" } });
      // staff saving the profile with the number in force and nothing waiting decide nothing: no line
      await call("PUT", `/api/companies/${co.id}`, admin.cookie, { vatNumber: "GB666666666", operatorLicence: "OB7654321" });
      expect(await vatLines(co.id)).toHaveLength(1);

      // a member asking to remove the VAT number is a proposal too ("" waiting)
      const removal = await call("PUT", `/api/companies/${co.id}`, m.cookie, { vatNumber: "" });
      expect(removal.json()).toMatchObject({ vatNumber: "GB666666666", proposedVatNumber: "" });
      const [notice] = await staffNotices(manager.user.id, co.name).then((n) => n.filter((x) => x.body.includes("removing it")));
      expect(notice.body).toContain("in force now: GB666666666");
      expect((await confirm(co.id, manager.cookie, { vatNumber: "" })).json()).toMatchObject({ vatNumber: "", proposedVatNumber: null });
    });
  });
});
