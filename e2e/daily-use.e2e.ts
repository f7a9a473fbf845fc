// Journeys of daily use on the board, in the browser: each test is named after what it
// reproduces. A carrier double-clicks Accept; sorts the board and keeps filters and sort
// in the URL through reload, Back and a shared link; uses the dialogs with the keyboard
// only. More daily use is in daily-use-details.e2e.ts, the shared world in
// daily-use-world.ts. Screenshots land in .tmp/screenshots (daily-use-*.png).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { PHONE, type E2EServer } from "./helpers";
import { bids, type LoadRow, type UserRow } from "../src/server/db/schema";
import { WAIT, WIDE, boardReady, card, cardNumbers, closeDailyUse, dailyUseHelpers, focusedText, isFocused, startDailyUse, viewportShot } from "./daily-use-world";

let server: E2EServer;
let browser: Browser;
let contexts: BrowserContext[];
let browsers: Browser[];
let alice: UserRow;
let bob: UserRow;
let carol: UserRow;
let loadsById: Record<string, LoadRow>;
const { signedInPage } = dailyUseHelpers(() => ({ server, browser, contexts }));

beforeAll(async () => {
  ({ server, browser, contexts, browsers, alice, bob, carol, loadsById } = await startDailyUse());
});

afterAll(async () => {
  await closeDailyUse({ contexts, browsers, browser, server });
});

