// Journey: the carrier load board. Two carriers and a manager on a real
// server and a real Chromium: filter, open details, accept with confirmation,
// lose the race on a stale card, see every status as a card.
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { DESKTOP, PHONE, shot, startJourney, type E2EServer, type Journey } from "./helpers";
import { createCarrier, createLoad, createManager } from "../test/factories";
import { loadViews } from "../src/server/db/schema";
import type { UserRow } from "../src/server/db/schema";
import { TMP_ROOT } from "../test/paths";

let journey: Journey;
let server: E2EServer;
let alice: UserRow; // the carrier who accepts
let bob: UserRow; // the carrier who is too late
let manager: UserRow;
const ids: Record<string, string> = {};
// the machine is shared and slow at times: give polled UI state a few seconds
const WAIT = { timeout: 10_000 };

const N = {
  manchester: "FN-2026-901",
  leeds: "FN-2026-902",
  free: "FN-2026-903",
  accepted: "FN-2026-911",
  approved: "FN-2026-912",
  completed: "FN-2026-913",
  cancelled: "FN-2026-914",
};

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  const app = server.app;
  alice = await createCarrier(app, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd" });
  bob = await createCarrier(app, { name: "Bob Trucker", carrierName: "Bob Transport Ltd" });
  manager = await createManager(app, { name: "Morgan Manager", carrierName: "Flatbed Network" });

  const day = (d: number, h: number) => new Date(Date.UTC(2026, 10, d, h, 0, 0));
  // the available loads are picked up in November 2037 (23 Nov is a Monday then too): an available
  // load whose pickup day has ended leaves the board, and these must stay on it
  const ahead = (d: number, h: number) => new Date(Date.UTC(2037, 10, d, h, 0, 0));
  ids.manchester = (
    await createLoad(app, {
      loadNumber: N.manchester,
      pickupCity: "Manchester",
      pickupState: "Greater Manchester",
      pickupZip: "M1 1AE",
      pickupAddress: "10 Piccadilly",
      deliveryCity: "Glasgow",
      deliveryState: "Lanarkshire",
      deliveryZip: "G1 1XQ",
      deliveryAddress: "5 George Square",
      pickupDate: ahead(23, 9),
      deliveryDate: ahead(23, 16),
      deliveryTimeType: "between",
      deliveryStartTime: "14:00",
      deliveryEndTime: "17:00",
      weight: 800,
      distance: 215,
      price: 950,
      ratePerMile: 4.42,
      cargoType: "Timber",
      isUrgent: true,
      forsRequirement: "Gold",
      adr: true,
      tailLift: true,
      length: 13.6,
      width: 2.5,
      height: 2.9,
    })
  ).id;
  ids.leeds = (await createLoad(app, { loadNumber: N.leeds, pickupDate: ahead(22, 8), weight: 12000, price: 1200, distance: 200 })).id;
  ids.free = (
    await createLoad(app, { loadNumber: N.free, pickupCity: "Cardiff", deliveryCity: "London", pickupDate: ahead(21, 7), weight: 3000, price: 0, distance: 150 })
  ).id;
  const own = { acceptedBy: alice.id, acceptedByCarrier: alice.carrierName, acceptedAt: day(1, 10) };
  ids.accepted = (await createLoad(app, { loadNumber: N.accepted, status: "accepted", pickupCity: "York", pickupDate: day(20, 9), ...own })).id;
  ids.approved = (
    await createLoad(app, { loadNumber: N.approved, status: "approved", pickupCity: "Hull", pickupDate: day(19, 9), mandataNumber: "PO-2026-00042", ...own })
  ).id;
  ids.completed = (await createLoad(app, { loadNumber: N.completed, status: "completed", pickupCity: "Derby", pickupDate: day(18, 9), ...own })).id;
  ids.cancelled = (await createLoad(app, { loadNumber: N.cancelled, status: "cancelled", pickupCity: "Exeter", pickupDate: day(17, 9) })).id;
});

afterAll(() => journey?.close());

/** Sign in through the real login call, then open the board. */
async function signIn(user: UserRow, viewport = DESKTOP): Promise<Page> {
  const page = await journey.logIn(user, viewport);
  await page.goto("/");
  await page.getByRole("heading", { name: "UK's Largest Flatbed Network" }).waitFor();
  await page.getByText("Loading available loads...").waitFor({ state: "hidden" });
  return page;
}

const card = (page: Page, loadNumber: string): Locator => page.locator('[data-testid="load-card"]', { hasText: `#${loadNumber}` });
const cardCount = (page: Page) => page.locator('[data-testid="load-card"]').count();

