// A FORS certificate a carrier can finish, in the browser: with "Enforce FORS" on,
// a carrier on a 390 px phone whose insurances wait for the office (as straight
// after approval) reads that they are waiting, not "Not compliant: upload…";
// uploads a FORS certificate, which asks for its level; staff at 1280 px see the
// level in the Compliance tab and confirm it when they verify. The carrier is told
// in the bell (and by email), and books the FORS Silver load with no other step.
// Screenshots at 390 and 1280 px.
import { afterAll, beforeAll, expect, it } from "vitest";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, shot, startJourney, viewShot, type E2EServer, type Journey } from "./helpers";
import { createAdmin, createCarrier, createLoad } from "../test/factories";
import { addDocument } from "../test/company-fixtures";
import { companies, complianceSettings, type CompanyRow, type UserRow } from "../src/server/db/schema";
import { COMPANY_MSG, forsRequiredMessage } from "../src/contract/schemas/company";

let journey: Journey;
let server: E2EServer;
let company: CompanyRow;
let carrier: UserRow;
let admin: UserRow;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const NAME = "Brightway Haulage Ltd";
const yearAhead = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  [company] = await server.app.ctx.db.insert(companies).values({ name: NAME, nameKey: NAME.toLowerCase() }).returning();
  carrier = await createCarrier(server.app, { name: "Bea Bright", carrierName: NAME, companyId: company.id, email: "bea@brightway-e2e.test" });
  admin = await createAdmin(server.app, { name: "Olivia Office", carrierName: "Flatbed Network" });
  await server.app.ctx.db.update(complianceSettings).set({ requireCompliance: false, enforceFors: true });
  // both insurances sent with the registration, still with the office
  for (const kind of ["vehicle_insurance", "goods_in_transit"]) await addDocument(server.app, { companyId: company.id, kind, expiresOn: yearAhead(), status: "pending" });
  await createLoad(server.app, { loadNumber: "FN-2026-801", pickupCity: "Cardiff", deliveryCity: "Bristol", forsRequirement: "Silver", price: 640, distance: 44 });
});
afterAll(() => journey?.close());

const card = (page: import("playwright-core").Page, loadNumber: string) => page.getByTestId("load-card").filter({ hasText: loadNumber });

