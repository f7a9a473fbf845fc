// Journey: the Users, Carriers and Pending tabs over more users than fit on a
// page (no list silently truncates). An admin sees the true total,
// pages, sorts by a column header and searches on the server; the Pending tab
// says which existing company an applicant joins; a carrier's My Profile shows
// their company read-only. Screenshots at 1280 px and 390 px.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { PHONE, launchBrowser, newPage, shot, startServer, type E2EServer } from "./helpers";
import { PASSWORD, createAdmin, createCarrier, createLoad, createUser } from "../test/factories";
import { users, type UserRow } from "../src/server/db/schema";
import { TMP_ROOT } from "../test/paths";

const WIDE = { width: 1280, height: 900 };
const BULK = 1_200;

let server: E2EServer;
let browser: Browser;
let admin: UserRow;
let page: Page;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const app = server.app;
  admin = await createAdmin(app, { name: "Ada Admin", carrierName: "Flatbed Network" });
  // a company of three, and an applicant who would join it
  const smith = await createCarrier(app, { name: "Sam Smith", carrierName: "Smith Haulage Ltd", createdAt: new Date("2025-01-02T09:00:00Z") });
  await createCarrier(app, { name: "Sal Smith", carrierName: "Smith Haulage Ltd" });
  await createCarrier(app, { name: "Sid Smith", carrierName: "SMITH HAULAGE LTD" });
  await createLoad(app, { status: "completed", acceptedBy: smith.id, acceptedByCarrier: "Smith Haulage Ltd", price: 2500 });
  await createUser(app, { name: "Jo Joiner", carrierName: " smith haulage ltd", isApproved: false, email: "jo@joiner.example" });
  await createUser(app, { name: "Nel Newcomer", carrierName: "Brand New Haulage", isApproved: false, email: "nel@new.example" });
  // more accounts than one page shows, each with a company of its own
  const hash = smith.password;
  const bulk = Array.from({ length: BULK }, (_, i) => ({
    email: `driver-${String(i).padStart(4, "0")}@fleet.example`,
    password: hash,
    name: `Driver ${String(i).padStart(4, "0")}`,
    carrierName: `Fleet ${String(i).padStart(4, "0")} Ltd`,
    contactNumber: "+44 7700 900123",
    role: "carrier",
    isApproved: true,
    createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
  }));
  await app.ctx.db.insert(users).values(bulk);

  const { context, page: p } = await newPage(browser, server.url, WIDE);
  contexts.push(context);
  page = p;
  expect((await page.request.post("/api/login", { data: { email: admin.email, password: PASSWORD } })).status()).toBe(200);
  await page.goto("/admin");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page) await shot(page, `admin-users-FAILED-${ctx.task.name.slice(0, 40).replace(/\W+/g, "-")}`).catch(() => {});
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

const tab = (p: Page, name: string | RegExp) => p.getByRole("tab", typeof name === "string" ? { name, exact: true } : { name });
const panel = (p: Page) => p.getByRole("tabpanel");
const firstCells = (p: Page) => panel(p).locator("tbody tr td:first-child").allInnerTexts();
const header = (p: Page, name: string): Locator => panel(p).locator("thead th", { has: p.getByRole("button", { name, exact: true }) });
const count = async (sqlWhere: ReturnType<typeof sql>) => {
  const [r] = await server.app.ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(sqlWhere);
  return r.n;
};