describe("accept", () => {
  it("a double click on the confirm button sends one accept and shows the success dialog", async () => {
    const page = await signedInPage(alice);
    await boardReady(page);
    const accepts: string[] = [];
    page.on("request", (r) => r.method() === "PATCH" && r.url().endsWith("/accept") && accepts.push(r.url()));

    await card(page, "FN-2026-801").getByRole("button", { name: "Accept Load" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Load Acceptance" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Accept Load" }).dblclick();

    await page.getByRole("dialog", { name: /Load Accepted Successfully/ }).waitFor(WAIT);
    expect(await page.getByText("Load is no longer available").count()).toBe(0);
    await page.waitForTimeout(500);
    expect(accepts).toHaveLength(1);
  });

  it("two clicks in the same instant (before React re-renders) still send one accept", async () => {
    const page = await signedInPage(bob);
    await boardReady(page);
    const accepts: string[] = [];
    page.on("request", (r) => r.method() === "PATCH" && r.url().endsWith("/accept") && accepts.push(r.url()));
    await card(page, "FN-2026-806").getByRole("button", { name: "Accept Load" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Load Acceptance" });
    await confirm.waitFor();
    // the worst case of a double click: both clicks land before the button can disable itself
    await confirm.getByRole("button", { name: "Accept Load" }).evaluate((b: HTMLElement) => {
      b.click();
      b.click();
    });
    await page.getByRole("dialog", { name: /Load Accepted Successfully/ }).waitFor(WAIT);
    await page.waitForTimeout(500);
    expect(await page.getByText("Load is no longer available").count()).toBe(0);
    expect(accepts).toHaveLength(1);
  });
});

describe("sort and filters in the URL", () => {
  const sortSelect = (page: Page) => page.getByLabel("Sort by");
  const expectOrder = (page: Page, order: string[]) => expect.poll(() => cardNumbers(page), WAIT).toEqual(order.map((n) => `#FN-2026-70${n}`));
  const search = (page: Page) => new URL(page.url()).searchParams;

  it("the board sorts, and reload, Back and a shared link keep its filters and sort", async () => {
    const page = await signedInPage(carol, WIDE);
    await boardReady(page);
    // the board opens soonest pickup first (contract), without a sort in the URL
    expect(await sortSelect(page).inputValue()).toBe("pickupDate");
    expect(search(page).get("sort")).toBeNull();
    expect(await sortSelect(page).locator("option").allInnerTexts()).toEqual([
      "Soonest pickup",
      "Latest pickup",
      "Price: low to high",
      "Price: high to low",
      "£/mile: low to high",
      "£/mile: high to low",
      "Distance: shortest",
      "Newest listed",
    ]);

    await page.getByRole("searchbox", { name: "Search" }).fill("Sortington");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expectOrder(page, ["1", "2", "3"]);
    expect(search(page).get("search")).toBe("Sortington");

    const sorted = page.waitForResponse((r) => r.url().includes("/api/loads?") && r.url().includes("sort=-pickupDate"));
    await sortSelect(page).selectOption({ label: "Latest pickup" });
    await sorted;
    await expectOrder(page, ["3", "2", "1"]);
    expect(search(page).get("sort")).toBe("-pickupDate");

    await sortSelect(page).selectOption({ label: "Price: low to high" });
    await expectOrder(page, ["3", "1", "2"]);
    // the bands are in the filter sheet the chips open
    await page.getByRole("button", { name: "Weight Range", exact: true }).click();
    await page.getByLabel("Weight Range").selectOption({ label: "Over 10,000 kg" });
    await expect.poll(() => search(page).get("weight"), WAIT).toBe("gt10000");
    await page.getByRole("button", { name: "Show loads" }).click();
    await expectOrder(page, ["3", "1", "2"]);
    await viewportShot(page, "daily-use-board-sorted-desktop");

    // reload: the same filters, sort and cards
    await page.reload();
    await boardReady(page);
    await expectOrder(page, ["3", "1", "2"]);
    expect(await sortSelect(page).inputValue()).toBe("price");
    expect(await page.getByRole("searchbox", { name: "Search" }).inputValue()).toBe("Sortington");
    expect(await page.getByLabel("Weight Range").inputValue()).toBe("gt10000");

    // Back walks the filter states, newest first, and stays in the app
    await page.goBack();
    await expect.poll(() => page.getByLabel("Weight Range").inputValue(), WAIT).toBe("all");
    expect(await sortSelect(page).inputValue()).toBe("price");
    await page.goBack();
    await expect.poll(() => sortSelect(page).inputValue(), WAIT).toBe("-pickupDate");
    await expectOrder(page, ["3", "2", "1"]);
    await page.goBack();
    await expect.poll(() => sortSelect(page).inputValue(), WAIT).toBe("pickupDate");
    await expectOrder(page, ["1", "2", "3"]);
    await page.goBack();
    await expect.poll(() => page.getByRole("searchbox", { name: "Search" }).inputValue(), WAIT).toBe("");
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect.poll(async () => (await cardNumbers(page)).length, WAIT).toBeGreaterThan(3);

    // a shared link opens with its filters and sort
    const shared = await signedInPage(bob, WIDE, "/?search=Sortington&sort=distance");
    await boardReady(shared);
    await expectOrder(shared, ["2", "3", "1"]);
    expect(await sortSelect(shared).inputValue()).toBe("distance");
    expect(await shared.getByRole("searchbox", { name: "Search" }).inputValue()).toBe("Sortington");

    // a link with a sort the board does not know falls back to the default, without an error
    const odd = await signedInPage(bob, WIDE, "/?search=Sortington&sort=cheapest&weight=heavy");
    await boardReady(odd);
    await expectOrder(odd, ["1", "2", "3"]);
    expect(await odd.getByText("could not be loaded").count()).toBe(0);
  });

  it("on a 390 px phone the sort is a full-size native control within thumb reach", async () => {
    const page = await signedInPage(carol, PHONE, "/?search=Sortington");
    await boardReady(page);
    const select = sortSelect(page);
    expect(await select.evaluate((el) => el.tagName)).toBe("SELECT");
    const box = (await select.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await select.selectOption("-ratePerMile");
    await expectOrder(page, ["2", "1", "3"]);
    await select.selectOption("-createdAt");
    await expectOrder(page, ["1", "3", "2"]);
    await select.scrollIntoViewIfNeeded();
    await viewportShot(page, "daily-use-board-sorted-phone");
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

describe("dialogs and the keyboard", () => {
  it("keyboard only: the bid dialog opens in the amount, Enter submits, Esc and close return focus to the opener", async () => {
    const page = await signedInPage(alice, WIDE);
    await boardReady(page);
    const c = card(page, "FN-2026-802");
    const bidButton = c.getByRole("button", { name: /Place Bid|Update Bid/ });
    // a keyboard user tabs to the card's button: focus it, then only keys from here on
    await bidButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Place Bid" });
    await dialog.waitFor();
    const amount = dialog.getByLabel("Bid Amount (£)");
    await expect.poll(() => isFocused(amount), WAIT).toBe(true);
    await page.keyboard.type("1150");
    await page.waitForTimeout(300); // the Submit button's colour transition, for the picture
    await viewportShot(page, "daily-use-bid-dialog-keyboard-desktop");
    await page.keyboard.press("Enter");
    await page.locator("[data-sonner-toast]").getByText("Bid Submitted", { exact: true }).waitFor(WAIT);
    await dialog.waitFor({ state: "hidden" });
    const [bid] = await server.app.ctx.db.select().from(bids).where(eq(bids.loadId, loadsById.keyboard.id));
    expect(bid?.bidAmount).toBe(1150);
    // focus is back on the card's bid button (now "Update Bid"), not on the page body
    await expect.poll(() => focusedText(page), WAIT).toBe("Update Bid");

    // Enter opens it again, pre-filled; Escape closes and returns focus
    await page.keyboard.press("Enter");
    const update = page.getByRole("dialog", { name: "Update Bid" });
    await update.waitFor();
    await expect.poll(() => isFocused(update.getByLabel("Bid Amount (£)")), WAIT).toBe(true);
    await page.keyboard.press("Escape");
    await update.waitFor({ state: "hidden" });
    await expect.poll(() => focusedText(page), WAIT).toBe("Update Bid");

    // View Details: Escape returns to View Details
    await c.getByRole("button", { name: "View Details" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: /Load Details/ }).waitFor();
    expect(await focusedText(page)).not.toBe("");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).not.toBe("Close dialog");
    await page.keyboard.press("Escape");
    await expect.poll(() => focusedText(page), WAIT).toBe("View Details");

    // Accept Load: the confirm dialog starts on its primary action, Escape returns to the card's button
    await c.getByRole("button", { name: "Accept Load" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Confirm Load Acceptance" });
    await confirm.waitFor();
    await expect.poll(() => isFocused(confirm.getByRole("button", { name: "Accept Load" })), WAIT).toBe(true);
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "hidden" });
    await expect.poll(() => isFocused(c.getByRole("button", { name: "Accept Load" })), WAIT).toBe(true);

    // a dialog opened from a menu: focus starts in its first field and returns to the menu button
    const menuButton = page.getByRole("button", { name: /^User menu for/ });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    await page.getByRole("menuitem", { name: "Change Password" }).focus();
    await page.keyboard.press("Enter");
    const password = page.getByRole("dialog", { name: "Change Password" });
    await password.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), WAIT).toBe("INPUT");
    await page.keyboard.press("Escape");
    await password.waitFor({ state: "hidden" });
    await expect.poll(() => isFocused(menuButton), WAIT).toBe(true);
  });

  it("the bid dialog with keyboard focus in the amount on a 390 px phone", async () => {
    const page = await signedInPage(bob, PHONE);
    await boardReady(page);
    await card(page, "FN-2026-802").getByRole("button", { name: "Place Bid" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Place Bid" });
    await dialog.waitFor();
    await expect.poll(() => isFocused(dialog.getByLabel("Bid Amount (£)")), WAIT).toBe(true);
    await page.keyboard.type("1100");
    await page.waitForTimeout(300); // the Submit button's colour transition, for the picture
    await viewportShot(page, "daily-use-bid-dialog-keyboard-phone");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => focusedText(page), WAIT).toBe("Place Bid");
  });
});
