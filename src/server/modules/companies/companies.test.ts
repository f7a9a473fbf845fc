// The carrier company record through the real app on PGlite and PostgreSQL: who may
// list, read, edit and merge companies and move a user, and the staff list of companies
// with its compliance filter. Editing a company and the VAT rule are in
// companies-profile.test.ts; merging, moving and linking users in companies-membership.test.ts;
// the shared world in companies-test-support.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { login } from "../../../../test/factories";
import { addDocument, createCompany, insure, memberOf } from "../../../../test/company-fixtures";
import type { CompanyRow } from "../../db/schema";
import { complianceOf, type Company, type ComplianceStatus } from "../../../contract/schemas/company";
import { NOW, companyHelpers, seedCompanies, type Method, type Who } from "./companies-test-support";

describe.each(ENGINES)("carrier companies on %s", (engine) => {
  const clock = new TestClock(NOW);
  let t: TestApp;
  let smith: CompanyRow;
  let rival: CompanyRow;
  let member: Who;
  let outsider: Who;
  let manager: Who;
  let admin: Who;
  let pendingCookie: string;
  const { call, companyRow, userRow } = companyHelpers(() => t);

  beforeAll(async () => {
    ({ t, smith, rival, member, outsider, manager, admin, pendingCookie } = await seedCompanies(engine, clock));
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
          // the scorecard's figures (none yet: no load delivered)
          onTimeDeliveryRate: null,
          podHoursMedian: null,
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
});
