// The carrier company record through
// the real app on PGlite and PostgreSQL: who may list, read, edit and merge companies
// and move a user; the identifiers' formats; a rename and a merge carrying every
// member and booking along (each booking still seen by the same people, with a line
// in its history); moving one user; approval joining or founding the company, also
// when two approvals of one new name race on two app instances; companyId and
// compliance on the user objects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { buildApp } from "../../app";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, createUser, login, signedIn } from "../../../../test/factories";
import { addDocument, createCompany, insure, memberOf } from "../../../../test/company-fixtures";
import { postgresOnly } from "../../../../test/skips";
import { companies, companyDocuments, domainEvents, loadEvents, loads, notifications, sessions, users, type CompanyRow, type UserRow } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/crypto";
import { COMPANY_MSG, complianceOf, type Company, type ComplianceStatus } from "../../../contract/schemas/company";
import type { User } from "../../../contract/schemas/user";
import { COMPANIES_MSG, linkApprovedCarriers } from "./companies.service";

const NOW = new Date("2026-11-25T12:00:00Z");
type Who = { user: UserRow; cookie: string };
type Method = "GET" | "POST" | "PUT";

describe.each(ENGINES)("carrier companies on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(NOW);
  let smith: CompanyRow;
  let rival: CompanyRow;
  let member: Who;
  let outsider: Who;
  let manager: Who;
  let admin: Who;
  let pendingCookie: string;

  const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const companyRow = async (id: string) => (await t.app.ctx.db.select().from(companies).where(eq(companies.id, id)))[0];
  const userRow = async (id: string) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0];
  const loadRow = async (id: string) => (await t.app.ctx.db.select().from(loads).where(eq(loads.id, id)))[0];
  const visibleIds = async (cookie: string) => ((await call("GET", "/api/loads", cookie)).json() as { id: string }[]).map((l) => l.id);
  const booking = (who: UserRow, status = "approved", over: Partial<typeof loads.$inferInsert> = {}) =>
    createLoad(t.app, { status, acceptedBy: who.id, acceptedByCarrier: who.carrierName, acceptedAt: NOW, ...over });

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    smith = await createCompany(t.app, { name: "Smith Haulage", createdAt: new Date("2026-01-01T00:00:00Z") });
    rival = await createCompany(t.app, { name: "Rival Freight", createdAt: new Date("2026-02-01T00:00:00Z") });
    member = await memberOf(t.app, smith, { name: "Sam Smith" });
    outsider = await memberOf(t.app, rival, { name: "Rita Rival" });
    manager = await signedIn(t.app, { role: "manager", carrierName: "Network Ops" });
    admin = await signedIn(t.app, { role: "admin", isAdmin: true, carrierName: "Network Ops" });
    // an unapproved account cannot sign in; its session (inserted directly) counts for nothing
    const pending = await createUser(t.app, { isApproved: false, carrierName: smith.name });
    const token = randomToken();
    await t.app.ctx.db.insert(sessions).values({ id: sha256(token), userId: pending.id, expiresAt: new Date(NOW.getTime() + 86_400_000) });
    pendingCookie = `sid=${token}`;
  });
  afterAll(() => t?.close());

  describe("who may call", () => {
    type Actor = "anonymous" | "pending" | "member" | "otherCarrier" | "manager" | "admin";
    const cookieOf = (a: Actor): string | undefined =>
      ({ anonymous: undefined, pending: pendingCookie, member: member.cookie, otherCarrier: outsider.cookie, manager: manager.cookie, admin: admin.cookie })[a];
    const ACTORS: Actor[] = ["anonymous", "pending", "member", "otherCarrier", "manager", "admin"];
    const fresh = () => createCompany(t.app);

    // each case builds fresh data where the call changes something, so cells never depend on each other
    const CASES: { name: string; expect: Record<Actor, number>; build: (a: Actor) => Promise<[Method, string, unknown?]> }[] = [
      {
        name: "GET /api/companies (staff only)",
        expect: { anonymous: 401, pending: 401, member: 403, otherCarrier: 403, manager: 200, admin: 200 },
        build: async () => ["GET", "/api/companies"],
      },
      {
        name: "GET /api/companies/{id} (staff and its members; others 404)",
        expect: { anonymous: 401, pending: 401, member: 200, otherCarrier: 404, manager: 200, admin: 200 },
        build: async () => ["GET", `/api/companies/${smith.id}`],
      },
      {
        name: "PUT /api/companies/{id} (members and staff; others 404)",
        expect: { anonymous: 401, pending: 401, member: 200, otherCarrier: 404, manager: 200, admin: 200 },
        build: async () => ["PUT", `/api/companies/${smith.id}`, { operatorLicence: "OB1234567" }],
      },
      {
        name: "POST /api/companies/{id}/merge (staff only; a member may not merge their own)",
        expect: { anonymous: 401, pending: 401, member: 403, otherCarrier: 403, manager: 200, admin: 200 },
        build: async (a) => {
          const source = a === "manager" || a === "admin" ? await fresh() : smith;
          return ["POST", `/api/companies/${source.id}/merge`, { intoId: (await fresh()).id }];
        },
      },
      {
        name: "PUT /api/users/{id}/company (staff only; a carrier may not move themselves)",
        expect: { anonymous: 401, pending: 401, member: 403, otherCarrier: 403, manager: 200, admin: 200 },
        build: async (a) => {
          const who = a === "manager" || a === "admin" ? (await memberOf(t.app, await fresh())).user : member.user;
          return ["PUT", `/api/users/${who.id}/company`, { companyId: rival.id }];
        },
      },
    ];

    for (const c of CASES) {
      it.each(ACTORS)(`${c.name} as %s`, async (actor) => {
        const [method, url, body] = await c.build(actor);
        const res = await call(method, url, cookieOf(actor), body);
        expect(res.statusCode, res.body).toBe(c.expect[actor]);
        if (res.statusCode >= 400) expect(res.json().error).toBeTypeOf("string");
      });
    }

    it("a refused call changes nothing: the member is still in Smith Haulage and Smith still exists", async () => {
      expect(await userRow(member.user.id)).toMatchObject({ companyId: smith.id, carrierName: "Smith Haulage" });
      expect((await companyRow(smith.id)).name).toBe("Smith Haulage");
    });

    it("unknown and malformed ids are 404, a bad body 400, never a 500", async () => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "1' or '1'='1"]) {
        const path = `/api/companies/${encodeURIComponent(id)}`;
        expect((await call("GET", path, admin.cookie)).statusCode).toBe(404);
        expect((await call("PUT", path, admin.cookie, { forsLevel: "Gold" })).statusCode).toBe(404);
        expect((await call("POST", `${path}/merge`, admin.cookie, { intoId: smith.id })).statusCode).toBe(404);
        expect((await call("PUT", `/api/users/${encodeURIComponent(id)}/company`, admin.cookie, { companyId: smith.id })).statusCode).toBe(404);
      }
      expect((await call("PUT", `/api/companies/${smith.id}`, admin.cookie)).statusCode).toBe(400);
      const badMerge = await call("POST", `/api/companies/${smith.id}/merge`, admin.cookie, { intoId: "smith" });
      expect(badMerge.statusCode).toBe(400);
      expect(badMerge.json().details).toEqual([{ path: "intoId", message: "Please choose the company to merge into" }]);
      const badMove = await call("PUT", `/api/users/${member.user.id}/company`, admin.cookie, {});
      expect(badMove.statusCode).toBe(400);
      expect(badMove.json().details[0].path).toBe("companyId");
      expect((await call("POST", `/api/companies/${smith.id}/merge`, admin.cookie, { intoId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
      expect((await call("PUT", `/api/users/${member.user.id}/company`, admin.cookie, { companyId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    });
  });

  describe("GET /api/companies", () => {
    it("lists each company with its identifiers, compliance, verified FORS level and members, by name; pages with X-Total-Count", async () => {
      const acme = await createCompany(t.app, { name: "Acme Logistics", companyNumber: "SC123456", forsLevel: "Silver" });
      await insure(t.app, acme.id, "2027-06-30");
      await addDocument(t.app, { companyId: acme.id, kind: "fors_certificate", expiresOn: "2027-06-30", forsLevel: "Silver" });
      await memberOf(t.app, acme);
      await memberOf(t.app, acme);
      const res = await call("GET", "/api/companies?search=acme%20log", manager.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("1");
      expect(res.json()).toEqual([
        {
          id: acme.id,
          name: "Acme Logistics",
          companyNumber: "SC123456",
          vatNumber: "",
          proposedVatNumber: null,
          operatorLicence: "",
          forsLevel: "Silver",
          verifiedForsLevel: "Silver",
          compliance: "compliant",
          memberCount: 2,
          createdAt: acme.createdAt.toISOString(),
        } satisfies Company,
      ]);

      // by name A to Z unless asked, the total before paging, 50 a page unless asked, at most 200
      const all = await call("GET", "/api/companies?limit=200", admin.cookie);
      const names = (all.json() as Company[]).map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const total = Number(all.headers["x-total-count"]);
      expect(total).toBe(names.length);
      const page2 = await call("GET", "/api/companies?limit=2&offset=1", admin.cookie);
      expect((page2.json() as Company[]).map((c) => c.name)).toEqual(names.slice(1, 3));
      expect(page2.headers["x-total-count"]).toBe(String(total));
      for (const q of ["limit=201", "limit=0", "offset=-1", "compliance=good", "sort=size"]) {
        const bad = await call("GET", `/api/companies?${q}`, admin.cookie);
        expect(bad.statusCode, q).toBe(400);
        expect(bad.json().details.length, q).toBeGreaterThan(0);
      }
      const byMembers = (await call("GET", "/api/companies?sort=-memberCount&limit=200", admin.cookie)).json() as Company[];
      expect(byMembers.map((c) => c.memberCount)).toEqual([...byMembers.map((c) => c.memberCount)].sort((a, b) => b - a));
      // a search takes % and _ literally
      expect((await call("GET", "/api/companies?search=%25", admin.cookie)).json()).toEqual([]);
    });

    it("compliance is judged on the UK calendar day; the filter and the order agree with complianceOf at every edge", async () => {
      const tag = `Edge ${Date.now()}`;
      // today 2026-11-25: good to the end of the expiry day; 'expiring' up to 30 days ahead
      const cases: [string, { kind: string; expiresOn: string; status?: string }[], ComplianceStatus][] = [
        ["a none", [], "non_compliant"],
        ["b one kind only", [{ kind: "vehicle_insurance", expiresOn: "2027-06-30" }], "non_compliant"],
        ["c both, far off", [{ kind: "vehicle_insurance", expiresOn: "2027-06-30" }, { kind: "goods_in_transit", expiresOn: "2027-06-30" }], "compliant"],
        ["d expires today", [{ kind: "vehicle_insurance", expiresOn: "2026-11-25" }, { kind: "goods_in_transit", expiresOn: "2027-06-30" }], "expiring"],
        ["e expired yesterday", [{ kind: "vehicle_insurance", expiresOn: "2026-11-24" }, { kind: "goods_in_transit", expiresOn: "2027-06-30" }], "non_compliant"],
        ["f in 30 days", [{ kind: "vehicle_insurance", expiresOn: "2026-12-25" }, { kind: "goods_in_transit", expiresOn: "2027-06-30" }], "expiring"],
        ["g in 31 days", [{ kind: "vehicle_insurance", expiresOn: "2026-12-26" }, { kind: "goods_in_transit", expiresOn: "2027-06-30" }], "compliant"],
        ["h pending and rejected", [{ kind: "vehicle_insurance", expiresOn: "2027-06-30", status: "pending" }, { kind: "goods_in_transit", expiresOn: "2027-06-30", status: "rejected" }], "non_compliant"],
        [
          "i a renewal beside an expiring one",
          [
            { kind: "vehicle_insurance", expiresOn: "2026-12-01" },
            { kind: "vehicle_insurance", expiresOn: "2027-12-01" },
            { kind: "goods_in_transit", expiresOn: "2027-06-30" },
          ],
          "compliant",
        ],
      ];
      const ids = new Map<string, string>();
      for (const [name, docs, expected] of cases) {
        const c = await createCompany(t.app, { name: `${tag} ${name}` });
        ids.set(c.id, name);
        for (const d of docs) await addDocument(t.app, { companyId: c.id, ...d });
        expect(complianceOf(docs.map((d) => ({ ...d, status: (d.status ?? "verified") as "verified", kind: d.kind as "vehicle_insurance" })), "2026-11-25"), name).toBe(expected);
      }
      const search = `&search=${encodeURIComponent(tag)}`;
      const listed = (await call("GET", `/api/companies?limit=200${search}`, admin.cookie)).json() as Company[];
      expect(Object.fromEntries(listed.map((c) => [ids.get(c.id), c.compliance]))).toEqual(Object.fromEntries(cases.map(([n, , s]) => [n, s])));
      for (const status of ["compliant", "expiring", "non_compliant"] as const) {
        const res = await call("GET", `/api/companies?compliance=${status}${search}`, admin.cookie);
        const got = (res.json() as Company[]).map((c) => ids.get(c.id)).sort();
        expect(got, status).toEqual(cases.filter(([, , s]) => s === status).map(([n]) => n).sort());
        expect(res.headers["x-total-count"]).toBe(String(got.length));
      }
      const worstFirst = (await call("GET", `/api/companies?sort=compliance${search}`, admin.cookie)).json() as Company[];
      const rank = { non_compliant: 0, expiring: 1, compliant: 2 };
      expect(worstFirst.map((c) => rank[c.compliance])).toEqual([...worstFirst.map((c) => rank[c.compliance])].sort());

      // in summer time 23:30 UTC on 1 July is already 2 July in the UK: a document good to 1 July has expired,
      // though the UTC date still says 1 July; an hour earlier it is still good (and expiring)
      const summer = await createCompany(t.app, { name: `${tag} summer` });
      await addDocument(t.app, { companyId: summer.id, kind: "vehicle_insurance", expiresOn: "2027-07-01" });
      await addDocument(t.app, { companyId: summer.id, kind: "goods_in_transit", expiresOn: "2027-12-31" });
      try {
        clock.set("2027-07-01T22:30:00Z");
        // signed in again: the test's sessions ended months before
        const cookie = await login(t.app, admin.user.email);
        expect((await call("GET", `/api/companies/${summer.id}`, cookie)).json().compliance).toBe("expiring");
        clock.set("2027-07-01T23:30:00Z");
        expect((await call("GET", `/api/companies/${summer.id}`, cookie)).json().compliance).toBe("non_compliant");
      } finally {
        clock.set(NOW);
      }
    });
  });

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
