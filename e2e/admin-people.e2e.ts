// Journey: the rest of the admin dashboard in the browser, on the same world as
// admin.e2e.ts (admin-journey.ts): the Completed tab and View POD, load details, Manage
// Bids and the POD document, approve and reject registrations, create a manager, edit,
// view and delete users, carriers by company, and the dashboard on a phone.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { PHONE, newPage, settled, shot, type E2EServer } from "./helpers";
import { PASSWORD } from "../test/factories";
import { users, type UserRow } from "../src/server/db/schema";
import { N, adminHelpers, closeAdminJourney, shotOnFailure, startAdminJourney } from "./admin-journey";

let server: E2EServer;
let browser: Browser;
let page: Page;
let contexts: BrowserContext[];
let admin: UserRow;
let carla: UserRow;
let zed: UserRow;
const { tab, panel, row, rowCount, toast, action, userAction } = adminHelpers(() => ({ page, server }));

beforeAll(async () => {
  ({ server, browser, page, contexts, admin, carla, zed } = await startAdminJourney());
});

// a failing step leaves a picture of what the admin saw
afterEach(async (ctx) => {
  await shotOnFailure(page, ctx.task.result?.state, ctx.task.name);
});

afterAll(async () => {
  await closeAdminJourney({ contexts, browser, server });
});

