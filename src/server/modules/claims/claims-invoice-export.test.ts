// An approved waiting-time claim in staff's invoices CSV: the Lines cell names the
// load's price and the claim in the statement's words, the net their sum; and a
// stored line that starts as a formula (an imported invoice's words) is written safe.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createManager, login } from "../../../../test/factories";
import { completeByPod } from "../../../../test/invoice-fixtures";
import { invoices } from "../../db/schema";
import type { WaitingClaim } from "../../../contract/schemas/claim";
import { bookedWithWait, claimsApi } from "./claims-test-support";

describe.each(ENGINES)("waiting-time claims in the invoices CSV on %s", (engine) => {
  let t: TestApp;
  let staff: string;
  let api: ReturnType<typeof claimsApi>;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock: new TestClock(new Date("2026-11-25T12:00:00Z")), jobs: false });
    staff = await login(t.app, (await createManager(t.app)).email);
    api = claimsApi(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The invoices CSV's rows of one carrier, as lines of text (header first). */
  async function exportOf(carrier: string): Promise<string[]> {
    const res = await t.app.inject({ url: `/api/export/invoices.csv?carrier=${encodeURIComponent(carrier)}`, headers: { cookie: staff } });
    expect(res.statusCode, res.body).toBe(200);
    return res.body.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
  }

  it("the Lines column holds the price and the approved claim, each with its amount; a formula-like line gets a leading '", async () => {
    const { company, member, load } = await bookedWithWait(t.app, 1000);
    const claim = (await api.claim(load.id, member.cookie)).json<WaitingClaim>();
    expect((await api.approve(claim.id, staff)).statusCode).toBe(200);
    const invoice = await completeByPod(t.app, load.id, member.cookie);

    const [header, row, ...more] = await exportOf(company.name);
    expect(more).toEqual([]);
    expect(header.split(",").at(-1)).toBe("Lines");
    expect(row.startsWith(`${invoice.number},${load.loadNumber},`)).toBe(true);
    // net = price + the claim, and the cell says what it is made of
    expect(row).toContain(",1037.50,20,207.50,1245.00,");
    const lines = `Haulage of load ${load.loadNumber}: ${load.pickupCity} to ${load.deliveryCity} (£1,000.00); Waiting time at delivery: 1 h 15 min beyond 2 h free (£37.50)`;
    expect(row.endsWith(`,"${lines}"`)).toBe(true);

    // lines as an import could store them: a description that a spreadsheet would run
    await t.app.ctx.db
      .update(invoices)
      .set({ lines: [{ description: '=HYPERLINK("http://x")', amount: "1000.00" }, { description: "Waiting time at delivery: 1 h 15 min beyond 2 h free", amount: "37.50" }] })
      .where(eq(invoices.id, invoice.id));
    const [, guarded] = await exportOf(company.name);
    expect(guarded.endsWith(`,"'=HYPERLINK(""http://x"") (£1,000.00); Waiting time at delivery: 1 h 15 min beyond 2 h free (£37.50)"`)).toBe(true);
  });
});
