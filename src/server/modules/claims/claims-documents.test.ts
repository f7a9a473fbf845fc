// An approved waiting-time claim on paper: the invoice PDF lists the load's price and
// the claim as lines above the totals, the statement lists them under the invoice's
// row and in its CSV, and a claim invoice of a paid load carries the claim alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createManager, login } from "../../../../test/factories";
import { completeByPod, invoicesOf } from "../../../../test/invoice-fixtures";
import type { WaitingClaim } from "../../../contract/schemas/claim";
import { bookedWithWait, claimsApi } from "./claims-test-support";

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const WAIT_LINE = "Waiting time at delivery: 1 h 15 min beyond 2 h free";

describe.each(ENGINES)("waiting-time claims on the invoice PDF and the statement on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-25T12:00:00Z"));
  let staff: string;
  let api: ReturnType<typeof claimsApi>;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    staff = await login(t.app, (await createManager(t.app)).email);
    api = claimsApi(t.app);
    await t.app.inject({ method: "PUT", url: "/api/admin/invoice-settings", headers: { cookie: staff }, payload: { paymentTermsDays: 30, companyName: "Northern Steel Network Ltd", companyAddress: "1 Dock Street\nLeeds LS1 1AA", companyVatNumber: "GB111222333" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

  it("the invoice PDF shows the price and the claim as lines, the net their sum; the statement shows them too", async () => {
    const { company, member, load } = await bookedWithWait(t.app, 1000);
    const claim = (await api.claim(load.id, member.cookie)).json<WaitingClaim>();
    expect((await api.approve(claim.id, staff)).statusCode).toBe(200);
    const row = await completeByPod(t.app, load.id, member.cookie);

    const pdf = await get(`/api/invoices/${row.id}/pdf`, member.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const price = `Haulage of load ${load.loadNumber}: ${load.pickupCity} to ${load.deliveryCity}`;
    expect(text).toContain(`${price} £1,000.00`);
    expect(text).toContain(`${WAIT_LINE} £37.50`);
    expect(text).toMatch(/Net £1,037\.50 VAT at 20% £207\.50 Total payable to the supplier £1,245\.00/);

    const csv = await get(`/api/invoices/statement?from=2026-11-01&to=2026-11-30&format=csv`, member.cookie);
    expect(csv.body).toContain(`"${price} (£1,000.00); ${WAIT_LINE} (£37.50)"`);
    const statement = await pdfText((await get(`/api/invoices/statement?from=2026-11-01&to=2026-11-30&companyId=${company.id}`, staff)).rawPayload);
    expect(statement).toContain(`${WAIT_LINE}: £37.50`);
  });

  it("a paid load's claim invoice PDF carries the claim alone", async () => {
    const { member, load } = await bookedWithWait(t.app, 900);
    const first = await completeByPod(t.app, load.id, member.cookie);
    await t.app.inject({ method: "POST", url: `/api/invoices/${first.id}/paid`, headers: { cookie: staff }, payload: { paidOn: "2026-11-25", paymentReference: "BACS 2" } });
    const claim = (await api.claim(load.id, member.cookie)).json<WaitingClaim>();
    expect((await api.approve(claim.id, staff, { amount: 30, reason: "The first 15 minutes were the driver's break" })).statusCode).toBe(200);
    const own = (await invoicesOf(t.app, load.id)).find((i) => i.claimId === claim.id)!;
    const pdf = await get(`/api/invoices/${own.id}/pdf`, member.cookie);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`${WAIT_LINE} £30.00`);
    expect(text).not.toContain("Haulage of load");
    expect(text).toMatch(/Net £30\.00 VAT at 20% £6\.00 Total payable to the supplier £36\.00/);
  });
});
