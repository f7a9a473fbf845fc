// More journeys of daily use in the browser, on the same world as daily-use.e2e.ts
// (daily-use-world.ts): a carrier presses Back after logging out on a shared PC; staff
// compare bids in Manage Bids; and the small ones: a weekend-only schedule, a Welsh place
// name on a phone, toasts clear of the header, pending users marked in the Users tab.
// Screenshots land in .tmp/screenshots (daily-use-*.png).
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { PHONE, newPage, type E2EServer } from "./helpers";
import { createCarrier, login, PASSWORD } from "../test/factories";
import { bids, type LoadRow, type UserRow } from "../src/server/db/schema";
import { TMP_ROOT } from "../test/paths";
import { WAIT, WELSH, WIDE, boardReady, card, closeDailyUse, dailyUseHelpers, startDailyUse } from "./daily-use-world";

let server: E2EServer;
let browser: Browser;
let contexts: BrowserContext[];
let browsers: Browser[];
let bob: UserRow;
let carol: UserRow;
let admin: UserRow;
let loadsById: Record<string, LoadRow>;
const { signedInPage } = dailyUseHelpers(() => ({ server, browser, contexts }));

beforeAll(async () => {
  ({ server, browser, contexts, browsers, bob, carol, admin, loadsById } = await startDailyUse());
});

afterAll(async () => {
  await closeDailyUse({ contexts, browsers, browser, server });
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
