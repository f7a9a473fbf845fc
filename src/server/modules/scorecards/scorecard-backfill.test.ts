// Loads booked before the event log began (written straight into the tables, as the
// demo data set is) get their scorecard rows from the load itself, once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createAdmin, login } from "../../../../test/factories";
import { createCompany, memberOf } from "../../../../test/company-fixtures";
import { loadStops } from "../../db/schema";
import type { CompanyScorecard } from "../../../contract/schemas/scorecard";
import { backfillScorecards } from "./scorecard-backfill";
import { bookedLoad, caller, ok } from "./scorecards-test-support";
import { allFacts } from "./scorecards.repository";

const at = (iso: string) => new Date(iso);

describe.each(ENGINES)("scorecard backfill on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(at("2026-11-26T12:00:00Z"));
  const call = caller(() => t);
  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a completed load: punctuality by its POD dates, POD hours to its completion; recorded stops are visits; twice adds nothing", async () => {
    const staff = await login(t.app, (await createAdmin(t.app)).email);
    const company = await createCompany(t.app);
    const m = await memberOf(t.app, company);
    const holder = { companyName: company.name, memberId: m.user.id, cookie: m.cookie };
    const done = await bookedLoad(t, holder, {
      status: "completed",
      pickupTimeType: "exact",
      pickupDate: at("2026-11-24T08:00:00Z"),
      deliveryTimeType: "exact",
      deliveryDate: at("2026-11-24T14:00:00Z"),
      pickupSignedDate: at("2026-11-24T09:00:00Z"),
      deliverySignedDate: at("2026-11-25T10:00:00Z"),
      completedAt: at("2026-11-25T12:00:00Z"),
    });
    const onItsWay = await bookedLoad(t, holder);
    await t.app.ctx.db.insert(loadStops).values({ loadId: onItsWay.id, stop: "pickup", companyId: company.id, arrivedAt: at("2026-11-26T08:00:00Z"), departedAt: at("2026-11-26T09:30:00Z") });
    expect((await ok(call("GET", `/api/companies/${company.id}/scorecard`, staff), "before")).json().loadsCompleted).toBe(0);

    expect(await backfillScorecards({ db: t.app.ctx.db, now: clock.now() })).toEqual({ loads: 2 });
    const s = (await ok(call("GET", `/api/companies/${company.id}/scorecard`, staff), "after")).json() as CompanyScorecard;
    expect(s).toMatchObject({ loadsCompleted: 1, collection: { onTime: 1, late: 0, unknown: 0 }, delivery: { onTime: 0, late: 1, unknown: 0 }, podHours: { median: 2, p90: 2 } });
    expect(s.loads).toEqual([{ id: done.id, loadNumber: done.loadNumber, collection: "onTime", delivery: "late", podHours: 2 }]);
    const facts = await allFacts(t.app.ctx.db);
    expect(facts.visits).toMatchObject([{ loadId: onItsWay.id, stop: "pickup", companyId: company.id, postcodeArea: "LS", minutes: 90 }]);

    expect(await backfillScorecards({ db: t.app.ctx.db, now: clock.now() })).toEqual({ loads: 0 });
    expect(await allFacts(t.app.ctx.db)).toEqual(facts);
  });
});