describe("admin dashboard", () => {
  it("shows the Completed tab with its filters and View POD only", async () => {
    await tab("Completed").click();
    await expect.poll(rowCount).toBe(2);
    const headers = await panel().locator("thead th").allInnerTexts();
    expect(headers.map((h) => h.trim().toLowerCase())).toContain("completed");
    expect(await row(N.completedCarla).innerText()).toContain("24/11/2026 16:00");
    expect(await row(N.completedCarla).getByRole("button").allInnerTexts()).toEqual(["View POD"]);
    await shot(page, "admin-completed");
    await page.getByLabel("From pickup date").fill("2027-01-01");
    await panel().getByText("No completed loads found matching the current filters.").waitFor();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect.poll(rowCount).toBe(2);
    await row(N.completedCarla).getByRole("button", { name: "View POD" }).click();
    await settled(page.getByRole("dialog"));
    await shot(page, "admin-dialog-pod-info");
    await page.keyboard.press("Escape");
  });

  it("opens load details, manage bids and the POD document", async () => {
    await tab("All Loads").click();
    await action(N.approved, "View Details");
    await page.getByRole("dialog", { name: `Load Details - #${N.approved}` }).waitFor();
    await shot(page, "admin-dialog-load-details");
    await page.keyboard.press("Escape");
    await action(N.available, "Manage Bids");
    await settled(page.getByRole("dialog"));
    await shot(page, "admin-dialog-manage-bids");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await tab("Approved").click();
    await action(N.approved, "Generate POD");
    await settled(page.getByRole("dialog"));
    await shot(page, "admin-dialog-pod-document");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await tab(/^Loads with Bids/).click();
    await page.getByRole("heading", { name: /Loads with Bids/i }).waitFor();
    await page.getByText("Loading loads with bids...").waitFor({ state: "hidden" });
    await settled(panel());
    await shot(page, "admin-loads-with-bids");
    await page.getByRole("button", { name: "Schedule Email" }).click();
    await settled(page.getByRole("dialog"));
    await shot(page, "admin-dialog-schedule-email");
    await page.keyboard.press("Escape");
  });

  it("approves one pending carrier and rejects another", async () => {
    await tab(/^Pending/).click();
    await expect.poll(rowCount).toBe(2);
    await shot(page, "admin-pending");
    await page.getByRole("button", { name: "Approve Penny Pending" }).click();
    await toast("User approved").waitFor();
    await expect.poll(() => tab(/^Pending/).innerText()).toMatch(/1$/);
    await page.getByRole("button", { name: "Reject Rex Rejected" }).click();
    await toast("User rejected").waitFor();
    await panel().getByText("No pending user approvals").waitFor();
    const [penny] = await server.app.ctx.db.select().from(users).where(eq(users.name, "Penny Pending"));
    expect(penny.isApproved).toBe(true);
    expect((await server.app.ctx.db.select().from(users).where(eq(users.name, "Rex Rejected"))).length).toBe(0);
  });

  it("creates a manager, views a user and deletes one", async () => {
    await tab("Users").click();
    await row("Carla Driver").waitFor();
    const carlaRow = await row("Carla Driver").innerText();
    for (const s of ["Carla Haulage Ltd", "Carrier", "£1,500.00", "02/11/2026 08:00"]) expect(carlaRow).toContain(s);
    expect(await row(zed.name).innerText()).toContain("Never");
    await shot(page, "admin-users");

    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await dialog.waitFor();
    // an admin is offered the Admin role
    expect(await dialog.getByLabel("Role").locator("option").allInnerTexts()).toEqual(["Carrier", "Manager", "Admin"]);
    await dialog.getByRole("button", { name: "Create User" }).click();
    await dialog.getByText("Please enter a valid email address").waitFor();
    await dialog.getByText("Password must be at least 8 characters long").waitFor();
    await dialog.getByLabel("Name").fill("Mona Manager");
    await dialog.getByLabel("Company").fill("Flatbed Network");
    await dialog.getByLabel("Contact Number").fill("+44 113 496 0001");
    await dialog.getByLabel("Email").fill("mona@example.com");
    await dialog.getByLabel("Password").fill("Manager1!pass");
    await dialog.getByLabel("Role").selectOption("manager");
    await shot(page, "admin-dialog-user-form");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await dialog.waitFor({ state: "hidden" });
    await toast("User created").waitFor();
    await expect.poll(async () => row("Mona Manager").locator("td").nth(4).innerText()).toBe("Manager");
    const [mona] = await server.app.ctx.db.select().from(users).where(eq(users.email, "mona@example.com"));
    expect(mona).toMatchObject({ role: "manager", isAdmin: false, isApproved: true });
    // the manager can sign in
    expect((await server.app.inject({ method: "POST", url: "/api/login", payload: { email: "mona@example.com", password: "Manager1!pass" } })).statusCode).toBe(200);

    // edit: a blank password keeps the current one
    await userAction("Mona Manager", "Edit");
    const edit = page.getByRole("dialog", { name: "Edit User - Mona Manager" });
    await edit.getByLabel("Contact Number").fill("+44 113 496 0002");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast("User updated").waitFor();
    expect((await server.app.inject({ method: "POST", url: "/api/login", payload: { email: "mona@example.com", password: "Manager1!pass" } })).statusCode).toBe(200);

    await userAction("Carla Driver", "View");
    await page.getByRole("dialog", { name: "Carla Driver" }).waitFor();
    await shot(page, "admin-dialog-view-user");
    await page.keyboard.press("Escape");

    await userAction(zed.name, "Delete");
    const confirm = page.getByRole("dialog", { name: `Delete ${zed.name}` });
    await confirm.getByText("Are you sure you want to delete this user? This action cannot be undone.").waitFor();
    await shot(page, "admin-dialog-delete-user");
    await confirm.getByRole("button", { name: "Delete User" }).click();
    await toast("User deleted").waitFor();
    await expect.poll(() => row(zed.name).count()).toBe(0);
    // nobody deletes themselves: the admin's own Delete is disabled
    await page.getByRole("button", { name: "Actions for Ada Admin" }).click();
    expect(await page.getByRole("menuitem", { name: "Delete" }).getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Escape");
  });

  it("lists carriers by company", async () => {
    await tab("Carriers").click();
    await row("Carla Haulage Ltd").waitFor();
    const carlaRow = await row("Carla Haulage Ltd").innerText();
    for (const s of ["Carla Driver", carla.email, "£1,500.00"]) expect(carlaRow).toContain(s);
    await shot(page, "admin-carriers");
  });

  it("is usable on a phone", async () => {
    const { context, page: phone } = await newPage(browser, server.url, PHONE);
    contexts.push(context);
    await phone.request.post("/api/login", { data: { email: admin.email, password: PASSWORD } });
    await phone.goto("/admin");
    await phone.getByRole("heading", { name: "Admin Dashboard" }).waitFor({ timeout: 10_000 }).catch(async (e) => {
      await shot(phone, "admin-FAILED-phone");
      throw e;
    });
    await phone.getByRole("tab", { name: "All Loads" }).click();
    await phone.locator("tbody tr").first().waitFor();
    // the page itself never scrolls sideways; the table does
    const wide = await phone.evaluate((w) => {
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll("body *"))) {
        const r = el.getBoundingClientRect();
        // elements inside a scrolling region (the tables, the tab strip) may be wider
        if (r.right > w + 1 && !el.parentElement?.closest("[role=region],[role=tablist]")) out.push(`${el.tagName}.${String(el.className).slice(0, 60)} ${Math.round(r.right)}`);
      }
      return out.slice(0, 8);
    }, PHONE.width);
    expect(wide).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, "admin-phone");
    await phone.getByRole("button", { name: "Add New Load" }).click();
    await phone.getByRole("dialog", { name: "Add New Load" }).waitFor();
    await shot(phone, "admin-phone-create-load");
  });
});
