// Journey: what a driver needs at the gate, errors people can act on, plausible
// numbers. A carrier's approved load shows its PO number on the card; Complete POD
// opens with "Date and time signed" as now; with no signal the board says so at
// its top and Accept says at once that it needs one, and no booking is sent when
// the signal returns; a bad "near" postcode is an error under its field (cleared,
// the filter goes); the bid dialog measures from the listed price and refuses a bid
// above 10× it, naming the rule. Pictures at 390 px and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { DESKTOP_1280, PHONE, expectAccessible, fitsPhone, settled, startJourney, viewShot, type Journey } from "./helpers";
import { createCarrier, createLoad } from "../test/factories";
import { loads, type UserRow } from "../src/server/db/schema";

let journey: Journey;
let alice: UserRow;
const ids: Record<string, string> = {};
const N = { approved: "FN-2026-881", open: "FN-2026-882" };
const PO = "PO-2026-00881";
const WIDE = { ...DESKTOP_1280, height: 800 };

beforeAll(async () => {
  journey = await startJourney();
  const app = journey.server.app;
  alice = await createCarrier(app, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd" });
  const own = { status: "approved", acceptedBy: alice.id, acceptedByCarrier: alice.carrierName, acceptedAt: new Date() };
  ids.approved = (await createLoad(app, { ...own, loadNumber: N.approved, mandataNumber: PO, pickupCity: "Holyhead", deliveryCity: "Cardiff" })).id;
  // £680 over 283 miles: £2.40/mile, whose total (£679.20) is not the price
  ids.open = (await createLoad(app, { loadNumber: N.open, pickupCity: "Leeds", deliveryCity: "Bristol", price: 680, distance: 283, ratePerMile: 2.4 })).id;
});
afterAll(() => journey?.close());

const card = (page: Page, loadNumber: string): Locator => page.locator('[data-testid="load-card"]', { hasText: `#${loadNumber}` });

async function board(viewport: { width: number; height: number }): Promise<Page> {
  const page = await journey.signedInPage(alice, viewport);
  await page.goto("/");
  await card(page, N.open).waitFor();
  return page;
}

/** "YYYY-MM-DDTHH:mm" in the browser's own time zone, as a datetime-local field holds it. */
const localMinute = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  });

describe("at the gate", () => {
  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", WIDE],
  ] as const) {
    it(`the approved card shows the PO number, and Complete POD opens signed now (${size})`, async () => {
      const page = await board(viewport);
      const approved = card(page, N.approved);
      expect(await approved.getByTestId("po-number").textContent()).toBe(`PO Number${PO}`);
      // an available load has no PO number to show
      expect(await card(page, N.open).getByTestId("po-number").count()).toBe(0);
      await approved.scrollIntoViewIfNeeded();
      await viewShot(page, `gate-po-number-${size}`);

      const before = await localMinute(page);
      await approved.getByRole("button", { name: "Complete POD" }).click();
      const dialog = page.getByRole("dialog", { name: `Complete POD - Load #${N.approved}` });
      await settled(dialog);
      const after = await localMinute(page);
      for (const side of ["Pickup", "Delivery"]) {
        const field = dialog.getByRole("group", { name: side }).getByLabel("Date and time signed");
        expect([before, after]).toContain(await field.inputValue());
      }
      // editable: the driver may put the real time
      await dialog.getByRole("group", { name: "Pickup" }).getByLabel("Date and time signed").fill("2026-11-20T09:05");
      expect(await dialog.getByRole("group", { name: "Pickup" }).getByLabel("Date and time signed").inputValue()).toBe("2026-11-20T09:05");
      await viewShot(page, `gate-pod-prefilled-${size}`);
      await expectAccessible(page);
      if (size === "phone") await fitsPhone(page);
      await page.close();
    });

    it(`offline: the board says so at its top, and Accept says at once that it needs a signal (${size})`, async () => {
      const page = await board(viewport);
      // the signal goes after the driver has used the page (the app's lazily loaded parts, such as the toaster, are in)
      await page.getByRole("heading", { level: 1 }).click();
      await page.locator("section[aria-label^=\"Notifications\"]").waitFor({ state: "attached" });
      // and the app has taken over the server's first screen (its messages entry is drawn only in the browser)
      await page.getByTestId("messages-button").waitFor({ state: "attached" });
      const accepts: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/accept")) accepts.push(r.url());
      });
      await page.context().setOffline(true);
      const banner = page.getByTestId("offline-banner");
      await banner.waitFor();
      expect(await banner.textContent()).toBe("You are offline. The board will update again when the connection is back.");
      // at the top of the board: above the heading and the filters, inside the first screen
      // (polled: the app may still be laying the board out as the signal goes; NaN until each is shown)
      const y = async (l: Locator) => (await l.boundingBox())?.y ?? Number.NaN;
      await expect.poll(async () => (await y(banner)) < (await y(page.getByRole("heading", { level: 1 })))).toBe(true);
      await expect.poll(async () => (await y(banner)) < (await y(page.getByRole("button", { name: "Search", exact: true })))).toBe(true);
      await expect.poll(async () => (await y(banner)) < viewport.height).toBe(true);

      await card(page, N.open).getByRole("button", { name: "Accept Load" }).click();
      const note = page.getByTestId("accept-needs-signal");
      await note.getByText("No signal: the load was not accepted").waitFor({ timeout: 2_000 });
      await note.getByText("Accepting a load needs a signal. Nothing was sent; try again when you are connected.").waitFor();
      await expectAccessible(page);
      // no confirm dialog, no spinner waiting for the signal
      expect(await page.getByRole("dialog").count()).toBe(0);
      await viewShot(page, `gate-offline-accept-${size}`);

      // the signal returns: the banner goes, and no booking was queued to go now
      await page.context().setOffline(false);
      await banner.waitFor({ state: "hidden" });
      await note.waitFor({ state: "hidden" });
      await card(page, N.open).getByRole("button", { name: "Accept Load" }).waitFor();
      expect(accepts).toEqual([]);
      const [row] = await journey.server.app.ctx.db.select({ status: loads.status }).from(loads).where(eq(loads.id, ids.open));
      expect(row.status).toBe("available");
      await page.close();
    });
  }
});

