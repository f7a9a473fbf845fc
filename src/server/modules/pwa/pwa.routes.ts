// The web app manifest (the app is installable): served by the server, not
// built into dist/web, so the name is this install's PRODUCT_NAME (docs/deployment.md)
// rather than whatever it was at build time. The icons are files of
// the build (src/web/public/icons/, drawn by scripts/make-icons.mjs).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { WEB_DIST } from "../../lib/paths";

/**
 * The one seam for the update-prompt journey (e2e/pwa.e2e.ts), like
 * objects' uploadDisk: a test sets `rewrite` to serve the built /sw.js with
 * another version baked in, as the next deploy would. Null in production.
 */
export const serviceWorkerScript: { rewrite: ((js: string) => string) | null } = { rewrite: null };

/** ui.md brand colours: the header's blue, the page's slate-50 */
export const THEME_COLOUR = "#1e3a8a";
const BACKGROUND = "#f8fafc";

export function webManifest(productName: string) {
  return {
    id: "/",
    name: `${productName} Load Board`,
    short_name: productName,
    description: "Browse, bid on and accept flatbed loads; complete proof of delivery, with or without signal.",
    lang: "en-GB",
    // the board ("/" is the board for a signed-in user, the sign-in page otherwise)
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: BACKGROUND,
    theme_color: THEME_COLOUR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

export async function registerPwaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/manifest.webmanifest", async (_req, reply) => {
    reply.header("Content-Type", "application/manifest+json; charset=utf-8");
    // short: a renamed network shows its new name within the hour
    reply.header("Cache-Control", "public, max-age=3600");
    return JSON.stringify(webManifest(ctx.config.productName));
  });

  app.addHook("onRequest", async (req, reply) => {
    const rewrite = serviceWorkerScript.rewrite;
    if (!rewrite || req.url !== "/sw.js") return;
    const js = await readFile(join(WEB_DIST, "sw.js"), "utf8");
    return reply.header("Cache-Control", "no-cache").type("text/javascript; charset=utf-8").send(rewrite(js));
  });
}
