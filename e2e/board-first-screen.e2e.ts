// Journey: the board opens on loads. On a 390×844 touch phone and a 1280×800 desk a
// carrier's first screen, unscrolled, holds a whole load card; the filters are a row
// of chips opening a sheet, a filter chosen there goes into the URL, and the board
// opens soonest pickup first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, fitsPhone, startJourney, viewShot, type Journey } from "./helpers";
import { PASSWORD, createCarrier, createLoad } from "../test/factories";
import type { UserRow } from "../src/server/db/schema";

let journey: Journey;
let carrier: UserRow;
/** each load's pickup time, by load number */
const pickups = new Map<string, number>();
const WAIT = { timeout: 15_000 };

beforeAll(async () => {
  journey = await startJourney();
  const app = journey.server.app;
  carrier = await createCarrier(app, { name: "Fiona First", carrierName: "First Screen Haulage" });
  const now = app.ctx.clock.now().getTime();
  // listed latest pickup first, so neither the listing order nor the API's own default
  // (latest first) gives the soonest-first order by chance; every third one is heavy
  for (let i = 0; i < 12; i++) {
    const loadNumber = `FN-2026-28${String(i).padStart(2, "0")}`;
    const day = new Date(now + (14 - i) * 86_400_000).toISOString().slice(0, 10);
    const pickupDate = new Date(`${day}T09:00:00Z`);
    await createLoad(app, { loadNumber, pickupDate, deliveryDate: new Date(`${day}T16:00:00Z`), weight: i % 3 === 0 ? 12_000 : 4_000, pickupCity: `Pickton ${i}` });
    pickups.set(`#${loadNumber}`, pickupDate.getTime());
  }
}, 120_000);

afterAll(async () => {
  await journey?.close();
});

/** A signed-in page of this size; the phone has touch, as a phone does. */
async function open(viewport: { width: number; height: number }, touch: boolean): Promise<Page> {
  const context = await journey.browser.newContext({ baseURL: journey.server.url, viewport, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
  const res = await page.request.post("/api/login", { data: { email: carrier.email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  await page.goto("/");
  await page.getByRole("heading", { name: "UK's Largest Flatbed Network" }).waitFor(WAIT);
  await page.locator('[data-testid="load-card"]').first().waitFor(WAIT);
  return page;
}

const cardNumbers = (page: Page) =>
  page.locator('[data-testid="load-card"] h3').evaluateAll((hs) => hs.map((h) => (h.textContent ?? "").replace(/^Load /, "").trim()));

/** How many load cards lie wholly inside the first screen, the page unscrolled. */
async function cardsInFirstScreen(page: Page, viewport: { width: number; height: number }): Promise<number> {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  let inside = 0;
  for (const card of await page.locator('[data-testid="load-card"]').all()) {
    const box = await card.boundingBox();
    if (box && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width) inside++;
  }
  return inside;
}

describe.each([
  { name: "390", viewport: { width: 390, height: 844 }, touch: true },
  { name: "1280", viewport: { width: 1280, height: 800 }, touch: false },
])("the board's first screen at $name", ({ name, viewport, touch }) => {
  it("shows a whole load card, soonest pickup first, with the filters in chips that open a sheet", async () => {
    const page = await open(viewport, touch);

    // soonest pickup first, without a sort in the URL
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByLabel("Sort by").inputValue()).toBe("pickupDate");
    await expect.poll(() => cardNumbers(page).then((n) => n.length), WAIT).toBe(12);
    const [first, second] = await cardNumbers(page);
    expect(pickups.get(first)).toBeLessThanOrEqual(pickups.get(second)!);
    expect(first).toBe("#FN-2026-2811");

    // the spec's words are all still on the first screen's page: heading, tiles, tabs, filter names
    for (const words of ["Available Loads", "Accepted Loads", "Approved Loads", "Completed Loads", "Total Earnings", "12 loads found"]) {
      await page.getByText(words, { exact: true }).waitFor(WAIT);
    }

    await viewShot(page, `board-first-screen-${name}`);
    expect(await cardsInFirstScreen(page, viewport)).toBeGreaterThanOrEqual(1);
    if (touch) await fitsPhone(page);
    await expectAccessible(page);

    // a chip opens the sheet at its field; a filter chosen there applies at once and goes into the URL
    const chip = page.getByRole("button", { name: "Weight Range", exact: true });
    if (touch) await chip.tap();
    else await chip.click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.waitFor(WAIT);
    for (const label of ["Weight Range", "Distance", "Price Range", "Load Status", "Equipment Type", "Pickup near: postcode", "Delivery near: postcode"]) {
      expect(await sheet.getByLabel(label, { exact: true }).count()).toBe(1);
    }
    expect(await sheet.getByLabel("Weight Range", { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await sheet.getByLabel("Weight Range", { exact: true }).selectOption({ label: "Over 10,000 kg" });
    await expect.poll(() => new URL(page.url()).searchParams.get("weight"), WAIT).toBe("gt10000");
    await expectAccessible(page);
    await viewShot(page, `board-filter-sheet-${name}`);

    const show = sheet.getByRole("button", { name: "Show loads" });
    if (touch) await show.tap();
    else await show.click();
    await sheet.waitFor({ state: "hidden", ...WAIT });
    await page.getByText("4 loads found", { exact: true }).waitFor(WAIT);
    // the chip now names the choice, and the Filters chip counts it
    await page.getByRole("button", { name: "Over 10,000 kg", exact: true }).waitFor(WAIT);
    await page.getByRole("button", { name: "Filters 1", exact: true }).waitFor(WAIT);
    const [heavyFirst, heavySecond] = await cardNumbers(page);
    expect(pickups.get(heavyFirst)).toBeLessThanOrEqual(pickups.get(heavySecond)!);

    // Reset, in the chip row, clears it
    await page.getByRole("button", { name: "Reset", exact: true }).click();
    await expect.poll(() => new URL(page.url()).search, WAIT).toBe("");
    await page.getByText("12 loads found", { exact: true }).waitFor(WAIT);
    await viewShot(page, `board-filtered-reset-${name}`);
    await page.context().close();
  }, 120_000);

  it("a search typed and sent while the app is still taking over the page is applied", async () => {
    // at once on the server's HTML: the focus starts the takeover, the text and Enter arrive while it runs
    const page = await open(viewport, touch);
    const box = page.getByRole("searchbox", { name: "Search" });
    await box.fill("Pickton 3");
    await box.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("search"), WAIT).toBe("Pickton 3");
    await expect.poll(() => cardNumbers(page), WAIT).toEqual(["#FN-2026-2803"]);
    expect(await box.inputValue()).toBe("Pickton 3");
    await page.context().close();
  }, 60_000);
});
