/** @jsxRuntime automatic */
// After `vite build`: the sign-in page as HTML, prerendered at build time. Renders the app's own tree (app.tsx: skip link, header, login page) for a
// signed-out visitor at /login, so the page looks exactly as the app draws it, and
// writes it into dist/web/login.html, whose small script (signed-out/login-entry.ts)
// makes the form work. The product name is a placeholder the server fills in
// (plugins/sign-in-page.ts): PRODUCT_NAME is a runtime setting.
import { readFileSync, writeFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { prerenderToNodeStream } from "react-dom/static";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { Eye, EyeOff, Loader2 } from "lucide-react";
import { App } from "../src/web/app/app";
import { AUTH_USER_KEY } from "../src/web/lib/query-client";
import { PRODUCT_NAME_PLACEHOLDER } from "../src/server/plugins/sign-in-page";

const file = new URL("../dist/web/login.html", import.meta.url).pathname;

const queryClient = new QueryClient();
queryClient.setQueryData(AUTH_USER_KEY, null);
queryClient.setQueryData(["/api/public-config"], { productName: PRODUCT_NAME_PLACEHOLDER });

const { prelude } = await prerenderToNodeStream(
  <QueryClientProvider client={queryClient}>
    <Router ssrPath="/login">
      <App />
    </Router>
  </QueryClientProvider>,
);
let html = "";
for await (const chunk of prelude.pipe(new PassThrough())) html += String(chunk);
// React hoists a preload for the header's logo; the <img> in the HTML already asks for it
html = html.replace(/<link rel="preload" as="image"[^>]*>/g, "");
// the icons the script swaps in (password toggle, the button's spinner), drawn by lucide as the app draws them
const templates = [
  ["eye", <Eye className="h-5 w-5" aria-hidden="true" />],
  ["eye-off", <EyeOff className="h-5 w-5" aria-hidden="true" />],
  ["loader", <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />],
] as const;
const icons = templates.map(([name, el]) => `<template data-icon="${name}">${renderToStaticMarkup(el)}</template>`).join("");

const page = readFileSync(file, "utf8");
if (!page.includes('<div id="root"></div>')) throw new Error("prerender-sign-in: dist/web/login.html has no empty #root (already prerendered?)");
writeFileSync(file, page.replace(/\s*<!-- The sign-in page as HTML[\s\S]*?-->/, "").replace('<div id="root"></div>', `<div id="root">${html}</div>${icons}`));
console.log(`prerendered the sign-in page: dist/web/login.html (${html.length} characters of markup)`);

// and the board's first paint for a signed-in `/`
await import("./prerender-board-shell");
