// The board's first screen, before and after, in one run: Lighthouse 12.8 (mobile, its
// default simulated throttling) on `/` signed in as a carrier with 50 loads on the board,
// for two built trees side by side. Runs alternate before, after, before, after… so both
// see the same neighbours on this shared machine; the row of each tree is its median run.
//
//   npx tsx bench/board-first-screen.ts <before-tree> [after-tree = this tree]
//
// A tree is a checkout with `npm run build` done (e.g. `git worktree add /tmp/before <rev>`,
// its node_modules a link to this one's). Both serve a copy of one PGlite database seeded
// here: 200 loads (160 on the board, a page of 50), the carrier bench-1.
// BENCH_LIGHTHOUSE_RUNS (3) runs per tree. Each run's load average is printed with it.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "../src/server/db/client";
import { seedCarriers, seedLoads } from "./seed";

const ROOT = new URL("..", import.meta.url).pathname;
const WORK = join(ROOT, ".tmp", "bench", "first-screen");
const PASSWORD = "Bench!2026pass";
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const before = process.argv[2] ? resolve(process.argv[2]) : "";
const after = resolve(process.argv[3] ?? ROOT);
if (!before) throw new Error("usage: npx tsx bench/board-first-screen.ts <before-tree> [after-tree]");
for (const t of [before, after]) if (!existsSync(join(t, "dist", "web", "index.html"))) throw new Error(`${t}: no dist/web (npm run build there first)`);

const freePort = () =>
  new Promise<number>((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });

async function startTree(tree: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: tree,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (const t0 = Date.now(); Date.now() - t0 < 60_000; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`${tree}: server exited: ${out}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { url, child };
  }
  throw new Error(`${tree}: server did not start: ${out}`);
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "bench-1@example.com", password: PASSWORD }) });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  jsKb: number;
  load: number;
  cards: number;
}

async function main() {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const seedDir = join(WORK, "seed");
  const database = await openDatabase({ dataDir: seedDir });
  await database.migrate();
  await seedCarriers(database, 1, PASSWORD);
  await seedLoads(database, 0, 200);
  await database.close();

  const trees = [
    { name: "before", dir: before },
    { name: "after", dir: after },
  ];
  const servers = [];
  for (const t of trees) {
    const data = join(WORK, t.name);
    cpSync(seedDir, data, { recursive: true });
    const s = await startTree(t.dir, data);
    const cookie = await login(s.url);
    // one page first, as a running server has served: the first render after a start compiles its code
    await (await fetch(`${s.url}/`, { headers: { cookie } })).text();
    servers.push({ ...t, ...s, cookie, runs: [] as Run[], visits: [] as number[] });
  }
  const lh = (await import("lighthouse" as string)).default;
  const launcher = await import("chrome-launcher" as string);
  const chrome = await launcher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const s of servers) {
        const load = loadavg()[0];
        const r = await lh(`${s.url}/`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: { Cookie: s.cookie }, formFactor: "mobile" });
        const a = r.lhr.audits;
        // a run Lighthouse could not finish is reported and left out of the medians
        if (r.lhr.runtimeError || a["total-blocking-time"]?.numericValue === undefined) {
          console.log(`${s.name} run ${i + 1}: no result (${r.lhr.runtimeError?.code ?? "metrics missing"})`);
          continue;
        }
        const scripts = a["resource-summary"]?.details?.items?.find((x: { resourceType: string }) => x.resourceType === "script");
        const cards = (await (await fetch(`${s.url}/`, { headers: { cookie: s.cookie } })).text()).split('data-testid="load-card"').length - 1;
        const run: Run = {
          score: Math.round((r.lhr.categories.performance.score ?? 0) * 100),
          fcp: a["first-contentful-paint"].numericValue,
          lcp: a["largest-contentful-paint"].numericValue,
          tbt: a["total-blocking-time"].numericValue,
          cls: a["cumulative-layout-shift"].numericValue,
          si: a["speed-index"].numericValue,
          jsKb: (scripts?.transferSize ?? 0) / 1024,
          load,
          cards,
        };
        s.runs.push(run);
        writeFileSync(join(WORK, `lighthouse-${s.name}-${i + 1}.json`), JSON.stringify(r.lhr));
        console.log(
          `${s.name} run ${i + 1}: performance ${run.score}, FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, SI ${run.si.toFixed(0)} ms, JS ${run.jsKb.toFixed(1)} KB sent, ${run.cards} cards in the HTML; load average ${load.toFixed(1)} on ${cpus().length} CPUs`,
        );
      }
    }
    // Lighthouse's window may close before an app that waits for input or idle has started: the
    // whole visit's main-thread blocking, measured in Chromium at Lighthouse's 4× CPU slowdown,
    // from the navigation until 8 s after a tap on the heading at 500 ms (which starts such an app)
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    try {
      for (let i = 0; i < RUNS; i++) {
        for (const s of servers) {
          const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
          const [k, v] = s.cookie.split("=");
          await context.addCookies([{ name: k, value: v, url: s.url }]);
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
          await page.addInitScript(() => {
            const w = window as unknown as { __blocking: number; __tasks: number };
            w.__blocking = 0;
            w.__tasks = 0;
            new PerformanceObserver((l) => {
              for (const e of l.getEntries()) {
                w.__blocking += Math.max(0, e.duration - 50);
                w.__tasks++;
              }
            }).observe({ type: "longtask", buffered: true });
          });
          await page.goto(`${s.url}/`);
          await page.waitForTimeout(500);
          await page.locator("h1").first().dispatchEvent("pointerdown");
          await page.waitForTimeout(8000);
          const r = await page.evaluate(() => {
            const w = window as unknown as { __blocking: number; __tasks: number };
            return { blocking: w.__blocking, tasks: w.__tasks };
          });
          s.visits.push(r.blocking);
          console.log(`${s.name} visit ${i + 1} (tap at 0.5 s, 4× CPU): ${r.tasks} long tasks, ${r.blocking.toFixed(0)} ms blocking; load average ${loadavg()[0].toFixed(1)}`);
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await chrome.kill();
    for (const s of servers) s.child.kill("SIGTERM");
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\nmedians of ${RUNS} runs each (Lighthouse mobile, simulated throttling):`);
  const m = servers.map((s) => ({ name: s.name, score: median(s.runs.map((r) => r.score)), tbt: median(s.runs.map((r) => r.tbt)), lcp: median(s.runs.map((r) => r.lcp)), fcp: median(s.runs.map((r) => r.fcp)), cls: median(s.runs.map((r) => r.cls)), js: median(s.runs.map((r) => r.jsKb)) }));
  for (const s of servers) console.log(`  ${s.name}: whole visit with a tap, blocking ${median(s.visits).toFixed(0)} ms (median of ${s.visits.map((v) => v.toFixed(0)).join(", ")})`);
  for (const x of m) console.log(`  ${x.name}: performance ${x.score} (runs ${servers.find((s) => s.name === x.name)!.runs.map((r) => r.score).join(", ")}), TBT ${x.tbt.toFixed(0)} ms, LCP ${x.lcp.toFixed(0)} ms, FCP ${x.fcp.toFixed(0)} ms, CLS ${x.cls.toFixed(3)}, JS ${x.js.toFixed(1)} KB`);
  const [b, a] = m;
  console.log(`  after ÷ before: TBT ${(a.tbt / Math.max(b.tbt, 1)).toFixed(2)}×, LCP ${(a.lcp / b.lcp).toFixed(2)}×, JS ${(a.js / b.js).toFixed(2)}×; load average ${loadavg().map((l) => l.toFixed(1)).join(" / ")} at the end`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
