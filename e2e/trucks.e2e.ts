// Trucks and return loads: a carrier on a 390 px phone posts a truck free in Leeds
// tomorrow (the contract's messages under their fields first) and sees the loads that
// fit it listed nearest pickup first with their empty miles, not the one in
// Southampton; another carrier books Manchester → London and the booking
// confirmation offers a London pickup home, which the booked load's card lists too
// and the bell's return-loads notice opens; staff at a 1280 px desk see the truck in
// the Trucks tab with its matches beside it and Offer one, and the carrier's bell
// opens the offered load on the Trucks page; a load staff then post that fits the
// truck reaches the carrier's bell as a match.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, settled, shot, startJourney, viewShot, type E2EServer, type Journey } from "./helpers";
import { createAdmin, createCarrier, createLoad } from "../test/factories";
import { createCompany } from "../test/company-fixtures";
import { ukDayKey } from "../src/contract/wall-clock";
import { TRUCK_MSG } from "../src/contract/schemas/truck";
import type { LoadRow, UserRow } from "../src/server/db/schema";

let journey: Journey;
let server: E2EServer;
let leedsCarrier: UserRow;
let booker: UserRow;
let staff: UserRow;
const L: Record<string, LoadRow> = {};
const DAY = 86_400_000;
/** a UK day `d` days from today, YYYY-MM-DD, and an instant on it (12:00 UTC is that UK day in summer and winter) */
const ukDay = (d: number) => ukDayKey(Date.now() + d * DAY);
const at = (d: number, hour = 12) => new Date(`${ukDay(d)}T${String(hour).padStart(2, "0")}:00:00Z`);

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  const app = server.app;
  const yorkshire = await createCompany(app, { name: "Aire Valley Flatbeds Ltd" });
  const mersey = await createCompany(app, { name: "Irwell Haulage Ltd" });
  leedsCarrier = await createCarrier(app, { name: "Lee Driver", carrierName: yorkshire.name, companyId: yorkshire.id });
  booker = await createCarrier(app, { name: "Mo Booker", carrierName: mersey.name, companyId: mersey.id });
  staff = await createAdmin(app, { name: "Olivia Office", carrierName: "Flatbed Network" });
  const base = { weight: 10_000, equipmentType: "Flatbed" as const };
  // for the Leeds truck tomorrow: two that fit (Leeds itself, then Bradford ~9 miles off), one in Southampton that does not
  L.leeds = await createLoad(app, { ...base, loadNumber: "FN-2026-901", pickupCity: "Leeds", pickupZip: "LS1 4AP", deliveryCity: "Bristol", deliveryZip: "BS1 4DJ", pickupDate: at(1, 9), deliveryDate: at(1, 16), price: 900, distance: 200, ratePerMile: 4.5 });
  L.bradford = await createLoad(app, { ...base, loadNumber: "FN-2026-902", pickupCity: "Bradford", pickupZip: "BD1 1HX", deliveryCity: "Derby", deliveryZip: "DE1 2FS", pickupDate: at(1, 10), deliveryDate: at(1, 15), price: 600, distance: 80, ratePerMile: 7.5 });
  L.soton = await createLoad(app, { ...base, loadNumber: "FN-2026-903", pickupCity: "Southampton", pickupZip: "SO14 3JA", deliveryCity: "Leeds", deliveryZip: "LS1 4AP", pickupDate: at(1, 9), deliveryDate: at(1, 18), price: 1100, distance: 240, ratePerMile: 4.58 });
  // Manchester → London delivering in 2 days, and a London pickup home the day after
  L.out = await createLoad(app, { ...base, loadNumber: "FN-2026-910", pickupCity: "Manchester", pickupZip: "M1 1AE", deliveryCity: "London", deliveryZip: "EC1A 1BB", pickupDate: at(2, 7), deliveryDate: at(2, 14), price: 1250, distance: 210, ratePerMile: 5.95 });
  L.home2 = await createLoad(app, { ...base, loadNumber: "FN-2026-912", pickupCity: "Whitechapel", pickupZip: "E1 6AN", deliveryCity: "Birmingham", deliveryZip: "B1 1AA", pickupDate: at(2, 17), deliveryDate: at(3, 10), price: 700, distance: 120, ratePerMile: 5.83 });
  L.home = await createLoad(app, { ...base, loadNumber: "FN-2026-911", pickupCity: "London", pickupZip: "SE1 7PB", deliveryCity: "Salford", deliveryZip: "M5 4WT", pickupDate: at(3, 8), deliveryDate: at(3, 15), price: 980, distance: 205, ratePerMile: 4.78 });
});
afterAll(() => journey?.close());

