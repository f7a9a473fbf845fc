// What the compliance switches would block, said before anyone clicks: the settings
// preview (companies and open bids named and counted for the settings asked about,
// nothing saved, staff only) and, in staff's bid lists, each bidder's compliance and
// why an award would be refused, which must be the very 409 the award then gets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { addDocument, createCompany, insure, memberOf } from "../../../../test/company-fixtures";
import { bids, type LoadRow } from "../../db/schema";
import { COMPANY_MSG, bidderForsRequiredMessage } from "../../../contract/schemas/company";
import { INSURANCE_BLOCK_REASON, forsBlockReason, type CompliancePreview } from "../../../contract/schemas/compliance-preview";
import type { BidWithCarrier } from "../../../contract/schemas/bid";

const NOW = new Date("2026-11-25T12:00:00Z");

describe.each(ENGINES)("compliance switches that warn, on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(NOW);
  let admin: { cookie: string };
  let carrier: { cookie: string };
  const tag = Math.random().toString(36).slice(2, 6);
  const loadsBy: Record<string, LoadRow> = {};
  const bidOf: Record<string, string> = {};

  const call = (method: "GET" | "PUT" | "POST", url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const save = async (requireCompliance: boolean, enforceFors: boolean) =>
    expect((await call("PUT", "/api/admin/compliance-settings", admin.cookie, { requireCompliance, enforceFors })).statusCode).toBe(200);
  const preview = async (requireCompliance: boolean, enforceFors: boolean): Promise<CompliancePreview> => {
    const res = await call("GET", `/api/admin/compliance-settings/preview?requireCompliance=${requireCompliance}&enforceFors=${enforceFors}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CompliancePreview;
  };
  const loadBids = async (name: string): Promise<BidWithCarrier[]> => {
    const res = await call("GET", `/api/loads/${loadsBy[name].id}/bids`, admin.cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as BidWithCarrier[];
  };
  const bidsByCarrier = (list: BidWithCarrier[]) => Object.fromEntries(list.map((b) => [b.carrierName, b]));

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    admin = await signedIn(t.app, { role: "admin", isAdmin: true, carrierName: null });
    carrier = await signedIn(t.app);
    // four companies: insured without FORS, uninsured, insured with Silver, insured with Gold
    const alpha = await createCompany(t.app, { name: `Alpha Haulage ${tag}` });
    const bravo = await createCompany(t.app, { name: `Bravo Freight ${tag}` });
    const charlie = await createCompany(t.app, { name: `Charlie Logistics ${tag}`, forsLevel: "Silver" });
    const delta = await createCompany(t.app, { name: `Delta Transport ${tag}`, forsLevel: "Gold" });
    for (const c of [alpha, charlie, delta]) await insure(t.app, c.id, "2027-06-01");
    // the certificate carries its level (the company's claimed level is set too, as a carrier would claim it)
    const certificate = (companyId: string, forsLevel: string) =>
      addDocument(t.app, { companyId, kind: "fors_certificate", expiresOn: "2027-06-01", forsLevel } as Parameters<typeof addDocument>[1]);
    await certificate(charlie.id, "Silver");
    await certificate(delta.id, "Gold");
    const who = {
      Ann: await memberOf(t.app, alpha, { name: "Ann" }),
      Bob: await memberOf(t.app, bravo, { name: "Bob" }),
      Cat: await memberOf(t.app, charlie, { name: "Cat" }),
      Dan: await memberOf(t.app, delta, { name: "Dan" }),
      // a carrier not linked to any company: held to the rules as one with no documents
      Lee: await signedIn(t.app, { name: "Lee", carrierName: "Lee Solo" }),
    };
    const load = async (name: string, over: Parameters<typeof createLoad>[1]) => (loadsBy[name] = await createLoad(t.app, { loadNumber: `FN-2026-${name}-${tag}`, ...over }));
    await load("901", {});
    await load("902", { forsRequirement: "Silver" });
    await load("903", { forsRequirement: "Gold" });
    // off the board: its pickup day is over, and one already booked; neither counts
    await load("904", { forsRequirement: "Gold", pickupDate: new Date("2026-11-20T09:00:00Z"), deliveryDate: new Date("2026-11-20T15:00:00Z") });
    await load("905", { forsRequirement: "Gold", status: "accepted" });
    const place = async (person: keyof typeof who, loadName: string, bidAmount: number) => {
      const res = await call("POST", "/api/bids", who[person].cookie, { loadId: loadsBy[loadName].id, bidAmount });
      expect(res.statusCode, res.body).toBe(201);
      bidOf[`${person}@${loadName}`] = (res.json() as { id: string }).id;
    };
    // with both switches off, anyone approved may bid
    await place("Ann", "901", 900);
    await place("Bob", "901", 910);
    await place("Lee", "901", 920);
    await place("Ann", "902", 930);
    await place("Cat", "902", 940);
    await place("Cat", "903", 950);
    await place("Dan", "903", 960);
    // a pending bid left on the expired load cannot be awarded anyway: not an open bid
    await t.app.ctx.db.insert(bids).values({ loadId: loadsBy["904"].id, carrierId: who.Bob.user.id, bidAmount: 800, status: "pending", createdAt: NOW, updatedAt: NOW });
  });
  afterAll(() => t?.close());

  it("preview with insurance required names the uninsured company and the open bids of carriers without verified insurance", async () => {
    const p = await preview(true, false);
    expect(p).toMatchObject({ requireCompliance: true, enforceFors: false, companyCount: 1, openBidCount: 2 });
    expect(p.companies).toEqual([{ id: expect.any(String), name: `Bravo Freight ${tag}`, compliance: "non_compliant", verifiedForsLevel: "", reason: INSURANCE_BLOCK_REASON }]);
    expect(p.openBids.map((b) => [b.loadNumber, b.carrierName, b.bidAmount, b.reason])).toEqual([
      [`FN-2026-901-${tag}`, "Bob", 910, COMPANY_MSG.bidderNotCompliant],
      [`FN-2026-901-${tag}`, "Lee", 920, COMPANY_MSG.bidderNotCompliant],
    ]);
    expect(p.openBids[0]).toMatchObject({ bidId: bidOf["Bob@901"], loadId: loadsBy["901"].id, carrierCompany: `Bravo Freight ${tag}` });
  });

  it("preview with FORS enforced counts only loads on the board, and names each company kept off some with how many", async () => {
    const p = await preview(false, true);
    expect(p.companyCount).toBe(3);
    expect(p.companies.map((c) => [c.name, c.verifiedForsLevel, c.reason])).toEqual([
      [`Alpha Haulage ${tag}`, "", forsBlockReason("", 2)],
      [`Bravo Freight ${tag}`, "", forsBlockReason("", 2)],
      [`Charlie Logistics ${tag}`, "Silver", forsBlockReason("Silver", 1)],
    ]);
    expect(forsBlockReason("", 2)).toBe("No verified FORS certificate: kept off 2 loads on the board that need FORS");
    expect(forsBlockReason("Silver", 1)).toBe("Verified FORS Silver only: kept off 1 load on the board that needs more than FORS Silver");
    expect(p.openBidCount).toBe(2);
    expect(p.openBids.map((b) => [b.loadNumber, b.carrierName, b.reason])).toEqual([
      [`FN-2026-902-${tag}`, "Ann", bidderForsRequiredMessage("Silver")],
      [`FN-2026-903-${tag}`, "Cat", bidderForsRequiredMessage("Gold")],
    ]);
  });

  it("preview with both: insurance first, then FORS; with neither, nothing; and it saves nothing", async () => {
    const p = await preview(true, true);
    expect(p.companies.map((c) => [c.name, c.reason])).toEqual([
      [`Alpha Haulage ${tag}`, forsBlockReason("", 2)],
      [`Bravo Freight ${tag}`, INSURANCE_BLOCK_REASON],
      [`Charlie Logistics ${tag}`, forsBlockReason("Silver", 1)],
    ]);
    expect(p.openBids.map((b) => `${b.carrierName}@${b.loadNumber.split("-")[2]}`)).toEqual(["Bob@901", "Lee@901", "Ann@902", "Cat@903"]);
    expect(p.openBidCount).toBe(4);
    expect(await preview(false, false)).toEqual({ requireCompliance: false, enforceFors: false, companyCount: 0, companies: [], openBidCount: 0, openBids: [] });
    expect((await call("GET", "/api/admin/compliance-settings", admin.cookie)).json()).toEqual({ requireCompliance: false, enforceFors: false });
  });

  it("preview is staff's: a carrier gets 403, signed out 401, a malformed flag 400", async () => {
    expect((await call("GET", "/api/admin/compliance-settings/preview?requireCompliance=true", carrier.cookie)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/compliance-settings/preview?requireCompliance=true")).statusCode).toBe(401);
    expect((await call("GET", "/api/admin/compliance-settings/preview?requireCompliance=yes", admin.cookie)).statusCode).toBe(400);
  });

  it("staff's bid lists carry each bidder's compliance and why an award would be refused, and the award is refused with those very words", async () => {
    await save(false, false);
    let list = bidsByCarrier(await loadBids("902"));
    expect(list.Ann).toMatchObject({ bidderCompliance: "compliant", bidderForsLevel: "", awardBlockedReason: null });
    expect(list.Cat).toMatchObject({ bidderCompliance: "compliant", bidderForsLevel: "Silver", awardBlockedReason: null });

    await save(true, true);
    list = bidsByCarrier(await loadBids("902"));
    expect(list.Ann.awardBlockedReason).toBe(bidderForsRequiredMessage("Silver"));
    expect(list.Cat.awardBlockedReason).toBeNull();
    const one = bidsByCarrier(await loadBids("901"));
    expect(one.Bob).toMatchObject({ bidderCompliance: "non_compliant", bidderForsLevel: "", awardBlockedReason: COMPANY_MSG.bidderNotCompliant });
    expect(one.Lee).toMatchObject({ bidderCompliance: null, bidderForsLevel: "", awardBlockedReason: COMPANY_MSG.bidderNotCompliant });
    expect(one.Ann.awardBlockedReason).toBeNull();
    const three = bidsByCarrier(await loadBids("903"));
    expect(three.Dan).toMatchObject({ bidderCompliance: "compliant", bidderForsLevel: "Gold", awardBlockedReason: null });

    // the all-bids list says the same
    const all = (await call("GET", "/api/admin/bids", admin.cookie)).json() as BidWithCarrier[];
    expect(all.find((b) => b.id === bidOf["Bob@901"])?.awardBlockedReason).toBe(COMPANY_MSG.bidderNotCompliant);

    // what the list said is what the award gets
    for (const [bidId, reason] of [
      [bidOf["Ann@902"], list.Ann.awardBlockedReason],
      [bidOf["Bob@901"], one.Bob.awardBlockedReason],
      [bidOf["Lee@901"], one.Lee.awardBlockedReason],
    ]) {
      const res = await call("POST", `/api/bids/${bidId}/accept`, admin.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(reason);
    }
    const ok = await call("POST", `/api/bids/${bidOf["Cat@902"]}/accept`, admin.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    await save(false, false);
  });
});
