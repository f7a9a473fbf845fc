// The daily-use journeys' world, shared by daily-use.e2e.ts and daily-use-details.e2e.ts:
// a real server with three carriers and an admin, loads for each journey (three found by
// one search, each first in a different order; loads to accept, bid on with the keyboard
// and compare bids on; a Welsh place name; a carrier's earnings), a real Chromium, and
// the ways a journey opens a signed-in page and finds a card. Not a journey itself.
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { DESKTOP, launchBrowser, newPage, startServer, type E2EServer } from "./helpers";
import { createAdmin, createCarrier, createLoad } from "../test/factories";
import { sessions, type LoadRow, type UserRow } from "../src/server/db/schema";
import { randomToken, sha256 } from "../src/server/lib/crypto";
import { TMP_ROOT } from "../test/paths";

export const WAIT = { timeout: 10_000 };
export const WIDE = { width: 1280, height: 900 };
export const WELSH = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";

export const day = (d: number, h = 9) => {
  const t = new Date();
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() + d, h, 0, 0));
};

export interface DailyUse {
  server: E2EServer;
  browser: Browser;
  /** every browser context opened, closed at the end */
  contexts: BrowserContext[];
  /** browsers a journey launched itself, closed at the end */
  browsers: Browser[];
  /** accepts with a double click; bids with the keyboard */
  alice: UserRow;
  /** bids in Manage Bids; opens a shared link */
  bob: UserRow;
  /** signs out on a shared yard PC; bids in Manage Bids */
  carol: UserRow;
  admin: UserRow;
  loadsById: Record<string, LoadRow>;
}

export async function startDailyUse(): Promise<DailyUse> {
  const server = await startServer();
  const browser = await launchBrowser();
  const app = server.app;
  const alice = await createCarrier(app, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd" });
  const bob = await createCarrier(app, { name: "Bob Driver", carrierName: "Bob Transport Ltd" });
  const carol = await createCarrier(app, { name: "Carol Yardley", carrierName: "Yard Haulage Ltd" });
  const admin = await createAdmin(app, { name: "Olivia Office", carrierName: "Flatbed Network" });

  const loadsById: Record<string, LoadRow> = {};
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
  return { server, browser, contexts: [], browsers: [], alice, bob, carol, admin, loadsById };
}

export async function closeDailyUse(w: Partial<DailyUse>): Promise<void> {
  for (const c of w.contexts ?? []) await c.close().catch(() => {});
  for (const b of w.browsers ?? []) await b.close().catch(() => {});
  await w.browser?.close();
  await w.server?.close();
}

/** Opens pages on the world `w()` returns. */
export function dailyUseHelpers(w: () => Pick<DailyUse, "server" | "browser" | "contexts">) {
  /** A browser signed in as this user by a session cookie, so a journey starts where it means to. */
  async function signedInPage(user: UserRow, viewport = DESKTOP, path = "/"): Promise<Page> {
    const token = randomToken();
    await w().server.app.ctx.db.insert(sessions).values({ id: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    const { context, page } = await newPage(w().browser, w().server.url, viewport);
    w().contexts.push(context);
    await context.addCookies([{ name: "sid", value: token, url: w().server.url }]);
    page.on("pageerror", (e) => console.error(`[${user.name}] page error:`, e.message));
    await page.goto(path);
    return page;
  }
  return { signedInPage };
}

export async function boardReady(page: Page) {
  await page.getByRole("heading", { name: "UK's Largest Flatbed Network" }).waitFor();
  await page.getByText("Loading available loads...").waitFor({ state: "hidden" });
}

export const card = (page: Page, loadNumber: string): Locator => page.locator('[data-testid="load-card"]', { hasText: `#${loadNumber}` });
export const cardNumbers = (page: Page) =>
  page.locator('[data-testid="load-card"] h3').evaluateAll((hs) => hs.map((h) => (h.textContent ?? "").replace(/^Load /, "").trim()));
export const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
export const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? "");

export async function viewportShot(page: Page, name: string) {
  mkdirSync(`${TMP_ROOT}/screenshots`, { recursive: true });
  await page.screenshot({ path: `${TMP_ROOT}/screenshots/${name}.png` });
}
