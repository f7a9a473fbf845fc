// Journey: the admin page at start and its Pending tab, at a 1280 px desk and on a
// 390 px phone. With Invoice Settings still empty the page asks staff to fill them
// before the first completion and the banner opens the dialog; saved, it goes.
// The header keeps its buttons on one row at 1280 px with the load count in view.
// A registration repeating an account's name, company and phone is flagged in the
// Pending tab, naming that account. A saved search's name says its limit: counted
// in the hint, and a longer one named in the error rather than cut silently.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP_1280, PHONE, fitsPhone, settled, startJourney, viewShot, type Journey } from "./helpers";
import { createAdmin, createCarrier, createLoads, createUser } from "../test/factories";
import type { LoadRow, UserRow } from "../src/server/db/schema";

const CHECK = "Fill in Invoice Settings before the first completion";
const REPEAT = "Possible repeat: same name, company and phone as rhys.first@example.com (approved account)";

let journey: Journey;
let admin: UserRow;
let approved: LoadRow;

beforeAll(async () => {
  journey = await startJourney();
  const app = journey.server.app;
  admin = await createAdmin(app, { name: "Ada Admin", carrierName: "Flatbed Network" });
  await createLoads(app, 40, (i) => ({ price: 600 + i * 10 }));
  const carrier = await createCarrier(app, { name: "Dai Driver", carrierName: "Dai Haulage Ltd" });
  [approved] = await createLoads(app, 1, () => ({ loadNumber: "FN-2026-0999", status: "approved", acceptedBy: carrier.id, acceptedByCarrier: "Dai Haulage Ltd", mandataNumber: "PO-0999", price: 900 }));
  await createUser(app, { isApproved: true, name: "Rhys Repeat", carrierName: "Repeat Haulage Ltd", contactNumber: "07700 900123", email: "rhys.first@example.com" });
  await createUser(app, { isApproved: false, name: "Rhys Repeat", carrierName: "repeat haulage ltd", contactNumber: "07700-900-123", email: "rhys.again@example.com" });
  await createUser(app, { isApproved: false, name: "Nia New", carrierName: "New Freight Cyf", contactNumber: "01970 123456", email: "nia@example.com" });
});

afterAll(async () => {
  await journey?.close();
});

let current: Page | undefined;
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && current) await viewShot(current, `admin-pass-FAILED-${ctx.task.name.slice(0, 40).replace(/\W+/g, "-")}`).catch(() => {});
  current = undefined;
});

async function openAdmin(viewport: { width: number; height: number }): Promise<Page> {
  const page = await journey.logIn(admin, viewport);
  current = page;
  await page.goto("/admin");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await page.getByText(/^\d[\d,]* loads$/).first().waitFor();
  return page;
}

/** The header's action buttons: their tops (one row when all are the same). */
async function headerButtonTops(page: Page): Promise<number[]> {
  const names = ["Add New Load", "Import CSV", "Send Available Loads Email", "Schedule Email", /^Compliance/, "Failed Mail"];
  const tops: number[] = [];
  for (const name of names) tops.push(Math.round((await page.getByRole("button", { name }).first().boundingBox())!.y));
  return tops;
}

