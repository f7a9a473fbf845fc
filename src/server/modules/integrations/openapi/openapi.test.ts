// The OpenAPI document: every registered /api
// route is in it, it is valid OpenAPI 3.1 (an independent validator), and real
// answers of the running app validate against its response schemas (ajv).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { ENGINES, createTestApp, type TestApp } from "../../../../../test/helpers";
import { createAdmin, createCarrier, createLoad, login } from "../../../../../test/factories";
import { openApiChecker, registeredRoutes, type OpenApiChecker } from "../../../../../test/openapi-check";
import { bids } from "../../../db/schema";
import { approvedLoad, completeByPod, haulier } from "../../../../../test/invoice-fixtures";
import { addDocument } from "../../../../../test/company-fixtures";

describe.each(ENGINES)("OpenAPI document on %s", (engine) => {
  let t: TestApp;
  let check: OpenApiChecker;
  beforeAll(async () => {
    t = await createTestApp({ engine, jobs: false });
    check = await openApiChecker(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists every registered /api route with its method (fails when one is missing)", () => {
    const routes = registeredRoutes(t.app).filter((r) => r.split(" ")[1].startsWith("/api"));
    expect(routes.length).toBeGreaterThan(80);
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(check.doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`);
    }
    // a new route: add its row to src/server/modules/integrations/openapi/route-docs.ts
    expect(routes.filter((r) => !documented.has(r)), "registered routes missing from /api/openapi.json (add them to openapi/route-docs.ts)").toEqual([]);
    expect([...documented].filter((r) => !routes.includes(r)), "documented routes that are not registered").toEqual([]);
  });

  it("is a valid OpenAPI 3.1 document, with the bearer scheme and the error shape", async () => {
    const result = await new Validator().validate(check.doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(check.doc.openapi).toMatch(/^3\.1\./);
    expect(check.doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(check.doc.components.schemas.Error.required).toEqual(["error"]);
    // the Done-when call: GET /api/loads by token needs loads:read
    expect(check.doc.paths["/api/loads"].get.security).toEqual([{ cookie: [] }, { bearer: ["loads:read"] }]);
    expect(check.doc.paths["/api/loads"].post.security).toEqual([{ cookie: [] }, { bearer: ["loads:write"] }]);
    expect(check.doc.paths["/api/admin/api-tokens"].post.security).toEqual([{ cookie: [] }]);
  });

  it("is served signed out, and so is the reference page (no script, no other origin)", async () => {
    const json = await t.app.inject({ url: "/api/openapi.json" });
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    const page = await t.app.inject({ url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("/api/loads/{id}");
    expect(page.body).toContain("Authorization: Bearer");
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!json-schema\.org)[a-z]/i);
  });

  it("real answers validate against the document's response schemas", async () => {
    const app = t.app;
    const admin = await createAdmin(app, { name: "Ada Admin" });
    const carrier = await createCarrier(app);
    const adminCookie = await login(app, admin.email);
    const carrierCookie = await login(app, carrier.email);
    const load = await createLoad(app, { pickupZip: "LS1 1AA", deliveryZip: "BS1 1AA" });
    await app.ctx.db.insert(bids).values({ loadId: load.id, carrierId: carrier.id, bidAmount: 900, status: "pending" });
    const weekAhead = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    // a company with a member, a pending document and an invoice raised by POD
    const { company, member } = await haulier(app, { name: "Openapi Haulage Ltd" });
    await addDocument(app, { companyId: company.id, kind: "vehicle_insurance", expiresOn: "2099-01-31", status: "pending", uploadedBy: member.user.id });
    const invoice = await completeByPod(app, (await approvedLoad(app, company, member.user.id)).id, member.cookie);
    // a booked load with its pickup recorded (with a position) and corrected by staff
    const booked = await approvedLoad(app, company, member.user.id);
    const at = new Date(Date.now() - 3_600_000).toISOString();

    const calls: { method: string; route: string; url: string; cookie?: string; payload?: object; status: number }[] = [
      { method: "GET", route: "/api/health", url: "/api/health", status: 200 },
      { method: "GET", route: "/api/health/live", url: "/api/health/live", status: 200 },
      { method: "GET", route: "/api/public-config", url: "/api/public-config", status: 200 },
      { method: "GET", route: "/api/auth/user", url: "/api/auth/user", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/auth/user", url: "/api/auth/user", status: 401 },
      { method: "GET", route: "/api/stats", url: "/api/stats", cookie: carrierCookie, status: 200 },
      { method: "GET", route: "/api/loads", url: "/api/loads", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/loads", url: "/api/loads", cookie: carrierCookie, status: 200 },
      { method: "GET", route: "/api/loads", url: "/api/loads?sort=bogus", cookie: adminCookie, status: 400 },
      { method: "GET", route: "/api/loads/:id", url: `/api/loads/${load.id}`, cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/loads/:id", url: `/api/loads/${load.id}`, cookie: carrierCookie, status: 200 },
      { method: "GET", route: "/api/loads/:id", url: "/api/loads/00000000-0000-4000-8000-000000000000", cookie: adminCookie, status: 404 },
      { method: "GET", route: "/api/loads/with-bids", url: "/api/loads/with-bids", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/loads/next-number", url: "/api/loads/next-number", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/loads/:id/events", url: `/api/loads/${load.id}/events`, cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/loads/:id/views", url: `/api/loads/${load.id}/views`, cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/loads/:id/bids", url: `/api/loads/${load.id}/bids`, cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/admin/bids", url: "/api/admin/bids", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/admin/bids", url: "/api/admin/bids", cookie: carrierCookie, status: 403 },
      { method: "GET", route: "/api/user/bids", url: "/api/user/bids", cookie: carrierCookie, status: 200 },
      { method: "GET", route: "/api/users", url: "/api/users", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/users/carrier", url: "/api/users/carrier", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/users/pending", url: "/api/users/pending", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/admin/compliance-settings", url: "/api/admin/compliance-settings", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/admin/invoice-settings", url: "/api/admin/invoice-settings", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/admin/waiting-time-settings", url: "/api/admin/waiting-time-settings", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/waiting-claims", url: "/api/waiting-claims", cookie: member.cookie, status: 200 },
      { method: "GET", route: "/api/insight", url: "/api/insight", cookie: adminCookie, status: 200 },
      { method: "POST", route: "/api/loads/:id/stops/:stop/arrival", url: `/api/loads/${booked.id}/stops/pickup/arrival`, cookie: member.cookie, status: 200, payload: { at, position: { lat: 53.8, lng: -1.55, accuracyM: 15 } } },
      { method: "POST", route: "/api/loads/:id/stops/:stop/arrival", url: `/api/loads/${booked.id}/stops/pickup/arrival`, cookie: member.cookie, status: 409, payload: {} },
      { method: "POST", route: "/api/loads/:id/stops/:stop/departure", url: `/api/loads/${booked.id}/stops/pickup/departure`, cookie: member.cookie, status: 200, payload: {} },
      { method: "PUT", route: "/api/loads/:id/stops/:stop", url: `/api/loads/${booked.id}/stops/pickup`, cookie: adminCookie, status: 200, payload: { arrivedAt: at, departedAt: null, reason: "Gate log" } },
      { method: "GET", route: "/api/loads/:id/stops/positions", url: `/api/loads/${booked.id}/stops/positions`, cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/loads/:id", url: `/api/loads/${booked.id}`, cookie: member.cookie, status: 200 },
      {
        method: "POST",
        route: "/api/loads",
        url: "/api/loads",
        cookie: adminCookie,
        status: 201,
        payload: { pickupCity: "Leeds", deliveryCity: "Bristol", pickupDate: `${weekAhead}T09:00:00.000Z`, deliveryDate: `${weekAhead}T15:00:00.000Z`, price: 1200 },
      },
      { method: "POST", route: "/api/loads", url: "/api/loads", cookie: adminCookie, status: 400, payload: { price: -1 } },
      { method: "POST", route: "/api/loads/:id/copy", url: `/api/loads/${load.id}/copy`, cookie: adminCookie, status: 201 },
      { method: "POST", route: "/api/admin/api-tokens", url: "/api/admin/api-tokens", cookie: adminCookie, status: 201, payload: { name: "TMS", scopes: ["loads:read"] } },
      { method: "POST", route: "/api/admin/api-tokens", url: "/api/admin/api-tokens", cookie: adminCookie, status: 400, payload: { name: "", scopes: [] } },
      { method: "GET", route: "/api/admin/api-tokens", url: "/api/admin/api-tokens", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/notifications", url: "/api/notifications", cookie: member.cookie, status: 200 },
      { method: "GET", route: "/api/compliance/me", url: "/api/compliance/me", cookie: member.cookie, status: 200 },
      { method: "GET", route: "/api/compliance/summary", url: "/api/compliance/summary", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/companies", url: "/api/companies", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/companies/:id", url: `/api/companies/${company.id}`, cookie: member.cookie, status: 200 },
      { method: "GET", route: "/api/companies/:id/documents", url: `/api/companies/${company.id}/documents`, cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/documents", url: "/api/documents", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/invoices", url: "/api/invoices", cookie: adminCookie, status: 200 },
      { method: "GET", route: "/api/invoices/:id", url: `/api/invoices/${invoice.id}`, cookie: member.cookie, status: 200 },
      { method: "POST", route: "/api/invoices/paid", url: "/api/invoices/paid", cookie: adminCookie, status: 200, payload: { ids: [invoice.id], paidOn: invoice.issuedOn, paymentReference: "BACS 9" } },
      { method: "GET", route: "/api/admin/mail", url: "/api/admin/mail", cookie: adminCookie, status: 200 },
      { method: "POST", route: "/api/admin/send-available-loads-email", url: "/api/admin/send-available-loads-email", cookie: adminCookie, status: 200 },
      {
        method: "POST",
        route: "/api/saved-searches",
        url: "/api/saved-searches",
        cookie: carrierCookie,
        status: 201,
        payload: { name: "Leeds steel", filters: { search: "Leeds", pickupNear: { postcode: "LS1 1AA", miles: 50 } }, alert: "daily" },
      },
      { method: "GET", route: "/api/saved-searches", url: "/api/saved-searches", cookie: carrierCookie, status: 200 },
      { method: "GET", route: "/api/notification-preferences", url: "/api/notification-preferences", cookie: carrierCookie, status: 200 },
      { method: "GET", route: "/api/rates/lane", url: "/api/rates/lane?pickup=LS1%201AA&delivery=BS1%204DJ", cookie: carrierCookie, status: 200 },
      // webhooks (a TEST-NET address: no DNS, not private)
      { method: "POST", route: "/api/admin/webhooks", url: "/api/admin/webhooks", cookie: adminCookie, status: 201, payload: { url: "https://93.184.216.34/hook", events: ["load.created"] } },
      { method: "POST", route: "/api/admin/webhooks", url: "/api/admin/webhooks", cookie: adminCookie, status: 400, payload: { url: "http://127.0.0.1/x", events: ["load.created"] } },
      { method: "GET", route: "/api/admin/webhooks", url: "/api/admin/webhooks", cookie: adminCookie, status: 200 },
    ];
    const failures: string[] = [];
    for (const c of calls) {
      const res = await app.inject({ method: c.method as "GET", url: c.url, headers: c.cookie ? { cookie: c.cookie } : {}, ...(c.payload ? { payload: c.payload } : {}) });
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body.slice(0, 300)}`).toBe(c.status);
      const body = res.body ? res.json() : "";
      for (const p of check.problems(c.method, c.route, res.statusCode, body)) failures.push(`${c.method} ${c.url} ${res.statusCode}: ${p}`);
    }
    expect(failures).toEqual([]);
  });

  it("the checker itself refuses an answer that does not match (a test that can fail)", () => {
    expect(check.problems("GET", "/api/loads/:id", 200, { id: 1 }).length).toBeGreaterThan(0);
    expect(check.problems("GET", "/api/loads/:id", 404, { nope: true }).length).toBeGreaterThan(0);
  });
});
