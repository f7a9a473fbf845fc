// `waitingTime` on GET /api/loads/{id}: the network's terms for the viewers who see
// the load's stops (the holding company and staff), so the claim form can show the
// free time and the amount before sending; absent for anyone else and for a load
// that is not booked. A change of the terms shows at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { WAITING_TIME_DEFAULTS } from "../../../contract/schemas/claim";
import { caller, expectStatus, makeWorld, type World } from "./stops-test-support";

describe.each(ENGINES)("waiting-time terms on a load's details on %s", (engine) => {
  let t: TestApp;
  let w: World;
  const call = caller(() => t);
  const detail = async (loadId: string, cookie: string) => {
    const res = await call("GET", `/api/loads/${loadId}`, cookie);
    expectStatus(res, 200);
    return res.json() as { stops?: unknown; waitingTime?: unknown };
  };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock: new TestClock(new Date("2026-11-24T12:00:00Z")) });
    w = await makeWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the holding company's members and staff see the terms beside the stops", async () => {
    const load = await w.booked();
    for (const cookie of [w.member.cookie, w.colleague.cookie, w.staff.cookie]) {
      const body = await detail(load.id, cookie);
      expect(body.stops).toBeDefined();
      expect(body.waitingTime).toEqual(WAITING_TIME_DEFAULTS);
    }
  });

  it("a change of the terms is what the next look shows", async () => {
    const load = await w.booked();
    const terms = { freeMinutes: 90, ratePerHour: 32.5, maxHours: 3, claimDays: 14 };
    expectStatus(await call("PUT", "/api/admin/waiting-time-settings", w.staff.cookie, terms), 200);
    expect((await detail(load.id, w.member.cookie)).waitingTime).toEqual(terms);
    expectStatus(await call("PUT", "/api/admin/waiting-time-settings", w.staff.cookie, WAITING_TIME_DEFAULTS), 200);
  });

  it("nobody else sees them, nor on a load that is not booked", async () => {
    const available = await w.booked({ status: "available", acceptedBy: null, acceptedByCarrier: null, acceptedAt: null });
    for (const cookie of [w.member.cookie, w.outsider.cookie, w.staff.cookie]) {
      const body = await detail(available.id, cookie);
      expect(body).not.toHaveProperty("waitingTime");
      expect(body).not.toHaveProperty("stops");
    }
  });
});