describe("admin page at start and the Pending tab", () => {
  it("1280 px: the invoice settings check, the header on one row with the load count in view, then the check filled in", async () => {
    const page = await openAdmin(DESKTOP_1280);
    const banner = page.getByRole("status").filter({ hasText: CHECK });
    await settled(banner);
    await expect.poll(() => banner.textContent()).toContain("still empty: Network's name and Network's address");
    const tops = await headerButtonTops(page);
    expect(new Set(tops).size).toBe(1);
    // the All Loads count sits inside the first screen, not cut off at its right edge
    const count = (await page.getByText(/^41 loads$/).boundingBox())!;
    expect(count.y + count.height).toBeLessThanOrEqual(DESKTOP_1280.height);
    expect(count.x + count.width).toBeLessThanOrEqual(DESKTOP_1280.width - 16);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP_1280.width);
    await viewShot(page, "admin-pass-1280-start");

    // the same check on a phone, before it is filled in
    const phone = await openAdmin(PHONE);
    const phoneBanner = phone.getByRole("status").filter({ hasText: CHECK });
    await settled(phoneBanner);
    await phoneBanner.scrollIntoViewIfNeeded();
    await fitsPhone(phone);
    await viewShot(phone, "admin-pass-390-check");

    // Mark Complete asks for the settings first, and leaves the load approved
    const dialog = page.getByRole("dialog", { name: "Invoice settings" });
    await page.getByRole("button", { name: "Actions for load #FN-2026-0999" }).click();
    await page.getByRole("menuitem", { name: "Mark Complete" }).click();
    await settled(dialog);
    await expect.poll(() => page.getByText(CHECK).count()).toBeGreaterThan(1);
    await viewShot(page, "admin-pass-1280-complete-asks");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const load = async () => (await (await page.request.get(`/api/loads/${approved.id}`)).json()) as { status: string };
    expect((await load()).status).toBe("approved");

    await banner.getByRole("button", { name: "Open Invoice Settings" }).click();
    await settled(dialog);
    await dialog.getByLabel("Network's name").fill("Northern Flatbed Network Ltd");
    await dialog.getByLabel("Network's address").fill("1 Dock Street\nLeeds LS10 1JF");
    await dialog.getByRole("button", { name: /^Save/ }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByText(CHECK).count()).toBe(0);
    const saved = (await page.request.get("/api/admin/invoice-settings")).json();
    expect(await saved).toMatchObject({ companyName: "Northern Flatbed Network Ltd" });
    // filled in, Mark Complete completes
    await page.getByRole("button", { name: "Actions for load #FN-2026-0999" }).click();
    await page.getByRole("menuitem", { name: "Mark Complete" }).click();
    await expect.poll(async () => (await load()).status).toBe("completed");
  });

  it("1280 px: the Pending tab flags the repeat registration, not the new one", async () => {
    const page = await openAdmin(DESKTOP_1280);
    await page.getByRole("tab", { name: /Pending/ }).click();
    const again = page.getByRole("row").filter({ hasText: "rhys.again@example.com" });
    await settled(again);
    await expect.poll(() => again.textContent()).toContain(REPEAT);
    expect(await page.getByRole("row").filter({ hasText: "nia@example.com" }).textContent()).not.toContain("Possible repeat");
    await viewShot(page, "admin-pass-1280-pending");
  });

  it("390 px: the Pending tab with the flag fits the phone", async () => {
    const page = await openAdmin(PHONE);
    await fitsPhone(page);
    await page.getByRole("tab", { name: /Pending/ }).click();
    const again = page.getByRole("row").filter({ hasText: "rhys.again@example.com" });
    await settled(again);
    await again.getByText(REPEAT).scrollIntoViewIfNeeded();
    await fitsPhone(page);
    await viewShot(page, "admin-pass-390-pending");
  });

  for (const viewport of [DESKTOP_1280, PHONE]) {
    it(`${viewport.width} px: a saved search's name counts to its limit and a longer one says so`, async () => {
      const carrier = await createCarrier(journey.server.app, { name: `Cai Carrier ${viewport.width}`, carrierName: "Cai Cludiant Cyf" });
      const page = await journey.logIn(carrier, viewport);
      current = page;
      const made = await page.request.post("/api/saved-searches", { data: { name: "Leeds to Bristol", filters: { search: "Leeds" }, alert: "off" }, headers: { Origin: journey.server.url } });
      expect(made.status()).toBe(201);
      await page.goto("/saved-searches");
      await page.getByRole("button", { name: "Edit Leeds to Bristol" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit saved search" });
      await settled(dialog);
      await expect.poll(() => dialog.getByText("16 of 100 characters").count()).toBe(1);
      const name = dialog.getByLabel("Name");
      await name.fill("Leeds, Wakefield, Bradford, Huddersfield and Halifax to Bristol, Bath, Swindon and Gloucester: flatbeds only");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => dialog.getByText("A name can be at most 100 characters (this one has 108)").count()).toBe(1);
      // nothing was cut: the whole name is still in the field to shorten
      expect((await name.inputValue()).length).toBe(108);
      if (viewport === PHONE) await fitsPhone(page);
      await viewShot(page, `admin-pass-${viewport.width}-search-name`);
    });
  }
});
