// The board's preload hints (web-preload.ts) must name files and calls that exist,
// and only for a browser that has a session. Needs the built web app (npm test builds first).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { signedIn } from "../../../test/factories";
import { WEB_DIST } from "../app";

describe("preload hints for the signed-in board", () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, ".vite", "manifest.json"))) throw new Error("no web build: run npm run build first");
    t = await createTestApp({ serveWeb: true });
  });
  afterAll(() => t?.close());

  it("are sent with a session cookie, name the board's chunk, and every hint answers 200 for the signed-in carrier", async () => {
    const { cookie } = await signedIn(t.app);
    // (with a query string: / itself is the board drawn with its answers, board-first-screen.test.ts)
    const page = await t.app.inject({ url: "/?from=bookmark", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers.vary).toMatch(/Cookie/);
    const link = String(page.headers.link);
    const targets = [...link.matchAll(/<([^>]+)>/g)].map((m) => m[1]);
    expect(targets).toContain("/api/auth/user");
    expect(targets).toContain("/api/loads?limit=50");
    expect(targets.some((u) => /^\/assets\/board-page-[\w-]+\.js$/.test(u))).toBe(true);
    // nothing already in index.html is hinted twice
    for (const u of targets.filter((x) => x.startsWith("/assets/"))) expect(page.body).not.toContain(`"${u}"`);
    for (const u of targets) expect((await t.app.inject({ url: u, headers: { cookie } })).statusCode).toBe(200);
  });

  it("are not sent signed out, and the build manifest itself is not served", async () => {
    const page = await t.app.inject({ url: "/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers.link).toBeUndefined();
    // a path that is no file gets the app, never the manifest
    const manifest = await t.app.inject({ url: "/.vite/manifest.json" });
    expect(manifest.headers["content-type"]).toMatch(/^text\/html/);
    expect(manifest.body).not.toContain("board-page");
  });

  // a faster first paint: scripts/prerender-board-shell.tsx, plugins/sign-in-page.ts loadBoardShellPage
  it("signed in, / with a query is the board's first paint as HTML: header and heading with the product name, Loading..., the stylesheet inline", async () => {
    const { cookie } = await signedIn(t.app);
    const page = await t.app.inject({ url: "/?search=Leeds", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toMatch(/<h1[^>]*>UK&#x27;s Largest <!-- -->[^<]+<\/h1>/);
    expect(page.body).toContain("Loading...");
    expect(page.body).toMatch(/<div id="root" data-product-name="[^"%]+">/);
    expect(page.body).not.toContain("%PRODUCT_NAME%");
    expect(page.body).toMatch(/<style>[\s\S]{1000,}?<\/style><link rel="stylesheet" crossorigin href="\/assets\/styles-[\w-]+\.css" media="print">/);
    // the same script tags as index.html: the app starts as before
    const index = await t.app.inject({ url: "/guide", headers: { cookie } });
    for (const src of index.body.match(/<script type="module"[^>]*>/g) ?? []) expect(page.body).toContain(src);
    // other pages and signed-out visitors never get the board's heading
    expect(index.body).not.toContain("UK&#x27;s Largest");
    expect((await t.app.inject({ url: "/" })).body).not.toContain("UK&#x27;s Largest");
    // the file with the placeholder is never sent as itself
    expect((await t.app.inject({ url: "/board.html", headers: { cookie } })).body).not.toContain("%PRODUCT_NAME%");
  });
});