describe("errors people can act on, plausible numbers", () => {
  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", WIDE],
  ] as const) {
    it(`a bad near postcode is an error under its field, and clearing it clears the filter (${size})`, async () => {
      const page = await board(viewport);
      const filters = page.getByRole("search", { name: "Filter loads" });
      const near = filters.getByLabel("Pickup near: postcode");
      // the near postcodes sit in the filters' sheet
      await filters.getByRole("button", { name: /^Filters/ }).click();
      // not a postcode at all: said under the field, nothing asked of the server
      await near.fill("LEEDS");
      await filters.getByRole("button", { name: "Show loads" }).click();
      await filters.getByText("Please enter a valid UK postcode").waitFor();
      expect(await near.getAttribute("aria-invalid")).toBe("true");
      expect(new URL(page.url()).searchParams.get("pickupNear")).toBeNull();
      // a postcode's shape the table does not know: the server's words, still under the field
      await near.fill("ZZ9");
      await filters.getByRole("button", { name: "Show loads" }).click();
      await filters.getByText("Pickup postcode ZZ9 is not in the UK postcode table").waitFor();
      expect(await near.getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByText("The loads could not be loaded.").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
      await near.scrollIntoViewIfNeeded();
      await viewShot(page, `errors-near-postcode-${size}`);
      await expectAccessible(page);
      // cleared: the filter goes at once, the error with it, the loads are back
      await near.fill("");
      await expect.poll(() => new URL(page.url()).searchParams.get("pickupNear")).toBeNull();
      await filters.getByText("Pickup postcode ZZ9 is not in the UK postcode table").waitFor({ state: "hidden" });
      expect(await near.getAttribute("aria-invalid")).toBeNull();
      await filters.getByRole("button", { name: "Close filters" }).click();
      await card(page, N.open).waitFor();
      await page.close();
    });

    it(`the bid dialog measures from the listed price and names the 10× rule (${size})`, async () => {
      const page = await board(viewport);
      await card(page, N.open).getByRole("button", { name: "Place Bid" }).click();
      const dialog = page.getByRole("dialog", { name: "Place Bid" });
      await settled(dialog);
      await dialog.getByText("Listed price: £680.00").waitFor();
      expect(await dialog.textContent()).not.toContain("679");
      const amount = dialog.getByLabel("Bid Amount (£)");
      await amount.fill("700");
      await dialog.getByText("£20.00 (2.9%)").waitFor();
      expect(await dialog.textContent()).toContain("above the listed price (listed price £680.00)");
      await amount.fill("6800.01");
      await dialog.getByText("A bid can be at most 10 times the listed price (10 × £680.00 = £6,800.00)").waitFor();
      await dialog.getByRole("button", { name: "Submit Bid" }).click();
      // refused in the dialog: nothing sent, the dialog stays with the rule under the field
      expect(await dialog.isVisible()).toBe(true);
      await viewShot(page, `errors-bid-limit-${size}`);
      await expectAccessible(page);
      await page.close();
    });
  }
});
