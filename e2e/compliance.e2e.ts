// Carrier compliance in the browser: with both
// settings on, a carrier on a 390 px phone first sees on the board why they cannot
// book (insurance not verified), uploads their insurance and FORS certificate from
// the Company page, sees the FORS reason on a FORS Silver load once staff have
// verified the insurance, and accepts that load after staff verify the Silver
// certificate. Staff act through the API. An applicant adds both insurances right
// after registering on a phone (or skips to the mailbox); staff see them in the
// Pending tab, approve there, and find them waiting in the Compliance tab.
// Screenshots at 390 and 1280 px.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, shot, startJourney, viewShot, type E2EServer, type Journey } from "./helpers";
import { createAdmin, createCarrier, createLoad } from "../test/factories";
import { companies, type CompanyRow, type UserRow } from "../src/server/db/schema";
import { COMPANY_MSG, forsRequiredMessage } from "../src/contract/schemas/company";

let journey: Journey;
let server: E2EServer;
let company: CompanyRow;
let carrier: UserRow;
let admin: UserRow;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const NAME = "Silverline Haulage Ltd";

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  [company] = await server.app.ctx.db.insert(companies).values({ name: NAME, nameKey: NAME.toLowerCase() }).returning();
  carrier = await createCarrier(server.app, { name: "Sam Silver", carrierName: NAME, companyId: company.id, email: "sam@silverline-e2e.test" });
  admin = await createAdmin(server.app, { name: "Olivia Office", carrierName: "Flatbed Network" });
  await createLoad(server.app, { loadNumber: "FN-2026-701", pickupCity: "Leeds", deliveryCity: "London", forsRequirement: "Silver", price: 950, distance: 195 });
  await createLoad(server.app, { loadNumber: "FN-2026-702", pickupCity: "York", deliveryCity: "Hull", price: 400, distance: 38 });
});
afterAll(() => journey?.close());

const signedInPage = (user: UserRow, viewport = DESKTOP_1280) => journey.signedInPage(user, viewport);

/** A call of the app's own API from a signed-in page (staff act this way here). */
async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, { method, headers: body === undefined ? undefined : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : null) as never };
    },
    { method, url, body },
  );
}

const card = (page: Page, loadNumber: string) => page.getByTestId("load-card").filter({ hasText: loadNumber });
const yearAhead = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

