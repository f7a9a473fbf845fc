// A real server (built web app + API on a fresh embedded database, real SMTP sink)
// and a real headless Chromium for each journey file.
import { mkdirSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { buildApp, type App } from "../src/server/app";
import { testConfig } from "../src/server/config";
import { TEST_JOB_RUNNER, createTestDatabase, startSmtpSink, type Engine, type SmtpSink, type TestDatabase } from "../test/helpers";
import { startJobRunner } from "../src/server/modules/jobs/job-runner";
import { TMP_ROOT } from "../test/paths";

export interface E2EServer {
  app: App;
  url: string;
  sink: SmtpSink;
  testDb: TestDatabase;
  close(): Promise<void>;
}

export async function startServer(engine: Engine = "pglite"): Promise<E2EServer> {
  const testDb = await createTestDatabase(engine);
  const sink = await startSmtpSink();
  const config = testConfig({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, smtpUrl: sink.url });
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

export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  return { context, page };
}

/** Screenshots land in .tmp/screenshots for a person to look at (DEVELOPERS.md "Look at it"). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = `${TMP_ROOT}/screenshots`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
