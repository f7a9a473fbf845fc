// Staff compliance in the browser:
// the Compliance tab with its count in the title, verifying one document and
// rejecting another with a reason (which the carrier then reads on their Company
// page), the three lists, the company dialog from the Compliance and Carriers
// tabs, renaming a company (members and bookings follow), merging two companies,
// moving a user, and the compliance settings. Screenshots at 1280 px and 390 px.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { PHONE, launchBrowser, newPage, shot, startServer, type E2EServer } from "./helpers";
import { PASSWORD, createAdmin, createCarrier, createLoad } from "../test/factories";
import { companies, companyDocuments, loads, users, type CompanyRow, type UserRow } from "../src/server/db/schema";
import { COMPANY_MSG, addDays } from "../src/contract/schemas/company";
import { ukDayKey } from "../src/contract/wall-clock";

const WIDE = { width: 1280, height: 900 };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const REASON = "The policy number is not readable: please upload a clearer scan.";

let server: E2EServer;
let browser: Browser;
let admin: UserRow;
let kim: UserRow;
let bea: UserRow;
let sid: UserRow;
const co: Record<string, CompanyRow> = {};
let page: Page;
const contexts: BrowserContext[] = [];

async function company(name: string): Promise<CompanyRow> {
  const [row] = await server.app.ctx.db.insert(companies).values({ name, nameKey: name.toLowerCase() }).returning();
  return row;
}

/** A carrier uploads a document the way the Company page does: the file first, then the document. */
async function upload(user: UserRow, companyId: string, kind: string, expiresOn: string, coverAmount: number | null) {
  const { context, page: p } = await newPage(browser, server.url, WIDE);
  expect((await p.request.post("/api/login", { data: { email: user.email, password: PASSWORD } })).status()).toBe(200);
  const ticket = (await (await p.request.post("/api/objects/upload")).json()) as { uploadURL: string; objectPath: string };
  expect((await p.request.put(ticket.uploadURL, { data: PDF, headers: { "content-type": "application/pdf" } })).status()).toBe(200);
  const res = await p.request.post(`/api/companies/${companyId}/documents`, { data: { kind, objectPath: ticket.objectPath, expiresOn, coverAmount } });
  expect(res.status()).toBe(201);
  await context.close();
  return ticket.objectPath;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const app = server.app;
  const today = ukDayKey(Date.now());
  admin = await createAdmin(app, { name: "Olivia Office", carrierName: "Flatbed Network" });
  co.kent = await company("Kent Flatbeds");
  co.brook = await company("Brook Transport");
  co.smithLtd = await company("Smith Haulage Ltd");
  co.smith = await company("Smith Haulage");
  kim = await createCarrier(app, { name: "Kim Kent", carrierName: "Kent Flatbeds", companyId: co.kent.id, email: "kim@kent.example" });
  bea = await createCarrier(app, { name: "Bea Brook", carrierName: "Brook Transport", companyId: co.brook.id, email: "bea@brook.example" });
  await createCarrier(app, { name: "Sam Smith", carrierName: "Smith Haulage Ltd", companyId: co.smithLtd.id, email: "sam@smith.example" });
  sid = await createCarrier(app, { name: "Sid Smith", carrierName: "Smith Haulage", companyId: co.smith.id, email: "sid@smith.example" });
  // bookings that follow a rename and a merge
  await createLoad(app, { loadNumber: "FN-2026-801", status: "accepted", acceptedBy: kim.id, acceptedByCarrier: "Kent Flatbeds", acceptedAt: new Date() });
  await createLoad(app, { loadNumber: "FN-2026-802", status: "completed", acceptedBy: sid.id, acceptedByCarrier: "Smith Haulage", price: 700 });

  // waiting for review: three, uploaded through the API as a carrier would
  await upload(kim, co.kent.id, "vehicle_insurance", addDays(today, 300), 250_000);
  await upload(kim, co.kent.id, "goods_in_transit", addDays(today, 300), 100_000);
  const beaFile = await upload(bea, co.brook.id, "vehicle_insurance", addDays(today, 200), 500_000);
  // verified earlier: Smith Haulage Ltd's vehicle insurance runs out in 12 days; Brook's goods in transit ran out 3 days ago
  const reviewed = { status: "verified", uploadedAt: new Date(Date.now() - 300 * 86_400_000), reviewedBy: admin.id, reviewedAt: new Date(Date.now() - 299 * 86_400_000) };
  await app.ctx.db.insert(companyDocuments).values([
    { companyId: co.smithLtd.id, kind: "vehicle_insurance", objectPath: beaFile, expiresOn: addDays(today, 12), coverAmount: "250000", uploadedBy: null, ...reviewed },
    { companyId: co.smithLtd.id, kind: "goods_in_transit", objectPath: beaFile, expiresOn: addDays(today, 200), coverAmount: "75000", uploadedBy: null, ...reviewed },
    { companyId: co.brook.id, kind: "goods_in_transit", objectPath: beaFile, expiresOn: addDays(today, -3), coverAmount: "50000", uploadedBy: bea.id, ...reviewed },
  ]);

  const { context, page: p } = await newPage(browser, server.url, WIDE);
  contexts.push(context);
  page = p;
  page.on("pageerror", (e) => console.error("page error:", e.message));
  expect((await page.request.post("/api/login", { data: { email: admin.email, password: PASSWORD } })).status()).toBe(200);
  await page.goto("/admin");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page) await shot(page, `compliance-staff-FAILED-${ctx.task.name.slice(0, 40).replace(/\W+/g, "-")}`).catch(() => {});
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

