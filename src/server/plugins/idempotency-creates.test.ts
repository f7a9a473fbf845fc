// Every create the web app sends with an Idempotency-Key: a retry with the same
// key after a lost answer gets the first answer and creates one row (a load, a
// user, a company document, a saved search, a payment). A secret shown once (an
// API token) is never kept for a replay: a retry runs again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../test/helpers";
import { signedIn } from "../../../test/factories";
import { createCompany, memberOf, uploadPdf } from "../../../test/company-fixtures";
import { approvedLoad, completeByPod, haulier } from "../../../test/invoice-fixtures";
import type { App } from "../app";
import { apiTokens, companyDocuments, idempotencyKeys, loads, savedSearches, users } from "../db/schema";

let keySeq = 0;
const newKey = () => `create-${Date.now()}-${++keySeq}`;

describe.each(ENGINES)("creates retried with the same Idempotency-Key on %s", (engine) => {
  let t: TestApp;
  let app: App;
  let manager: { cookie: string };
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ engine });
    app = t.app;
    manager = await signedIn(app, { role: "manager" });
    admin = await signedIn(app, { role: "admin", isAdmin: true });
  });
  afterAll(() => t?.close());

  /** the same request twice with one key: the first answer, replayed */
  async function twice(cookie: string, url: string, payload: object) {
    const key = newKey();
    const send = () => app.inject({ method: "POST", url, headers: { cookie, "idempotency-key": key }, payload });
    const first = await send();
    const retry = await send();
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.body).toBe(first.body);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    return first;
  }

  it("a load: one row", async () => {
    const pickup = new Date(Date.now() + 3 * 86_400_000);
    pickup.setUTCHours(9, 0, 0, 0);
    const first = await twice(manager.cookie, "/api/loads", { pickupCity: "Leeds", deliveryCity: "Bristol", price: 812, distance: 200, pickupDate: pickup.toISOString() });
    expect(first.statusCode).toBe(201);
    expect(await app.ctx.db.select().from(loads).where(eq(loads.loadNumber, first.json().loadNumber))).toHaveLength(1);
  });

  it("a user created by staff: one row", async () => {
    const email = `made-${keySeq}@example.com`;
    const first = await twice(manager.cookie, "/api/register", {
      email,
      password: "Secret1!pass",
      name: "Made By Staff",
      carrierName: "Staff Made Ltd",
      contactNumber: "+44 7700 900123",
    });
    expect(first.statusCode).toBe(201);
    expect(await app.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("a company document: one row", async () => {
    const company = await createCompany(app);
    const member = await memberOf(app, company);
    const objectPath = await uploadPdf(app, member.cookie);
    const first = await twice(member.cookie, `/api/companies/${company.id}/documents`, { kind: "goods_in_transit", objectPath, expiresOn: "2027-03-31", coverAmount: 250000 });
    expect(first.statusCode).toBe(201);
    expect(await app.ctx.db.select().from(companyDocuments).where(eq(companyDocuments.companyId, company.id))).toHaveLength(1);
  });

  it("a saved search: one row", async () => {
    const carrier = await signedIn(app);
    const first = await twice(carrier.cookie, "/api/saved-searches", { name: "Leeds loads", filters: {}, alert: "off" });
    expect(first.statusCode).toBe(201);
    expect(await app.ctx.db.select().from(savedSearches).where(eq(savedSearches.userId, carrier.user.id))).toHaveLength(1);
  });

  it("an invoice marked paid: the retry gets the first 200, not a 409 'already paid'", async () => {
    const { company, member } = await haulier(app);
    const load = await approvedLoad(app, company, member.user.id);
    const invoice = await completeByPod(app, load.id, member.cookie);
    const first = await twice(manager.cookie, `/api/invoices/${invoice.id}/paid`, { paidOn: app.ctx.clock.now().toISOString().slice(0, 10), paymentReference: "BACS 1" });
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe("paid");
  });

  it("an API token is never kept for a replay: the retry makes a second token, and the table holds no token", async () => {
    const key = newKey();
    const send = () =>
      app.inject({ method: "POST", url: "/api/admin/api-tokens", headers: { cookie: admin.cookie, "idempotency-key": key }, payload: { name: `t-${key}`, scopes: ["loads:read"] } });
    const first = await send();
    const retry = await send();
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(retry.json().token).not.toBe(first.json().token);
    expect(await app.ctx.db.select().from(apiTokens).where(eq(apiTokens.name, `t-${key}`))).toHaveLength(2);
    const kept = await app.ctx.db.select().from(idempotencyKeys).where(sql`${idempotencyKeys.responseBody} like ${`%${first.json().token}%`}`);
    expect(kept).toHaveLength(0);
  });
});
