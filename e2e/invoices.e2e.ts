// Journey: self-billing invoices. A carrier completes POD (through the app's own call, as the
// notifications journey bids; e2e/pod.e2e.ts walks the POD dialog itself); the
// invoice is in My Invoices, reached from the user menu, and its PDF downloads;
// staff mark it paid in the admin page's Invoices tab, then pay two more in one
// payment run; the carrier's bell says it was paid and opens My Invoices, where it
// reads Paid with its reference. Screenshots at a desk and on a 390 px phone;
// axe-core's WCAG A/AA rules on each screen.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, expectAccessible, fitsPhone, shot, startJourney, viewShot, type E2EServer, type Journey } from "./helpers";
import { createCarrier, createManager } from "../test/factories";
import { createCompany, memberOf } from "../test/company-fixtures";
import { approvedLoad, completeByPod, POD_BODY } from "../test/invoice-fixtures";
import type { CompanyRow, LoadRow, UserRow } from "../src/server/db/schema";
import { ukDayKey } from "../src/contract/wall-clock";
import { formatDay } from "../src/web/features/invoices/invoice-format";

let journey: Journey;
let server: E2EServer;
let company: CompanyRow;
let alice: UserRow;
let manager: UserRow;
let loner: UserRow; // a carrier whose account is linked to no company
let journeyLoad: LoadRow;
const earlier: string[] = []; // invoice numbers raised before the journey's, for the payment run

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  const app = server.app;
  company = await createCompany(app, { name: "Alice Haulage Ltd", vatNumber: "GB123456789" });
  const member = await memberOf(app, company, { name: "Alice Haulier", email: "alice@example.com" });
  alice = member.user;
  manager = await createManager(app, { name: "Morgan Manager", carrierName: "Flatbed Network" });
  loner = await createCarrier(app, { name: "Lone Driver", carrierName: "Lone Driver Haulage" });
  // another company's invoice: the carrier never sees it, staff do
  const other = await createCompany(app, { name: "Bob Transport Ltd", vatNumber: "" });
  const bob = await memberOf(app, other);
  // two earlier invoices of Alice's company and one of Bob's, raised through the real POD call
  for (const [price, pickupCity, deliveryCity] of [
    [980.5, "Hull", "York"],
    [1234.57, "Cardiff", "Swansea"],
  ] as const) {
    const load = await approvedLoad(app, company, alice.id, { price, pickupCity, deliveryCity });
    earlier.push((await completeByPod(app, load.id, member.cookie)).number);
  }
  await completeByPod(app, (await approvedLoad(app, other, bob.user.id, { price: 640, pickupCity: "Derby", deliveryCity: "Norwich" })).id, bob.cookie);
  journeyLoad = await approvedLoad(app, company, alice.id, { loadNumber: "FN-2026-801", price: 1450, pickupCity: "Sheffield", deliveryCity: "Southampton" });
});

afterAll(() => journey?.close());

