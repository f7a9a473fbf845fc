// The world the company tests run in: one app on a fixed clock, two companies ("Smith
// Haulage" and "Rival Freight") each with a signed-in member, staff of both kinds and
// a pending account's session, plus the small calls the tests share.
import { eq } from "drizzle-orm";
import { TestClock, createTestApp, type Engine, type TestApp } from "../../../../test/helpers";
import { createLoad, createUser, signedIn } from "../../../../test/factories";
import { createCompany, memberOf } from "../../../../test/company-fixtures";
import { companies, loads, sessions, users, type CompanyRow, type UserRow } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/crypto";

export const NOW = new Date("2026-11-25T12:00:00Z");
export type Who = { user: UserRow; cookie: string };
export type Method = "GET" | "POST" | "PUT";

export interface CompaniesWorld {
  t: TestApp;
  smith: CompanyRow;
  rival: CompanyRow;
  member: Who;
  outsider: Who;
  manager: Who;
  admin: Who;
  pendingCookie: string;
}

/** A fresh app on `clock` with the file's companies, members and staff. */
export async function seedCompanies(engine: Engine, clock: TestClock): Promise<CompaniesWorld> {
  const t = await createTestApp({ engine, clock, jobs: false });
  const smith = await createCompany(t.app, { name: "Smith Haulage", createdAt: new Date("2026-01-01T00:00:00Z") });
  const rival = await createCompany(t.app, { name: "Rival Freight", createdAt: new Date("2026-02-01T00:00:00Z") });
  const member = await memberOf(t.app, smith, { name: "Sam Smith" });
  const outsider = await memberOf(t.app, rival, { name: "Rita Rival" });
  const manager = await signedIn(t.app, { role: "manager", carrierName: "Network Ops" });
  const admin = await signedIn(t.app, { role: "admin", isAdmin: true, carrierName: "Network Ops" });
  // an unapproved account cannot sign in; its session (inserted directly) counts for nothing
  const pending = await createUser(t.app, { isApproved: false, carrierName: smith.name });
  const token = randomToken();
  await t.app.ctx.db.insert(sessions).values({ id: sha256(token), userId: pending.id, expiresAt: new Date(NOW.getTime() + 86_400_000) });
  return { t, smith, rival, member, outsider, manager, admin, pendingCookie: `sid=${token}` };
}

/** Calls and reads on the app `app()` returns (read when called, after the seed has run). */
export function companyHelpers(app: () => TestApp) {
  const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
    app().app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return {
    call,
    companyRow: async (id: string) => (await app().app.ctx.db.select().from(companies).where(eq(companies.id, id)))[0],
    userRow: async (id: string) => (await app().app.ctx.db.select().from(users).where(eq(users.id, id)))[0],
    loadRow: async (id: string) => (await app().app.ctx.db.select().from(loads).where(eq(loads.id, id)))[0],
    visibleIds: async (cookie: string) => ((await call("GET", "/api/loads", cookie)).json() as { id: string }[]).map((l) => l.id),
    booking: (who: UserRow, status = "approved", over: Partial<typeof loads.$inferInsert> = {}) =>
      createLoad(app().app, { status, acceptedBy: who.id, acceptedByCarrier: who.carrierName, acceptedAt: NOW, ...over }),
  };
}
