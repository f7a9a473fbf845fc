// The invoice PDF and the statement (GET /api/invoices/{id}/pdf
// with "Self-billing invoice", both parties, VAT numbers, the load's route and
// dates; GET /api/invoices/statement as PDF and CSV), read back with unpdf.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createManager, login, signedIn } from "../../../../test/factories";
import { approvedLoad, completeByPod, haulier } from "../../../../test/invoice-fixtures";
import { invoices } from "../../db/schema";
import { INVOICE_MSG } from "../../../contract/schemas/invoice";

async function pdfText(bytes: Buffer): Promise<string> {
  // PDF.js takes over the buffer it is given: hand it a copy
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const NETWORK = { paymentTermsDays: 30, companyName: "Northern Flatbed Network Ltd", companyAddress: "1 Dock Street\nLeeds LS10 1JF", companyVatNumber: "GB111222333" };
const ROUTE = {
  pickupCity: "Leeds",
  pickupZip: "LS1 4AP",
  pickupDate: new Date("2026-12-01T09:00:00Z"),
  deliveryCity: "Bristol",
  deliveryZip: "BS1 4DJ",
  deliveryDate: new Date("2026-12-02T15:00:00Z"),
};

describe.each(ENGINES)("invoice PDF and statement on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-25T12:00:00Z"));
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    staff = await login(t.app, (await createManager(t.app)).email);
    await t.app.inject({ method: "PUT", url: "/api/admin/invoice-settings", headers: { cookie: staff }, payload: NETWORK });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it("the invoice PDF says Self-billing invoice and carries both parties and VAT numbers, the route, the dates, the PO number and the HMRC wording", async () => {
    const { company, member } = await haulier(t.app, { name: "Gŵyr Haulage Ltd", vatNumber: "GB987654321" });
    const load = await approvedLoad(t.app, company, member.user.id, { ...ROUTE, mandataNumber: "PO-2026-00042", price: 1200 });
    const inv = await completeByPod(t.app, load.id, member.cookie);

    const res = await get(`/api/invoices/${inv.id}/pdf`, member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${inv.number}.pdf"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const text = await pdfText(res.rawPayload);
    for (const words of [
      "Self-billing invoice",
      inv.number,
      "Northern Flatbed Network Ltd",
      "1 Dock Street",
      "VAT number: GB111222333",
      // the embedded font draws the Welsh letter as written
      "Gŵyr Haulage Ltd",
      "VAT number: GB987654321",
      load.loadNumber,
      "PO-2026-00042",
      "Leeds LS1 4AP to Bristol BS1 4DJ",
      "Tue 1 Dec 2026",
      "Wed 2 Dec 2026",
      "Wed 25 Nov 2026",
      "Fri 25 Dec 2026",
      "£1,200.00",
      "20%",
      "£240.00",
      "£1,440.00",
      "on behalf of Gŵyr Haulage Ltd",
      "The VAT shown is your output tax due to HMRC.",
    ]) {
      expect(text, words).toContain(words);
    }
    expect((await get(`/api/invoices/${inv.id}/pdf?download=1`, staff)).headers["content-disposition"]).toBe(`attachment; filename="${inv.number}.pdf"`);
  });

  it("Welsh names print as written: the fonts are embedded (DejaVu, subset), never pdfkit's standard Helvetica", async () => {
    const { company, member } = await haulier(t.app, { name: "Llanfairpwllgwyngyll Cludiant Cyf", vatNumber: "GB444555666" });
    const load = await approvedLoad(t.app, company, member.user.id, { ...ROUTE, pickupCity: "Ffordd Ŵyn, Tŷ Gwyn", pickupZip: "LL61 5UJ" });
    const inv = await completeByPod(t.app, load.id, member.cookie);
    const res = await get(`/api/invoices/${inv.id}/pdf`, member.cookie);
    const text = await pdfText(res.rawPayload);
    expect(`${company.name}, ${load.pickupCity}`).toBe("Llanfairpwllgwyngyll Cludiant Cyf, Ffordd Ŵyn, Tŷ Gwyn");
    for (const words of [
      "Llanfairpwllgwyngyll Cludiant Cyf",
      "Ffordd Ŵyn, Tŷ Gwyn LL61 5UJ to Bristol BS1 4DJ",
      "on behalf of Llanfairpwllgwyngyll Cludiant Cyf (the supplier)",
    ]) {
      expect(text, words).toContain(words);
    }
    const raw = res.rawPayload.toString("latin1");
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSansCondensed-Bold\b/);
    expect(raw).toContain("/FontFile2");
    expect(raw).not.toContain("Helvetica");
    // subset: the whole font files are ~1.9 MB, the invoice stays small
    expect(res.rawPayload.length).toBeLessThan(60_000);
  });

  it("says what the screen says: no soft hyphen printed, the tick drawn by the embedded font, an emoji it lacks as its plain twin", async () => {
    const { company, member } = await haulier(t.app, { name: "Cludiant\u00ADCymru \u2713 Ltd", vatNumber: "GB777888999" });
    const load = await approvedLoad(t.app, company, member.user.id, { ...ROUTE, pickupCity: "Aber\u00ADystwyth \u2705", mandataNumber: "PO-\u00AD77" });
    const inv = await completeByPod(t.app, load.id, member.cookie);
    const text = await pdfText((await get(`/api/invoices/${inv.id}/pdf`, member.cookie)).rawPayload);
    expect(text).not.toContain("\u00AD");
    for (const words of ["CludiantCymru \u2713 Ltd", "Aberystwyth \u2713", "PO-77"]) expect(text, words).toContain(words);
    const statement = await get(`/api/invoices/statement?from=2026-11-01&to=2026-11-30&format=pdf`, member.cookie);
    expect(statement.statusCode).toBe(200);
    const stated = await pdfText(statement.rawPayload);
    expect(stated).not.toContain("\u00AD");
    expect(stated).toContain("CludiantCymru \u2713 Ltd");
  });

  it("without a VAT number the PDF charges no VAT and says why; a void invoice says it is not payable", async () => {
    const { company, member } = await haulier(t.app, { vatNumber: "" });
    const inv = await completeByPod(t.app, (await approvedLoad(t.app, company, member.user.id, { ...ROUTE, price: 0.03 })).id, member.cookie);
    const text = await pdfText((await get(`/api/invoices/${inv.id}/pdf`, member.cookie)).rawPayload);
    expect(text).toContain("Not registered for VAT");
    expect(text).toContain("No VAT is charged");
    expect(text).not.toContain("output tax");
    expect(text).toContain("£0.03");
    await t.app.ctx.db.update(invoices).set({ status: "void", voidedAt: clock.now() }).where(eq(invoices.id, inv.id));
    const voided = await pdfText((await get(`/api/invoices/${inv.id}/pdf`, member.cookie)).rawPayload);
    expect(voided).toContain("VOID");
    expect(voided).toContain("This invoice was voided on Wed 25 Nov 2026 and is not payable.");
  });

  it("the statement CSV: every invoice of the period with a running total, void ones shown and not counted, quoted and formula-safe", async () => {
    // a name a spreadsheet could take for a formula, with a comma, quotes, Welsh and an emoji
    const { company, member } = await haulier(t.app, { name: '=Cludiant "Gŵyr", Cyf 🚚', vatNumber: "GB555666777" });
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await completeByPod(t.app, (await approvedLoad(t.app, company, member.user.id, { price: 1200 })).id, member.cookie));
    const [paid, voided, open] = made;
    await t.app.inject({ method: "POST", url: `/api/invoices/${paid.id}/paid`, headers: { cookie: staff }, payload: { paidOn: "2026-11-25", paymentReference: "-BACS 7" } });
    await t.app.ctx.db.update(invoices).set({ status: "void" }).where(eq(invoices.id, voided.id));
    const loadNo = async (id: string) => (await get(`/api/invoices/${id}`, staff)).json().loadNumber as string;

    const res = await get("/api/invoices/statement?from=2026-11-01&to=2026-11-30&format=csv", member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="statement-cludiant-gwyr-cyf-2026-11-01-to-2026-11-30.csv"');
    const name = '"\'=Cludiant ""Gŵyr"", Cyf 🚚"';
    // the invoice's one line: the load's price
    const line = async (id: string) => `"Haulage of load ${await loadNo(id)}: Leeds to Bristol (£1,200.00)"`;
    const expected = [
      "Invoice Number,Issued,Due,Load Number,Status,Net (£),VAT Rate (%),VAT (£),Gross (£),Paid On,Payment Reference,Running Total (£),Carrier,Carrier VAT Number,Lines",
      `${paid.number},2026-11-25,2026-12-25,${await loadNo(paid.id)},Paid,1200.00,20,240.00,1440.00,2026-11-25,'-BACS 7,1440.00,${name},GB555666777,${await line(paid.id)}`,
      `${voided.number},2026-11-25,2026-12-25,${await loadNo(voided.id)},Void,1200.00,20,240.00,1440.00,,,1440.00,${name},GB555666777,${await line(voided.id)}`,
      `${open.number},2026-11-25,2026-12-25,${await loadNo(open.id)},Issued,1200.00,20,240.00,1440.00,,,2880.00,${name},GB555666777,${await line(open.id)}`,
      "",
    ].join("\r\n");
    expect(res.rawPayload.equals(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(expected, "utf8")]))).toBe(true);

    // staff ask for the company by id and get the same bytes
    const byStaff = await get(`/api/invoices/statement?from=2026-11-01&to=2026-11-30&format=csv&companyId=${company.id}`, staff);
    expect(byStaff.rawPayload.equals(res.rawPayload)).toBe(true);

    // the PDF: the same lines and the totals
    const pdf = await get("/api/invoices/statement?from=2026-11-01&to=2026-11-30", member.cookie);
    expect([pdf.statusCode, pdf.headers["content-type"], pdf.headers["content-disposition"]]).toEqual([
      200,
      "application/pdf",
      'inline; filename="statement-cludiant-gwyr-cyf-2026-11-01-to-2026-11-30.pdf"',
    ]);
    const text = await pdfText(pdf.rawPayload);
    for (const words of [
      "Statement of self-billing invoices",
      // the emoji has no glyph in the font: a "?", not an empty box
      '=Cludiant "Gŵyr", Cyf ?',
      "GB555666777",
      "Sun 1 Nov 2026 to Mon 30 Nov 2026",
      paid.number,
      voided.number,
      open.number,
      "Void",
      "-BACS 7",
      "Invoices counted: 2 (1 void, not counted)",
      "Total invoiced",
      "£2,880.00",
      "Paid £1,440.00",
      "Outstanding £1,440.00",
    ]) {
      expect(text, words).toContain(words);
    }
  });

  it("a statement is the caller's company's: another company's is 404, staff must name one, and the period must make sense", async () => {
    const mine = await haulier(t.app);
    const theirs = await haulier(t.app);
    const loner = await signedIn(t.app);
    const q = "from=2026-11-01&to=2026-11-30&format=csv";
    const empty = await get(`/api/invoices/statement?${q}`, mine.member.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.body.split("\r\n")).toHaveLength(2); // the header and the final line break: no invoices
    expect((await get(`/api/invoices/statement?${q}&companyId=${mine.company.id}`, mine.member.cookie)).statusCode).toBe(200);
    expect((await get(`/api/invoices/statement?${q}&companyId=${theirs.company.id}`, mine.member.cookie)).statusCode).toBe(404);
    expect((await get(`/api/invoices/statement?${q}`, loner.cookie)).statusCode).toBe(404);
    expect((await get(`/api/invoices/statement?${q}`)).statusCode).toBe(401);
    const noCompany = await get(`/api/invoices/statement?${q}`, staff);
    expect([noCompany.statusCode, noCompany.json().error]).toEqual([400, INVOICE_MSG.companyRequired]);
    expect((await get(`/api/invoices/statement?${q}&companyId=00000000-0000-4000-8000-000000000000`, staff)).statusCode).toBe(404);
    for (const [period, message] of [
      ["from=2026-11-30&to=2026-11-01", INVOICE_MSG.rangeOrder],
      ["from=2025-11-01&to=2026-11-30", INVOICE_MSG.rangeTooLong],
      ["from=2026-02-30&to=2026-03-01", INVOICE_MSG.dateInvalid],
    ]) {
      const res = await get(`/api/invoices/statement?${period}&companyId=${mine.company.id}`, staff);
      expect([res.statusCode, res.json().error], period).toEqual([400, message]);
    }
    expect((await get(`/api/invoices/statement?from=2026-11-01&to=2026-11-30&format=xls`, mine.member.cookie)).statusCode).toBe(400);
    expect((await get(`/api/invoices/statement?from=2026-11-01`, mine.member.cookie)).statusCode).toBe(400);
  });
});
