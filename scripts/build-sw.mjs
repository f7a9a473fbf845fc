// After `vite build`: the service worker (src/web/pwa/sw.ts) bundled into
// dist/web/sw.js with this build's version and the files it keeps offline
// (docs/decisions/0022-offline-pod.md). The version is a hash of every
// file it precaches, so a build that changes anything is a new worker (and the
// app's "Update available — reload" prompt), and one that changes nothing is not.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const web = join(root, "dist/web");

/**
 * Not precached: the worker itself, and login.html, a template the server fills
 * in (plugins/sign-in-page.ts) and never sends as a file; offline, the app shell
 * shows the sign-in page as well.
 */
const SKIP = new Set(["/sw.js", "/login.html"]);

/** Every file the app needs to open with no signal: the shell, the offline page, icons and all hashed assets. */
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const rel = `/${relative(web, p)}`;
    if (statSync(p).isDirectory()) {
      if (name !== ".vite") walk(p);
    } else if (!/\.(br|gz)$/.test(name) && !SKIP.has(rel)) {
      files.push(rel);
    }
  }
})(web);

const hash = createHash("sha256");
for (const f of files) hash.update(f).update(readFileSync(join(web, f)));
const version = process.env.SW_BUILD_ID || hash.digest("hex").slice(0, 12);

await build({
  entryPoints: [join(root, "src/web/pwa/sw.ts")],
  outfile: join(web, "sw.js"),
  bundle: true,
  format: "iife",
  target: "es2022",
  minify: true,
  legalComments: "none",
  alias: { "@contract": join(root, "src/contract") },
  define: { __BUILD__: JSON.stringify(version), __PRECACHE__: JSON.stringify(files) },
  logLevel: "warning",
});
console.log(`service worker ${version}: ${files.length} files precached`);
