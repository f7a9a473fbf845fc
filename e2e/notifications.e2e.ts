// Notifications in the browser: a carrier with a bid open sees the
// bell's count rise within a second when staff accept the bid in another browser
// context (live stream, `event: notification`); the list opens from the bell,
// names the load, opens its details, and "Mark all as read" hides the count.
// Screenshots of the list at 1280 and 390 px.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP_1280, PHONE, startJourney, viewShot, type E2EServer, type Journey } from "./helpers";
import { createAdmin, createCarrier, createLoad } from "../test/factories";
import type { LoadRow, UserRow } from "../src/server/db/schema";

let journey: Journey;
let server: E2EServer;
let carrier: UserRow;
let admin: UserRow;
let load: LoadRow;

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  carrier = await createCarrier(server.app, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd" });
  admin = await createAdmin(server.app, { name: "Olivia Office", carrierName: "Flatbed Network" });
  load = await createLoad(server.app, { loadNumber: "FN-2026-316", pickupCity: "Leeds", deliveryCity: "Bristol", price: 1200, distance: 200, ratePerMile: 6 });
});
afterAll(() => journey?.close());

const signedInPage = (user: UserRow, viewport = DESKTOP_1280) => journey.signedInPage(user, viewport);

it("a carrier with a bid open sees the bell count rise within 1 s when staff accept the bid in another browser", async () => {
  const c = await signedInPage(carrier);
  await c.goto("/");
  // the carrier bids through the app's own call, then keeps the board open
  const bid = await c.evaluate(async (loadId) => {
    const res = await fetch("/api/bids", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ loadId, bidAmount: 1100 }) });
    return (await res.json()) as { id: string };
  }, load.id);
  const bell = c.getByTestId("notification-bell");
  await bell.waitFor();
  expect(await c.getByTestId("notification-count").count()).toBe(0);
  // the live stream is open before staff act
  await c.waitForTimeout(500);

  const staff = await signedInPage(admin);
  await staff.goto("/admin");
  const sent = Date.now();
  const res = await staff.request.post(`/api/bids/${bid.id}/accept`, { headers: { origin: server.url } });
  expect(res.status()).toBe(200);
  // the award commits before it is answered: from then on the carrier's bell has 1 s
  const committed = Date.now();
  await c.getByTestId("notification-count").waitFor({ timeout: 1000 });
  const ms = Date.now() - committed;
  console.log(`bell count rose ${ms} ms after the accept was answered (${Date.now() - sent} ms after it was sent)`);
  expect(ms).toBeLessThan(1000);
  expect(await c.getByTestId("notification-count").textContent()).toBe("1");
  expect(await bell.getAttribute("aria-expanded")).toBe("false");
  expect(await c.locator("[aria-live=polite]").filter({ hasText: "1 unread notification" }).count()).toBe(1);

  // keyboard: the bell is reachable and opens the list
  await bell.focus();
  await c.keyboard.press("Enter");
  const list = c.getByRole("dialog", { name: "Notifications" });
  await list.waitFor();
  await list.getByText(`Your bid on load ${load.loadNumber} was accepted`).waitFor();
  await viewShot(c, "notifications-bell-1280");

  // the item opens the load's details
  await list.getByRole("button", { name: new RegExp(`Your bid on load ${load.loadNumber}`) }).click();
  await c.getByRole("dialog", { name: new RegExp(load.loadNumber) }).waitFor();
  await c.keyboard.press("Escape");
  await expect.poll(() => c.getByTestId("notification-count").count()).toBe(0);

  // the email's link (/?load=<id>) opens the same details, and closing them leaves a clean URL
  const mail = await server.sink.waitFor(1).then((all) => all.find((m) => /was accepted/.test(m.subject ?? ""))!);
  const href = /(http:\/\/\S+\/\?load=[0-9a-f-]{36})/.exec(mail.text ?? "")![1];
  await c.goto(href.replace(server.url, ""));
  await c.getByRole("dialog", { name: new RegExp(load.loadNumber) }).waitFor();
  await c.keyboard.press("Escape");
  await expect.poll(() => c.evaluate(() => window.location.search)).toBe("");
});

