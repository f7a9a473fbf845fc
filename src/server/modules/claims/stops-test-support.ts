// Shared set-up of the stops tests: a carrier company holding a booked load, staff,
// an outsider, and calls as each.
import { expect } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "../../../../test/helpers";
import { createAdmin, createLoad, login, signedIn } from "../../../../test/factories";
import { createCompany, memberOf } from "../../../../test/company-fixtures";
import type { LoadRow } from "../../db/schema";

/** Leeds LS1's district centre (data/uk-outcodes.csv): the default load's pickup. */
export const LS1 = { lat: 53.79765, lng: -1.55129 };
/** Miles per degree of latitude on the sphere haversineMiles uses (so a position due north is exactly this far). */
export const MILES_PER_DEGREE = (3958.7613 * Math.PI) / 180;
export const northOf = (p: { lat: number; lng: number }, miles: number) => ({ lat: p.lat + miles / MILES_PER_DEGREE, lng: p.lng });

export type Call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, cookie: string, payload?: unknown) => Promise<LightMyRequestResponse>;

export function caller(t: () => TestApp): Call {
  return (method, url, cookie, payload) => t().app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

export interface Person {
  id: string;
  email: string;
  cookie: string;
}

export interface World {
  staff: Person;
  member: Person;
  colleague: Person;
  outsider: Person;
  companyId: string;
  /** a load held by the company, in the status given (approved by default) */
  booked(over?: Partial<LoadRow>): Promise<LoadRow>;
}

export async function makeWorld(t: TestApp): Promise<World> {
  const company = await createCompany(t.app);
  const m = await memberOf(t.app, company);
  const c = await memberOf(t.app, company);
  const other = await createCompany(t.app);
  const o = await memberOf(t.app, other);
  const admin = await createAdmin(t.app);
  return {
    staff: { id: admin.id, email: admin.email, cookie: await login(t.app, admin.email) },
    member: { id: m.user.id, email: m.user.email, cookie: m.cookie },
    colleague: { id: c.user.id, email: c.user.email, cookie: c.cookie },
    outsider: { id: o.user.id, email: o.user.email, cookie: o.cookie },
    companyId: company.id,
    booked: (over = {}) =>
      createLoad(t.app, { status: "approved", acceptedBy: m.user.id, acceptedByCarrier: company.name, acceptedAt: t.app.ctx.clock.now(), mandataNumber: "PO-2026-00001", ...over }),
  };
}

/** A carrier who holds nothing (no company): for 404s. */
export async function stranger(t: TestApp) {
  return signedIn(t.app);
}

export function expectStatus(res: { statusCode: number; body: string }, status: number, error?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  if (error) expect(JSON.parse(res.body).error).toBe(error);
}
