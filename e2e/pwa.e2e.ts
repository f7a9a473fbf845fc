// Journey: the app is installable. The board meets Chromium's install criteria
// (manifest from PRODUCT_NAME, icons 192/512 incl. maskable, standalone,
// start_url in scope, a service worker controlling the page and answering
// offline), the offline page is there, and a new build's service worker shows
// "Update available — Reload", which moves the page to the new build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP_1280, PHONE, startJourney, viewShot, type Journey } from "./helpers";
import { createCarrier } from "../test/factories";
import type { UserRow } from "../src/server/db/schema";
import { serviceWorkerScript } from "../src/server/modules/pwa/pwa.routes";

let journey: Journey;
let alice: UserRow;

beforeAll(async () => {
  journey = await startJourney();
  alice = await createCarrier(journey.server.app, { name: "Alice Haulier", carrierName: "Alice Haulage Ltd" });
});
afterAll(() => journey?.close());

/** width and height from a PNG's IHDR */
const pngSize = (b: Buffer) => ({ png: b.subarray(1, 4).toString("latin1") === "PNG", width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

async function board(viewport = PHONE): Promise<Page> {
  const page = await journey.logIn(alice, viewport);
  await page.goto("/");
  await page.getByText("Loading available loads...").waitFor({ state: "hidden" });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
  return page;
}

/** the build the worker controlling the page was made from */
const controllerBuild = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = (e) => resolve((e.data as { build: string }).build);
        navigator.serviceWorker.controller!.postMessage({ type: "BUILD" }, [ch.port2]);
      }),
  );

describe("installable app", () => {
  afterAll(() => {
    serviceWorkerScript.rewrite = null;
  });
  it("the manifest and the service worker meet the install criteria", async () => {
    const app = journey.server.app;
    const before = app.ctx.config.productName;
    app.ctx.config.productName = "Northern Flatbeds";
    try {
      const page = await board();
      const res = await page.request.get("/manifest.webmanifest");
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
      const m = (await res.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        scope: string;
        display: string;
        theme_color: string;
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      // the env value, not the build's
      expect(m.name).toBe("Northern Flatbeds Load Board");
      expect(m.short_name).toBe("Northern Flatbeds");
      expect(m.display).toBe("standalone");
      expect(m.start_url).toBe("/");
      expect(m.start_url.startsWith(m.scope)).toBe(true);
      expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
      for (const want of ["192x192 any", "512x512 any", "512x512 maskable"]) expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toContain(want);
      for (const icon of m.icons) {
        const r = await page.request.get(icon.src);
        expect(r.status(), icon.src).toBe(200);
        expect(r.headers()["content-type"]).toBe("image/png");
        const size = pngSize(Buffer.from(await r.body()));
        expect(size.png).toBe(true);
        expect(`${size.width}x${size.height}`).toBe(icon.sizes);
      }
      // the page links the manifest and a service worker controls it
      expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
      const sw = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return { scope: reg.scope, script: reg.active?.scriptURL, state: reg.active?.state };
      });
      expect(new URL(sw.scope).pathname).toBe("/");
      expect(new URL(sw.script!).pathname).toBe("/sw.js");
      expect(sw.state).toBe("activated");
      // Chromium's own verdict (what Lighthouse's installability audit reads): no errors but
      // "in-incognito", which every Playwright context is (an installed app needs a profile)
      const cdp = await page.context().newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
      const parsed = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
      expect(parsed.errors).toEqual([]);

      // with no signal the worker answers: the board from the app shell, a download link's
      // page from the network only, and the offline page is kept for when there is no shell
      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole("heading", { name: /UK's Largest/ }).waitFor({ timeout: 30_000 });
      const offline = await page.evaluate(async () => {
        const hit = await caches.match("/offline.html");
        return hit ? await hit.text() : "";
      });
      expect(offline).toContain("What works with no signal");
      await page.context().setOffline(false);
    } finally {
      app.ctx.config.productName = before;
    }
  });

  it("a new build's service worker shows 'Update available — Reload', and Reload moves the page to it", async () => {
    const page = await board();
    const first = await controllerBuild(page);
    expect(first).toMatch(/^[0-9a-f]{12}$/);
    // the next build: the same worker with another version baked in
    const next = "0123456789ab";
    serviceWorkerScript.rewrite = (js) => js.replaceAll(first, next);
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg!.update();
    });
    const prompt = page.getByRole("alert").filter({ hasText: "Update available" });
    await prompt.waitFor({ timeout: 30_000 });
    await prompt.getByRole("button", { name: "Reload" }).waitFor();
    await viewShot(page, "pwa-update-prompt-phone");
    await page.setViewportSize(DESKTOP_1280);
    await viewShot(page, "pwa-update-prompt-desktop");

    await Promise.all([page.waitForEvent("load", { timeout: 30_000 }), prompt.getByRole("button", { name: "Reload" }).click()]);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    expect(await controllerBuild(page)).toBe(next);
    // the new build's caches replaced the old one's
    const names = await page.evaluate(() => caches.keys());
    expect(names).toContain(`app-${next}`);
    expect(names).not.toContain(`app-${first}`);
  });
});
