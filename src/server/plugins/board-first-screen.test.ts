// The board drawn on the server for a signed-in `GET /` (board-first-screen.ts): the
// same page of loads the app would ask for, as that user sees it, every string escaped,
// and nothing of anyone else's. Needs the built web app and its server bundle
// (npm run build: dist/web/board.html, dist/board-ssr/first-screen.mjs).
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { createLoad, createLoads, createUser, signedIn } from "../../../test/factories";
import { PACKAGE_ROOT } from "../lib/paths";
import { firstScreenBundlePath } from "./board-first-screen";

const FIRST_PAGE = "/api/loads?sort=pickupDate&limit=50";
const SCRIPT = /<script type="application\/json" id="board-first-screen">([\s\S]*?)<\/script>/;

function embedded(html: string): Record<string, { body: unknown; etag?: string; total?: number }> {
  const m = SCRIPT.exec(html);
  if (!m) throw new Error("no embedded answers in the page");
  return JSON.parse(m[1]) as Record<string, { body: unknown; etag?: string; total?: number }>;
}

describe("the board's first screen drawn by the server", () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(firstScreenBundlePath(PACKAGE_ROOT))) throw new Error("no first-screen bundle: run npm run build first");
    t = await createTestApp({ serveWeb: true });
  });
  afterAll(() => t?.close());

  it("draws the user's first page of loads, soonest pickup first, and embeds exactly what the API answers that user", async () => {
    const { cookie } = await signedIn(t.app);
    // more than a page, picked up on different days (the page is the 50 soonest)
    const day = 86_400_000;
    const base = t.app.ctx.clock.now().getTime() + 2 * day;
    await createLoads(t.app, 60, (i) => ({ pickupDate: new Date(base + ((i * 7) % 60) * day), deliveryDate: new Date(base + 70 * day) }));
    const page = await t.app.inject({ url: "/", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(page.headers.vary).toMatch(/Cookie/);
    // the answers are in the page: the hints name only scripts, no call
    expect(String(page.headers.link)).not.toContain("/api/");

    const api = await t.app.inject({ url: FIRST_PAGE, headers: { cookie } });
    const data = embedded(page.body);
    expect(data.loads.body).toEqual(api.json());
    expect(data.loads.total).toBe(Number(api.headers["x-total-count"]));
    expect(data.loads.etag).toBe(api.headers.etag);
    expect((data.user.body as { id: string }).id).toBe((await t.app.inject({ url: "/api/auth/user", headers: { cookie } })).json().id);

    // the first cards are in the markup, in the list's order
    const ids = [...page.body.matchAll(/data-testid="load-card" data-load-id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    expect(ids.length).toBeLessThan(50);
    expect(ids).toEqual((api.json() as { id: string }[]).slice(0, ids.length).map((l) => l.id));
    expect(page.body).toContain(`${Number(api.headers["x-total-count"])} loads found`);
    // the shell's placeholders are gone: this is the board, not "Loading..."
    expect(page.body).not.toContain("<!--board-first-screen-->");
    expect(page.body).not.toContain("%PRODUCT_NAME%");
  });

  it("keeps a load's text as text: markup in a load neither runs nor ends the embedded JSON", async () => {
    const { cookie } = await signedIn(t.app);
    const evil = `</script><script>alert("x")</script><img src=x onerror=alert(1)>&amp;\u2028`;
    const load = await createLoad(t.app, { cargoType: evil, pickupDate: new Date(t.app.ctx.clock.now().getTime() + 3_600_000) });
    const page = await t.app.inject({ url: "/", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert("x")');
    expect(page.body).not.toContain("<img src=x");
    // drawn on its card as text
    expect(page.body).toContain("&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    // and read back from the JSON unchanged
    const loads = embedded(page.body).loads.body as { id: string; cargoType: string }[];
    expect(loads.find((l) => l.id === load.id)?.cargoType).toBe(evil);
    // one JSON script, one closing tag for it
    expect(page.body.match(/<\/script>/g)?.length).toBe((page.body.match(/<script\b/g) ?? []).length);
  });

  it("shows only the user's own view: another carrier's booking is not on the page, and no secret is", async () => {
    const other = await createUser(t.app);
    const theirs = await createLoad(t.app, { status: "accepted", acceptedBy: other.id, acceptedByCarrier: other.carrierName, mandataNumber: "PO-SECRET-7731" });
    const { user, cookie } = await signedIn(t.app);
    const page = await t.app.inject({ url: "/", headers: { cookie } });
    expect(page.body).not.toContain(theirs.id);
    expect(page.body).not.toContain("PO-SECRET-7731");
    expect(page.body).not.toContain(other.email);
    // no session token, no password hash, in the markup or the JSON
    expect(page.body).not.toContain(cookie.split("=")[1]);
    expect(page.body).not.toContain("$argon2");
    expect(JSON.stringify(embedded(page.body).user.body)).not.toMatch(/password/i);
    expect(page.body).toContain(user.name);
  });

  it("falls back to the shell for an ended session and to the shell with hints for / with a query", async () => {
    const ended = await t.app.inject({ url: "/", headers: { cookie: "sid=not-a-session" } });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).not.toMatch(SCRIPT);
    expect(ended.body).toContain("Loading...");
    const { cookie } = await signedIn(t.app);
    const filtered = await t.app.inject({ url: "/?search=Leeds", headers: { cookie } });
    expect(filtered.body).not.toMatch(SCRIPT);
    expect(String(filtered.headers.link)).toContain("/api/auth/user");
    // the answers are the user's: a page is never cached for someone else
    expect((await t.app.inject({ url: "/", headers: { cookie } })).headers["cache-control"]).toBe("private, no-cache");
  });
});
