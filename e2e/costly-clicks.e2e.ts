// A pause before costly clicks, in the browser at 1280 px and on a 390 px phone:
// staff turning on "Require verified insurance" see, before saving, how many
// companies and open bids it will block, named; in Manage Bids each bidder shows
// their compliance, a bid that cannot be awarded says why and its Accept is
// disabled; awarding asks first, naming the carrier, the amount and the other
// bids; a carrier's accept dialog shows the route, the dates and the price.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, startJourney, viewShot, type E2EServer, type Journey } from "./helpers";
import { createAdmin, createCarrier, createLoad } from "../test/factories";
import { createCompany, insure } from "../test/company-fixtures";
import type { LoadRow, UserRow } from "../src/server/db/schema";
import { COMPANY_MSG } from "../src/contract/schemas/company";
import { formatTimeWindow } from "../src/web/lib/format";

let journey: Journey;
let server: E2EServer;
let admin: UserRow;
let cara: UserRow;
let contested: LoadRow;
let booked: LoadRow;
const WAIT = { timeout: 20_000 };
const SIZES = [
  ["1280", DESKTOP_1280],
  ["390", PHONE],
] as const;

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  const app = server.app;
  const severn = await createCompany(app, { name: "Severn Haulage Ltd" });
  const valley = await createCompany(app, { name: "Valley Flatbeds Ltd" });
  const quick = await createCompany(app, { name: "Quickline Freight Ltd" });
  const year = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await insure(app, severn.id, year);
  await insure(app, valley.id, year);
  admin = await createAdmin(app, { name: "Olivia Office", carrierName: "Flatbed Network" });
  const ann = await createCarrier(app, { name: "Ann Severn", carrierName: severn.name, companyId: severn.id });
  const tom = await createCarrier(app, { name: "Tom Valley", carrierName: valley.name, companyId: valley.id });
  const quinn = await createCarrier(app, { name: "Quinn Quick", carrierName: quick.name, companyId: quick.id });
  cara = await createCarrier(app, { name: "Cara Board", carrierName: valley.name, companyId: valley.id });
  contested = await createLoad(app, { loadNumber: "FN-2026-851", pickupCity: "Cardiff", pickupState: "South Glamorgan", deliveryCity: "Bristol", price: 850, distance: 45 });
  booked = await createLoad(app, { loadNumber: "FN-2026-852", pickupCity: "Swansea", pickupState: "West Glamorgan", deliveryCity: "Newport", deliveryState: "Gwent", price: 640, distance: 60 });
  // three bids, placed while both switches are off: the lowest is from the uninsured company
  for (const [user, amount] of [
    [quinn, 780],
    [ann, 800],
    [tom, 820],
  ] as const) {
    const page = await journey.signedInPage(user, DESKTOP_1280);
    const res = await page.request.post("/api/bids", { data: { loadId: contested.id, bidAmount: amount } });
    expect(res.status()).toBe(201);
    await page.context().close();
  }
});
afterAll(() => journey?.close());

/** The admin header's Compliance Settings: a button, or an item of a header menu where the header folds its buttons away. */
async function openComplianceSettings(page: Page) {
  const button = page.getByRole("button", { name: "Compliance Settings" });
  const menu = page.getByRole("button", { name: /^(more|settings|menu)/i });
  await button.or(menu).locator("visible=true").first().waitFor(WAIT);
  if (await button.isVisible()) await button.click();
  else {
    await menu.first().click();
    await page.getByRole("menuitem", { name: /Compliance Settings/ }).click();
  }
  const dialog = page.getByRole("dialog", { name: "Compliance settings" });
  await dialog.waitFor(WAIT);
  return dialog;
}

it("turning on Require verified insurance names the company and the open bid it will block, before it is saved", async () => {
  for (const [size, viewport] of SIZES) {
    const page = await journey.signedInPage(admin, viewport);
    await page.goto("/admin");
    const dialog = await openComplianceSettings(page);
    const require = dialog.getByRole("switch", { name: "Require verified insurance to book" });
    await require.waitFor();
    // off: nothing to warn of yet
    expect(await dialog.getByTestId("compliance-preview").count()).toBe(0);
    await require.press("Space");
    const headline = dialog.getByTestId("compliance-preview-headline");
    await expect.poll(() => headline.textContent(), WAIT).toBe("Saving will stop 1 company from booking loads and 1 open bid from being awarded.");
    expect(await dialog.getByTestId("preview-company").allTextContents()).toEqual([`Quickline Freight Ltd${"No verified, unexpired vehicle insurance and goods in transit insurance on file"}`]);
    expect(await dialog.getByTestId("preview-bid").allTextContents()).toEqual([`#FN-2026-851: Quickline Freight Ltd, £780.00${COMPANY_MSG.bidderNotCompliant}`]);
    // nothing is saved by looking
    expect(await (await page.request.get("/api/admin/compliance-settings")).json()).toEqual({ requireCompliance: false, enforceFors: false });
    await viewShot(page, `costly-clicks-settings-preview-${size}`);
    await expectAccessible(page);
    if (size === "390") await fitsPhone(page);
    await page.context().close();
  }
  // saved now, through the API: the rest of the journey runs with insurance required
  const page = await journey.signedInPage(admin, DESKTOP_1280);
  expect((await page.request.put("/api/admin/compliance-settings", { data: { requireCompliance: true, enforceFors: false } })).status()).toBe(200);
  await page.context().close();
});