async function uploadDocument(page: Page, kind: string, cover: string | null, fileName: string, screenshot?: string) {
  await page.getByRole("button", { name: "Upload document" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload document" });
  await dialog.waitFor();
  // focus starts on the first field, not the ✕ (ui/dialog-focus.ts)
  expect(await dialog.getByLabel("Kind of document").evaluate((el) => el === document.activeElement)).toBe(true);
  await dialog.getByLabel("Kind of document").selectOption({ label: kind });
  await dialog.getByLabel("Expiry date").fill(yearAhead());
  if (cover !== null) await dialog.getByLabel("Cover amount (optional)").fill(cover);
  else expect(await dialog.getByLabel("Cover amount (optional)").count()).toBe(0);
  // a FORS certificate carries its level, asked here
  if (kind === "FORS certificate") await dialog.getByLabel("FORS level").selectOption("Silver");
  // a phone offers the camera and the files both (never only the camera)
  await dialog.getByRole("button", { name: "Take a photo", exact: true }).waitFor();
  await dialog.getByLabel("Choose the document file").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: PDF });
  await dialog.getByText("Uploaded", { exact: false }).waitFor();
  if (screenshot) {
    await viewShot(page, screenshot);
    await expectAccessible(page);
  }
  await dialog.getByRole("button", { name: "Save document" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByTestId("company-document").filter({ hasText: kind }).first().waitFor();
}

it("an applicant on a phone adds both insurances right after registering; approval puts them on the company, waiting for review", async () => {
  const page = await journey.newPage(PHONE);
  page.on("pageerror", (e) => console.error("[applicant] page error:", e.message));
  await page.goto("/register");
  // the form's side panel: the mailbox stays, the upload is offered as the other way
  const step = page.getByRole("region", { name: "Documents we need before approval" });
  await step.getByText(server.app.ctx.config.newUserMailbox).waitFor();
  await step.getByText(/upload them yourself on the next screen/).waitFor();
  await shot(page, "compliance-register-390");
  await fitsPhone(page);

  await page.getByLabel("Full name").fill("Gemma Gold");
  await page.getByLabel("Carrier / company name").fill("Goldline Freight Ltd");
  await page.getByLabel("Contact number").fill("+44 7700 900777");
  await page.getByLabel("Email").fill("gemma@goldline-e2e.test");
  await page.getByLabel("Password", { exact: true }).fill("Secret1!pass");
  await page.getByLabel("Confirm password").fill("Secret1!pass");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("heading", { name: "Registration Received" }).waitFor();

  const section = page.getByRole("region", { name: "Add your insurance now (optional)" });
  await section.waitFor();
  for (const [kind, cover, file] of [
    ["Vehicle insurance", "2,000,000", "van-insurance.pdf"],
    ["Goods in transit insurance", "", "git-cert.pdf"],
  ] as const) {
    const card = section.getByRole("article", { name: kind });
    await card.getByLabel("Expiry date").fill(yearAhead());
    if (cover) await card.getByLabel("Cover amount (optional)").fill(cover);
    await card.getByRole("button", { name: "Take a photo", exact: true }).waitFor();
    await card.getByLabel(`Choose your ${kind.toLowerCase()} certificate file`).setInputFiles({ name: file, mimeType: "application/pdf", buffer: PDF });
    await card.getByText("Uploaded", { exact: false }).waitFor();
    if (kind === "Vehicle insurance") {
      await shot(page, "compliance-register-upload-390");
      await expectAccessible(page);
    }
    await card.getByRole("button", { name: `Add ${kind.toLowerCase()}` }).click();
    await card.getByText(/Added: waiting for review, valid until/).waitFor();
  }
  await section.getByText("cover £2,000,000.00", { exact: false }).waitFor();
  // the mailbox is still there, as the alternative
  await page.getByRole("region", { name: "Documents we need before approval" }).getByText(server.app.ctx.config.newUserMailbox).waitFor();
  await shot(page, "compliance-register-added-390");
  await fitsPhone(page);

  // staff see in the Pending tab that two documents came with the registration, and approve it there
  const staff = await signedInPage(admin);
  await staff.goto("/admin");
  await staff.getByRole("tab", { name: /^Pending/ }).click();
  const applicantRow = staff.getByRole("tabpanel").first().locator("tbody tr").filter({ hasText: "Gemma Gold" });
  await applicantRow.getByText("2 insurance documents attached").waitFor();
  await shot(staff, "compliance-pending-documents-1280");
  // on a staff phone too, beside the applicant inside the 390 px screen
  const staffPhone = await signedInPage(admin, PHONE);
  await staffPhone.goto("/admin");
  await staffPhone.getByRole("tab", { name: /^Pending/ }).click();
  const attached = staffPhone.getByRole("tabpanel").first().locator("tbody tr").filter({ hasText: "Gemma Gold" }).getByText("2 insurance documents attached");
  await attached.waitFor();
  const box = await attached.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await fitsPhone(staffPhone);
  await shot(staffPhone, "compliance-pending-documents-390");
  await applicantRow.getByRole("button", { name: "Approve Gemma Gold" }).click();
  await applicantRow.waitFor({ state: "detached" });
  // the two documents are the new company's, waiting for review in the Compliance tab
  await staff.getByRole("tab", { name: /^Compliance/ }).click();
  const waiting = staff.getByRole("tabpanel").first().getByRole("tabpanel", { name: /Waiting for review/ });
  const goldline = waiting.locator("tbody tr").filter({ hasText: "Goldline Freight Ltd" });
  await expect.poll(() => goldline.count()).toBe(2);
  expect(await goldline.filter({ hasText: "Vehicle insurance" }).innerText()).toContain("£2,000,000.00");
  await goldline.filter({ hasText: "Goods in transit insurance" }).waitFor();
  await shot(staff, "compliance-registration-waiting-1280");
  const pending = (await call<{ email: string }[]>(staff, "GET", "/api/users/pending")).json;
  expect(pending.some((u) => u.email === "gemma@goldline-e2e.test")).toBe(false);
}, 120_000);

it("an applicant who would rather email skips the upload step; the mailbox stays and takes the focus", async () => {
  const page = await journey.newPage(PHONE);
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Eddie Email");
  await page.getByLabel("Carrier / company name").fill("Postbox Haulage Ltd");
  await page.getByLabel("Contact number").fill("+44 7700 900778");
  await page.getByLabel("Email").fill("eddie@postbox-e2e.test");
  await page.getByLabel("Password", { exact: true }).fill("Secret1!pass");
  await page.getByLabel("Confirm password").fill("Secret1!pass");
  await page.getByRole("button", { name: "Create Account" }).click();
  const section = page.getByRole("region", { name: "Add your insurance now (optional)" });
  await section.waitFor();
  await shot(page, "compliance-register-step-390");
  await section.getByRole("button", { name: "Skip: I'll email them" }).click();
  await section.waitFor({ state: "detached" });
  const mailbox = page.getByRole("region", { name: "Documents we need before approval" });
  await mailbox.getByText(server.app.ctx.config.newUserMailbox).waitFor();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("documents-heading");
  await shot(page, "compliance-register-skipped-390");
  await fitsPhone(page);
  await expectAccessible(page);
});

it("the register page in a desk browser offers the upload beside the mailbox", async () => {
  const page = await journey.newPage(DESKTOP_1280);
  await page.goto("/register");
  const step = page.getByRole("region", { name: "Documents we need before approval" });
  await step.getByText(server.app.ctx.config.newUserMailbox).waitFor();
  await step.getByText(/upload them yourself on the next screen/).waitFor();
  await shot(page, "compliance-register-1280");
  // and the step after it, at a desk
  await page.getByLabel("Full name").fill("Dora Desk");
  await page.getByLabel("Carrier / company name").fill("Deskside Transport Ltd");
  await page.getByLabel("Contact number").fill("+44 7700 900779");
  await page.getByLabel("Email").fill("dora@deskside-e2e.test");
  await page.getByLabel("Password", { exact: true }).fill("Secret1!pass");
  await page.getByLabel("Confirm password").fill("Secret1!pass");
  await page.getByRole("button", { name: "Create Account" }).click();
  const section = page.getByRole("region", { name: "Add your insurance now (optional)" });
  await section.getByRole("article", { name: "Goods in transit insurance" }).waitFor();
  await section.getByRole("button", { name: "Skip: I'll email them" }).waitFor();
  await shot(page, "compliance-register-step-1280");
  await expectAccessible(page);
});

it("a carrier on a phone sees why they cannot book, uploads insurance and FORS from the Company page, and books a FORS Silver load once staff verify", async () => {
  const staff = await signedInPage(admin);
  await staff.goto("/admin");
  expect((await call(staff, "PUT", "/api/admin/compliance-settings", { requireCompliance: true, enforceFors: true })).status).toBe(200);

  // 1. the board says why, and Accept and Bid are disabled
  const phone = await signedInPage(carrier, PHONE);
  await phone.goto("/");
  // the first board of a fresh server on a busy machine can take a while
  await card(phone, "FN-2026-701").waitFor({ timeout: 60_000 });
  await phone.getByTestId("board-compliance-notice").getByText(COMPANY_MSG.notCompliant).waitFor();
  const silver = card(phone, "FN-2026-701");
  await silver.getByTestId("booking-block").getByText(COMPANY_MSG.notCompliant).waitFor();
  expect(await silver.getByRole("button", { name: "Accept Load" }).isDisabled()).toBe(true);
  expect(await silver.getByRole("button", { name: "Place Bid" }).isDisabled()).toBe(true);
  expect(await card(phone, "FN-2026-702").getByRole("button", { name: "Accept Load" }).isDisabled()).toBe(true);
  await shot(phone, "compliance-board-not-compliant-390");
  await fitsPhone(phone);
  await expectAccessible(phone);

  // 2. the Company page, from the card's link
  await silver.getByRole("link", { name: "Go to your Company page" }).click();
  await phone.waitForURL("**/company");
  await phone.getByRole("heading", { level: 1, name: NAME }).waitFor();
  await phone.getByTestId("compliance-badge").getByText("Not compliant", { exact: true }).waitFor();
  await phone.getByText("No documents yet").waitFor();
  await shot(phone, "compliance-company-empty-390");
  await fitsPhone(phone);
  await expectAccessible(phone);

  // the profile: the contract's message under a bad Companies House number, then saved
  await phone.getByLabel("Companies House number").fill("12345");
  await phone.getByRole("button", { name: "Save company details" }).click();
  await phone.getByText(COMPANY_MSG.companyNumber).waitFor();
  await phone.getByLabel("Companies House number").fill("01234567");
  await phone.getByLabel("Operator licence (O-licence) number").fill("ob 1234567");
  await phone.getByLabel("FORS level").selectOption({ label: "FORS Silver" });
  await phone.getByRole("button", { name: "Save company details" }).click();
  await phone.getByText("Company details saved").waitFor();
  await expect.poll(() => phone.getByLabel("Operator licence (O-licence) number").inputValue()).toBe("OB1234567");

  // 3. the documents, each uploaded from the phone
  await uploadDocument(phone, "Vehicle insurance", "1,000,000", "vehicle-insurance.pdf", "compliance-upload-dialog-390");
  await uploadDocument(phone, "Goods in transit insurance", "£75,000", "git.pdf");
  await uploadDocument(phone, "FORS certificate", null, "fors-silver.pdf");
  expect(await phone.getByTestId("company-document").filter({ hasText: "Waiting for review" }).count()).toBe(3);
  await phone.getByText("£1,000,000.00").waitFor();
  await shot(phone, "compliance-company-uploaded-390");
  await fitsPhone(phone);
  await expectAccessible(phone);

  // 4. staff verify the two insurances (not yet the FORS certificate)
  const docs = (await call<{ id: string; kind: string; status: string }[]>(staff, "GET", `/api/companies/${company.id}/documents`)).json;
  expect(docs.map((d) => `${d.kind}:${d.status}`).sort()).toEqual(["fors_certificate:pending", "goods_in_transit:pending", "vehicle_insurance:pending"]);
  for (const d of docs.filter((d) => d.kind !== "fors_certificate")) expect((await call(staff, "POST", `/api/documents/${d.id}/verify`)).status).toBe(200);

  // the Company page says so; the board now names the FORS level the Silver load needs
  await phone.reload();
  await phone.getByTestId("compliance-badge").getByText("Compliant", { exact: true }).waitFor();
  await phone.goto("/");
  await card(phone, "FN-2026-701").getByText(forsRequiredMessage("Silver")).waitFor();
  expect(await phone.getByTestId("board-compliance-notice").count()).toBe(0);
  expect(await card(phone, "FN-2026-701").getByRole("button", { name: "Accept Load" }).isDisabled()).toBe(true);
  expect(await card(phone, "FN-2026-702").getByRole("button", { name: "Accept Load" }).isDisabled()).toBe(false);
  expect(await card(phone, "FN-2026-702").getByTestId("booking-block").count()).toBe(0);
  await shot(phone, "compliance-board-fors-390");
  await fitsPhone(phone);

  // the details dialog says it too
  await card(phone, "FN-2026-701").getByRole("button", { name: "View Details" }).click();
  const details = phone.getByRole("dialog");
  await details.getByText(forsRequiredMessage("Silver")).waitFor();
  expect(await details.getByRole("button", { name: "Accept Load" }).isDisabled()).toBe(true);
  // focus starts on the one thing to do, not the disabled Accept
  expect(await details.getByRole("link", { name: "Go to your Company page" }).evaluate((el) => el === document.activeElement)).toBe(true);
  await viewShot(phone, "compliance-details-fors-390");
  await details.getByRole("button", { name: "Cancel" }).click();

  // 5. staff verify the FORS Silver certificate; the carrier accepts the Silver load
  const fors = docs.find((d) => d.kind === "fors_certificate")!;
  expect((await call(staff, "POST", `/api/documents/${fors.id}/verify`)).status).toBe(200);
  await phone.reload();
  const accept = card(phone, "FN-2026-701").getByRole("button", { name: "Accept Load" });
  await accept.waitFor();
  await expect.poll(() => accept.isDisabled()).toBe(false);
  expect(await card(phone, "FN-2026-701").getByTestId("booking-block").count()).toBe(0);
  await accept.click();
  await phone.getByRole("dialog", { name: "Confirm Load Acceptance" }).getByRole("button", { name: "Accept Load" }).click();
  await phone.getByText("Load Accepted Successfully").waitFor();

  // desk-width screenshots of the Company page and of a blocked board
  const desk = await signedInPage(carrier);
  await desk.goto("/company");
  await desk.getByTestId("compliance-badge").getByText("Compliant", { exact: true }).waitFor();
  await desk.getByText(/^Verified FORS Silver/).waitFor();
  await shot(desk, "compliance-company-1280");
  await createLoad(server.app, { loadNumber: "FN-2026-703", pickupCity: "Leeds", deliveryCity: "Glasgow", forsRequirement: "Gold", price: 1400, distance: 220 });
  await desk.goto("/");
  await card(desk, "FN-2026-703").getByText(forsRequiredMessage("Gold")).waitFor();
  await shot(desk, "compliance-board-fors-1280");
}, 180_000);