const panel = (p: Page) => p.getByRole("tabpanel").first();
const complianceTab = (p: Page) => p.getByRole("tab", { name: /^Compliance/ });
const row = (scope: Locator | Page, text: string) => scope.locator("tbody tr", { hasText: text });
const companyDialog = (p: Page, name: string) => p.getByRole("dialog", { name, exact: true });
/** axe-core's WCAG 2.x A and AA rules on what the page shows now (as e2e/compliance.e2e.ts; toasts left out: they come and go). */
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
async function expectAccessible(p: Page) {
  // through the debugger, not a <script>: the app's CSP allows only its own scripts
  if (!(await p.evaluate(() => "axe" in window))) await p.evaluate(AXE);
  const violations = await p.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run({ exclude: [["[data-sonner-toaster]"]] }, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
  });
  expect(violations).toEqual([]);
}
const fitsPhone = async (p: Page) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe("staff compliance", () => {
  it("the Compliance tab counts what waits for review in its title, and staff verify one document and reject another with a reason", async () => {
    // the count is in the tab's name, said in words for a screen reader
    await expect.poll(() => complianceTab(page).innerText()).toMatch(/Compliance\s*3/);
    expect(await complianceTab(page).getAttribute("title")).toBe("3 waiting for review, 1 expiring within 30 days, 1 expired");
    await page.getByRole("tab", { name: "Compliance (3 documents waiting for review)" }).click();
    const list = panel(page).getByRole("tabpanel", { name: /Waiting for review/ });
    await list.getByRole("region", { name: "Documents waiting for review" }).waitFor();
    await expect.poll(() => list.locator("tbody tr").count()).toBe(3);
    await panel(page).getByText("3 waiting for review, 1 expiring within 30 days, 1 expired").waitFor();
    const kentVehicle = row(list, "Kent Flatbeds").filter({ hasText: "Vehicle insurance" });
    expect(await kentVehicle.innerText()).toContain("£250,000.00");
    expect(await kentVehicle.innerText()).toContain("Kim Kent");
    expect(await kentVehicle.getByRole("link", { name: "View Vehicle insurance, Kent Flatbeds (opens in a new tab)" }).getAttribute("href")).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    await shot(page, "compliance-tab-1280");
    await expectAccessible(page);

    // verify: the row leaves the list and the count goes down
    await list.getByRole("button", { name: "Verify Vehicle insurance, Kent Flatbeds" }).click();
    await expect.poll(() => list.locator("tbody tr").count()).toBe(2);
    await expect.poll(() => complianceTab(page).innerText()).toMatch(/Compliance\s*2/);

    // reject: the reason is required, in the contract's words
    await list.getByRole("button", { name: "Reject Goods in transit insurance, Kent Flatbeds" }).click();
    const dialog = page.getByRole("dialog", { name: "Reject Goods in transit insurance, Kent Flatbeds" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Reason").evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole("button", { name: "Reject document" }).click();
    await dialog.getByText(COMPANY_MSG.reasonRequired).waitFor();
    await shot(page, "compliance-reject-dialog-1280");
    await expectAccessible(page);
    await dialog.getByLabel("Reason").fill(REASON);
    await dialog.getByRole("button", { name: "Reject document" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => list.locator("tbody tr").count()).toBe(1);
    await expect.poll(() => complianceTab(page).innerText()).toMatch(/Compliance\s*1/);

    // the carrier sees the verdicts and the reason on their Company page
    const { context, page: carrier } = await newPage(browser, server.url, PHONE);
    contexts.push(context);
    await carrier.request.post("/api/login", { data: { email: kim.email, password: PASSWORD } });
    const docs = (await (await carrier.request.get(`/api/companies/${co.kent.id}/documents`)).json()) as { kind: string; status: string; reason: string | null }[];
    expect(docs.find((d) => d.kind === "goods_in_transit")).toMatchObject({ status: "rejected", reason: REASON });
    expect(docs.find((d) => d.kind === "vehicle_insurance")).toMatchObject({ status: "verified", reason: null });
    await carrier.goto("/company");
    await carrier.getByText(REASON).waitFor();
    await shot(carrier, "compliance-carrier-sees-reason-390");
  });

  it("the expiring and expired lists say what runs out and when", async () => {
    await panel(page).getByRole("tab", { name: /^Expiring within 30 days/ }).click();
    const expiring = panel(page).getByRole("tabpanel", { name: /Expiring within 30 days/ });
    const smith = row(expiring, "Smith Haulage Ltd");
    await smith.waitFor();
    expect(await smith.innerText()).toContain("in 12 days");
    expect(await smith.innerText()).toContain("Vehicle insurance");
    await shot(page, "compliance-expiring-1280");
    await panel(page).getByRole("tab", { name: /^Expired/ }).click();
    const expired = panel(page).getByRole("tabpanel", { name: /^Expired/ });
    const brook = row(expired, "Brook Transport");
    await brook.waitFor();
    expect(await brook.innerText()).toContain("3 days ago");
    expect(await brook.innerText()).toContain("Goods in transit insurance");
    await panel(page).getByRole("tab", { name: /^Waiting for review/ }).click();
  });

  it("the company dialog opens from the Compliance tab with its documents, members and compliance", async () => {
    const list = panel(page).getByRole("tabpanel", { name: /Waiting for review/ });
    await list.getByRole("button", { name: "Brook Transport: open company" }).click();
    const dialog = companyDialog(page, "Brook Transport");
    await dialog.waitFor();
    await dialog.getByText("Not compliant").first().waitFor();
    const docs = dialog.getByRole("region", { name: "Brook Transport: documents" });
    await docs.getByText("Goods in transit insurance").waitFor();
    await docs.getByRole("button", { name: "Verify Vehicle insurance, Brook Transport" }).waitFor();
    await dialog.getByRole("list", { name: "Members of Brook Transport" }).getByText("Bea Brook").waitFor();
    await shot(page, "compliance-company-dialog-1280");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // focus goes back to the name that opened it
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Brook Transport: open company");
  });

  it("staff rename a company from the Carriers tab: every member and booking takes the new name", async () => {
    await page.getByRole("tab", { name: "Carriers", exact: true }).click();
    const kent = row(panel(page), "Kent Flatbeds");
    // compliance in words on the row: verified vehicle insurance, rejected goods in transit
    await kent.getByText("Not compliant").waitFor();
    await kent.getByRole("button", { name: "Kent Flatbeds: open company" }).click();
    const dialog = companyDialog(page, "Kent Flatbeds");
    await dialog.waitFor();
    const name = dialog.getByLabel("Company name");
    await name.fill("Kent Flatbeds Ltd");
    await dialog.getByText("Saving renames Kent Flatbeds to Kent Flatbeds Ltd for its 1 member and on their bookings.").waitFor();
    await dialog.getByRole("button", { name: "Save and rename" }).click();
    await companyDialog(page, "Kent Flatbeds Ltd").waitFor();
    await row(panel(page), "Kent Flatbeds Ltd").waitFor();
    await page.keyboard.press("Escape");
    const db = server.app.ctx.db;
    expect((await db.select().from(users).where(eq(users.id, kim.id)))[0].carrierName).toBe("Kent Flatbeds Ltd");
    expect((await db.select().from(loads).where(eq(loads.loadNumber, "FN-2026-801")))[0].acceptedByCarrier).toBe("Kent Flatbeds Ltd");
  });

  it("staff merge two companies through the dialog, after a confirmation that says what moves", async () => {
    await panel(page).getByRole("button", { name: "Smith Haulage: open company" }).click();
    const dialog = companyDialog(page, "Smith Haulage");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Merge into another company…" }).click();
    const merge = page.getByRole("dialog", { name: "Merge Smith Haulage into another company" });
    await merge.waitFor();
    await merge.getByRole("combobox", { name: "Merge into" }).fill("smith");
    // the company being merged is never a choice
    await expect.poll(() => merge.getByRole("option").allInnerTexts()).toEqual([expect.stringMatching(/^Smith Haulage Ltd/)]);
    await merge.getByRole("combobox", { name: "Merge into" }).press("Enter");
    await merge.getByText("Chosen: Smith Haulage Ltd").waitFor();
    await merge.getByRole("button", { name: "Continue" }).click();
    const confirm = page.getByRole("dialog", { name: "Merge Smith Haulage into Smith Haulage Ltd?" });
    await confirm.getByText(
      "Everything of Smith Haulage moves to Smith Haulage Ltd: 1 member, their bookings and 0 documents. Smith Haulage Ltd keeps its name, and Smith Haulage is removed. This cannot be undone.",
    ).waitFor();
    // the safe answer first
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Back");
    await shot(page, "compliance-merge-confirm-1280");
    await expectAccessible(page);
    // Back returns to the search box, with the choice kept
    await confirm.getByRole("button", { name: "Back" }).click();
    expect(await merge.getByRole("combobox", { name: "Merge into" }).evaluate((el) => el === document.activeElement)).toBe(true);
    await merge.getByText("Chosen: Smith Haulage Ltd").waitFor();
    await merge.getByRole("button", { name: "Continue" }).click();
    await confirm.getByRole("button", { name: "Merge companies" }).click();
    // the dialog now shows the company that stayed, with the moved member
    const survivor = companyDialog(page, "Smith Haulage Ltd");
    await survivor.getByRole("list", { name: "Members of Smith Haulage Ltd" }).getByText("Sid Smith").waitFor();
    await survivor.getByRole("list", { name: "Members of Smith Haulage Ltd" }).getByText("Sam Smith").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => row(panel(page), "Smith Haulage").count()).toBe(1);
    const db = server.app.ctx.db;
    expect((await db.select().from(users).where(eq(users.id, sid.id)))[0]).toMatchObject({ companyId: co.smithLtd.id, carrierName: "Smith Haulage Ltd" });
    expect((await db.select().from(loads).where(eq(loads.loadNumber, "FN-2026-802")))[0].acceptedByCarrier).toBe("Smith Haulage Ltd");
    expect(await db.select().from(companies).where(eq(companies.id, co.smith.id))).toHaveLength(0);
  });

  it("staff move a user to another company from the Users tab's company dialog", async () => {
    await page.getByRole("tab", { name: "Users", exact: true }).click();
    await panel(page).getByRole("searchbox", { name: "Search users" }).fill("bea");
    const beaRow = row(panel(page), "Bea Brook");
    await beaRow.getByText("Not compliant").waitFor();
    await beaRow.getByRole("button", { name: "Brook Transport: open company" }).click();
    const dialog = companyDialog(page, "Brook Transport");
    await dialog.getByRole("button", { name: "Move Bea Brook to another company" }).click();
    const move = page.getByRole("dialog", { name: "Move Bea Brook to another company" });
    await move.getByRole("combobox", { name: "New company" }).fill("kent");
    await move.getByRole("option", { name: /Kent Flatbeds Ltd/ }).click();
    await move.getByRole("button", { name: "Move to Kent Flatbeds Ltd" }).click();
    await move.waitFor({ state: "detached" });
    await dialog.getByText("No members. Move a user here, or merge this company into another.").waitFor();
    await page.keyboard.press("Escape");
    await row(panel(page), "Bea Brook").getByText("Kent Flatbeds Ltd").waitFor();
    expect((await server.app.ctx.db.select().from(users).where(eq(users.id, bea.id)))[0].companyId).toBe(co.kent.id);
  });

  it("the compliance settings dialog explains both switches, off by default, and saves them", async () => {
    await page.getByRole("button", { name: "Compliance Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Compliance settings" });
    const require = dialog.getByRole("switch", { name: "Require verified insurance to book" });
    const fors = dialog.getByRole("switch", { name: "Enforce FORS levels" });
    await require.waitFor();
    expect(await require.getAttribute("aria-checked")).toBe("false");
    expect(await fors.getAttribute("aria-checked")).toBe("false");
    expect(await require.evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(page, "compliance-settings-1280");
    await expectAccessible(page);
    await require.press("Space");
    expect(await require.getAttribute("aria-checked")).toBe("true");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await (await page.request.get("/api/admin/compliance-settings")).json()).toEqual({ requireCompliance: true, enforceFors: false });
    await page.request.put("/api/admin/compliance-settings", { data: { requireCompliance: false, enforceFors: false } });
  });

  it("works on a 390 px phone: the tab, the lists and the company dialog", async () => {
    const { context, page: phone } = await newPage(browser, server.url, PHONE);
    contexts.push(context);
    phone.on("pageerror", (e) => console.error("phone page error:", e.message));
    await phone.request.post("/api/login", { data: { email: admin.email, password: PASSWORD } });
    await phone.goto("/admin");
    await phone.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await complianceTab(phone).click();
    const list = panel(phone).getByRole("tabpanel", { name: /Waiting for review/ });
    // a card a document on a phone, its Verify and Reject on screen
    const card = list.getByRole("list", { name: "Documents waiting for review" }).getByRole("listitem").filter({ hasText: "Brook Transport" });
    await card.waitFor();
    const verify = await card.getByRole("button", { name: "Verify Vehicle insurance, Brook Transport" }).boundingBox();
    expect(verify && verify.x + verify.width <= PHONE.width && verify.height >= 44).toBe(true);
    await fitsPhone(phone);
    await shot(phone, "compliance-tab-390");
    await expectAccessible(phone);
    await list.getByRole("button", { name: "Brook Transport: open company" }).click();
    const dialog = companyDialog(phone, "Brook Transport");
    await dialog.waitFor();
    await dialog.getByRole("list", { name: "Brook Transport: documents" }).getByText("Goods in transit insurance").waitFor();
    await fitsPhone(phone);
    await shot(phone, "compliance-company-dialog-390");
    await expectAccessible(phone);
    await dialog.getByRole("button", { name: "Merge into another company…" }).click();
    const merge = phone.getByRole("dialog", { name: "Merge Brook Transport into another company" });
    await merge.getByRole("combobox", { name: "Merge into" }).fill("kent");
    await merge.getByRole("option", { name: /Kent Flatbeds Ltd/ }).waitFor();
    await shot(phone, "compliance-merge-picker-390");
    await expectAccessible(phone);
    await merge.getByRole("button", { name: "Cancel" }).click();
  });
});
