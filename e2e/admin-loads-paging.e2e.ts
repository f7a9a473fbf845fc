// Journey: the admin's load tables over more loads than fit on a page (no list
// silently truncates). On a board of 1,200 loads the All Loads tab says
// "1,200 loads", pages with First/Previous/Next/Last to the oldest load (two years
// old), sorts by a column header (aria-sort) and finds the oldest by number and by
// city on the server; the tab badges are true totals; the Loads with Bids tab pages
// too. Screenshots of All Loads at 1280 px and 390 px.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { PHONE, launchBrowser, newPage, shot, startServer, type E2EServer } from "./helpers";
import { PASSWORD, createAdmin, createLoads, createUser } from "../test/factories";
import { bids, loadViews, type LoadRow, type UserRow } from "../src/server/db/schema";

const WIDE = { width: 1280, height: 900 };
const OLDEST = "FN-2024-0042";

let server: E2EServer;
let browser: Browser;
let admin: UserRow;
let page: Page;
let board: LoadRow[];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const app = server.app;
  admin = await createAdmin(app, { name: "Ada Admin", carrierName: "Flatbed Network" });
  const now = Date.UTC(2026, 10, 20, 9);
  // 1,200 loads, a pickup every six hours going back; 70 accepted (more than a page);
  // the last, two years old, delivered to Shetland
  board = await createLoads(app, 1200, (i) =>
    i === 1199
      ? { loadNumber: OLDEST, pickupCity: "Penzance", deliveryCity: "Lerwick", status: "completed", acceptedByCarrier: "Kernow Haulage", pickupDate: new Date(Date.UTC(2024, 9, 15, 9)) }
      : {
          pickupDate: new Date(now - i * 6 * 3_600_000),
          price: 800 + ((i * 37) % 2000),
          ...(i % 17 === 5 && i < 1190 ? { status: "accepted", acceptedByCarrier: "Carla Haulage Ltd", acceptedAt: new Date(now - i * 3_600_000) } : {}),
        },
  );
  // pending bids on 60 available loads: more than one page of Loads with Bids
  const bidder = await createUser(app, { name: "Bea Bidder", carrierName: "Bea Transport" });
  const open = board.filter((l) => l.status === "available").slice(0, 60);
  await app.ctx.db.insert(bids).values(open.map((l, i) => ({ loadId: l.id, carrierId: bidder.id, bidAmount: 700 + i, status: "pending" })));

  page = await openAdmin(WIDE);
});

/** The admin, signed in by the real login call, on the dashboard in a browser of this size. */
async function openAdmin(viewport: { width: number; height: number }): Promise<Page> {
  const { context, page: p } = await newPage(browser, server.url, viewport);
  contexts.push(context);
  expect((await p.request.post("/api/login", { data: { email: admin.email, password: PASSWORD } })).status()).toBe(200);
  await p.goto("/admin");
  await p.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  return p;
}

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page) await shot(page, `admin-loads-paging-FAILED-${ctx.task.name.slice(0, 40).replace(/\W+/g, "-")}`).catch(() => {});
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

const panel = (p: Page = page) => p.getByRole("tabpanel");
const firstNumbers = async (p: Page = page) => (await panel(p).locator("tbody tr td:first-child").allInnerTexts()).map((t) => t.split(/\s/)[0]);
const pager = (p: Page = page) => panel(p).getByRole("navigation");

