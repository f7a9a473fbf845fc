/** @jsxRuntime automatic */
// After `vite build` (run by scripts/prerender-sign-in.tsx): the board's first paint as
// HTML (so the board's Lighthouse LCP does not wait for the JavaScript). Renders the
// app's own tree for `/` while the current user loads (app.tsx: skip link, header with
// room kept for the welcome line, bell and avatar; board-shell.tsx: the heading,
// "Loading...", card skeletons), which is exactly what the app's first render draws,
// and writes it into dist/web/board.html, a copy of index.html. The server sends it
// for `/` with a session cookie (plugins/sign-in-page.ts, loadBoardShellPage): the
// heading paints with the HTML instead of after the app's JavaScript; React's first
// render replaces it with the same markup.
import { readFileSync, writeFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { prerenderToNodeStream } from "react-dom/static";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { App } from "../src/web/app/app";
import { PRODUCT_NAME_PLACEHOLDER } from "../src/server/plugins/sign-in-page";

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
writeFileSync(`${dist}board.html`, page.replace('<div id="root"></div>', `<div id="root" data-product-name="${PRODUCT_NAME_PLACEHOLDER}">${html}</div>`));
console.log(`prerendered the board's first paint: dist/web/board.html (${html.length} characters of markup)`);
