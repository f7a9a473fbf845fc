// Self-billing invoices through the API: raised with the completion, VAT by the carrier
// company's registration, voided and raised anew when the load changes, paid by
// staff, and seen by the company's members and staff only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad, createManager, login, signedIn } from "../../../../test/factories";
import { approvedLoad, completeByPod, haulier, invoicesOf } from "../../../../test/invoice-fixtures";
import { companies, invoices, loads, notifications } from "../../db/schema";
import { INVOICE_MSG, INVOICE_NUMBER_RE, type BulkMarkPaidResult, type Invoice } from "../../../contract/schemas/invoice";

describe.each(ENGINES)("self-billing invoices on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-25T12:00:00Z"));
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    staff = await login(t.app, (await createManager(t.app)).email);
  });
  afterAll(async () => {
    await t?.close();
  });

  const seqOf = (n: string) => Number(n.slice(-5));
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: unknown, cookie = staff) => t.app.inject({ method: "POST", url, headers: { cookie }, payload: payload as object });
  const noticesOf = (userId: string, type: string) => t.app.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it("completing POD raises the invoice in the carrier company's name with 20 % VAT, due after the payment terms, and tells every member", async () => {
    const { company, member } = await haulier(t.app, { vatNumber: "GB987654321" });
    const colleague = await signedIn(t.app, { carrierName: company.name, companyId: company.id });
    const outsider = await haulier(t.app);
    const load = await approvedLoad(t.app, company, member.user.id, { price: 1234.57 });

    const row = await completeByPod(t.app, load.id, member.cookie);
    expect(row.number).toMatch(INVOICE_NUMBER_RE);
    expect(row.number.startsWith("SB-2026-")).toBe(true);
    const res = await get(`/api/invoices/${row.id}`, member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: row.id,
      number: row.number,
      loadId: load.id,
      loadNumber: load.loadNumber,
      companyId: company.id,
      carrierName: company.name,
      carrierVatNumber: "GB987654321",
      lines: [{ description: `Haulage of load ${load.loadNumber}: ${load.pickupCity} to ${load.deliveryCity}`, amount: 1234.57 }],
      net: 1234.57,
      vatRate: 20,
      vat: 246.91,
      gross: 1481.48,
      issuedOn: "2026-11-25",
      dueOn: "2026-12-25",
      status: "issued",
      paidOn: null,
      paymentReference: null,
      overdue: false,
    } satisfies Invoice);

    // both members hear of it, the one who completed POD too (the network raised it); nobody else
    for (const who of [member.user.id, colleague.user.id]) {
      const [n] = await noticesOf(who, "invoice_issued");
      expect(n.title).toBe(`Invoice raised for load ${load.loadNumber}`);
      expect(n.body).toContain("£1,481.48 including VAT of £246.91, due for payment by Fri 25 Dec 2026");
      expect(n.loadId).toBe(load.id);
    }
    expect(await noticesOf(outsider.member.user.id, "invoice_issued")).toEqual([]);

    // an invoice is a document: renaming the company or changing its VAT number later does not change it
    await t.app.ctx.db.update(companies).set({ name: "Renamed Ltd", nameKey: "renamed ltd", vatNumber: "" }).where(eq(companies.id, company.id));
    expect((await get(`/api/invoices/${row.id}`, member.cookie)).json()).toMatchObject({ carrierName: company.name, carrierVatNumber: "GB987654321" });
  });

  it("Mark Complete after an accepted bid of £1,234.565 invoices the bid to the penny; no VAT without a VAT number", async () => {
    const { company, member } = await haulier(t.app, { vatNumber: "" });
    const load = await createLoad(t.app, { price: 1500 });
    const bid = await post("/api/bids", { loadId: load.id, bidAmount: 1234.565 }, member.cookie);
    expect(bid.statusCode).toBe(201);
    expect((await post(`/api/bids/${bid.json().id}/accept`, {})).statusCode).toBe(200);
    const patch = (status: string) => t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/status`, headers: { cookie: staff }, payload: { status } });
    expect((await patch("approved")).statusCode).toBe(200);
    expect(await invoicesOf(t.app, load.id)).toEqual([]);
    expect((await patch("completed")).statusCode).toBe(200);

    const [row] = await invoicesOf(t.app, load.id);
    expect({ company: row.companyId, net: row.net, rate: row.vatRate, vat: row.vat, gross: row.gross, vatNo: row.carrierVatNumber }).toEqual({
      company: company.id,
      net: "1234.57",
      rate: "0.00",
      vat: "0.00",
      gross: "1234.57",
      vatNo: "",
    });
    const [n] = await noticesOf(member.user.id, "invoice_issued");
    expect(n.body).toContain("£1,234.57, due for payment by");
    expect(n.body).not.toContain("VAT");
  });

  it("a member's own VAT number puts no VAT on the next invoice until staff confirm it; after that, 20 %", async () => {
    // self-billing: the network pays the VAT it computes, so only a staff-confirmed number counts
    const { company, member } = await haulier(t.app, { vatNumber: "" });
    const put = await t.app.inject({ method: "PUT", url: `/api/companies/${company.id}`, headers: { cookie: member.cookie }, payload: { vatNumber: "GB123456789" } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ vatNumber: "", proposedVatNumber: "GB123456789" });
    const amounts = (row: { vatRate: string; vat: string; gross: string; carrierVatNumber: string }) => [row.carrierVatNumber, row.vatRate, row.vat, row.gross];

    const before = await completeByPod(t.app, (await approvedLoad(t.app, company, member.user.id, { price: 1000 })).id, member.cookie);
    expect(amounts(before)).toEqual(["", "0.00", "0.00", "1000.00"]);

    // the member cannot confirm it; staff can
    expect((await post(`/api/companies/${company.id}/vat-number/confirm`, {}, member.cookie)).statusCode).toBe(403);
    const confirmed = await post(`/api/companies/${company.id}/vat-number/confirm`, { vatNumber: "GB123456789" });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ vatNumber: "GB123456789", proposedVatNumber: null });

    const after = await completeByPod(t.app, (await approvedLoad(t.app, company, member.user.id, { price: 1000 })).id, member.cookie);
    expect(amounts(after)).toEqual(["GB123456789", "20.00", "200.00", "1200.00"]);
    // the earlier invoice is a document: it stays as it was raised
    expect(amounts((await invoicesOf(t.app, before.loadId))[0])).toEqual(["", "0.00", "0.00", "1000.00"]);
  });

  it("an edit of a completed load's price voids the invoice and raises a new number at once; an edit it does not show keeps it", async () => {
    const { company, member } = await haulier(t.app);
    // Mark Complete without POD: the load stays editable (a POD-complete load is locked)
    const load = await approvedLoad(t.app, company, member.user.id, { price: 0.05 });
    const done = await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/status`, headers: { cookie: staff }, payload: { status: "completed" } });
    expect(done.statusCode).toBe(200);
    const [first] = await invoicesOf(t.app, load.id);
    expect({ net: first.net, vat: first.vat, gross: first.gross }).toEqual({ net: "0.05", vat: "0.01", gross: "0.06" });

    const [current] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    const body = {
      pickupCity: current.pickupCity,
      pickupZip: current.pickupZip,
      deliveryCity: current.deliveryCity,
      deliveryZip: current.deliveryZip,
      pickupDate: current.pickupDate!.toISOString(),
      deliveryDate: current.deliveryDate!.toISOString(),
      price: 0.03,
    };
    const edit = await t.app.inject({ method: "PUT", url: `/api/loads/${load.id}`, headers: { cookie: staff }, payload: body });
    expect(edit.statusCode).toBe(200);
    const [voided, second] = await invoicesOf(t.app, load.id);
    expect(voided).toMatchObject({ id: first.id, number: first.number, status: "void" });
    expect(voided.voidedAt).not.toBeNull();
    expect(second).toMatchObject({ status: "issued", net: "0.03", vat: "0.01", gross: "0.04" });
    expect(seqOf(second.number)).toBeGreaterThan(seqOf(first.number));
    const notes = await noticesOf(member.user.id, "invoice_issued");
    expect(notes.map((n) => n.body).join("\n")).toContain(`It replaces invoice ${first.number}, which is now void.`);

    // the weight is not on the invoice: nothing changes
    const weight = await t.app.inject({ method: "PUT", url: `/api/loads/${load.id}`, headers: { cookie: staff }, payload: { ...body, weight: 9000 } });
    expect(weight.statusCode).toBe(200);
    expect((await invoicesOf(t.app, load.id)).map((i) => [i.number, i.status])).toEqual([
      [first.number, "void"],
      [second.number, "issued"],
    ]);

    // once paid, the invoiced facts are fixed: the edit is refused and nothing changes
    expect((await post(`/api/invoices/${second.id}/paid`, { paidOn: "2026-11-25", paymentReference: "BACS 1" })).statusCode).toBe(200);
    const late = await t.app.inject({ method: "PUT", url: `/api/loads/${load.id}`, headers: { cookie: staff }, payload: { ...body, price: 99 } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(INVOICE_MSG.paidLocked);
    const [after] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(after.price).toBe(0.03);
    expect((await invoicesOf(t.app, load.id)).map((i) => i.status)).toEqual(["void", "paid"]);
  });

  it("marks an issued invoice paid (staff), once; refuses a void one, a future or pre-issue date, and carriers", async () => {
    const { company, member } = await haulier(t.app);
    const inv = await completeByPod(t.app, (await approvedLoad(t.app, company, member.user.id)).id, member.cookie);
    const url = `/api/invoices/${inv.id}/paid`;
    expect((await post(url, { paidOn: "2026-11-25", paymentReference: "BACS" }, member.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url, payload: { paidOn: "2026-11-25", paymentReference: "x" } })).statusCode).toBe(401);
    const future = await post(url, { paidOn: "2026-11-26", paymentReference: "BACS" });
    expect([future.statusCode, future.json().error]).toEqual([400, INVOICE_MSG.paidOnFuture]);
    const early = await post(url, { paidOn: "2026-11-24", paymentReference: "BACS" });
    expect([early.statusCode, early.json().error]).toEqual([400, INVOICE_MSG.paidOnBeforeIssue]);
    expect((await post(url, { paidOn: "2026-02-30", paymentReference: "BACS" })).statusCode).toBe(400);
    expect((await post(url, { paidOn: "2026-11-25", paymentReference: "  " })).statusCode).toBe(400);

    const ok = await post(url, { paidOn: "2026-11-25", paymentReference: " BACS 2026-11-25 run " });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: inv.id, status: "paid", paidOn: "2026-11-25", paymentReference: "BACS 2026-11-25 run", overdue: false });
    const [n] = await noticesOf(member.user.id, "invoice_paid");
    expect(n.body).toBe(`Invoice ${inv.number} for load ${(await t.app.ctx.db.select().from(loads).where(eq(loads.id, inv.loadId)))[0].loadNumber} (£1,440.00) was paid on Wed 25 Nov 2026, payment reference BACS 2026-11-25 run.`);

    const again = await post(url, { paidOn: "2026-11-25", paymentReference: "again" });
    expect([again.statusCode, again.json().error]).toEqual([409, INVOICE_MSG.notIssued]);
    await t.app.ctx.db.update(invoices).set({ status: "void" }).where(eq(invoices.id, inv.id));
    expect((await post(url, { paidOn: "2026-11-25", paymentReference: "x" })).statusCode).toBe(409);
    expect((await post(`/api/invoices/00000000-0000-4000-8000-000000000000/paid`, { paidOn: "2026-11-25", paymentReference: "x" })).statusCode).toBe(404);
  });

  it("a payment run pays the issued invoices in one go and says which were skipped and why", async () => {
    const { company, member } = await haulier(t.app);
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await completeByPod(t.app, (await approvedLoad(t.app, company, member.user.id)).id, member.cookie));
    const [a, b, c, d] = made;
    await post(`/api/invoices/${b.id}/paid`, { paidOn: "2026-11-25", paymentReference: "earlier" });
    await t.app.ctx.db.update(invoices).set({ status: "void" }).where(eq(invoices.id, c.id));
    await t.app.ctx.db.update(invoices).set({ issuedOn: "2026-11-26" }).where(eq(invoices.id, d.id));
    const unknown = "00000000-0000-4000-8000-000000000001";
    const res = await post("/api/invoices/paid", { ids: [a.id, b.id, c.id, d.id, unknown, a.id], paidOn: "2026-11-25", paymentReference: "RUN-48" });
    expect(res.statusCode).toBe(200);
    const out = res.json() as BulkMarkPaidResult;
    expect(out.paid.map((p) => [p.id, p.status, p.paymentReference])).toEqual([[a.id, "paid", "RUN-48"]]);
    expect(out.skipped.map((s) => [s.id, s.number, s.reason])).toEqual([
      [b.id, b.number, "paid"],
      [c.id, c.number, "void"],
      [d.id, d.number, "beforeIssue"],
      [unknown, null, "notFound"],
    ]);
    // the earlier payment keeps its reference
    expect((await get(`/api/invoices/${b.id}`, staff)).json().paymentReference).toBe("earlier");
    expect((await post("/api/invoices/paid", { ids: [a.id], paidOn: "2027-01-01", paymentReference: "x" })).statusCode).toBe(400);
    expect((await post("/api/invoices/paid", { ids: [], paidOn: "2026-11-25", paymentReference: "x" })).statusCode).toBe(400);
    expect((await post("/api/invoices/paid", { ids: [a.id], paidOn: "2026-11-25", paymentReference: "x" }, member.cookie)).statusCode).toBe(403);
  });

  it("a carrier sees only their company's invoices, by list, by id and as a PDF; others get 404, signed out 401", async () => {
    const mine = await haulier(t.app);
    const theirs = await haulier(t.app);
    const loner = await signedIn(t.app); // a carrier with no company record
    const own = await completeByPod(t.app, (await approvedLoad(t.app, mine.company, mine.member.user.id)).id, mine.member.cookie);
    const other = await completeByPod(t.app, (await approvedLoad(t.app, theirs.company, theirs.member.user.id)).id, theirs.member.cookie);

    const list = await get("/api/invoices?limit=200", mine.member.cookie);
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as Invoice[]).map((i) => i.id);
    expect(ids).toEqual([own.id]);
    expect(list.headers["x-total-count"]).toBe("1");
    expect((await get("/api/invoices", loner.cookie)).json()).toEqual([]);
    for (const url of [`/api/invoices/${other.id}`, `/api/invoices/${other.id}/pdf`]) {
      expect((await get(url, mine.member.cookie)).statusCode, url).toBe(404);
      expect((await get(url, loner.cookie)).statusCode, url).toBe(404);
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, theirs.member.cookie)).statusCode, url).toBe(200);
      expect((await get(url, staff)).statusCode, url).toBe(200);
    }
    expect((await get("/api/invoices")).statusCode).toBe(401);
    const all = (await get("/api/invoices?limit=200", staff)).json() as Invoice[];
    expect(all.map((i) => i.id)).toEqual(expect.arrayContaining([own.id, other.id]));
    expect((await get("/api/invoices/not-a-uuid", staff)).statusCode).toBe(404);
  });

  it("a merge of two companies takes the merged one's invoices along (their copied name stays)", async () => {
    const merged = await haulier(t.app, { name: `Merged Away ${Date.now()} Ltd` });
    const into = await haulier(t.app);
    const inv = await completeByPod(t.app, (await approvedLoad(t.app, merged.company, merged.member.user.id)).id, merged.member.cookie);
    const res = await post(`/api/companies/${merged.company.id}/merge`, { intoId: into.company.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/invoices/${inv.id}`, into.member.cookie)).json()).toMatchObject({ companyId: into.company.id, carrierName: merged.company.name });
  });

  it("lists newest first, filtered by status, carrier, issue days and overdue, paged with X-Total-Count", async () => {
    const { company, member } = await haulier(t.app, { name: `Filter 100% Haulage ${Date.now()}` });
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await completeByPod(t.app, (await approvedLoad(t.app, company, member.user.id)).id, member.cookie));
    await t.app.ctx.db.update(invoices).set({ issuedOn: "2026-10-01", dueOn: "2026-10-31" }).where(eq(invoices.id, made[0].id));
    await post(`/api/invoices/${made[1].id}/paid`, { paidOn: "2026-11-25", paymentReference: "p" });
    const q = (query: string) => get(`/api/invoices?carrier=${encodeURIComponent("filter 100%")}&${query}`, staff);
    const ids = async (query: string) => ((await q(query)).json() as Invoice[]).map((i) => i.id);

    expect(await ids("")).toEqual([made[2].id, made[1].id, made[0].id]);
    expect(await ids("status=paid")).toEqual([made[1].id]);
    expect(await ids("overdue=true")).toEqual([made[0].id]);
    expect(await ids("overdue=false")).toEqual([made[2].id, made[1].id]);
    expect(((await q("overdue=true")).json() as Invoice[])[0].overdue).toBe(true);
    expect(await ids("from=2026-11-01&to=2026-11-30")).toEqual([made[2].id, made[1].id]);
    expect(await ids("to=2026-10-01")).toEqual([made[0].id]);
    const page = await q("limit=1&offset=1");
    expect((page.json() as Invoice[]).map((i) => i.id)).toEqual([made[1].id]);
    expect(page.headers["x-total-count"]).toBe("3");
    // "%" is a character here, not a wildcard
    expect((await get(`/api/invoices?carrier=${encodeURIComponent("filter 1%0")}`, staff)).json()).toEqual([]);
    for (const bad of ["limit=201", "from=2026-02-30", "status=overdue", "to=yesterday", "overdue=maybe"]) {
      expect((await get(`/api/invoices?${bad}`, staff)).statusCode, bad).toBe(400);
    }
  });

  it("the Invoices tab exports as CSV with its filters (staff), newest first, overdue shown as such", async () => {
    const { company, member } = await haulier(t.app, { name: `=Export, "Quoted" Ltd ${Date.now()}`, vatNumber: "GB000111222" });
    const made = [];
    for (let i = 0; i < 2; i++) made.push(await completeByPod(t.app, (await approvedLoad(t.app, company, member.user.id, { price: 99_999_999.99, distance: 10_000, ratePerMile: 9999.99 })).id, member.cookie));
    await t.app.ctx.db.update(invoices).set({ issuedOn: "2026-10-01", dueOn: "2026-10-31" }).where(eq(invoices.id, made[0].id));
    const loadNo = async (id: string) => (await get(`/api/invoices/${id}`, staff)).json().loadNumber as string;
    const carrier = encodeURIComponent("=export,");
    const res = await get(`/api/export/invoices.csv?carrier=${carrier}&status=issued&limit=1`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="invoices-2026-11-25.csv"');
    const name = `"'${company.name.replace(/"/g, '""')}"`;
    expect(res.body).toBe(
      [
        "\uFEFFInvoice Number,Load Number,Carrier,Carrier VAT Number,Net (£),VAT Rate (%),VAT (£),Gross (£),Issued,Due,Status,Paid On,Payment Reference,Lines",
        // the list's page (limit=1) is honoured when sent; the web app's Export drops it
        `${made[1].number},${await loadNo(made[1].id)},${name},GB000111222,99999999.99,20,20000000.00,119999999.99,2026-11-25,2026-12-25,Issued,,,"${(await get(`/api/invoices/${made[1].id}`, staff)).json().lines[0].description} (£99,999,999.99)"`,
        "",
      ].join("\r\n"),
    );
    const all = await get(`/api/export/invoices.csv?carrier=${carrier}`, staff);
    expect(all.body.split("\r\n").slice(1, 3).map((l) => l.split(",")[0])).toEqual([made[1].number, made[0].number]);
    expect(all.body).toContain(",2026-10-01,2026-10-31,Overdue,,,\"Haulage of load ");
    expect((await get("/api/export/invoices.csv?from=2026-02-30", staff)).statusCode).toBe(400);
    expect((await get("/api/export/invoices.csv", member.cookie)).statusCode).toBe(403);
  });

  it("invoice settings: staff read and save them; the payment terms set the due day of the next invoice", async () => {
    expect((await get("/api/admin/invoice-settings", staff)).json()).toEqual({ paymentTermsDays: 30, companyName: "", companyAddress: "", companyVatNumber: "" });
    const settings = { paymentTermsDays: 14, companyName: "Northern Flatbed Network Ltd", companyAddress: "1 Dock Street\nLeeds LS10 1JF", companyVatNumber: "GB111222333" };
    const put = await t.app.inject({ method: "PUT", url: "/api/admin/invoice-settings", headers: { cookie: staff }, payload: settings });
    expect([put.statusCode, put.json()]).toEqual([200, settings]);
    const { member } = await haulier(t.app);
    expect((await get("/api/admin/invoice-settings", member.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "PUT", url: "/api/admin/invoice-settings", headers: { cookie: member.cookie }, payload: settings })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "PUT", url: "/api/admin/invoice-settings", headers: { cookie: staff }, payload: { ...settings, paymentTermsDays: 400 } })).statusCode).toBe(400);

    const { company, member: m } = await haulier(t.app);
    const inv = await completeByPod(t.app, (await approvedLoad(t.app, company, m.user.id)).id, m.cookie);
    expect([inv.issuedOn, inv.dueOn]).toEqual(["2026-11-25", "2026-12-09"]);
    await t.app.inject({ method: "PUT", url: "/api/admin/invoice-settings", headers: { cookie: staff }, payload: { ...settings, paymentTermsDays: 30 } });
  });
});