describe("admin load tables over 1,200 loads", () => {
  it("All Loads says 1,200 loads, shows 50 and the tab badges are true totals", async () => {
    await panel().getByText("1,200 loads", { exact: true }).waitFor();
    await expect.poll(async () => (await firstNumbers()).length).toBe(50);
    await pager().getByText("Page 1 of 24").waitFor();
    const tabs = (await page.getByRole("tab").allInnerTexts()).map((n) => n.replace(/\s+/g, " ").trim());
    expect(tabs).toContain("Accepted 70");
    expect(tabs).toContain("Loads with Bids 60");
    // newest pickup first: aria-sort says so on the Pickup Date header
    expect(await panel().getByRole("columnheader", { name: "Pickup Date" }).getAttribute("aria-sort")).toBe("descending");
    expect(await panel().getByRole("columnheader", { name: "Price" }).getAttribute("aria-sort")).toBe("none");
    // the staff desk at 1280 px: every column in view, no sideways scroll, the first row's Actions menu on screen
    const table = panel().getByRole("region", { name: "All loads" });
    const { scrollWidth, clientWidth } = await table.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth, "All Loads scrolls sideways at 1280 px").toBeLessThanOrEqual(clientWidth);
    const actions = (await panel().locator("tbody tr").first().getByRole("button", { name: /^Actions for load #/ }).boundingBox())!;
    expect(actions.x).toBeGreaterThanOrEqual(0);
    expect(actions.x + actions.width).toBeLessThanOrEqual(WIDE.width);
    await shot(page, "admin-all-loads-1200-desktop-1280");
  });

  it("pages with Next and Last to the oldest load, two years back", async () => {
    await pager().getByRole("button", { name: "Next" }).click();
    await pager().getByText("Page 2 of 24").waitFor();
    await pager().getByText("Showing 51–100 of 1,200").waitFor();
    await expect.poll(async () => (await firstNumbers())[0]).toBe(board[50].loadNumber);
    await pager().getByRole("button", { name: "Last" }).click();
    await pager().getByText("Page 24 of 24").waitFor();
    await expect.poll(async () => (await firstNumbers()).at(-1)).toBe(OLDEST);
    const oldest = panel().locator("tbody tr", { hasText: OLDEST });
    expect(await oldest.innerText()).toContain("15/10/2024");
    expect(await pager().getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await pager().getByRole("button", { name: "First" }).click();
    await pager().getByText("Page 1 of 24").waitFor();
  });

  it("sorts on the server by a column header: soonest pickup first puts the oldest on top", async () => {
    const pickup = panel().getByRole("columnheader", { name: "Pickup Date" });
    await pickup.getByRole("button").click();
    await expect.poll(() => pickup.getAttribute("aria-sort")).toBe("ascending");
    await expect.poll(async () => (await firstNumbers())[0]).toBe(OLDEST);
    // price, dearest first on the first click
    const price = panel().getByRole("columnheader", { name: "Price" });
    await price.getByRole("button").click();
    await expect.poll(() => price.getAttribute("aria-sort")).toBe("descending");
    const dearest = [...board].sort((a, b) => Number(b.price) - Number(a.price) || (a.id < b.id ? -1 : 1))[0];
    await expect.poll(async () => (await firstNumbers())[0]).toBe(dearest.loadNumber);
    // back to the contract's order
    await pickup.getByRole("button").click();
    await expect.poll(() => pickup.getAttribute("aria-sort")).toBe("descending");
  });

  it("finds the oldest load by its number and by its cities, on the server, and Clear Filters clears the search", async () => {
    const search = panel().getByRole("searchbox", { name: /Search loads/ });
    for (const q of [OLDEST, "penzance", "Lerwick"]) {
      // the search is sent once typing pauses, to the server
      const answered = page.waitForResponse((r) => r.url().includes("/api/loads?") && new URL(r.url()).searchParams.get("search") === q);
      await search.fill(q);
      await answered;
      await panel().getByText("1 load", { exact: true }).waitFor();
      await expect.poll(() => firstNumbers()).toEqual([OLDEST]);
    }
    // the search stays put across a reload, like the filters
    await page.reload();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await expect.poll(() => firstNumbers()).toEqual([OLDEST]);
    expect(await panel().getByRole("searchbox", { name: /Search loads/ }).inputValue()).toBe("Lerwick");
    await panel().getByRole("button", { name: "Clear Filters" }).click();
    await panel().getByText("1,200 loads", { exact: true }).waitFor();
    expect(await panel().getByRole("searchbox", { name: /Search loads/ }).inputValue()).toBe("");
  });

  it("the Accepted tab pages its 70 loads", async () => {
    await page.getByRole("tab", { name: /^Accepted/ }).click();
    await panel().getByText("70 loads", { exact: true }).waitFor();
    await pager().getByText("Page 1 of 2").waitFor();
    await pager().getByRole("button", { name: "Next" }).click();
    await pager().getByText("Showing 51–70 of 70").waitFor();
    await expect.poll(async () => (await firstNumbers()).length).toBe(20);
  });

  it("the Loads with Bids tab pages its 60 loads and searches them", async () => {
    await page.getByRole("tab", { name: /^Loads with Bids/ }).click();
    await panel().getByText("60 loads", { exact: true }).waitFor();
    await pager().getByText("Page 1 of 2").waitFor();
    await expect.poll(() => panel().getByTestId("load-with-bids-row").count()).toBe(50);
    await pager().getByRole("button", { name: "Next" }).click();
    await expect.poll(() => panel().getByTestId("load-with-bids-row").count()).toBe(10);
    await panel().getByRole("searchbox", { name: "Search loads with bids" }).fill(board[0].loadNumber);
    await panel().getByText("1 load", { exact: true }).waitFor();
    await expect.poll(() => panel().getByTestId("load-with-bids-row").count()).toBe(1);
    await shot(page, "admin-loads-with-bids-search");
  });

  it("a load's View History counts every view and says when it shows only the newest 1,000", async () => {
    const oldest = board.find((l) => l.loadNumber === OLDEST)!;
    const at = Date.UTC(2024, 9, 1);
    await server.app.ctx.db.insert(loadViews).values(Array.from({ length: 1100 }, (_, i) => ({ loadId: oldest.id, userId: admin.id, viewedAt: new Date(at + i * 60_000) })));
    await page.getByRole("tab", { name: "All Loads", exact: true }).click();
    const answered = page.waitForResponse((r) => r.url().includes("/api/loads?") && new URL(r.url()).searchParams.get("search") === OLDEST);
    await panel().getByRole("searchbox", { name: /Search loads/ }).fill(OLDEST);
    await answered;
    await expect.poll(() => firstNumbers()).toEqual([OLDEST]);
    await page.getByRole("button", { name: `Actions for load #${OLDEST}` }).click();
    await page.getByRole("menuitem", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: `Load Details - #${OLDEST}` });
    // opening it records one more view
    const history = details.getByRole("tab", { name: /^View History/ });
    await expect.poll(() => history.innerText()).toBe("View History (1,101)");
    await history.click();
    await details.getByText("Showing the newest 1,000 of 1,101 views.").waitFor();
    await page.keyboard.press("Escape");
    await panel().getByRole("button", { name: "Clear Filters" }).click();
    await panel().getByText("1,200 loads", { exact: true }).waitFor();
  });

  it("on a 390 px phone the All Loads tab shows the total and a pager of four buttons", async () => {
    const phone = await openAdmin(PHONE);
    await phone.getByRole("tab", { name: "All Loads", exact: true }).click();
    await panel(phone).getByText("1,200 loads", { exact: true }).waitFor();
    await pager(phone).getByText("Page 1 of 24").waitFor();
    // the pager fits the screen: no button past the right edge, each a 44 px target
    for (const name of ["First", "Previous", "Next", "Last"]) {
      const box = (await pager(phone).getByRole("button", { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }
    await shot(phone, "admin-all-loads-1200-phone-390");
    await pager(phone).getByRole("button", { name: "Last" }).click();
    await pager(phone).getByText("Page 24 of 24").waitFor();
    await expect.poll(async () => (await firstNumbers(phone)).at(-1)).toBe(OLDEST);
  });
});
