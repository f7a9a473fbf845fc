// Staff deciding waiting-time claims, and the approved claim on the self-billing
// invoice in every state the load's invoice can be in: not raised yet (the line is
// there at completion), issued (voided and raised again with the line), paid (an
// invoice of the claim alone). Two staff deciding at once: one wins, the other 409.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createAdmin, createManager, login, signedIn } from "../../../../test/factories";
import { completeByPod, haulier, invoicesOf } from "../../../../test/invoice-fixtures";
import { loads, notifications } from "../../db/schema";
import { CLAIM_MSG, type WaitingClaim } from "../../../contract/schemas/claim";
import type { Invoice } from "../../../contract/schemas/invoice";
import { bookedWithWait, claimsApi } from "./claims-test-support";

const WAIT_LINE = "Waiting time at delivery: 1 h 15 min beyond 2 h free";

describe.each(ENGINES)("deciding waiting-time claims on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-25T12:00:00Z"));
  let staff: string;
  let otherStaff: string;
  let api: ReturnType<typeof claimsApi>;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    staff = await login(t.app, (await createManager(t.app, { name: "Mo Manager" })).email);
    otherStaff = await login(t.app, (await createAdmin(t.app)).email);
    api = claimsApi(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const invoice = async (id: string, cookie = staff) => (await t.app.inject({ url: `/api/invoices/${id}`, headers: { cookie } })).json<Invoice>();
  const noticesOf = (userId: string, type: string) => t.app.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const priceLine = (load: { loadNumber: string; pickupCity: string | null; deliveryCity: string | null }, amount: number) => ({
    description: `Haulage of load ${load.loadNumber}: ${load.pickupCity} to ${load.deliveryCity}`,
    amount,
  });

  async function claimed(price = 1000) {
    const booked = await bookedWithWait(t.app, price);
    const res = await api.claim(booked.load.id, booked.member.cookie);
    expect(res.statusCode).toBe(201);
    return { ...booked, claim: res.json<WaitingClaim>() };
  }

  it("not completed yet: approving raises nothing; the invoice raised at completion has the claim as its own line, net = price + £37.50", async () => {
    const { member, load, claim } = await claimed(1000);
    const res = await api.approve(claim.id, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "approved", decidedAmount: 37.5, decidedBy: "Mo Manager", decidedAt: "2026-11-25T12:00:00.000Z", reason: null });
    expect(await invoicesOf(t.app, load.id)).toEqual([]);

    const row = await completeByPod(t.app, load.id, member.cookie);
    const inv = await invoice(row.id, member.cookie);
    expect(inv.lines).toEqual([priceLine(load, 1000), { description: WAIT_LINE, amount: 37.5 }]);
    expect(inv).toMatchObject({ net: 1037.5, vatRate: 20, vat: 207.5, gross: 1245 });
  });

  it("invoice issued: approving voids it and raises it again with the line (a new number, replacing the old)", async () => {
    const { member, load, claim } = await claimed(1234.57);
    const first = await completeByPod(t.app, load.id, member.cookie);
    expect((await invoice(first.id)).lines).toEqual([priceLine(load, 1234.57)]);

    expect((await api.approve(claim.id, staff)).statusCode).toBe(200);
    const all = await invoicesOf(t.app, load.id);
    expect(all.map((i) => i.status)).toEqual(["void", "issued"]);
    expect(all[0].id).toBe(first.id);
    expect(all[1].number).not.toBe(first.number);
    const again = await invoice(all[1].id, member.cookie);
    expect(again.lines).toEqual([priceLine(load, 1234.57), { description: WAIT_LINE, amount: 37.5 }]);
    expect(again).toMatchObject({ net: 1272.07, vat: 254.41, gross: 1526.48, status: "issued" });
    // the members hear of the new invoice, naming the one it replaces
    const notices = await noticesOf(member.user.id, "invoice_issued");
    expect(notices.some((n) => n.body.includes(first.number))).toBe(true);
  });

  it("invoice paid: the paid invoice is left as it is and a separate self-billing invoice carries the claim alone", async () => {
    const { member, load, claim } = await claimed(800);
    const first = await completeByPod(t.app, load.id, member.cookie);
    const paid = await t.app.inject({ method: "POST", url: `/api/invoices/${first.id}/paid`, headers: { cookie: staff }, payload: { paidOn: "2026-11-25", paymentReference: "BACS 1" } });
    expect(paid.statusCode).toBe(200);

    expect((await api.approve(claim.id, staff)).statusCode).toBe(200);
    const all = await invoicesOf(t.app, load.id);
    expect(all.map((i) => i.status)).toEqual(["paid", "issued"]);
    const untouched = await invoice(first.id);
    expect(untouched).toMatchObject({ status: "paid", net: 800, lines: [priceLine(load, 800)] });
    const own = await invoice(all[1].id, member.cookie);
    expect(own).toMatchObject({ loadId: load.id, status: "issued", lines: [{ description: WAIT_LINE, amount: 37.5 }], net: 37.5, vat: 7.5, gross: 45 });
    expect(all[1].claimId).toBe(claim.id);
    // the claim invoice is the claim's own: a second approved claim would get its own too, never this one again
    const listed = await t.app.inject({ url: `/api/invoices`, headers: { cookie: member.cookie } });
    expect(listed.json<Invoice[]>().filter((i) => i.loadId === load.id)).toHaveLength(2);
  });

  it("approving lower needs a reason, more than claimed or nothing at all is 400; the members are told the amount or the reason", async () => {
    const { member, load, claim } = await claimed();
    const colleague = await signedIn(t.app, { carrierName: member.user.carrierName, companyId: member.user.companyId });
    const more = await api.approve(claim.id, staff, { amount: 37.51 });
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toBe(CLAIM_MSG.moreThanClaimed);
    const lowerBare = await api.approve(claim.id, staff, { amount: 30 });
    expect(lowerBare.statusCode).toBe(400);
    expect(lowerBare.json().error).toBe(CLAIM_MSG.lowerNeedsReason);
    expect((await api.approve(claim.id, staff, { amount: 0, reason: "none" })).json().error).toBe(CLAIM_MSG.approveZero);
    expect((await api.approve(claim.id, staff, { amount: 1.234, reason: "x" })).statusCode).toBe(400);

    const lower = await api.approve(claim.id, staff, { amount: 30, reason: "The first hour was your own delay" });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ status: "approved", amount: 37.5, decidedAmount: 30, reason: "The first hour was your own delay" });
    for (const who of [member.user.id, colleague.user.id]) {
      const [n] = await noticesOf(who, "waiting_claim_decided");
      expect(n.title).toBe(`Waiting-time claim on load ${load.loadNumber} approved`);
      expect(n.body).toContain("£30.00 of the £37.50 claimed. Reason: The first hour was your own delay");
    }
    // decided once: approving or rejecting again is 409
    const twice = await api.approve(claim.id, staff);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(CLAIM_MSG.notPending);
    expect((await api.reject(claim.id, staff, { reason: "late" })).statusCode).toBe(409);

    // the line is at the amount approved
    const row = await completeByPod(t.app, load.id, member.cookie);
    expect((await invoice(row.id)).lines[1]).toEqual({ description: WAIT_LINE, amount: 30 });
    expect((await invoice(row.id)).net).toBe(1030);
  });

  it("rejecting needs a reason; a rejected claim is never on the invoice, and the members read the reason", async () => {
    const { member, load, claim } = await claimed();
    expect((await api.reject(claim.id, staff, {})).statusCode).toBe(400);
    expect((await api.reject(claim.id, staff, { reason: "   " })).statusCode).toBe(400);
    const res = await api.reject(claim.id, staff, { reason: "The site has no record of the wait" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "rejected", decidedAmount: null, reason: "The site has no record of the wait" });
    const [n] = await noticesOf(member.user.id, "waiting_claim_decided");
    expect(n.body).toContain("Reason: The site has no record of the wait");
    const row = await completeByPod(t.app, load.id, member.cookie);
    expect((await invoice(row.id)).lines).toEqual([priceLine(load, 1000)]);
    expect((await api.approve("00000000-0000-4000-8000-000000000000", staff)).statusCode).toBe(404);
    expect((await api.approve(claim.id, member.cookie)).statusCode).toBe(403);
  });

  it("a claim approved before the load went to another company is never on that company's invoice", async () => {
    const { company, load, claim } = await claimed(1000);
    expect((await api.approve(claim.id, staff)).statusCode).toBe(200);
    // handed to another company (as staff would after a hand-back and a new booking)
    const next = await haulier(t.app);
    await t.app.ctx.db.update(loads).set({ acceptedBy: next.member.user.id, acceptedByCarrier: next.company.name }).where(eq(loads.id, load.id));
    const row = await completeByPod(t.app, load.id, next.member.cookie);
    const inv = await invoice(row.id);
    expect(inv).toMatchObject({ companyId: next.company.id, net: 1000, lines: [priceLine(load, 1000)] });
    expect(company.id).toBe(claim.companyId);
  });

  it("two staff deciding one claim at once: one wins, the other is 409, and the invoice is raised again once", async () => {
    const { member, load, claim } = await claimed();
    await completeByPod(t.app, load.id, member.cookie);
    const both = await Promise.all([api.approve(claim.id, staff), api.reject(claim.id, otherStaff, { reason: "Too late" })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error).toBe(CLAIM_MSG.notPending);
    const winner = both.find((r) => r.statusCode === 200)!.json<WaitingClaim>();
    const all = await invoicesOf(t.app, load.id);
    expect(all.filter((i) => i.status === "issued")).toHaveLength(1);
    expect(all).toHaveLength(winner.status === "approved" ? 2 : 1);

    // two approvals at once
    const next = await claimed();
    await completeByPod(t.app, next.load.id, next.member.cookie);
    const approvals = await Promise.all([api.approve(next.claim.id, staff), api.approve(next.claim.id, otherStaff)]);
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await invoicesOf(t.app, next.load.id);
    expect(after.map((i) => i.status)).toEqual(["void", "issued"]);
    expect((await invoice(after[1].id)).net).toBe(1037.5);
  });
});