it("a carrier uploads a FORS Silver certificate with its level, staff verify it at that level, the carrier is told and books the Silver load", async () => {
  // 1. the Company page on a phone: the insurances are with the office, nothing to upload for them
  const phone = await journey.signedInPage(carrier, PHONE);
  await phone.goto("/company");
  const badge = phone.getByTestId("compliance-badge");
  await badge.getByText("Waiting for the office", { exact: true }).waitFor();
  await phone.getByText(/Your insurance documents are waiting for the office to check them/).waitFor();
  expect(await phone.getByText("Not compliant", { exact: true }).count()).toBe(0);
  expect(await phone.getByText(/Upload your vehicle insurance and goods in transit insurance/).count()).toBe(0);
  await shot(phone, "fors-company-waiting-390");
  await fitsPhone(phone);
  await expectAccessible(phone);

  // 2. the upload asks the certificate's level: without it, the contract's words under the field
  await phone.getByRole("button", { name: "Upload document" }).click();
  const dialog = phone.getByRole("dialog", { name: "Upload document" });
  await dialog.getByLabel("Kind of document").selectOption({ label: "FORS certificate" });
  await dialog.getByLabel("Expiry date").fill(yearAhead());
  await dialog.getByLabel("Choose the document file").setInputFiles({ name: "fors-silver.pdf", mimeType: "application/pdf", buffer: PDF });
  await dialog.getByText("Uploaded", { exact: false }).waitFor();
  await dialog.getByRole("button", { name: "Save document" }).click();
  await dialog.getByText(COMPANY_MSG.certificateForsLevel).waitFor();
  await dialog.getByLabel("FORS level").selectOption("Silver");
  await viewShot(phone, "fors-upload-dialog-390");
  await expectAccessible(phone);
  await dialog.getByRole("button", { name: "Save document" }).click();
  await dialog.waitFor({ state: "detached" });
  const row = phone.getByTestId("company-document").filter({ hasText: "FORS certificate (Silver)" });
  await row.getByText("Waiting for review").waitFor();
  await phone.getByText("Your FORS certificate (Silver) is waiting for the office to check it.", { exact: false }).waitFor();
  // the board still says what the Silver load needs, until staff verify it
  await phone.goto("/");
  await card(phone, "FN-2026-801").getByText(forsRequiredMessage("Silver")).waitFor({ timeout: 60_000 });

  // 3. staff at a desk: the level is in the Compliance tab, and Verify asks them to confirm it
  const staff = await journey.signedInPage(admin, DESKTOP_1280);
  await staff.goto("/admin");
  await staff.getByRole("tab", { name: /^Compliance/ }).click();
  const waiting = staff.getByRole("tabpanel").first().getByRole("tabpanel", { name: /Waiting for review/ });
  const forsRow = waiting.locator("tbody tr").filter({ hasText: NAME }).filter({ hasText: "FORS certificate (Silver)" });
  await forsRow.waitFor();
  await forsRow.getByRole("button", { name: `Verify FORS certificate (Silver), ${NAME}` }).click();
  const verify = staff.getByRole("dialog", { name: `Verify FORS certificate (Silver), ${NAME}` });
  await verify.getByText("The carrier gave FORS Silver when uploading it.").waitFor();
  expect(await verify.getByLabel("FORS level on the certificate").inputValue()).toBe("Silver");
  await viewShot(staff, "fors-verify-dialog-1280");
  await expectAccessible(staff);
  await verify.getByRole("button", { name: "Verify as FORS Silver" }).click();
  await verify.waitFor({ state: "detached" });
  await expect.poll(() => forsRow.count()).toBe(0);

  // 4. the carrier is told: the bell (live) and an email
  const bell = phone.getByTestId("notification-bell");
  await expect.poll(() => phone.getByTestId("notification-count").textContent(), { timeout: 5000 }).toBe("1");
  await bell.click();
  const list = phone.getByRole("dialog", { name: "Notifications" });
  await list.getByText(`FORS certificate (Silver) of ${NAME} verified`).waitFor();
  await viewShot(phone, "fors-bell-verified-390");
  await expectAccessible(phone);
  await phone.keyboard.press("Escape");
  const mail = await (async () => {
    for (const start = Date.now(); Date.now() - start < 10_000; await new Promise((r) => setTimeout(r, 50))) {
      const m = server.sink.messages.find((x) => JSON.stringify(x.to ?? "").includes(carrier.email) && /FORS certificate \(Silver\) of Brightway Haulage Ltd verified/.test(x.subject ?? ""));
      if (m) return m;
    }
    throw new Error(`no verification email: ${server.sink.messages.map((x) => x.subject).join(" | ")}`);
  })();
  expect(mail.text).toContain("Your company's verified FORS level is now Silver");

  // 5. no other step: the Silver load books
  await phone.reload();
  const accept = card(phone, "FN-2026-801").getByRole("button", { name: "Accept Load" });
  await accept.waitFor({ timeout: 60_000 });
  await expect.poll(() => accept.isDisabled()).toBe(false);
  expect(await card(phone, "FN-2026-801").getByTestId("booking-block").count()).toBe(0);
  await accept.click();
  await phone.getByRole("dialog", { name: "Confirm Load Acceptance" }).getByRole("button", { name: "Accept Load" }).click();
  await phone.getByText("Load Accepted Successfully").waitFor();

  // the Company page at a desk: the verified level is the certificate's
  const desk = await journey.signedInPage(carrier, DESKTOP_1280);
  await desk.goto("/company");
  await desk.getByText(/^Verified FORS Silver, from your verified certificate\./).waitFor();
  await desk.getByTestId("company-document").filter({ hasText: "FORS certificate (Silver)" }).getByText("Verified", { exact: true }).waitFor();
  await shot(desk, "fors-company-verified-1280");
  await expectAccessible(desk);
  await phone.goto("/company");
  await phone.getByText(/^Verified FORS Silver/).waitFor();
  await shot(phone, "fors-company-verified-390");
  await fitsPhone(phone);
}, 180_000);
