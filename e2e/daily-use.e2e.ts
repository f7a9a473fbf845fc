// Journeys of daily use in the browser: each test is named after what it reproduces.
// A carrier double-clicks Accept; sorts the board and keeps filters and sort in the
// URL through reload, Back and a shared link; uses the dialogs with the keyboard
// only; presses Back after logging out on a shared PC; staff compare bids in Manage
// Bids; and the small ones: a weekend-only schedule, a Welsh place name on a phone,
// toasts clear of the header, pending users marked in the Users tab. Screenshots
// land in .tmp/screenshots (daily-use-*.png).
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { DESKTOP, PHONE, launchBrowser, newPage, startServer, type E2EServer } from "./helpers";
import { createAdmin, createCarrier, createLoad, login, PASSWORD } from "../test/factories";
import { bids, sessions, type LoadRow, type UserRow } from "../src/server/db/schema";
import { randomToken, sha256 } from "../src/server/lib/crypto";
import { TMP_ROOT } from "../test/paths";

let server: E2EServer;
let browser: Browser;
let alice: UserRow; // accepts with a double click; bids with the keyboard
let bob: UserRow; // bids in Manage Bids; opens a shared link
let carol: UserRow; // signs out on a shared yard PC; bids in Manage Bids
let admin: UserRow;
const contexts: BrowserContext[] = [];
const browsers: Browser[] = [];
const WAIT = { timeout: 10_000 };
const WIDE = { width: 1280, height: 900 };
const WELSH = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";