let number = ""; // the journey's invoice
const today = ukDayKey(Date.now());
const inDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe("self-billing invoices", () => {
  it("POD completed → the carrier finds the invoice in My Invoices from the user menu and downloads its PDF", async () => {
    const page = await journey.logIn(alice);
    await page.goto("/");
    // the carrier completes POD through the app's own call
    const status = await page.evaluate(
      async ({ id, body }) => (await fetch(`/api/loads/${id}/pod`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status,
      { id: journeyLoad.id, body: POD_BODY },
    );
    expect(status).toBe(200);

    await page.getByRole("button", { name: /User menu for Alice Haulier/ }).click();
    await page.getByRole("menuitem", { name: "My Invoices" }).click();
    await page.getByRole("heading", { level: 1, name: "My Invoices" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/invoices");

    const table = page.getByRole("table", { name: "My invoices, newest first" });
    const row = table.getByRole("row").filter({ hasText: journeyLoad.loadNumber });
    await row.waitFor();
    number = (await row.getByRole("rowheader").innerText()).trim();
    expect(number).toMatch(/^SB-2026-\d{5}$/);
    // newest first; Bob's invoice is not Alice's to see
    expect(await table.getByRole("rowheader").allInnerTexts()).toEqual([number, ...earlier.slice().reverse()]);
    const cells = await row.getByRole("cell").allInnerTexts();
    // net £1,450.00, 20 % VAT £290.00, gross £1,740.00, Issued, today, due in 30 days, not paid
    expect(cells.slice(0, 7).map((c) => c.replace(/\s+/g, " ").trim())).toEqual([
      "FN-2026-801",
      "£1,450.00",
      "£290.00 VAT 20%",
      "£1,740.00",
      "Issued",
      formatDay(today),
      formatDay(inDays(30)),
    ]);
    await shot(page, "invoices-my-invoices-desktop");
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: `PDF of invoice ${number}` }).click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // the statement's links are the company's statement for the default period
    const statement = page.getByRole("region", { name: "Statement" });
    const csvHref = await statement.getByRole("link", { name: /Download CSV/ }).getAttribute("href");
    const csv = await page.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    const text = (await csv.text()).replace(/^\uFEFF/, "");
    for (const n of [number, ...earlier]) expect(text).toContain(n);
  });

  it("on a 390 px phone My Invoices shows a card per invoice with the money first and Download PDF", async () => {
    const page = await journey.logIn(alice, PHONE);
    await page.goto("/invoices");
    const list = page.getByRole("list", { name: "My invoices, newest first" });
    const card = list.getByRole("article", { name: `Invoice ${number}` });
    await card.waitFor();
    expect(await card.innerText()).toContain("£1,740.00");
    const link = card.getByRole("link", { name: `Download PDF of invoice ${number}` });
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await fitsPhone(page);
    await shot(page, "invoices-my-invoices-phone");
    await expectAccessible(page);
    // the status filter: no paid invoices yet → the filtered empty state
    await page.getByLabel("Status").selectOption({ label: "Paid" });
    // one layout at a time: the card list's empty state (the table's is not shown on a phone)
    await page.getByText("No invoices match these filters.").filter({ visible: true }).waitFor();
  });

  it("staff mark the invoice paid from the Invoices tab; the carrier's bell says so and opens My Invoices", async () => {
    const carrier = await journey.logIn(alice);
    await carrier.goto("/invoices");
    await carrier.getByRole("table", { name: "My invoices, newest first" }).waitFor();
    const bell = carrier.getByTestId("notification-bell");
    await bell.waitFor();
    // the three invoice_issued notices, read now so the paid one stands out
    await bell.click();
    await carrier.getByRole("dialog", { name: "Notifications" }).getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => carrier.getByTestId("notification-count").count()).toBe(0);
    await carrier.keyboard.press("Escape");

    const staff = await journey.logIn(manager);
    await staff.goto("/admin");
    await staff.getByRole("tab", { name: /Invoices/ }).click();
    const table = staff.getByRole("table", { name: "Self-billing invoices, newest first" });
    const row = table.getByRole("row").filter({ hasText: number });
    await row.waitFor();
    // staff see every company's invoices, with the carrier
    expect(await table.getByText("Bob Transport Ltd").count()).toBe(1);
    expect(await row.innerText()).toContain("Alice Haulage Ltd");
    await shot(staff, "invoices-admin-tab-desktop");
    await expectAccessible(staff);

    await row.getByRole("button", { name: `Mark paid for invoice ${number}` }).click();
    const dialog = staff.getByRole("dialog", { name: "Mark invoice as paid" });
    await dialog.waitFor();
    // focus starts on the first field; the paid day is today
    expect(await dialog.getByLabel("Paid on").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel("Paid on").inputValue()).toBe(today);
    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    await dialog.getByText("Please enter the payment reference").waitFor();
    await dialog.getByLabel("Payment reference").fill("BACS-2026-11-25-01");
    await viewShot(staff, "invoices-mark-paid-dialog-desktop");
    await expectAccessible(staff);
    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => row.innerText()).toContain("Paid");
    expect(await row.innerText()).toContain("BACS-2026-11-25-01");
    // focus is back on the row it was opened from (its Mark paid is gone: the row's table region)
    expect(await staff.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");

    // the carrier's bell: the paid notice arrives (live stream or the 30 s poll), and opens My Invoices
    await expect.poll(() => carrier.getByTestId("notification-count").textContent(), { timeout: 35_000 }).toBe("1");
    await bell.click();
    const list = carrier.getByRole("dialog", { name: "Notifications" });
    const notice = list.getByRole("button", { name: new RegExp(`Invoice ${number} paid`) });
    await notice.waitFor();
    expect(await notice.innerText()).toContain("payment reference BACS-2026-11-25-01");
    await viewShot(carrier, "invoices-bell-paid-desktop");
    await notice.click();
    const paidRow = carrier.getByRole("table", { name: "My invoices, newest first" }).getByRole("row").filter({ hasText: number });
    await expect.poll(() => paidRow.innerText(), { timeout: 10_000 }).toContain("Ref. BACS-2026-11-25-01");
    expect(await paidRow.innerText()).toContain("Paid");
  });

  it("a payment run: staff tick two invoices, mark them paid together and see what was paid and skipped", async () => {
    const staff = await journey.logIn(manager);
    await staff.goto("/admin");
    await staff.getByRole("tab", { name: /Invoices/ }).click();
    const table = staff.getByRole("table", { name: "Self-billing invoices, newest first" });
    await table.getByRole("row").filter({ hasText: earlier[0] }).waitFor();
    // a paid invoice has no checkbox
    expect(await table.getByRole("checkbox", { name: `Select invoice ${number} for the payment run` }).count()).toBe(0);
    for (const n of earlier) await table.getByRole("checkbox", { name: `Select invoice ${n} for the payment run` }).click();
    // gross with 20 % VAT: £1,176.60 + £1,481.48
    await staff.getByText("2 selected for payment (£2,658.08)").waitFor();
    await staff.getByRole("button", { name: "Mark selected as paid" }).click();
    const dialog = staff.getByRole("dialog", { name: "Mark 2 invoices as paid" });
    await dialog.waitFor();
    await dialog.getByLabel("Payment reference").fill("RUN-2026-11-25");
    await viewShot(staff, "invoices-payment-run-dialog-desktop");
    await dialog.getByRole("button", { name: "Mark 2 as paid" }).click();
    const done = staff.getByRole("dialog", { name: "Payment run recorded" });
    await done.getByText("2 invoices marked as paid").first().waitFor();
    expect(await done.getByRole("button", { name: "Done" }).evaluate((el) => el === document.activeElement)).toBe(true);
    await viewShot(staff, "invoices-payment-run-summary-desktop");
    await done.getByRole("button", { name: "Done" }).click();
    for (const n of earlier) await expect.poll(() => table.getByRole("row").filter({ hasText: n }).innerText()).toContain("RUN-2026-11-25");
    await expect.poll(() => staff.getByRole("button", { name: "Mark selected as paid" }).isDisabled()).toBe(true);

    // a carrier's statement: choose the company by name, then the CSV of the default period
    await staff.getByRole("button", { name: "Statement", exact: true }).click();
    const statement = staff.getByRole("dialog", { name: "Carrier statement" });
    await statement.getByRole("button", { name: /Download CSV/ }).waitFor();
    // no company chosen yet: no download, and the reason is read with the button
    expect(await statement.getByRole("button", { name: /Download CSV/ }).isDisabled()).toBe(true);
    await statement.getByRole("combobox", { name: "Carrier company" }).fill("Alice");
    await statement.getByRole("option", { name: /Alice Haulage Ltd/ }).click();
    const csvLink = statement.getByRole("link", { name: "Download CSV statement for Alice Haulage Ltd" });
    await viewShot(staff, "invoices-statement-dialog-desktop");
    const href = (await csvLink.getAttribute("href"))!;
    expect(new URL(href, server.url).searchParams.get("companyId")).toBe(company.id);
    const csv = await staff.request.get(href);
    expect(csv.status()).toBe(200);
    const rows = (await csv.text()).split("\r\n");
    for (const n of [number, ...earlier]) expect(rows.some((r) => r.includes(n) && r.includes("Paid"))).toBe(true);
    await staff.keyboard.press("Escape");
    await statement.waitFor({ state: "hidden" });

    // the overdue-only filter: nothing is overdue today
    await staff.getByLabel("Overdue only").click();
    await table.getByText("No invoices match the current filters.").waitFor();
    await staff.getByRole("button", { name: "Clear filters" }).click();
    await table.getByRole("row").filter({ hasText: number }).waitFor();
  });

  it("staff on a 390 px phone: the Invoices tab as cards, the Mark paid dialog and the invoice settings", async () => {
    const staff = await journey.logIn(manager, PHONE);
    await staff.goto("/admin");
    await staff.getByRole("tab", { name: /Invoices/ }).click();
    const list = staff.getByRole("list", { name: "Self-billing invoices, newest first" });
    await list.getByRole("article", { name: `Invoice ${number}` }).waitFor();
    await shot(staff, "invoices-admin-tab-phone");
    await expectAccessible(staff);

    // Bob's invoice is still issued: its card offers Mark paid
    const bobs = list.getByRole("article").filter({ hasText: "Bob Transport Ltd" });
    await bobs.getByRole("button", { name: /Mark paid/ }).click();
    const dialog = staff.getByRole("dialog", { name: "Mark invoice as paid" });
    await dialog.getByLabel("Payment reference").fill("BACS-BOB-1");
    await viewShot(staff, "invoices-mark-paid-dialog-phone");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    // the invoice settings, from the tab's toolbar
    await staff.getByRole("button", { name: "Invoice Settings", exact: true }).click();
    const settings = staff.getByRole("dialog", { name: "Invoice settings" });
    await settings.getByLabel("Payment terms (days)").waitFor();
    await settings.getByLabel("Payment terms (days)").fill("45");
    await settings.getByLabel("Network's name").fill("Flatbed Network Ltd");
    await settings.getByLabel("Network's address").fill("1 Dock Road\nHull HU1 1AA");
    await settings.getByLabel("Network's VAT number").fill("GB999888777");
    await viewShot(staff, "invoices-settings-dialog-phone");
    await settings.getByRole("button", { name: "Save" }).click();
    await settings.waitFor({ state: "hidden" });
    const saved = await staff.request.get("/api/admin/invoice-settings");
    expect(await saved.json()).toEqual({ paymentTermsDays: 45, companyName: "Flatbed Network Ltd", companyAddress: "1 Dock Road\nHull HU1 1AA", companyVatNumber: "GB999888777" });
    await fitsPhone(staff);
  });

  it("a carrier with no company, and staff, are told where invoices are instead of an empty list", async () => {
    const c = await journey.logIn(loner, PHONE);
    await c.goto("/invoices");
    await c.getByText("Your account is not linked to a carrier company.").waitFor();
    expect(await c.getByRole("region", { name: "Statement" }).count()).toBe(0);
    await expectAccessible(c);
    const staff = await journey.logIn(manager);
    await staff.goto("/invoices");
    await staff.getByText("Staff see every invoice in Admin.").waitFor();
    await staff.getByRole("link", { name: "Admin Dashboard" }).click();
    await staff.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
  });
});
