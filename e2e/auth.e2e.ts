// Journeys of the signed-out and account screens (sign-in, registration, the
// session and their messages):
// real server, real database, real SMTP sink, real Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { DESKTOP, PHONE, launchBrowser, newPage, shot, startServer, type E2EServer } from "./helpers";
import { sessions, users } from "../src/server/db/schema";
import { PASSWORD, createAdmin, createCarrier, createLoad } from "../test/factories";

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const NEW_PASSWORD = "Fresh2@route";

/** The page's path once it has settled on `path`. */
async function expectPath(page: Page, path: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(path);
}

async function expectVisible(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

/** A toast (sonner) whose title is exactly `title`. */
async function expectToast(page: Page, title: string) {
  const toast = page.locator("[data-sonner-toast]").getByText(title, { exact: true });
  await expect.poll(() => toast.first().isVisible(), { timeout: 10_000 }).toBe(true);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function openUserMenu(page: Page) {
  // on the board the server drew, once the app has taken it over (its messages entry is drawn only in the browser)
  if (new URL(page.url()).pathname === "/") await page.getByTestId("messages-button").waitFor({ state: "attached" });
  await page.getByRole("button", { name: /^User menu for/ }).click();
  await expect.poll(() => page.getByRole("menu").isVisible()).toBe(true);
}

async function logOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expectPath(page, "/login");
  await expectToast(page, "Logged Out");
}

/** Collects page errors and console errors other than failed requests (401s are expected signed out). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

describe("registration and approval", () => {
  it("registers, is refused while pending, then signs in and out once approved", async () => {
    const { page, context } = await newPage(browser, server.url, DESKTOP);
    const errors = watchErrors(page);
    const email = `haulier-${Date.now()}@example.com`;

    await page.goto("/register");
    await expectVisible(page, "Create a Carrier Account");
    // the documents step: what to send, with the configured mailbox
    await expectVisible(page, /goods-in-transit insurance/);
    await expectVisible(page, server.app.ctx.config.newUserMailbox);
    await expectVisible(page, /e-signature service/);
    await shot(page, "auth-register-desktop");

    // each field's message inline on an empty submit
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectVisible(page, "Carrier name is required");
    await expectVisible(page, "Contact number is required");
    await expectVisible(page, "Please enter a valid email address");
    await expectVisible(page, "Password must be at least 8 characters long");

    await page.getByLabel("Full name").fill("Dana Driver");
    await page.getByLabel("Carrier / company name").fill("Dana Haulage Ltd");
    await page.getByLabel("Contact number").fill("+44 7700 900456");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("Different1!");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectVisible(page, "Passwords don't match");

    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Account Created Successfully");
    await expectVisible(page, /pending admin approval/);
    await shot(page, "auth-register-pending-desktop");
    await page.getByRole("link", { name: "Back to Login" }).click();
    await expectPath(page, "/login");

    // a pending account cannot sign in
    await signIn(page, email, PASSWORD);
    await expectToast(page, "Account Pending Approval");
    await expectVisible(page, "Your account is awaiting admin approval. Please contact an administrator or try again later.");
    await expectPath(page, "/login");

    await server.app.ctx.db.update(users).set({ isApproved: true }).where(eq(users.email, email));
    await signIn(page, email, PASSWORD);
    await expectPath(page, "/");
    await expectVisible(page, "Welcome, Dana Driver");
    // a carrier has no Admin button
    expect(await page.getByRole("link", { name: "Admin" }).count()).toBe(0);

    await openUserMenu(page);
    const menu = page.getByRole("menu");
    for (const text of ["Dana Driver", email, "Dana Haulage Ltd", "My Profile", "Change Password", "Log out"]) {
      expect(await menu.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    await shot(page, "auth-header-menu-desktop");
    await page.keyboard.press("Escape");

    await logOut(page);
    // the session is gone server-side too: reloading stays signed out
    await page.reload();
    await expectVisible(page, "Forgot your password?");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's message for a wrong password and keeps the user on the login page", async () => {
    const carrier = await createCarrier(server.app);
    const { page, context } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, carrier.email, "Wrong1!password");
    await expectToast(page, "Login Failed");
    await expectVisible(page, "Invalid email or password");
    await expectPath(page, "/login");
    await context.close();
  });
});

describe("landing after sign-in", () => {
  it("sends an admin to /admin, with the Admin button in the header", async () => {
    const admin = await createAdmin(server.app, { name: "Ada Admin" });
    const { page, context } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, admin.email, PASSWORD);
    await expectPath(page, "/admin");
    await expectVisible(page, "Welcome, Ada Admin");
    expect(await page.getByRole("link", { name: "Admin" }).isVisible()).toBe(true);
    await context.close();
  });
});

describe("password reset", () => {
  it("emails a link that sets a new password, which then signs in", async () => {
    const carrier = await createCarrier(server.app, { name: "Rita Reset" });
    const { page, context } = await newPage(browser, server.url, DESKTOP);
    await page.goto("/login");
    await shot(page, "auth-login-desktop");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(carrier.email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expectToast(page, "Password Reset Email Sent");

    await expect.poll(() => server.sink.messages.some((m) => m.to && JSON.stringify(m.to).includes(carrier.email)), { timeout: 15_000 }).toBe(true);
    const mail = server.sink.messages.find((m) => JSON.stringify(m.to).includes(carrier.email))!;
    const link = `${mail.text ?? ""} ${typeof mail.html === "string" ? mail.html : ""}`.match(/https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>&]+/)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expectVisible(page, "Reset Password");
    await shot(page, "auth-reset-desktop");
    // the show/hide toggle reveals the typed password
    const field = page.getByLabel("New password", { exact: true });
    await field.fill(NEW_PASSWORD);
    const toggle = page.getByRole("button", { name: "Show password" }).first();
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await field.getAttribute("type")).toBe("text");

    await page.getByLabel("Confirm password").fill("Mismatch1!");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectVisible(page, "Passwords don't match");
    await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Password Reset Successful");
    await expectPath(page, "/login");

    // the link is single use (contract)
    await page.goto(link!);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Password Reset Failed");

    await signIn(page, carrier.email, NEW_PASSWORD);
    await expectPath(page, "/");
    await expectVisible(page, "Welcome, Rita Reset");
    await context.close();
  });

  it("treats a link without a token as invalid and goes back to the login page", async () => {
    const { page, context } = await newPage(browser, server.url, DESKTOP);
    await page.goto("/reset-password");
    await expectVisible(page, "The password reset link is invalid or expired.");
    expect(await page.getByRole("heading", { name: "Invalid Reset Link" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Login" }).isVisible()).toBe(true);
    await shot(page, "auth-reset-invalid-desktop");
    await expectPath(page, "/login");
    await expectVisible(page, "Forgot your password?");
    await context.close();
  });
});

describe("account menu", () => {
  it("goes back to the sign-in page when the session is ended elsewhere while the board is open", async () => {
    const carrier = await createCarrier(server.app, { name: "Elsa Elsewhere" });
    const { page, context } = await newPage(browser, server.url, PHONE);
    await signIn(page, carrier.email, PASSWORD);
    await expectPath(page, "/");
    await expectVisible(page, "Available Loads");
    // as a password change on another device would: every session of the user ends
    await server.app.ctx.db.delete(sessions).where(eq(sessions.userId, carrier.id));
    // a change on the board makes the open page refetch (live notice), which now gets 401
    await createLoad(server.app);
    await expect.poll(() => page.getByRole("button", { name: "Sign In" }).isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(page, "auth-session-ended-phone");
    await context.close();
  });

  it("changes the password from the user menu", async () => {
    const carrier = await createCarrier(server.app, { name: "Carl Change" });
    const { page, context } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, carrier.email, PASSWORD);
    await expectPath(page, "/");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("New password", { exact: true }).getAttribute("placeholder")).toBe("Min 8 characters");

    // a wrong current password is the server's 400, shown as an "Error" toast
    await dialog.getByLabel("Current password").fill("NotMine1!x");
    await dialog.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Error");
    await shot(page, "auth-change-password-desktop");
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByLabel("Current password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expectVisible(page, "Your password has been updated successfully.");
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await logOut(page);
    await signIn(page, carrier.email, NEW_PASSWORD);
    await expectPath(page, "/");
    await context.close();
  });

  it("edits the own profile from the user menu", async () => {
    const carrier = await createCarrier(server.app, { name: "Pat Profile" });
    const { page, context } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, carrier.email, PASSWORD);
    await expectPath(page, "/");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "My Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "My Profile" });
    await dialog.getByLabel("Full name").fill("Pat Renamed");
    await dialog.getByRole("button", { name: "Save Profile" }).click();
    await expectVisible(page, "Welcome, Pat Renamed");
    const [row] = await server.app.ctx.db.select().from(users).where(eq(users.id, carrier.id));
    expect(row.name).toBe("Pat Renamed");
    await context.close();
  });
});

describe("routes", () => {
  it("shows the login page for any path signed out, and the 404 page signed in", async () => {
    const carrier = await createCarrier(server.app);
    const { page, context } = await newPage(browser, server.url, DESKTOP);
    await page.goto("/no/such/page");
    await expectVisible(page, "Forgot your password?");
    expect(await page.getByRole("heading", { name: "Sign In" }).isVisible()).toBe(true);

    await signIn(page, carrier.email, PASSWORD);
    await expectPath(page, "/");
    await page.goto("/no/such/page");
    await expectVisible(page, "404 Page Not Found");
    await shot(page, "auth-404-desktop");
    // /admin is staff only
    await page.goto("/admin");
    await expectVisible(page, "404 Page Not Found");
    // /guide links to the full guide in a new tab
    await page.goto("/guide");
    await expectVisible(page, "Quick start");
    await expectVisible(page, "Admin features");
    await expectVisible(page, /Contains OS data © Crown copyright/);
    const guideLink = page.getByRole("link", { name: /full user guide/ });
    expect(await guideLink.getAttribute("href")).toBe("/user-guide");
    expect(await guideLink.getAttribute("target")).toBe("_blank");
    await context.close();
  });

  it("opens the Help dialog with the user guide", async () => {
    const { page, context } = await newPage(browser, server.url, DESKTOP);
    await page.goto("/login");
    await page.getByRole("button", { name: "Help" }).click();
    const dialog = page.getByRole("dialog", { name: "Carrier Portal User Guide" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const name of [/^Open in New Tab$/, /^Download$/, /^View User Guide/, /^Download PDF$/]) {
      expect(await dialog.getByRole("link", { name }).isVisible(), String(name)).toBe(true);
    }
    expect(await dialog.locator("iframe").getAttribute("src")).toBe("/api/pdf/user-guide?version=1.0");
    // the attributions the postcode data's licences require (OGL v3.0, CC BY 4.0)
    await dialog.getByText("Data sources").click();
    await expect.poll(() => dialog.getByText(/Contains OS data © Crown copyright and database right 2025/).isVisible()).toBe(true);
    expect(await dialog.getByText(/GeoNames \(https:\/\/www\.geonames\.org\/\), licensed under CC BY 4\.0/).isVisible()).toBe(true);
    await shot(page, "auth-help-desktop");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});

describe("phone", () => {
  it("fits the signed-out pages and the header menu at 390 px with 44 px tap targets", async () => {
    const carrier = await createCarrier(server.app, { name: "Phoebe Phone", carrierName: "Phone Freight Ltd" });
    const { page, context } = await newPage(browser, server.url, PHONE);
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto("/login");
    await expectVisible(page, "Forgot your password?");
    expect(await noSideScroll()).toBe(true);
    await shot(page, "auth-login-phone");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    await shot(page, "auth-forgot-phone");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Help" }).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    await page.screenshot({ path: ".tmp/screenshots/auth-help-phone.png" });
    await page.keyboard.press("Escape");

    await page.goto("/register");
    await expectVisible(page, "Create a Carrier Account");
    expect(await noSideScroll()).toBe(true);
    await shot(page, "auth-register-phone");

    await page.goto("/reset-password?token=not-a-real-token");
    await expectVisible(page, "Reset Password");
    expect(await noSideScroll()).toBe(true);
    await shot(page, "auth-reset-phone");

    await signIn(page, carrier.email, PASSWORD);
    await expectPath(page, "/");
    await expectVisible(page, "Welcome, Phoebe Phone");
    // every control in the header is at least 44 px tall
    const heights = await page.locator("header a, header button").evaluateAll((els) =>
      els.map((el) => ({ text: el.textContent?.trim() || el.getAttribute("aria-label"), h: el.getBoundingClientRect().height })),
    );
    for (const { text, h } of heights) expect(h, `${text}`).toBeGreaterThanOrEqual(44);
    expect(await noSideScroll()).toBe(true);
    await openUserMenu(page);
    await shot(page, "auth-header-menu-phone");
    await context.close();
  });
});
