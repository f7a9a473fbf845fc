// Test data for trucks: two carrier companies with a signed-in member each, staff,
// and short calls of the trucks API. The clock is Monday 23 Nov 2026, 10:00 (GMT).
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { App } from "../../app";
import { TestClock, createTestApp, type Engine, type TestApp } from "../../../../test/helpers";
import type { LoadRow } from "../../db/schema";
import type { loads } from "../../db/schema";
import { createCompany, memberOf } from "../../../../test/company-fixtures";
import { createLoad, signedIn } from "../../../../test/factories";
import type { Truck } from "../../../contract/schemas/truck";

export const MONDAY = "2026-11-23T10:00:00Z";

export type TruckWorld = Awaited<ReturnType<typeof truckWorld>>;
export type TrucksApi = ReturnType<typeof trucksApi>;

/**
 * A trucks test file's app on one engine (no outbox worker: the tests look at the rows),
 * with the truck world and the API's calls, handed to `ready` once built. Before each
 * test the clock is back at Monday and the `emptied` tables are cleared, so each test
 * posts its own trucks and loads. Returns the clock.
 */
export function truckSuite(
  engine: Engine,
  emptied: readonly Parameters<App["ctx"]["db"]["delete"]>[0][],
  ready: (suite: { t: TestApp; w: TruckWorld; api: TrucksApi }) => void,
): TestClock {
  const clock = new TestClock(new Date(MONDAY));
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    ready({ t, w: await truckWorld(t.app), api: trucksApi(t.app) });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    clock.set(MONDAY);
    for (const table of emptied) await t!.app.ctx.db.delete(table);
  });
  return clock;
}

export async function truckWorld(app: App) {
  const acme = await createCompany(app, { name: "Acme Haulage Ltd" });
  const rival = await createCompany(app, { name: "Rival Freight Ltd" });
  const alice = await memberOf(app, acme, { name: "Alice Acme", email: `alice-${acme.id.slice(0, 6)}@trucks.test` });
  const amir = await memberOf(app, acme, { name: "Amir Acme", email: `amir-${acme.id.slice(0, 6)}@trucks.test` });
  const bob = await memberOf(app, rival, { name: "Bob Rival", email: `bob-${rival.id.slice(0, 6)}@trucks.test` });
  const staff = await signedIn(app, { role: "manager", name: "Sam Staff" });
  return { acme, rival, alice, amir, bob, staff };
}

export function trucksApi(app: App) {
  const send = (method: "GET" | "POST" | "DELETE", url: string, cookie: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    post: (cookie: string, body: object) => send("POST", "/api/trucks", cookie, body),
    list: (cookie: string, query = "") => send("GET", `/api/trucks${query}`, cookie),
    remove: (cookie: string, id: string) => send("DELETE", `/api/trucks/${id}`, cookie),
    matches: (cookie: string, id: string, query = "") => send("GET", `/api/trucks/${id}/matches${query}`, cookie),
    offer: (cookie: string, id: string, loadId: string) => send("POST", `/api/trucks/${id}/offer`, cookie, { loadId }),
    returnLoads: (cookie: string, loadId: string) => send("GET", `/api/loads/${loadId}/return-loads`, cookie),
    /** a truck posted (201 expected) */
    async posted(cookie: string, body: object = {}): Promise<Truck> {
      const res = await send("POST", "/api/trucks", cookie, truckBody(body));
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Truck;
    },
  };
}

/** A flatbed free in Leeds on Thursday 26 Nov 2026, for up to 20 t, anywhere. */
export const truckBody = (over: object = {}) => ({ availableOn: "2026-11-26", originPostcode: "LS1", equipmentType: "Flatbed", maxWeightKg: 20000, ...over });

/** An available load picking up in `district` at `pickup` (an instant), written straight to the table. */
export function loadAt(app: App, district: string, pickup: string, over: Partial<typeof loads.$inferInsert> = {}): Promise<LoadRow> {
  return createLoad(app, { pickupZip: `${district} 1AA`, pickupCity: district, pickupDate: new Date(pickup), deliveryDate: new Date(pickup), ...over });
}

export const idsOf = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((l) => l.id);