async function openManageBids(page: Page) {
  await page.goto("/admin");
  await page.getByRole("tab", { name: /Loads with Bids/ }).click();
  await page.getByRole("button", { name: /View bids on load FN-2026-851/i }).click();
  const manage = page.getByRole("dialog", { name: /Manage Bids/ });
  // the table on a desk, the cards on a phone: whichever shows
  await manage.getByText("Quinn Quick").locator("visible=true").first().waitFor(WAIT);
  return manage;
}

it("Manage Bids shows each bidder's compliance and why a bid cannot be awarded, before the click; awarding asks first", async () => {
  // on a phone: one card a bid, the reason under the disabled Accept
  const phone = await journey.signedInPage(admin, PHONE);
  const phoneManage = await openManageBids(phone);
  const quinnCard = phoneManage.getByTestId("manage-bid-card").filter({ hasText: "Quinn Quick" });
  await quinnCard.getByText(COMPANY_MSG.bidderNotCompliant).waitFor(WAIT);
  expect(await quinnCard.getByRole("button", { name: /^Accept/ }).isDisabled()).toBe(true);
  await phoneManage.getByTestId("manage-bid-card").filter({ hasText: "Ann Severn" }).getByRole("button", { name: /^Accept/ }).click();
  const phoneAward = phone.getByRole("dialog", { name: "Award this bid?" });
  await phoneAward.waitFor();
  await viewShot(phone, "costly-clicks-award-confirm-390");
  await fitsPhone(phone);
  await phoneAward.getByRole("button", { name: "Cancel" }).click();
  await phoneAward.waitFor({ state: "detached" });
  await quinnCard.scrollIntoViewIfNeeded();
  await viewShot(phone, "costly-clicks-manage-bids-390");
  await phone.context().close();

  const page = await journey.signedInPage(admin, DESKTOP_1280);
  const manage = await openManageBids(page);
  const row = (name: string) => manage.getByTestId("manage-bid-row").filter({ hasText: name });
  expect(await row("Quinn Quick").getByTestId("bidder-compliance").textContent()).toBe("Not compliant");
  expect(await row("Ann Severn").getByTestId("bidder-compliance").textContent()).toBe("Compliant");
  const blockedAccept = row("Quinn Quick").getByRole("button", { name: /^Accept/ });
  expect(await blockedAccept.isDisabled()).toBe(true);
  // the reason is the disabled button's description for a screen reader
  const describedBy = await blockedAccept.getAttribute("aria-describedby");
  expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(`Cannot be awarded: ${COMPANY_MSG.bidderNotCompliant}`);
  expect(await row("Ann Severn").getByRole("button", { name: /^Accept/ }).isDisabled()).toBe(false);
  await viewShot(page, "costly-clicks-manage-bids-1280");
  await expectAccessible(page);

  // Escape takes the question back, nothing is awarded, and focus returns to Accept
  const annAccept = row("Ann Severn").getByRole("button", { name: /^Accept/ });
  await annAccept.click();
  const award = page.getByRole("dialog", { name: "Award this bid?" });
  await award.waitFor();
  expect(await award.textContent()).toContain("Award Load #FN-2026-851 to Severn Haulage Ltd (Ann Severn) for £800.00? This cannot be undone.");
  expect(await award.getByTestId("award-others").textContent()).toBe("The other 2 bids will be rejected and told.");
  await viewShot(page, "costly-clicks-award-confirm-1280");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await award.waitFor({ state: "detached" });
  await expect.poll(() => annAccept.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await row("Ann Severn").textContent()).toContain("Pending");

  await annAccept.click();
  await award.getByRole("button", { name: "Award for £800.00" }).click();
  await page.locator("[data-sonner-toast]").getByText("Bid Accepted", { exact: true }).waitFor(WAIT);
  await expect.poll(() => row("Quinn Quick").textContent(), WAIT).toContain("Rejected");
  expect(await row("Tom Valley").textContent()).toContain("Rejected");
  await page.context().close();
});

it("the carrier's accept dialog shows the route, the pickup and delivery and the price, not only the number", async () => {
  for (const [size, viewport] of SIZES) {
    const page = await journey.signedInPage(cara, viewport);
    await page.goto("/");
    const card = page.getByTestId("load-card").filter({ hasText: "FN-2026-852" });
    await card.getByRole("button", { name: "Accept Load" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Load Acceptance" });
    await confirm.waitFor(WAIT);
    expect(await confirm.textContent()).toContain("Are you sure you want to accept Load #FN-2026-852? This action cannot be undone.");
    const summary = await confirm.getByTestId("accept-summary").textContent();
    for (const words of [
      "Swansea",
      "West Glamorgan",
      "Newport",
      "Gwent",
      `Pickup${formatTimeWindow(booked.pickupDate!.toISOString(), booked.pickupTimeType, booked.pickupStartTime, booked.pickupEndTime)}`,
      `Delivery${formatTimeWindow(booked.deliveryDate!.toISOString(), booked.deliveryTimeType, booked.deliveryStartTime, booked.deliveryEndTime)}`,
      "Price£640.00",
    ]) {
      expect(summary).toContain(words);
    }
    expect(summary).toMatch(/Pickup(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4} at \d{2}:\d{2}/);
    await viewShot(page, `costly-clicks-accept-dialog-${size}`);
    await expectAccessible(page);
    if (size === "390") await fitsPhone(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.context().close();
  }
});