const loadsById: Record<string, LoadRow> = {};
const day = (d: number, h = 9) => {
  const t = new Date();
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() + d, h, 0, 0));
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const app = server.app;
  alice = await createCarrier(app, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd" });
  bob = await createCarrier(app, { name: "Bob Driver", carrierName: "Bob Transport Ltd" });
  carol = await createCarrier(app, { name: "Carol Yardley", carrierName: "Yard Haulage Ltd" });
  admin = await createAdmin(app, { name: "Olivia Office", carrierName: "Flatbed Network" });

  // three loads found by one search, each first in a different order
  const now = Date.now();
  const sortable = (n: number, over: Parameters<typeof createLoad>[1]) =>
    createLoad(app, { loadNumber: `FN-2026-70${n}`, pickupCity: "Sortington", deliveryCity: "Orderby", ...over });
  loadsById.s1 = await sortable(1, { pickupDate: day(1), deliveryDate: day(1, 16), price: 900, distance: 300, ratePerMile: 3, createdAt: new Date(now) });
  loadsById.s2 = await sortable(2, { pickupDate: day(2), deliveryDate: day(2, 16), price: 1500, distance: 100, ratePerMile: 15, createdAt: new Date(now - 7_200_000) });
  loadsById.s3 = await sortable(3, { pickupDate: day(3), deliveryDate: day(3, 16), price: 600, distance: 250, ratePerMile: 2.4, createdAt: new Date(now - 3_600_000) });

  loadsById.accept = await createLoad(app, { loadNumber: "FN-2026-801", pickupCity: "Doubleclick", pickupDate: day(4), deliveryDate: day(4, 17) });
  loadsById.accept2 = await createLoad(app, { loadNumber: "FN-2026-806", pickupCity: "Twoclicks", pickupDate: day(4), deliveryDate: day(4, 17) });
  loadsById.keyboard = await createLoad(app, { loadNumber: "FN-2026-802", pickupCity: "Keyton", pickupDate: day(5), deliveryDate: day(5, 17), price: 1200, distance: 200, ratePerMile: 6 });
  loadsById.welsh = await createLoad(app, {
    loadNumber: "FN-2026-803",
    pickupCity: WELSH,
    pickupState: "Isle of Anglesey",
    deliveryCity: "Betws-y-Coed",
    deliveryState: "Conwy",
    pickupDate: day(6),
    deliveryDate: day(6, 15),
    cargoType: "Slate roofing tiles, palletised and shrink-wrapped",
  });
  // £1,000 over 300 miles: £3.33/mile, so rate × distance is £999.00, not the £1,000 listed
  loadsById.bids = await createLoad(app, { loadNumber: "FN-2026-804", pickupCity: "Bidford", pickupDate: day(7), deliveryDate: day(7, 17), price: 1000, distance: 300, ratePerMile: 3.33 });
  // Carol's earnings, shown on her board until she signs out
  await createLoad(app, {
    loadNumber: "FN-2026-805",
    status: "completed",
    pickupCity: "Yardley",
    price: 1234,
    pickupDate: day(-3),
    deliveryDate: day(-3, 17),
    acceptedBy: carol.id,
    acceptedByCarrier: carol.carrierName,
    completedAt: day(-2),
  });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  for (const b of browsers) await b.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

/** A browser signed in as this user by a session cookie, so a journey starts where it means to. */
async function signedInPage(user: UserRow, viewport = DESKTOP, path = "/"): Promise<Page> {
  const token = randomToken();
  await server.app.ctx.db.insert(sessions).values({ id: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  const { context, page } = await newPage(browser, server.url, viewport);
  contexts.push(context);
  await context.addCookies([{ name: "sid", value: token, url: server.url }]);
  page.on("pageerror", (e) => console.error(`[${user.name}] page error:`, e.message));
  await page.goto(path);
  return page;
}

async function boardReady(page: Page) {
  await page.getByRole("heading", { name: "UK's Largest Flatbed Network" }).waitFor();
  await page.getByText("Loading available loads...").waitFor({ state: "hidden" });
}

const card = (page: Page, loadNumber: string): Locator => page.locator('[data-testid="load-card"]', { hasText: `#${loadNumber}` });
const cardNumbers = (page: Page) =>
  page.locator('[data-testid="load-card"] h3').evaluateAll((hs) => hs.map((h) => (h.textContent ?? "").replace(/^Load /, "").trim()));
const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? "");

async function viewportShot(page: Page, name: string) {
  mkdirSync(`${TMP_ROOT}/screenshots`, { recursive: true });
  await page.screenshot({ path: `${TMP_ROOT}/screenshots/${name}.png` });
}

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

describe("Back after logout", () => {
  it("Back after logging out shows the sign-in page, not the previous user's name or earnings", async () => {
    // Playwright turns the back/forward cache off by default; a real browser keeps it on
    const bfBrowser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
    });
    browsers.push(bfBrowser);
    const { context, page } = await newPage(bfBrowser, server.url, WIDE);
    contexts.push(context);
    await page.goto("/login");
    await page.getByLabel("Email").fill(carol.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await boardReady(page);
    await page.getByText("Welcome,").waitFor();
    await expect.poll(() => page.getByText("£1,234.00").first().isVisible(), WAIT).toBe(true);
    // remembered across the page loads of this tab: was the board shown again from the cache?
    await page.evaluate(() => window.addEventListener("pageshow", (e) => e.persisted && sessionStorage.setItem("restored", "yes")));

    await page.getByRole("button", { name: /^User menu for/ }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe("/login");
    await page.getByRole("heading", { name: "Sign In" }).waitFor();

    // a page restored from the back/forward cache fires no load event: wait for the commit only
    await page.goBack({ waitUntil: "commit" });
    await page.getByRole("heading", { name: "Sign In" }).waitFor(WAIT);
    const restored = await page.evaluate(() => sessionStorage.getItem("restored") === "yes");
    // the journey is only worth its name if the browser really restored the page from the cache
    expect(restored).toBe(true);
    expect(await page.getByText("Carol Yardley").count()).toBe(0);
    expect(await page.getByText("Welcome,").count()).toBe(0);
    expect(await page.getByText("£1,234.00").count()).toBe(0);
    expect(await page.getByText("Total Earnings").count()).toBe(0);
    // and what the page holds in memory is gone too: nothing of Carol's in the query cache
    const html = await page.content();
    expect(html).not.toContain("Carol Yardley");
  });
});

describe("Manage Bids figures", () => {
  it("vs listed compares with the price listed when the bid was made, also after an award; an updated bid's age counts from the update", async () => {
    const app = server.app;
    const load = loadsById.bids;
    const bobCookie = await login(app, bob.email);
    const carolCookie = await login(app, carol.email);
    const bid = (cookie: string, bidAmount: number) => app.inject({ method: "POST", url: "/api/bids", headers: { cookie }, payload: { loadId: load.id, bidAmount } });
    expect((await bid(bobCookie, 830)).statusCode).toBe(201);
    expect((await bid(carolCookie, 900)).statusCode).toBe(201);
    // Carol bid three hours ago and lowered it just now
    await app.ctx.db.update(bids).set({ createdAt: new Date(Date.now() - 3 * 3_600_000), updatedAt: new Date(Date.now() - 3 * 3_600_000) }).where(eq(bids.carrierId, carol.id));
    expect((await bid(carolCookie, 880)).statusCode).toBe(200);

    const page = await signedInPage(admin, WIDE, "/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByRole("tab", { name: /^Loads with Bids/ }).click();
    await page.getByRole("button", { name: "View bids on load FN-2026-804" }).click();
    const dialog = page.getByRole("dialog", { name: /Manage Bids/ });
    await expect.poll(() => dialog.getByTestId("manage-bid-row").count(), WAIT).toBe(2);
    const row = (name: string) => dialog.getByTestId("manage-bid-row").filter({ hasText: name });

    // listed £1,000.00: Bob's £830 is £170.00 (17.0%) below it, not £169.00 below rate × distance (£999.00)
    expect(await row("Bob Driver").innerText()).toContain("−£170.00 (−17.0%)");
    expect(await row("Carol Yardley").innerText()).toContain("−£120.00 (−12.0%)");
    // Carol's bid was updated just now: its age counts from then, not from three hours ago
    expect(await row("Carol Yardley").innerText()).toContain("0 minutes ago");
    expect(await row("Carol Yardley").innerText()).not.toContain("3 hours ago");

    // awarding Bob's bid makes the listed price £830: Carol's bid still reads against the £1,000 she bid on
    await row("Bob Driver").getByRole("button", { name: /^Accept/ }).click();
    // an award is confirmed first
    await page.getByRole("dialog", { name: "Award this bid?" }).getByTestId("award-confirm").click();
    await page.locator("[data-sonner-toast]").getByText("Bid Accepted", { exact: true }).waitFor(WAIT);
    await expect.poll(() => row("Carol Yardley").innerText(), WAIT).toContain("Rejected");
    expect(await row("Carol Yardley").innerText()).toContain("−£120.00 (−12.0%)");
    expect(await row("Bob Driver").innerText()).toContain("−£170.00 (−17.0%)");
  });
});

describe("the small ones: schedules, long names, toasts, pending users", () => {
  it("a weekly schedule of only Saturday is refused in the dialog and by the API, in the same words", async () => {
    const page = await signedInPage(admin, WIDE, "/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByRole("button", { name: "Schedule Email" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Email" });
    await dialog.getByRole("checkbox", { name: "Send the available loads email automatically" }).waitFor();
    if ((await dialog.getByRole("checkbox", { name: "Send the available loads email automatically" }).getAttribute("aria-checked")) !== "true") {
      await dialog.getByRole("checkbox", { name: "Send the available loads email automatically" }).click();
    }
    await dialog.getByLabel("Weekly").check();
    await dialog.getByRole("checkbox", { name: "Saturday" }).click();
    const message = "The email is sent on weekdays only: choose at least one day from Monday to Friday";
    await dialog.getByText(message).waitFor();
    expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await dialog.getByRole("checkbox", { name: "Sunday" }).click();
    expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await dialog.getByRole("checkbox", { name: "Friday" }).click();
    await dialog.getByText(message).waitFor({ state: "hidden" });
    expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(false);

    const res = await page.request.put("/api/admin/email-schedule-settings", {
      data: { enabled: true, frequency: "weekly", time: "09:00", daysOfWeek: ["saturday"] },
      headers: { origin: server.url },
    });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.error).toBe(message);
    expect(body.details).toEqual([{ path: "daysOfWeek", message }]);
  });

  it("a long Welsh place name wraps on a 390 px card: the page never scrolls sideways", async () => {
    for (const [viewport, name] of [
      [PHONE, "phone"],
      [WIDE, "desktop"],
    ] as const) {
      const page = await signedInPage(bob, viewport, "/?search=FN-2026-803");
      await boardReady(page);
      const c = card(page, "FN-2026-803");
      await c.waitFor();
      expect(await c.innerText()).toContain(WELSH);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const box = (await c.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      mkdirSync(`${TMP_ROOT}/screenshots`, { recursive: true });
      await c.screenshot({ path: `${TMP_ROOT}/screenshots/daily-use-welsh-card-${name}.png` });
      // the dialogs that name the place wrap it too
      await c.getByRole("button", { name: "View Details" }).click();
      const details = page.getByRole("dialog", { name: /Load Details/ });
      await details.waitFor();
      expect(await details.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press("Escape");
      await c.getByRole("button", { name: "Place Bid" }).click();
      const bidDialog = page.getByRole("dialog", { name: "Place Bid" });
      await bidDialog.waitFor();
      expect(await bidDialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
      await page.keyboard.press("Escape");
    }
  });

  it("a toast sits clear of the header's welcome line (1280 px and 390 px)", async () => {
    for (const viewport of [WIDE, PHONE]) {
      const page = await signedInPage(carol, viewport, "/?search=Sortington");
      await boardReady(page);
      const welcome = page.getByText("Welcome,");
      await welcome.waitFor();
      const c = card(page, "FN-2026-703");
      await c.getByRole("button", { name: /Place Bid|Update Bid/ }).click();
      const dialog = page.getByRole("dialog", { name: /Place Bid|Update Bid/ });
      await dialog.getByLabel("Bid Amount (£)").fill(viewport === PHONE ? "590" : "580");
      await dialog.getByRole("button", { name: /Submit Bid|Update Bid/ }).click();
      const toast = page.locator("[data-sonner-toast]").first();
      await toast.waitFor(WAIT);
      await page.waitForTimeout(600); // the toast's entry animation
      const t = (await toast.boundingBox())!;
      const w = (await welcome.boundingBox())!;
      const header = (await page.locator("header").first().boundingBox())!;
      const overlaps = (a: typeof t, b: typeof t) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlaps(t, w), `toast ${JSON.stringify(t)} welcome ${JSON.stringify(w)}`).toBe(false);
      expect(t.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    }
  });

  it("the Users tab badges an unapproved user 'Pending approval' and says which company they join", async () => {
    await createCarrier(server.app, { name: "Penny Pending", carrierName: "Alice Haulage Ltd", isApproved: false });
    const page = await signedInPage(admin, WIDE, "/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByRole("tab", { name: "Users", exact: true }).click();
    const panel = page.getByRole("tabpanel");
    const penny = panel.getByRole("row").filter({ hasText: "Penny Pending" });
    await penny.waitFor(WAIT);
    await expect.poll(() => penny.innerText(), WAIT).toContain("Pending approval");
    await expect.poll(() => penny.innerText(), WAIT).toContain("Joins Alice Haulage Ltd: 1 member");
    const alicesRow = panel.getByRole("row").filter({ hasText: "Alice Haulier" });
    expect(await alicesRow.innerText()).not.toContain("Pending approval");
  });
});
