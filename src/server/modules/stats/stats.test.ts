// GET /api/stats: available counts every available
// load; the other tiles and earnings are the caller's own loads (staff: everyone's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";

type Session = Awaited<ReturnType<typeof signedIn>>;

describe.each(ENGINES)("stats on %s", (engine) => {
  let t: TestApp;
  let carrier: Session;
  let colleague: Session;
  let rival: Session;
  let manager: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    carrier = await signedIn(t.app, { carrierName: "Pennine Haulage Ltd" });
    colleague = await signedIn(t.app, { carrierName: "Pennine Haulage Ltd" });
    rival = await signedIn(t.app, { carrierName: "Severn Freight" });
    manager = await signedIn(t.app, { role: "manager" });
  });
  afterAll(() => t?.close());

  const stats = async (s: Session) => {
    const res = await t.app.inject({ url: "/api/stats", headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("an empty board is all zeros", async () => {
    expect(await stats(carrier)).toEqual({ available: 0, accepted: 0, approved: 0, completed: 0, totalEarnings: 0 });
    expect(await stats(manager)).toEqual({ available: 0, accepted: 0, approved: 0, completed: 0, totalEarnings: 0 });
  });

  it("counts own loads by id and by company name; staff count everyone's", async () => {
    const own = { acceptedBy: carrier.user.id, acceptedByCarrier: "Pennine Haulage Ltd" };
    const byCompany = { acceptedBy: colleague.user.id, acceptedByCarrier: "Pennine Haulage Ltd" };
    const theirs = { acceptedBy: rival.user.id, acceptedByCarrier: "Severn Freight" };
    for (let i = 0; i < 3; i++) await createLoad(t.app, { status: "available" });
    await createLoad(t.app, { status: "accepted", ...own });
    await createLoad(t.app, { status: "accepted", ...byCompany });
    await createLoad(t.app, { status: "accepted", ...theirs });
    await createLoad(t.app, { status: "approved", ...own });
    await createLoad(t.app, { status: "approved", ...theirs });
    await createLoad(t.app, { status: "approved", ...theirs });
    await createLoad(t.app, { status: "completed", ...own, price: 1000.5 });
    await createLoad(t.app, { status: "completed", ...byCompany, price: 2000.25 });
    await createLoad(t.app, { status: "completed", ...theirs, price: 5000 });
    await createLoad(t.app, { status: "cancelled", ...own, price: 9999 });

    expect(await stats(carrier)).toEqual({ available: 3, accepted: 2, approved: 1, completed: 2, totalEarnings: 3000.75 });
    expect(await stats(colleague)).toEqual({ available: 3, accepted: 2, approved: 1, completed: 2, totalEarnings: 3000.75 });
    expect(await stats(rival)).toEqual({ available: 3, accepted: 1, approved: 2, completed: 1, totalEarnings: 5000 });
    expect(await stats(manager)).toEqual({ available: 3, accepted: 3, approved: 3, completed: 3, totalEarnings: 8000.75 });
  });

  it("signed out: 401", async () => {
    expect((await t.app.inject({ url: "/api/stats" })).statusCode).toBe(401);
  });
});
