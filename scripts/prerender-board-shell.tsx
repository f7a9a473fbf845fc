/** @jsxRuntime automatic */
// After `vite build` (run by scripts/prerender-sign-in.tsx): the board's first paint as
// HTML (so the board's Lighthouse LCP does not wait for the JavaScript). Renders the
// app's own tree for `/` while the current user loads (app.tsx: skip link, header with
// room kept for the welcome line, bell and avatar; board-shell.tsx: the heading,
// "Loading...", card skeletons), which is exactly what the app's first render draws,
// and writes it into dist/web/board.html, a copy of index.html. The server sends it
// for `/` with a session cookie (plugins/sign-in-page.ts, loadBoardShellPage): the
// heading paints with the HTML instead of after the app's JavaScript; React's first
// render replaces it with the same markup. For `/` itself the server puts the user's
// board, drawn by the bundle this script also writes, in place of the shell
// (plugins/board-first-screen.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { prerenderToNodeStream } from "react-dom/static";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { App } from "../src/web/app/app";
import { build } from "esbuild";
import { PRODUCT_NAME_PLACEHOLDER } from "../src/server/plugins/sign-in-page";
import { FIRST_SCREEN_END, FIRST_SCREEN_START } from "../src/server/plugins/board-first-screen";

const dist = new URL("../dist/web/", import.meta.url).pathname;

// no current user in the cache: the app is in its "auth state loads" state
const queryClient = new QueryClient();
queryClient.setQueryData(["/api/public-config"], { productName: PRODUCT_NAME_PLACEHOLDER });

const { prelude } = await prerenderToNodeStream(
  <QueryClientProvider client={queryClient}>
    <Router ssrPath="/">
      <App />
    </Router>
  </QueryClientProvider>,
);
let html = "";
for await (const chunk of prelude.pipe(new PassThrough())) html += String(chunk);
html = html.replace(/<link rel="preload" as="image"[^>]*>/g, "");
if (!html.includes("<h1") || !html.includes("Loading...")) throw new Error("prerender-board-shell: the board's heading and Loading... are not in the markup");

let page = readFileSync(`${dist}index.html`, "utf8");
// The app's stylesheet inline (10 KB gzip): with it the shell paints as soon as the HTML is
// parsed, before the scripts the page preloads arrive (Lighthouse counts everything requested
// before the first paint in its simulated FCP). The link stays, for print only, so the file is
// fetched (cached for the next pages) at low priority and Vite's chunk loader, which looks for
// that link before a lazy chunk runs, does not add it again.
const link = page.match(/<link rel="stylesheet" crossorigin href="(\/assets\/styles-[^"]+\.css)">/);
if (!link) throw new Error("prerender-board-shell: the app's stylesheet link is not in dist/web/index.html");
const css = readFileSync(`${dist}${link[1].slice(1)}`, "utf8");
if (css.includes("</style")) throw new Error("prerender-board-shell: the stylesheet cannot be inlined");
page = page.replace(link[0], `<style>${css}</style><link rel="stylesheet" crossorigin href="${link[1]}" media="print">`);
if (!page.includes('<div id="root"></div>')) throw new Error("prerender-board-shell: dist/web/index.html has no empty #root");
// data-product-name: the app's default name until /api/public-config answers, so its first
// render draws the name the HTML showed (use-product-name.ts, public-config.ts)
// The markers let the server put the signed-in user's board in place of the shell
// (plugins/board-first-screen.ts); without the bundle below it sends the shell as it is.
writeFileSync(
  `${dist}board.html`,
  page.replace('<div id="root"></div>', `<div id="root" data-product-name="${PRODUCT_NAME_PLACEHOLDER}">${FIRST_SCREEN_START}${html}${FIRST_SCREEN_END}</div>`),
);
console.log(`prerendered the board's first paint: dist/web/board.html (${html.length} characters of markup)`);

// The board's first screen with the user's loads, drawn by the server per request with the
// app's own components: bundled here (the server never imports src/web), npm packages left
// to node_modules as the server's own build does; no CSS or assets on that path.
const ssrOut = new URL("../dist/board-ssr/first-screen.mjs", import.meta.url).pathname;
await build({
  entryPoints: [new URL("../src/web/features/board/first-screen-ssr.tsx", import.meta.url).pathname],
  outfile: ssrOut,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  jsx: "automatic",
  tsconfig: new URL("../tsconfig.json", import.meta.url).pathname,
  alias: { "@web": new URL("../src/web", import.meta.url).pathname },
  define: { "process.env.NODE_ENV": '"production"' },
  loader: { ".css": "empty", ".svg": "empty", ".png": "empty" },
  plugins: [
    {
      // the app's other pages (and their packages' stylesheets) are never drawn here
      name: "board-only",
      setup(b) {
        b.onResolve({ filter: /\.css$/ }, () => ({ path: "css", namespace: "empty" }));
        b.onResolve({ filter: /^\.\.\/features\/.+-page$/ }, (a) =>
          a.importer.endsWith("app.tsx") && !a.path.startsWith("../features/board/") ? { path: a.path, namespace: "empty" } : undefined,
        );
        b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "export default function Empty() { return null; }", loader: "js" }));
      },
    },
  ],
  logLevel: "warning",
});
console.log("bundled the board's first screen for the server: dist/board-ssr/first-screen.mjs");
