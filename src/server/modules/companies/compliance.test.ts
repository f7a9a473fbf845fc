// Compliance: the two settings,
// the status computed on the UK calendar day (around midnight, GMT and BST), and
// the booking rules checked inside the accept, bid and award transactions, with
// the settings on and off, and FORS levels in order.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { addDocument, createCompany, insure, memberOf, uploadPdf } from "../../../../test/company-fixtures";
import { bids, loads } from "../../db/schema";
import { COMPANY_MSG, bidderForsRequiredMessage, forsRequiredMessage, type ComplianceMe } from "../../../contract/schemas/company";

const NOW = new Date("2026-11-25T12:00:00Z");

describe.each(ENGINES)("compliance on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(NOW);
  let admin: { user: { id: string }; cookie: string };
  let manager: { user: { id: string }; cookie: string };

  const call = (method: "GET" | "PUT" | "POST" | "PATCH", url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const settings = (requireCompliance: boolean, enforceFors: boolean) =>
    call("PUT", "/api/admin/compliance-settings", admin.cookie, { requireCompliance, enforceFors }).then((r) => expect(r.statusCode).toBe(200));
  const me = async (cookie: string) => {
    const res = await call("GET", "/api/compliance/me", cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as ComplianceMe;
  };
  const accept = (cookie: string, loadId: string) => call("PATCH", `/api/loads/${loadId}/accept`, cookie, {});
  const bid = (cookie: string, loadId: string, bidAmount = 900) => call("POST", "/api/bids", cookie, { loadId, bidAmount });

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    admin = await signedIn(t.app, { role: "admin", isAdmin: true, carrierName: null });
    manager = await signedIn(t.app, { role: "manager", carrierName: null });
  });
  beforeEach(() => clock.set(NOW));
  afterAll(() => t?.close());

  it("settings: both off by default; staff read and save them; carriers 403; a malformed body 400 and nothing saved", async () => {
    expect((await call("GET", "/api/admin/compliance-settings", admin.cookie)).json()).toEqual({ requireCompliance: false, enforceFors: false });
    const carrier = await signedIn(t.app);
    expect((await call("GET", "/api/admin/compliance-settings", carrier.cookie)).statusCode).toBe(403);
    expect((await call("PUT", "/api/admin/compliance-settings", carrier.cookie, { requireCompliance: true, enforceFors: true })).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/compliance-settings")).statusCode).toBe(401);
    const saved = await call("PUT", "/api/admin/compliance-settings", manager.cookie, { requireCompliance: true, enforceFors: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ requireCompliance: true, enforceFors: false });
    expect((await call("PUT", "/api/admin/compliance-settings", admin.cookie, { requireCompliance: "yes", enforceFors: true })).statusCode).toBe(400);
    expect((await call("PUT", "/api/admin/compliance-settings", admin.cookie, { enforceFors: true })).statusCode).toBe(400);
    expect((await call("GET", "/api/admin/compliance-settings", manager.cookie)).json()).toEqual({ requireCompliance: true, enforceFors: false });
    // the carrier's own view carries them too (the board explains before the button)
    expect(await me(carrier.cookie)).toEqual({ companyId: null, compliance: null, verifiedForsLevel: "", requireCompliance: true, enforceFors: false });
    expect(await me(admin.cookie)).toMatchObject({ companyId: null, compliance: null, requireCompliance: true });
    await settings(false, false);
  });

  it("status on the UK calendar day: a document expiring today is good all day, expired the minute after midnight; 30 days is expiring, 31 compliant", async () => {
    const co = await createCompany(t.app);
    await addDocument(t.app, { companyId: co.id, kind: "vehicle_insurance", expiresOn: "2027-06-01" });
    await addDocument(t.app, { companyId: co.id, kind: "goods_in_transit", expiresOn: "2026-11-25" });
    // pending and rejected papers count for nothing
    await addDocument(t.app, { companyId: co.id, kind: "goods_in_transit", expiresOn: "2027-11-25", status: "pending" });
    await addDocument(t.app, { companyId: co.id, kind: "goods_in_transit", expiresOn: "2027-11-25", status: "rejected" });
    clock.set("2026-11-25T23:59:30Z"); // GMT: 23:59 in London
    let m = await memberOf(t.app, co);
    expect(await me(m.cookie)).toMatchObject({ companyId: co.id, compliance: "expiring" });
    clock.set("2026-11-26T00:00:30Z");
    expect((await me(m.cookie)).compliance).toBe("non_compliant");

    const thirty = await createCompany(t.app);
    await insure(t.app, thirty.id, "2027-06-01");
    await addDocument(t.app, { companyId: thirty.id, kind: "goods_in_transit", expiresOn: "2026-12-26" });
    const thirtyOne = await createCompany(t.app);
    await addDocument(t.app, { companyId: thirtyOne.id, kind: "vehicle_insurance", expiresOn: "2026-12-27" });
    await addDocument(t.app, { companyId: thirtyOne.id, kind: "goods_in_transit", expiresOn: "2027-01-31" });
    // the latest of a kind counts: the older goods-in-transit of `thirty` (expiring in 30 days) does not hold it back
    clock.set("2026-11-26T10:00:00Z");
    expect((await me((await memberOf(t.app, thirty)).cookie)).compliance).toBe("compliant");
    expect((await me((await memberOf(t.app, thirtyOne)).cookie)).compliance).toBe("compliant");
    clock.set("2026-11-27T10:00:00Z");
    expect((await me((await memberOf(t.app, thirtyOne)).cookie)).compliance).toBe("expiring");

    // BST: 23:30 UTC on 1 July is already 2 July in London
    const summer = await createCompany(t.app);
    await addDocument(t.app, { companyId: summer.id, kind: "vehicle_insurance", expiresOn: "2027-07-01" });
    await addDocument(t.app, { companyId: summer.id, kind: "goods_in_transit", expiresOn: "2028-01-01" });
    clock.set("2027-07-01T22:30:00Z");
    m = await memberOf(t.app, summer);
    expect((await me(m.cookie)).compliance).toBe("expiring");
    clock.set("2027-07-01T23:30:00Z");
    expect((await me(m.cookie)).compliance).toBe("non_compliant");
  });

  it("both settings off: a carrier with no papers and no company accepts and bids as before, whatever the load's FORS level", async () => {
    await settings(false, false);
    const loner = await signedIn(t.app);
    const co = await createCompany(t.app);
    const m = await memberOf(t.app, co);
    expect((await bid(loner.cookie, (await createLoad(t.app, { forsRequirement: "Gold" })).id)).statusCode).toBe(201);
    expect((await accept(loner.cookie, (await createLoad(t.app, { forsRequirement: "Gold" })).id)).statusCode).toBe(200);
    expect((await bid(m.cookie, (await createLoad(t.app)).id)).statusCode).toBe(201);
    expect((await accept(m.cookie, (await createLoad(t.app, { forsRequirement: "Silver" })).id)).statusCode).toBe(200);
  });

  it("requireCompliance (Done when): goods in transit expired yesterday → 409 on accept and bid with the contract's words; after a new one is uploaded and verified, accepting works", async () => {
    await settings(true, false);
    const co = await createCompany(t.app, { name: "Lapsed Logistics Ltd" });
    await addDocument(t.app, { companyId: co.id, kind: "vehicle_insurance", expiresOn: "2027-06-30" });
    await addDocument(t.app, { companyId: co.id, kind: "goods_in_transit", expiresOn: "2026-11-24" });
    const m = await memberOf(t.app, co);
    expect((await me(m.cookie)).compliance).toBe("non_compliant");
    const load = await createLoad(t.app);

    const refused = await accept(m.cookie, load.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "Your insurance documents must be verified before you can book loads." });
    const refusedBid = await bid(m.cookie, load.id);
    expect(refusedBid.statusCode).toBe(409);
    expect(refusedBid.json()).toEqual({ error: COMPANY_MSG.notCompliant });
    // nothing happened: the load is still available, no bid was kept
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row).toMatchObject({ status: "available", acceptedBy: null });
    expect(await t.app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id))).toEqual([]);

    // a new goods-in-transit certificate, uploaded by the carrier and verified by staff
    const objectPath = await uploadPdf(t.app, m.cookie);
    const posted = await call("POST", `/api/companies/${co.id}/documents`, m.cookie, { kind: "goods_in_transit", objectPath, expiresOn: "2027-11-24", coverAmount: 500000 });
    expect(posted.statusCode).toBe(201);
    // pending is not enough
    expect((await accept(m.cookie, load.id)).statusCode).toBe(409);
    expect((await call("POST", `/api/documents/${posted.json().id}/verify`, manager.cookie)).statusCode).toBe(200);
    expect((await me(m.cookie)).compliance).toBe("compliant");
    expect((await bid(m.cookie, (await createLoad(t.app)).id)).statusCode).toBe(201);
    const ok = await accept(m.cookie, load.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "accepted", acceptedBy: m.user.id });
    await settings(false, false);
  });

  it("requireCompliance: no company → 409; an expiring company may book; staff booking for themselves are not checked; staff awarding a bid check the bidder's company", async () => {
    const loner = await signedIn(t.app);
    const insured = await createCompany(t.app);
    await insure(t.app, insured.id, "2026-12-01"); // expiring within 30 days: still compliant enough to book
    const good = await memberOf(t.app, insured);
    const bare = await createCompany(t.app);
    const bidder = await memberOf(t.app, bare);
    // the bid was placed while the switch was off
    const load = await createLoad(t.app);
    const placed = await bid(bidder.cookie, load.id, 1111);
    expect(placed.statusCode).toBe(201);
    await settings(true, false);

    expect((await accept(loner.cookie, (await createLoad(t.app)).id)).json()).toEqual({ error: COMPANY_MSG.notCompliant });
    expect((await me(good.cookie)).compliance).toBe("expiring");
    expect((await accept(good.cookie, (await createLoad(t.app)).id)).statusCode).toBe(200);
    expect((await accept(admin.cookie, (await createLoad(t.app)).id)).statusCode).toBe(200);
    expect((await bid(manager.cookie, (await createLoad(t.app)).id)).statusCode).toBe(201);

    const award = await call("POST", `/api/bids/${placed.json().id}/accept`, manager.cookie);
    expect(award.statusCode).toBe(409);
    expect(award.json()).toEqual({ error: COMPANY_MSG.bidderNotCompliant });
    const [still] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(still.status).toBe("available");
    const [pending] = await t.app.ctx.db.select().from(bids).where(and(eq(bids.loadId, load.id), eq(bids.carrierId, bidder.user.id)));
    expect(pending.status).toBe("pending");
    // once the bidder's company is insured, the same award goes through
    await insure(t.app, bare.id, "2027-09-30");
    expect((await call("POST", `/api/bids/${placed.json().id}/accept`, manager.cookie)).statusCode).toBe(200);
    await settings(false, false);
  });

  it("enforceFors: levels in order (a Bronze company cannot take Silver, Gold can); the level is a verified, unexpired certificate's, never the claimed one", async () => {
    await settings(false, true);
    // the claimed level on the profile is shown, never counted: Bronze's certificate says Bronze
    const bronze = await createCompany(t.app, { forsLevel: "Gold" });
    await addDocument(t.app, { companyId: bronze.id, kind: "fors_certificate", expiresOn: "2027-05-01", forsLevel: "Bronze" });
    const gold = await createCompany(t.app);
    await addDocument(t.app, { companyId: gold.id, kind: "fors_certificate", expiresOn: "2027-05-01", forsLevel: "Gold" });
    const claimed = await createCompany(t.app, { forsLevel: "Gold" }); // no certificate
    const lapsed = await createCompany(t.app, { forsLevel: "Gold" });
    await addDocument(t.app, { companyId: lapsed.id, kind: "fors_certificate", expiresOn: "2026-11-24", forsLevel: "Gold" });
    const [b, g, c, l] = await Promise.all([bronze, gold, claimed, lapsed].map((co) => memberOf(t.app, co)));

    expect(await me(b.cookie)).toMatchObject({ verifiedForsLevel: "Bronze", enforceFors: true, requireCompliance: false });
    expect((await me(c.cookie)).verifiedForsLevel).toBe("");
    const silver = await createLoad(t.app, { forsRequirement: "Silver" });
    const refused = await accept(b.cookie, silver.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: forsRequiredMessage("Silver") });
    expect(refused.json().error).toContain("Silver");
    expect((await bid(b.cookie, silver.id)).json()).toEqual({ error: forsRequiredMessage("Silver") });
    expect((await accept(c.cookie, silver.id)).json()).toEqual({ error: forsRequiredMessage("Silver") });
    expect((await accept(l.cookie, silver.id)).json()).toEqual({ error: forsRequiredMessage("Silver") });
    expect((await accept(b.cookie, (await createLoad(t.app, { forsRequirement: "Bronze" })).id)).statusCode).toBe(200);
    // no requirement: anyone, certificate or not (and compliance is not required here)
    expect((await accept(c.cookie, (await createLoad(t.app)).id)).statusCode).toBe(200);
    // Gold takes Silver and Gold
    expect((await bid(g.cookie, (await createLoad(t.app, { forsRequirement: "Gold" })).id)).statusCode).toBe(201);
    expect((await accept(g.cookie, silver.id)).statusCode).toBe(200);

    // staff awarding a Gold load to a Bronze bidder: told in staff's words
    const goldLoad = await createLoad(t.app, { forsRequirement: "Gold" });
    await settings(false, false);
    const placed = await bid(b.cookie, goldLoad.id);
    await settings(false, true);
    const award = await call("POST", `/api/bids/${placed.json().id}/accept`, admin.cookie);
    expect(award.statusCode).toBe(409);
    expect(award.json()).toEqual({ error: bidderForsRequiredMessage("Gold") });
    // both switches: compliance is checked first
    await settings(true, true);
    expect((await accept(c.cookie, (await createLoad(t.app, { forsRequirement: "Gold" })).id)).json()).toEqual({ error: COMPANY_MSG.notCompliant });
    await settings(false, false);
  });
});
