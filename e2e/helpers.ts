// A real server (built web app + API on a fresh embedded database, real SMTP sink)
// and a real headless Chromium for each journey file.
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect } from "vitest";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { buildApp, type App } from "../src/server/app";
import { testConfig, type Config } from "../src/server/config";
import { TEST_JOB_RUNNER, createTestDatabase, startSmtpSink, type Engine, type SmtpSink, type TestDatabase } from "../test/helpers";
import { startJobRunner } from "../src/server/modules/jobs/job-runner";
import { TMP_ROOT } from "../test/paths";
import { PASSWORD } from "../test/factories";
import { sessions, type UserRow } from "../src/server/db/schema";
import { randomToken, sha256 } from "../src/server/lib/crypto";

export interface E2EServer {
  app: App;
  url: string;
  sink: SmtpSink;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** `overrides`: this server's own settings, as its environment would give them (e.g. WEBHOOK_ALLOW_PRIVATE=true → `webhookAllowPrivate: true`). */
export async function startServer(engine: Engine = "pglite", overrides: Partial<Config> = {}): Promise<E2EServer> {
  const testDb = await createTestDatabase(engine);
  const sink = await startSmtpSink();
  const config = testConfig({ ...overrides, dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, smtpUrl: sink.url });
  const app = await buildApp({ config, database: testDb.database, serveWeb: true });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  // links in emails must point at this server
  app.ctx.config.publicUrl = url;
  // the outbox worker delivers the app's mail to the sink
  const jobs = startJobRunner(app.ctx, TEST_JOB_RUNNER);
  return {
    app,
    url,
    sink,
    testDb,
    async close() {
      await jobs.stop();
      await app.close();
      app.ctx.mail.close();
      await sink.close();
      await testDb.drop();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
/** The desk width ui.md's screenshots are taken at. */
export const DESKTOP_1280 = { width: 1280, height: 900 };

export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  return { context, page };
}

/**
 * What a person sees once the screen is still: the element is visible and every
 * animation on the page that ends (a dialog sliding in, a tab's content fading in)
 * has run its course. Before a picture, instead of guessing how long that takes.
 */
export async function settled(target: Locator): Promise<void> {
  await target.waitFor();
  // a spinner's endless animation never finishes: only those that end are waited for
  await target.page().evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}

/** Screenshots land in .tmp/screenshots for a person to look at (DEVELOPERS.md "Look at it"). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = `${TMP_ROOT}/screenshots`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** What the screen shows now, not the full page: a fixed dialog or bottom sheet reads as the user sees it. */
export async function viewShot(page: Page, name: string): Promise<void> {
  const dir = `${TMP_ROOT}/screenshots`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** Nothing on the page is wider than a 390 px phone (ui.md). */
export async function fitsPhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/**
 * axe-core's WCAG 2.x A and AA rules on what the page shows now: none may fail (ui.md
 * "Accessibility"). Toasts are left out: they come and go (sonner's own styles), and
 * a screenshot a moment later would not have them.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // through the debugger, not a <script>: the app's CSP allows only its own scripts
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run({ exclude: [["[data-sonner-toaster]"]] }, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
  });
  expect(violations).toEqual([]);
}

/**
 * One journey file's real server and Chromium, and every browser context its pages
 * open: `close()` (in afterAll) shuts them all, contexts first.
 */
export interface Journey {
  server: E2EServer;
  browser: Browser;
  /** A fresh signed-out page in its own context. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** A page already signed in as this user by a session cookie (start where the journey means to). */
  signedInPage(user: UserRow, viewport?: { width: number; height: number }): Promise<Page>;
  /** A page signed in through the real login call (the user has the factories' PASSWORD); nothing is opened yet. */
  logIn(user: UserRow, viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/** `opts.config`: the journey's server settings beyond the test defaults (only that server's). */
export async function startJourney(opts: { config?: Partial<Config> } = {}): Promise<Journey> {
  const server = await startServer("pglite", opts.config);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (e) {
    await server.close();
    throw e;
  }
  const contexts: BrowserContext[] = [];
  const open = async (viewport = DESKTOP) => {
    const { context, page } = await newPage(browser, server.url, viewport);
    contexts.push(context);
    return page;
  };
  const reportErrors = (page: Page, user: UserRow) => page.on("pageerror", (e) => console.error(`[${user.name}] page error:`, e.message));
  return {
    server,
    browser,
    newPage: open,
    async signedInPage(user, viewport) {
      const token = randomToken();
      await server.app.ctx.db.insert(sessions).values({ id: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
      const page = await open(viewport);
      await page.context().addCookies([{ name: "sid", value: token, url: server.url }]);
      reportErrors(page, user);
      return page;
    },
    async logIn(user, viewport) {
      const page = await open(viewport);
      reportErrors(page, user);
      const res = await page.request.post("/api/login", { data: { email: user.email, password: PASSWORD } });
      expect(res.status()).toBe(200);
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await server.close();
    },
  };
}