it("on a 390 px phone the list fits the screen and Mark all as read hides the count", async () => {
  // two more notifications for the carrier: staff reject a bid on another load, reset the first
  const other = await createLoad(server.app, { loadNumber: "FN-2026-317", pickupCity: "Llanfairpwllgwyngyll", deliveryCity: "Aberdeen" });
  const p = await signedInPage(carrier, PHONE);
  await p.goto("/");
  const bid = await p.evaluate(async (loadId) => {
    const res = await fetch("/api/bids", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ loadId, bidAmount: 950 }) });
    return (await res.json()) as { id: string };
  }, other.id);
  const staff = await signedInPage(admin);
  await staff.goto("/admin");
  expect((await staff.request.post(`/api/bids/${bid.id}/reject`, { headers: { origin: server.url } })).status()).toBe(200);
  expect((await staff.request.patch(`/api/loads/${load.id}/reset-to-available`, { headers: { origin: server.url }, data: {} })).status()).toBe(200);
  await expect.poll(() => p.getByTestId("notification-count").textContent(), { timeout: 3000 }).toBe("2");
  await p.getByTestId("notification-bell").click();
  const list = p.getByRole("dialog", { name: "Notifications" });
  await list.getByText(`Load ${load.loadNumber} was reset to available`).waitFor();
  await viewShot(p, "notifications-bell-390");
  const box = await list.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // the header with the bell keeps to the screen (the board below is other journeys' subject)
  expect(await p.evaluate(() => document.querySelector("header")!.scrollWidth)).toBeLessThanOrEqual(390);
  await list.getByRole("button", { name: "Mark all as read" }).click();
  await expect.poll(() => p.getByTestId("notification-count").count()).toBe(0);
});

it("the header with the bell fits a 390 and 360 px phone for staff, a carrier and signed out, and keeps its desktop row at 1280 px", async () => {
  const prefix = process.env.HEADER_SHOT_PREFIX ?? "header";
  const inside = async (p: Page, name: string, box: { x: number; y: number; width: number; height: number } | null, width: number) => {
    expect(box, name).not.toBeNull();
    expect(box!.x, `${name} left edge`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} right edge`).toBeLessThanOrEqual(width);
    expect(box!.width, `${name} target width`).toBeGreaterThanOrEqual(44);
    expect(box!.height, `${name} target height`).toBeGreaterThanOrEqual(44);
  };
  const headerHeightPublished = async (p: Page) => {
    await expect
      .poll(() =>
        p.evaluate(() => {
          const published = getComputedStyle(document.documentElement).getPropertyValue("--app-header-height").trim();
          return published === `${Math.ceil(document.querySelector("header")!.getBoundingClientRect().height)}px`;
        }),
      )
      .toBe(true);
  };
  for (const width of [390, 360, 1280]) {
    const viewport = { width, height: width > 500 ? 900 : 844 };
    for (const [who, user] of [
      ["staff", admin],
      ["carrier", carrier],
    ] as const) {
      const p = await signedInPage(user, viewport);
      await p.goto(who === "staff" ? "/admin" : "/");
      const header = p.locator("header");
      const bell = p.getByTestId("notification-bell");
      const avatar = header.getByRole("button", { name: `User menu for ${user.name}` });
      await bell.waitFor();
      await avatar.waitFor();
      await header.getByText(`Welcome, ${user.name}`).waitFor();
      await p.getByRole("heading", { level: 1 }).first().waitFor();
      await viewShot(p, `${prefix}-${who}-${width}`);
      await inside(p, "bell", await bell.boundingBox(), width);
      await inside(p, "avatar", await avatar.boundingBox(), width);
      await inside(p, "Help", await header.getByRole("button", { name: "Help", exact: true }).boundingBox(), width);
      if (who === "staff") await inside(p, "Admin", await header.getByRole("link", { name: "Admin", exact: true }).boundingBox(), width);
      else expect(await header.getByRole("link", { name: "Admin" }).count()).toBe(0);
      // no sideways scroll on the page
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const welcome = await header.getByText(`Welcome, ${user.name}`).boundingBox();
      const logo = await header.getByRole("link", { name: /home$/ }).boundingBox();
      expect(welcome!.x + welcome!.width).toBeLessThanOrEqual(width);
      if (width > 500) {
        // desktop: one row, the welcome line beside the logo, Help and Admin with their words showing
        expect(welcome!.y).toBeLessThan(logo!.y + logo!.height);
        expect(await header.getByRole("button", { name: "Help", exact: true }).innerText()).toContain("Help");
        if (who === "staff") expect(await header.getByRole("link", { name: "Admin", exact: true }).innerText()).toContain("Admin");
      } else {
        // phone: the welcome line is a second row, under the controls
        expect(welcome!.y).toBeGreaterThanOrEqual(logo!.y + logo!.height - 1);
      }
      await headerHeightPublished(p);
    }
    const out = await journey.newPage(viewport);
    await out.goto("/login");
    const outHeader = out.locator("header");
    const newAccount = outHeader.getByRole("link", { name: "New Account" });
    await newAccount.waitFor();
    await viewShot(out, `${prefix}-signedout-${width}`);
    await inside(out, "New Account", await newAccount.boundingBox(), width);
    await inside(out, "Help", await outHeader.getByRole("button", { name: "Help", exact: true }).boundingBox(), width);
    expect(await out.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