const matchCard = (scope: Page | ReturnType<Page["locator"]>, load: LoadRow) => scope.locator(`[data-testid="match-card"][data-load-id="${load.id}"]`);

describe("trucks and return loads", () => {
  let phone: Page;

  it("a carrier on a phone posts a truck in Leeds and sees the loads that fit it, nearest pickup first, with their empty miles", async () => {
    phone = await journey.signedInPage(leedsCarrier, PHONE);
    await phone.goto("/trucks");
    await phone.getByRole("heading", { name: "Trucks", level: 1 }).waitFor();
    await phone.getByText(/No trucks posted yet/).waitFor();
    // the menu names the page
    await phone.getByRole("button", { name: /^User menu for/ }).click();
    await phone.getByRole("menuitem", { name: "Trucks" }).waitFor();
    await phone.keyboard.press("Escape");

    const form = phone.getByRole("form", { name: "Post a truck" });
    await form.waitFor();
    // nothing filled in: the contract's words under the fields, before any request
    await form.getByRole("button", { name: "Post truck" }).click();
    await form.getByText(TRUCK_MSG.origin).waitFor();
    await form.getByText(TRUCK_MSG.weight).waitFor();
    expect(await phone.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    await form.getByLabel("Available until (optional)").fill(ukDay(20));
    await form.getByRole("button", { name: "Post truck" }).click();
    await form.getByText(TRUCK_MSG.untilTooLate).waitFor();
    await settled(form);
    await shot(phone, "trucks-form-errors-phone");
    await expectAccessible(phone);

    await form.getByLabel("Available on", { exact: true }).fill(ukDay(1));
    await form.getByLabel("Available until (optional)").fill(ukDay(2));
    await form.getByLabel("Where the truck is (postcode or district)").fill("ls1");
    await form.getByLabel("Max weight (kg)").fill("26,000");
    await form.getByLabel("Notes (optional)").fill("Moffett on board");
    await form.getByRole("button", { name: "Post truck" }).click();

    const truck = phone.getByTestId("truck-card");
    await truck.waitFor();
    // the form folds away and the focus lands on the list the truck joined
    await expect.poll(() => phone.evaluate(() => document.activeElement?.textContent)).toBe("Your company's trucks (1)");
    expect(await truck.getByRole("heading", { level: 3 }).textContent()).toMatch(/LS1.*Anywhere/);
    await truck.getByText("Open", { exact: true }).waitFor();
    const matches = truck.getByRole("list", { name: /Matching loads \(2\)/ });
    await matchCard(matches, L.bradford).waitFor({ timeout: 15_000 });
    // nearest pickup first: Leeds, then Bradford; Southampton is not listed
    const order = await matches.getByTestId("match-card").evaluateAll((els) => els.map((e) => e.getAttribute("data-load-id")));
    expect(order).toEqual([L.leeds.id, L.bradford.id]);
    const bradfordMiles = await matchCard(matches, L.bradford).getByTestId("empty-miles").textContent();
    expect(bradfordMiles).toMatch(/^\d+ miles empty to pickup$/);
    expect(Number(/\d+/.exec(bradfordMiles!)![0])).toBeGreaterThan(3);
    await matchCard(matches, L.bradford).getByText("£7.50/mile").waitFor();
    expect(await matchCard(phone, L.soton).count()).toBe(0);
    await settled(truck);
    await fitsPhone(phone);
    await shot(phone, "trucks-page-phone");
    await expectAccessible(phone);
    // a match's Place Bid is the usual bid dialog
    await matchCard(matches, L.leeds).getByRole("button", { name: "Place Bid" }).click();
    await phone.getByRole("dialog", { name: /Place Bid/ }).waitFor();
    await phone.keyboard.press("Escape");
    await phone.setViewportSize(DESKTOP_1280);
    await shot(phone, "trucks-page-desktop");
    await phone.setViewportSize(PHONE);
  });

  it("a carrier books Manchester → London: the confirmation offers the London pickup home, and so do the card and the bell", async () => {
    const c = await journey.signedInPage(booker, PHONE);
    await c.goto("/");
    // the app has taken over the server's first screen (its messages entry is drawn only in the browser)
    await c.getByTestId("messages-button").waitFor({ state: "attached" });
    const card = c.locator(`article[data-load-id="${L.out.id}"]`);
    await card.getByRole("button", { name: "Accept Load" }).click();
    await c.getByRole("dialog", { name: "Confirm Load Acceptance" }).getByRole("button", { name: "Accept Load" }).click();
    const done = c.getByRole("dialog", { name: "Load Accepted Successfully" });
    const section = done.getByTestId("return-loads-section");
    await section.getByRole("heading", { name: "Return loads from London" }).waitFor();
    const home = matchCard(section, L.home);
    await home.waitFor({ timeout: 15_000 });
    expect(await home.getByTestId("empty-miles").textContent()).toMatch(/^\d+ miles? from the delivery$/);
    expect(await home.textContent()).toContain("£980.00");
    expect(await home.textContent()).toMatch(/London.*Salford/);
    await settled(done);
    await viewShot(c, "trucks-booking-return-loads-phone");
    await expectAccessible(c);
    await c.setViewportSize(DESKTOP_1280);
    await viewShot(c, "trucks-booking-return-loads-desktop");
    await c.setViewportSize(PHONE);
    // a return load is booked from here: the confirmation closes for the next one, whose own looks for loads home in turn
    expect(await matchCard(section, L.home2).getByRole("button").allTextContents()).toEqual(["Accept Load"]);
    await matchCard(section, L.home2).getByRole("button", { name: "Accept Load" }).click();
    const confirm2 = c.getByRole("dialog", { name: "Confirm Load Acceptance" });
    expect(await confirm2.textContent()).toContain("#FN-2026-912");
    await done.waitFor({ state: "hidden" });
    await confirm2.getByRole("button", { name: "Accept Load" }).click();
    await done.getByText('Load #FN-2026-912 is now "Waiting for Approval".').waitFor();
    await done.getByText("No return loads near Birmingham yet. New loads are matched as they are posted.").waitFor({ timeout: 15_000 });
    await settled(done);
    await viewShot(c, "trucks-return-load-booked-phone");
    await done.getByRole("button", { name: "OK, Got It!" }).click();
    await done.waitFor({ state: "hidden" });

    // the booked card: one small button that opens the list
    const open = card.getByRole("button", { name: "Return loads (1)" });
    await open.waitFor({ timeout: 15_000 });
    expect(await open.getAttribute("aria-expanded")).toBe("false");
    await open.click();
    await matchCard(card, L.home).waitFor();
    await settled(card);
    await fitsPhone(c);
    await card.getByRole("button", { name: "Return loads (1)" }).scrollIntoViewIfNeeded();
    await viewShot(c, "trucks-booked-card-phone");
    await expectAccessible(c);

    // the bell's return-loads notice opens them on the Trucks page
    await c.getByTestId("notification-count").waitFor({ timeout: 15_000 });
    await c.getByTestId("notification-bell").click();
    const bell = c.getByRole("dialog", { name: "Notifications" });
    await bell.getByRole("button", { name: /Return loads from London/ }).click();
    await expect.poll(() => new URL(c.url()).search).toBe(`?returns=${L.out.id}`);
    await matchCard(c.getByTestId("return-loads-section"), L.home).waitFor();
    await shot(c, "trucks-return-loads-page-phone");
  });

  it("staff see the truck in the Trucks tab with its matches and offer one; the carrier's bell opens it", async () => {
    const o = await journey.signedInPage(staff, DESKTOP_1280);
    await o.goto("/admin");
    // the tab counts the open trucks
    await o.getByRole("tab", { name: "Trucks (1 open trucks)" }).click();
    await o.getByLabel("Near postcode").fill("LS2");
    await o.getByLabel("Free on").fill(ukDay(1));
    await o.getByRole("button", { name: "Find trucks" }).click();
    const row = o.locator('[data-testid="staff-truck"]', { hasText: "Aire Valley Flatbeds Ltd" });
    await row.waitFor({ timeout: 15_000 });
    const match = row.locator(`[data-testid="staff-match"][data-load-id="${L.bradford.id}"]`);
    await match.waitFor({ timeout: 15_000 });
    expect(await match.textContent()).toMatch(/FN-2026-902.*Bradford → Derby/);
    await settled(row);
    await shot(o, "trucks-staff-tab-desktop");
    await expectAccessible(o);

    await match.getByRole("button", { name: "Offer load #FN-2026-902 to Aire Valley Flatbeds Ltd" }).click();
    await o.getByText("Load #FN-2026-902 offered to Aire Valley Flatbeds Ltd").waitFor();
    const offered = match.getByRole("button", { name: "Offered load #FN-2026-902" });
    await offered.waitFor();
    expect(await offered.isDisabled()).toBe(true);
    // far from Leeds: no trucks there
    await o.getByLabel("Near postcode").fill("TR1");
    await o.getByLabel("Within").selectOption("25");
    await o.getByRole("button", { name: "Find trucks" }).click();
    await o.getByText("No open trucks match these filters. Widen the miles or clear the day.").waitFor();
    // the filters stay put across a reload
    await o.reload();
    await o.getByRole("tab", { name: /^Trucks/ }).click();
    expect(await o.getByLabel("Near postcode").inputValue()).toBe("TR1");
    await o.getByText("No open trucks match these filters. Widen the miles or clear the day.").waitFor();
    await o.setViewportSize(PHONE);
    await o.getByRole("button", { name: "Clear" }).click();
    await row.waitFor();
    await fitsPhone(o);
    await shot(o, "trucks-staff-tab-phone");

    // the carrier hears of it: the bell opens the offered load on the Trucks page
    await phone.goto("/trucks");
    await phone.getByTestId("notification-count").waitFor({ timeout: 15_000 });
    await phone.getByTestId("notification-bell").click();
    const bell = phone.getByRole("dialog", { name: "Notifications" });
    await bell.getByRole("button", { name: /Load FN-2026-902 offered for your truck/ }).click();
    await expect.poll(() => new URL(phone.url()).search).toBe(`?offer=${L.bradford.id}`);
    const offer = phone.getByRole("region", { name: "Offered to your truck" });
    await matchCard(offer, L.bradford).waitFor();
    await offer.getByRole("button", { name: "Accept Load" }).waitFor();
    await settled(offer);
    await viewShot(phone, "trucks-offered-phone");
    await expectAccessible(phone);

    // staff post a load in Leeds for tomorrow: matching finds the truck, and the bell says it is a match
    const posted = await o.request.post("/api/loads", {
      headers: { origin: server.url },
      data: { loadNumber: "FN-2026-920", pickupCity: "Leeds", pickupZip: "LS9 8AG", pickupDate: at(1, 11).toISOString(), deliveryCity: "Hull", deliveryZip: "HU1 1AA", deliveryDate: at(1, 15).toISOString(), price: 450, distance: 60, weight: 8000 },
    });
    expect(posted.status()).toBe(201);
    const fresh = (await posted.json()) as LoadRow;
    await expect.poll(() => phone.getByTestId("notification-count").textContent(), { timeout: 60_000 }).toBe("1");
    await phone.getByTestId("notification-bell").click();
    await phone.getByRole("dialog", { name: "Notifications" }).getByRole("button", { name: /New load FN-2026-920 matches your truck/ }).click();
    await expect.poll(() => new URL(phone.url()).search).toBe(`?offer=${fresh.id}&match=1`);
    const found = phone.getByRole("region", { name: "A new load for your truck" });
    await matchCard(found, fresh).getByText("Matches your truck").waitFor();
  });
});