async function cardShot(locator: Locator, name: string) {
  mkdirSync(`${TMP_ROOT}/screenshots`, { recursive: true });
  await locator.screenshot({ path: `${TMP_ROOT}/screenshots/${name}.png` });
}

describe("carrier load board", () => {
  it("shows the heading, the five tiles in order and the carrier's loads", async () => {
    const page = await signIn(alice);
    const tiles = page.getByRole("region", { name: "Your statistics" }).getByRole("listitem");
    await expect.poll(() => tiles.allInnerTexts(), WAIT).toEqual([
      expect.stringMatching(/^Available Loads\s+3$/),
      expect.stringMatching(/^Accepted Loads\s+1$/),
      expect.stringMatching(/^Approved Loads\s+1$/),
      expect.stringMatching(/^Completed Loads\s+1$/),
      expect.stringMatching(/^Total Earnings\s+£1,200\.00$/),
    ]);
    // available loads plus Alice's own; never the cancelled one (a carrier sees available loads and their own accepted, approved or completed ones)
    await expect.poll(() => cardCount(page), WAIT).toBe(6);
    await expect.poll(() => card(page, N.cancelled).count(), WAIT).toBe(0);
    await page.getByText("6 loads found").waitFor();

    const m = card(page, N.manchester);
    const text = await m.innerText();
    for (const s of ["Available", "Urgent", "FORS Gold", "ADR", "Tail Lift", "Manchester", "Greater Manchester", "Glasgow", "£950.00", "£4.42/mile", "800 kg", "215 miles", "Flatbed", "Timber"]) {
      expect(text).toContain(s);
    }
    // UK dates (deliberately not a US date format) and the time-window wording ("between 14:00 - 17:00")
    expect(text).toContain("Mon 23 Nov 2037 at 09:00");
    expect(text).toContain("Mon 23 Nov 2037 between 14:00 - 17:00");
    // the carrier never sees a postcode of a load that is not theirs and approved
    expect(text).not.toContain("M1 1AE");
    await m.getByRole("button", { name: "Accept Load" }).waitFor();
    await m.getByRole("button", { name: "Place Bid" }).waitFor();
    // no Accept Load for a price of 0
    await card(page, N.free).getByRole("button", { name: "Place Bid" }).waitFor();
    expect(await card(page, N.free).getByRole("button", { name: "Accept Load" }).count()).toBe(0);

    // each status's disabled button label and badge; Complete POD only on approved/completed
    for (const [n, label, badge, pod] of [
      [N.accepted, "Accepted", "Waiting for Approval", false],
      [N.approved, "Approved", "Approved", true],
      [N.completed, "Completed", "Completed", true],
    ] as const) {
      const c = card(page, n);
      expect(await c.getByRole("button", { name: label, exact: true }).isDisabled()).toBe(true);
      expect(await c.innerText()).toContain(badge);
      expect(await c.getByRole("button", { name: "Accept Load" }).count()).toBe(0);
      expect(await c.getByRole("button", { name: "Place Bid" }).count()).toBe(0);
      expect(await c.getByRole("button", { name: "Complete POD" }).count()).toBe(pod ? 1 : 0);
      await cardShot(c, `board-card-${n.slice(-3)}-${label.toLowerCase()}`);
    }
    await cardShot(m, "board-card-available");
    await shot(page, "board-desktop");
  });

  it("loads the menu, the bell, the accept dialogs and toasts on first use; its tabs work by keyboard", async () => {
    const page = await signIn(alice);
    await card(page, N.manchester).waitFor(WAIT);
    // first load: none of the on-demand code (it keeps the board's first-load JS small)
    const scripts = () => page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.endsWith(".js")));
    const onDemand = /\/(user-menu|notification-bell|accept-load-dialogs-view)-[\w-]+\.js$/;
    expect((await scripts()).filter((s) => onDemand.test(s))).toEqual([]);
    // the tabs (ui/tabs-lite.tsx): arrow keys move and select, one tab in the Tab order
    const loadsTab = page.getByRole("tab", { name: "Load Board" });
    const bidsTab = page.getByRole("tab", { name: "My Bids" });
    expect(await loadsTab.getAttribute("aria-selected")).toBe("true");
    expect(await bidsTab.getAttribute("tabindex")).toBe("-1");
    await loadsTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => bidsTab.getAttribute("aria-selected"), WAIT).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("My Bids");
    await page.getByRole("tabpanel", { name: "My Bids" }).waitFor();
    await page.keyboard.press("Home");
    await expect.poll(() => loadsTab.getAttribute("aria-selected"), WAIT).toBe("true");
    // the avatar opens its menu on the first click, and Escape gives the focus back to it
    await page.getByRole("button", { name: "User menu for Alice Haulier" }).click();
    await page.getByRole("menuitem", { name: "My Profile" }).waitFor(WAIT);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""), WAIT).toContain("User menu for Alice Haulier");
    // the bell by keyboard: Enter opens its list at once
    await page.getByTestId("notification-bell").focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Notifications" }).waitFor(WAIT);
    await page.keyboard.press("Escape");
    // the accept dialog comes with the first Accept, and Cancel closes it
    await card(page, N.manchester).getByRole("button", { name: "Accept Load" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Load Acceptance" });
    await confirm.waitFor(WAIT);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden", ...WAIT });
    expect((await scripts()).some((s) => /\/toast-sonner-[\w-]+\.js$/.test(s))).toBe(true);
  });

  it("filters by text with the Search button and by a band, and resets", async () => {
    const page = await signIn(alice);
    const search = page.getByRole("searchbox", { name: "Search" });
    expect(await search.getAttribute("placeholder")).toBe("Search by pickup, delivery or load ID");
    // the app has taken over the server's first screen (its messages entry is drawn only in the browser)
    await page.getByTestId("messages-button").waitFor({ state: "attached" });

    // typing alone does not filter: the Search button applies the text
    await search.fill("manchester");
    await page.waitForTimeout(300);
    expect(await cardCount(page)).toBe(6);
    const listed = page.waitForResponse((r) => r.url().includes("/api/loads?search=manchester") && r.status() === 200);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await listed;
    await expect.poll(() => cardCount(page), WAIT).toBe(1);
    await page.getByText("1 load found").waitFor();
    expect(await card(page, N.manchester).count()).toBe(1);

    // by load number, with Enter
    await search.fill("903");
    await search.press("Enter");
    await expect.poll(() => card(page, N.free).count(), WAIT).toBe(1);
    await expect.poll(() => cardCount(page), WAIT).toBe(1);

    await page.getByRole("button", { name: "Reset", exact: true }).click();
    await expect.poll(() => cardCount(page), WAIT).toBe(6);
    expect(await search.inputValue()).toBe("");

    // a weight band: over 10,000 kg (server-side through the query string), in the filter sheet the chips open
    const banded = page.waitForResponse((r) => r.url().includes("weight=gt10000"));
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByLabel("Weight Range").selectOption({ label: "Over 10,000 kg" });
    await banded;
    await expect.poll(() => card(page, N.manchester).count(), WAIT).toBe(0);
    await expect.poll(() => card(page, N.leeds).count(), WAIT).toBe(1);

    // nothing matches: the empty state's message and a way out
    await page.getByLabel("Equipment Type").selectOption("MOL");
    await page.getByRole("button", { name: "Show loads" }).click();
    await page.getByText("No loads match your search criteria.").waitFor();
    await page.getByRole("button", { name: "Reset filters" }).click();
    await expect.poll(() => cardCount(page), WAIT).toBe(6);
    expect(await page.getByLabel("Weight Range").inputValue()).toBe("all");
  });

  it("opens details (recording a view), accepts with confirmation, and a second carrier loses the race", async () => {
    const page = await signIn(alice);
    const bobPage = await signIn(bob);
    // Bob sees the load and starts accepting it: his card is about to be stale
    await card(bobPage, N.manchester).getByRole("button", { name: "Accept Load" }).click();
    const bobConfirm = bobPage.getByRole("dialog", { name: "Confirm Load Acceptance" });
    await bobConfirm.getByText(`Are you sure you want to accept Load #${N.manchester}? This action cannot be undone.`).waitFor();

    // Alice opens the details
    await card(page, N.manchester).getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: `Load Details - #${N.manchester}` });
    await details.waitFor();
    for (const h of ["Pickup", "Delivery", "Load Details", "Equipment Requirements"]) await details.getByRole("heading", { name: h, exact: true }).waitFor();
    const dText = await details.innerText();
    expect(dText).toContain("13.6 × 2.5 × 2.9 ft");
    expect(dText).toContain("FORS");
    expect(dText).not.toContain("M1 1AE"); // redacted by the server until approved
    expect(dText).not.toContain("PO Number");
    expect(dText).not.toContain("View History"); // staff only
    await details.getByRole("button", { name: "Generate POD" }).count().then((n) => expect(n).toBe(0));
    await expect
      .poll(async () => (await server.app.ctx.db.select().from(loadViews).where(eq(loadViews.loadId, ids.manchester))).filter((v) => v.userId === alice.id).length, WAIT)
      .toBe(1);
    await shot(page, "board-details-dialog");
    await page.screenshot({ path: `${TMP_ROOT}/screenshots/board-details-dialog-view.png` });

    // accept → confirm → success
    await details.getByRole("button", { name: "Accept Load" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Load Acceptance" });
    await confirm.getByText(`Are you sure you want to accept Load #${N.manchester}? This action cannot be undone.`).waitFor();
    await confirm.getByRole("button", { name: "Accept Load" }).click();
    const success = page.getByRole("dialog", { name: "Load Accepted Successfully" });
    await success.waitFor();
    const sText = await success.innerText();
    expect(sText).toContain("Waiting for Approval");
    expect(sText).toMatch(/operator will contact you/i);
    expect(sText).toMatch(/purchase order number/i);
    expect(sText).toMatch(/complete the POD after pickup and delivery/i);
    await shot(page, "board-accept-success");
    await page.screenshot({ path: `${TMP_ROOT}/screenshots/board-accept-success-view.png` });
    await success.getByRole("button", { name: "OK, Got It!" }).click();
    await success.waitFor({ state: "hidden" });
    const mine = card(page, N.manchester);
    await mine.getByText("Waiting for Approval").waitFor();
    expect(await mine.getByRole("button", { name: "Accepted", exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole("region", { name: "Your statistics" }).getByRole("listitem").nth(1).innerText(), WAIT).toMatch(/Accepted Loads\s+2/);

    // Bob confirms on his stale card: Alice's company has it, so it is not his to see (404) →
    // "Load is no longer available" as a toast; the load disappears
    await bobConfirm.getByRole("button", { name: "Accept Load" }).click();
    await bobPage.getByText("Load is no longer available").waitFor();
    await expect.poll(() => card(bobPage, N.manchester).count(), WAIT).toBe(0);
    await bobPage.reload();
    await bobPage.getByText("Loading available loads...").waitFor({ state: "hidden" });
    await card(bobPage, N.leeds).waitFor();
    expect(await card(bobPage, N.manchester).count()).toBe(0);
  });

  it("is usable on a phone: one column, full-width buttons of at least 44 px", async () => {
    const page = await signIn(alice, PHONE);
    const c = card(page, N.leeds);
    await c.waitFor();
    const box = (await c.boundingBox())!;
    expect(box.width).toBeGreaterThan(PHONE.width - 60);
    for (const name of ["Accept Load", "Place Bid", "View Details"]) {
      const b = (await c.getByRole("button", { name }).boundingBox())!;
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(b.width).toBeGreaterThan(box.width - 60);
    }
    const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noOverflow).toBe(true);
    await shot(page, "board-phone");
    await page.screenshot({ path: `${TMP_ROOT}/screenshots/board-phone-top.png` });
    await cardShot(c, "board-phone-card");
    await card(page, N.approved).getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: `Load Details - #${N.approved}` });
    await details.waitFor();
    // Alice's own approved load: the PO number and postcodes are hers to see now
    await details.getByText("PO-2026-00042").waitFor();
    await details.getByText("LS1 4AP").waitFor();
    await details.getByRole("button", { name: "Generate POD" }).waitFor();
    await details.getByRole("button", { name: "Complete POD" }).waitFor();
    await shot(page, "board-phone-details");
    await page.screenshot({ path: `${TMP_ROOT}/screenshots/board-phone-details-top.png` });
  });

  it("shows staff every status and the View History tab", async () => {
    const page = await signIn(manager);
    const c = card(page, N.cancelled);
    await c.waitFor();
    expect(await c.getByRole("button", { name: "Cancelled", exact: true }).isDisabled()).toBe(true);
    await cardShot(c, "board-card-914-cancelled");
    await card(page, N.manchester).getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: `Load Details - #${N.manchester}` });
    await details.waitFor();
    await details.getByText("M1 1AE").waitFor(); // staff see postcodes
    // Alice's view and now the manager's own
    const historyTab = details.getByRole("tab", { name: /^View History \(\d+\)$/ });
    await expect.poll(() => historyTab.innerText(), WAIT).toBe("View History (2)");
    await historyTab.click();
    await details.getByRole("cell", { name: "Alice Haulier" }).waitFor();
    await details.getByRole("cell", { name: "Alice Haulage Ltd" }).waitFor();
    await shot(page, "board-details-history");
  });
});
