// Helpers of the speed suite (bench/run.ts) that need none of its running state: the
// row type, sign-in, a free port, the polling mixes, whether PostgreSQL answers, and the
// web measures (first-load JS and Lighthouse), which add their rows to the list given.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type autocannon from "autocannon";
import pg from "pg";

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ROOT = new URL("..", import.meta.url).pathname;
export const PASSWORD = "Bench!2026pass";

export interface Row {
  scenario: string;
  engine: string;
  rps?: number;
  p50?: number;
  p99?: number;
  errors?: number;
  ratio?: number;
  note?: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const set = res.headers.get("set-cookie") ?? "";
  return set.split(";")[0];
}

/** the app's carrier polling mix: loads every 10 s, stats and own bids every 15 s → 3 : 2 : 2. */
export function carrierMix(cookies: string[]): autocannon.Request[] {
  let i = 0;
  const next = () => cookies[i++ % cookies.length];
  const paths = ["/api/loads?limit=50", "/api/loads?limit=50", "/api/loads?limit=50", "/api/stats", "/api/stats", "/api/user/bids", "/api/user/bids"];
  return paths.map((path) => ({ method: "GET", path, setupRequest: (req: any) => ({ ...req, headers: { ...req.headers, cookie: next() } }) }));
}

/** the app's admin polling mix: loads 8 s, bids 12 s, stats 15 s, pending 15 s, users 20 s, carriers 30 s (per 120 s: 15,10,8,8,6,4). */
export function adminMix(cookie: string): autocannon.Request[] {
  const weights: [string, number][] = [
    ["/api/loads?limit=50", 15],
    ["/api/admin/bids", 10],
    ["/api/stats", 8],
    ["/api/users/pending", 8],
    ["/api/users", 6],
    ["/api/users/carrier", 4],
  ];
  return weights.flatMap(([path, n]) => Array.from({ length: n }, () => ({ method: "GET" as const, path, headers: { cookie } })));
}

export async function pgAvailable(PG_URL: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** gzipped JS and CSS a page really loads (all chunks it requests, in Chromium), per first page. */
export async function frontEndSizes(url: string, cookie: string, rows: Row[]) {
  if (!existsSync("/usr/bin/chromium")) {
    rows.push({ scenario: "6 first-load JS", engine: "web", note: "skipped: Debian chromium is not installed (npm run test:e2e installs it)" });
    return;
  }
  const { chromium } = await import("playwright-core");
  const dist = join(ROOT, "dist", "web");
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    // targets: the sign-in page is a form, not the app (≤ 60 KB); a carrier's board ≤ 120 KB
    for (const [name, path, signedIn, targetKb] of [
      ["/login", "/login", false, 60],
      ["board /", "/", true, 120],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (signedIn) {
        const [k, v] = cookie.split("=");
        await context.addCookies([{ name: k, value: v, url }]);
      }
      const page = await context.newPage();
      const assets = new Set<string>();
      page.on("request", (r) => {
        const p = new URL(r.url()).pathname;
        if (/^\/assets\/.+\.(js|css)$/.test(p)) assets.add(p);
      });
      await page.goto(`${url}${path}`, { waitUntil: "networkidle" });
      let js = 0;
      let css = 0;
      for (const a of assets) {
        const size = gzipSync(readFileSync(join(dist, a)), { level: 9 }).length;
        if (a.endsWith(".js")) js += size;
        else css += size;
      }
      rows.push({ scenario: `6 first-load JS (gzip) ${name}`, engine: "web", note: `${(js / 1024).toFixed(1)} KB in ${[...assets].filter((a) => a.endsWith(".js")).length} files (target ≤ ${targetKb} KB): ${js / 1024 <= targetKb ? "met" : "NOT met"}; CSS ${(css / 1024).toFixed(1)} KB` });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

export async function lighthouse(url: string, cookie: string, rows: Row[]) {
  let lh: any;
  let launcher: any;
  try {
    lh = (await import("lighthouse" as string)).default;
    launcher = await import("chrome-launcher" as string);
  } catch {
    rows.push({ scenario: "6 Lighthouse", engine: "web", note: "lighthouse not installed: npm i -D lighthouse@12.8 to run it" });
    return;
  }
  if (!existsSync("/usr/bin/chromium")) return;
  const chrome = await launcher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    for (const [name, path, headers] of [
      ["/login", "/login", {}],
      ["board /", "/", { Cookie: cookie }],
    ] as const) {
      // Lighthouse's advice for a noisy machine: the median of several runs (TBT counts this
      // machine's CPU time, shared with whatever else runs); the run kept is the median one
      const runs: any[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        runs.push(await lh(`${url}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], extraHeaders: headers, formFactor: "mobile" }));
      }
      const scoreOf = (x: any) => Math.round((x.lhr.categories.performance.score ?? 0) * 100);
      runs.sort((a, b) => scoreOf(a) - scoreOf(b));
      const r = runs[Math.floor(runs.length / 2)];
      const perf = scoreOf(r);
      const a11y = Math.round((r.lhr.categories.accessibility.score ?? 0) * 100);
      // the whole report, for a closer look (.tmp is not committed)
      mkdirSync(join(ROOT, ".tmp"), { recursive: true });
      writeFileSync(join(ROOT, ".tmp", `lighthouse-${name === "/login" ? "login" : "board"}.json`), JSON.stringify(r.lhr));
      // what holds a score down: the failing accessibility audits and the metrics
      const failing = r.lhr.categories.accessibility.auditRefs
        .map((ref: { id: string }) => r.lhr.audits[ref.id])
        .filter((a: { score: number | null }) => a.score !== null && a.score < 1)
        .map((a: { id: string }) => a.id);
      const metric = (id: string) => r.lhr.audits[id]?.displayValue ?? "?";
      const metrics = `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`;
      rows.push({
        scenario: `6 Lighthouse mobile ${name}`,
        engine: "web",
        // targets: mobile (default throttling) performance ≥ 98 and accessibility 100
        note: `performance ${perf} (target ≥ 98): ${perf >= 98 ? "met" : "NOT met"}; accessibility ${a11y} (target 100): ${a11y === 100 ? "met" : "NOT met"}; median of ${runs.length} runs (${runs.map((x) => `${scoreOf(x)}${x.lhr.runtimeError ? ` [${x.lhr.runtimeError.code}]` : ""}`).join(", ")}), load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs; ${metrics}${failing.length ? `; failing: ${failing.join(", ")}` : ""}`,
      });
    }
  } finally {
    await chrome.kill();
  }
}
