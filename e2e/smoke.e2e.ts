import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage, startServer, type E2EServer } from "./helpers";

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

it("serves the app with no CSP violation and no console error", async () => {
  const { page, context } = await newPage(browser, server.url);
  const errors: string[] = [];
  // a 401 from /api/auth/user while signed out is expected; CSP violations ("Refused to …") are not
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/");
  await expect.poll(() => page.getByText("Sign In").first().isVisible()).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