describe("users lists over more than a page", () => {
  it("the Users tab shows the true total, pages, sorts by a header and searches the server", async () => {
    const total = await count(sql`true`);
    expect(total).toBeGreaterThan(BULK);
    await tab(page, "Users").click();
    const totalText = `${total.toLocaleString("en-GB")} users`;
    await panel(page).getByText(totalText, { exact: true }).waitFor();
    await panel(page).getByText(`Showing 1–50 of ${total.toLocaleString("en-GB")}`).waitFor();
    expect(await panel(page).locator("tbody tr").count()).toBe(50);
    // newest first: the bulk accounts (made in 2024) are not on the first page's top
    expect((await firstCells(page))[0]).not.toMatch(/^Driver/);
    expect(await header(page, "Joined").getAttribute("aria-sort")).toBe("descending");
    // every column fits the staff desk at 1280 px: no sideways scroll, and the
    // first row's actions menu is on screen (not past the right edge)
    const region = panel(page).getByRole("region", { name: "Users", exact: true });
    const fit = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    const actions = await panel(page).locator("tbody tr").first().getByRole("button", { name: /^Actions for / }).boundingBox();
    expect(actions && actions.x >= 0 && actions.x + actions.width <= WIDE.width).toBe(true);
    await shot(page, "admin-users-1280");
    await page.screenshot({ path: `${TMP_ROOT}/screenshots/admin-users-1280-top.png` });

    const firstPage = await firstCells(page);
    await panel(page).getByRole("button", { name: "Next" }).click();
    await panel(page).getByText(`Showing 51–100 of ${total.toLocaleString("en-GB")}`).waitFor();
    await expect.poll(async () => (await firstCells(page))[0]).not.toBe(firstPage[0]);

    // sort by name: the header says so, and the order comes from the server over every user
    await panel(page).getByRole("button", { name: "Name", exact: true }).click();
    await expect.poll(() => header(page, "Name").getAttribute("aria-sort")).toBe("ascending");
    await panel(page).getByText(`Showing 1–50 of ${total.toLocaleString("en-GB")}`).waitFor();
    await expect.poll(async () => (await firstCells(page))[0]).toBe("Ada Admin");
    await panel(page).getByRole("button", { name: "Name", exact: true }).click();
    await expect.poll(() => header(page, "Name").getAttribute("aria-sort")).toBe("descending");
    await expect.poll(async () => (await firstCells(page))[0]).toBe("Sid Smith");

    // search: name, email or company
    await panel(page).getByRole("searchbox", { name: "Search users" }).fill("fleet 0042");
    await panel(page).getByText("1 user", { exact: true }).waitFor();
    expect(await firstCells(page)).toEqual(["Driver 0042"]);
    expect(await panel(page).getByRole("navigation", { name: "Users pages" }).count()).toBe(0);
    await panel(page).getByRole("searchbox", { name: "Search users" }).fill("smith haulage");
    // the three members and the applicant (pending accounts are users too)
    await panel(page).getByText("4 users", { exact: true }).waitFor();
    await panel(page).getByRole("searchbox", { name: "Search users" }).fill("");
    await panel(page).getByText(totalText, { exact: true }).waitFor();
  });

  it("the Carriers tab pages companies with their total", async () => {
    await tab(page, "Carriers").click();
    // the bulk companies, Smith Haulage Ltd and the newcomer's company (staff are not carrier companies)
    const companies = BULK + 2;
    await panel(page).getByText(`${companies.toLocaleString("en-GB")} carriers`, { exact: true }).waitFor();
    expect(await panel(page).locator("tbody tr").count()).toBe(50);
    await panel(page).getByRole("button", { name: "Total Earnings", exact: true }).click();
    await expect.poll(async () => (await firstCells(page))[0]).toBe("Smith Haulage Ltd");
    expect(await panel(page).locator("tbody tr").first().innerText()).toContain("£2,500.00");
    await panel(page).getByRole("searchbox", { name: "Search carriers" }).fill("sal");
    await expect.poll(() => firstCells(page)).toEqual(["Smith Haulage Ltd"]);
    await shot(page, "admin-carriers-search-1280");
  });

  it("the Pending tab says an applicant joins an existing company, on a desktop and a phone", async () => {
    await tab(page, /^Pending/).click();
    const jo = panel(page).locator("tbody tr", { hasText: "Jo Joiner" });
    await jo.getByText("Joins Smith Haulage Ltd: 3 members").waitFor();
    expect(await panel(page).locator("tbody tr", { hasText: "Nel Newcomer" }).getByText(/^Joins/).count()).toBe(0);
    expect(await panel(page).getByText("2 pending users", { exact: true }).count()).toBe(1);
    await shot(page, "admin-pending-joins-1280");

    const { context, page: phone } = await newPage(browser, server.url, PHONE);
    contexts.push(context);
    await phone.request.post("/api/login", { data: { email: admin.email, password: PASSWORD } });
    await phone.goto("/admin");
    await phone.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await tab(phone, /^Pending/).click();
    const joins = panel(phone).getByText("Joins Smith Haulage Ltd: 3 members");
    await joins.waitFor();
    // beside the applicant without scrolling the table: inside the 390 px screen
    const box = await joins.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, "admin-pending-joins-390");

    await tab(phone, "Users").click();
    await panel(phone).getByText(/^[\d,]+ users$/).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, "admin-users-390");
    await phone.screenshot({ path: `${TMP_ROOT}/screenshots/admin-users-390-top.png` });

    // approved, Jo is a member of the company under its own spelling
    await panel(page).getByRole("button", { name: "Approve Jo Joiner" }).click();
    await panel(page).getByText("1 pending user", { exact: true }).waitFor();
    const [row] = await server.app.ctx.db.select().from(users).where(eq(users.email, "jo@joiner.example"));
    expect(row).toMatchObject({ isApproved: true, carrierName: "Smith Haulage Ltd" });
  });

  it("a carrier's My Profile shows the company read-only; staff change it", async () => {
    const carrier = await createCarrier(server.app, { name: "Pru Profile", carrierName: "Profile Freight Ltd" });
    const { context, page: p } = await newPage(browser, server.url, WIDE);
    contexts.push(context);
    await p.request.post("/api/login", { data: { email: carrier.email, password: PASSWORD } });
    await p.goto("/");
    await p.getByRole("button", { name: /^User menu for/ }).click();
    await p.getByRole("menuitem", { name: "My Profile" }).click();
    const dialog = p.getByRole("dialog", { name: "My Profile" });
    const company = dialog.getByLabel("Carrier / company name");
    expect(await company.inputValue()).toBe("Profile Freight Ltd");
    expect(await company.getAttribute("readonly")).not.toBeNull();
    await dialog.getByText("Only staff can change your company.").waitFor();
    await dialog.getByLabel("Full name").fill("Pru Renamed");
    await shot(p, "profile-company-read-only");
    await dialog.getByRole("button", { name: "Save Profile" }).click();
    await dialog.waitFor({ state: "hidden" });
    const [row] = await server.app.ctx.db.select().from(users).where(eq(users.id, carrier.id));
    expect(row).toMatchObject({ name: "Pru Renamed", carrierName: "Profile Freight Ltd" });
  });
});
