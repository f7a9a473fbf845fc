// GET /manifest.webmanifest: the install criteria a
// browser checks in the manifest — a name (this install's PRODUCT_NAME),
// start_url within scope, display standalone, 192 and 512 px PNG icons and a
// maskable one — and the committed icon files being what the manifest says.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/helpers";
import { PACKAGE_ROOT } from "../../lib/paths";

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

/** size and one pixel of an RGBA PNG written by scripts/make-icons.mjs (no filter, one IDAT) */
function png(path: string) {
  const b = readFileSync(path);
  return { signature: b.subarray(1, 4).toString("latin1"), width: b.readUInt32BE(16), height: b.readUInt32BE(20), colourType: b[25] };
}

describe("web app manifest", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { productName: "Northern Flatbeds" }, jobs: false });
  });
  afterAll(() => t?.close());

  it("names the app from PRODUCT_NAME and meets the install criteria", async () => {
    const res = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    const m = res.json() as Manifest;
    expect(m.name).toBe("Northern Flatbeds Load Board");
    expect(m.short_name).toBe("Northern Flatbeds");
    expect(m.display).toBe("standalone");
    expect(m.start_url).toBe("/");
    expect(m.start_url.startsWith(m.scope)).toBe(true);
    expect(m.theme_color).toBe("#1e3a8a");
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const kinds = m.icons.map((i) => `${i.sizes} ${i.purpose} ${i.type}`);
    for (const k of ["192x192 any image/png", "512x512 any image/png", "512x512 maskable image/png"]) expect(kinds).toContain(k);
  });

  it("each icon is a PNG of the size the manifest says", async () => {
    const m = (await t.app.inject({ method: "GET", url: "/manifest.webmanifest" })).json() as Manifest;
    for (const icon of m.icons) {
      const p = png(join(PACKAGE_ROOT, "src/web/public", icon.src));
      expect(p.signature, icon.src).toBe("PNG");
      expect(`${p.width}x${p.height}`, icon.src).toBe(icon.sizes);
      expect(p.colourType, icon.src).toBe(6); // RGBA: the "any" icons' corners are transparent
    }
  });
});
