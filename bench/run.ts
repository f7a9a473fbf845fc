// npm run bench: the speed suite. Every figure is reported as a ratio to a
// baseline measured in the same run on the same machine: a bare node:http server
// answering a fixed JSON body of the same size as the board page. Servers run as
// child processes; load comes from this process (autocannon) over loopback.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "../src/server/db/client";
import { seedCarriers, seedLoads, seedSessions } from "./seed";
import { holdCarriers } from "./carriers";
import { notificationFanout } from "./notifications";
import { exportScenario } from "./export";
import { liveBoards } from "./live-boards";
import { largeData } from "./large-data";
import { pgliteBoard } from "./pglite-board";
import { hotPath } from "./hot-path";
import { notifierScenario } from "./notifier";
import { scorecardScenario } from "./scorecard";
import { trucksScenario } from "./trucks";
import { busySeconds, profilesOf, summariseProfile } from "./profile";
import { PASSWORD, adminMix, carrierMix, freePort, frontEndSizes, lighthouse, login, pgAvailable, type Row } from "./run-support";
import { machineLoad, verdict, type RunningApp, type ScenarioDeps, type TargetRow } from "./common";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Lighthouse runs per page, the median reported (scenario 6) */
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ROOT = new URL("..", import.meta.url).pathname;
const WORK = join(ROOT, ".tmp", "bench");
/** BENCH_PROFILE=1: each app child is profiled (--cpu-prof); its summary is printed when it stops (bench/profile.ts) */
const PROFILE_DIR = process.env.BENCH_PROFILE ? join(WORK, "profiles") : "";
const BOARD_QUERY = "/api/loads?limit=50&weight=gt10000&equipmentType=Flatbed";

const rows: Row[] = [];
/** the table of speed targets, each row against its target (scenarios 9–11) */
const targets: TargetRow[] = [];
const charts: string[] = [];
const children: ChildProcess[] = [];

function log(msg: string) {
  process.stdout.write(`[bench] ${msg}\n`);
}

/**
 * The app as a child process. `probe`: bench/server-probe.mjs preloaded, counting the
 * requests the server answers (counted on the server itself), read over IPC.
 */
async function startApp(env: Record<string, string>, opts: { probe?: boolean } = {}): Promise<RunningApp> {
  const port = await freePort();
  const args = [
    ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : []),
    ...(opts.probe ? ["--import", "./bench/server-probe.mjs"] : []),
    ...["--import", "tsx", "src/server/main.ts"],
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: opts.probe ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const start = Date.now();
  while (Date.now() - start < 60_000) {
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return opts.probe ? { url, child, ...probeOf(child) } : { url, child };
    } catch {
      /* not yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${out}`);
}

function probeOf(child: ChildProcess): Pick<RunningApp, "counts" | "reset"> {
  const ask = (probe: "read" | "reset") =>
    new Promise<Record<string, { requests: number; bytes: number }>>((resolve) => {
      const on = (m: { probe?: string; counts?: Record<string, { requests: number; bytes: number }> }) => {
        if (m?.probe !== "counts") return;
        child.off("message", on);
        resolve(m.counts ?? {});
      };
      child.on("message", on);
      child.send({ probe });
    });
  return { counts: () => ask("read"), reset: async () => void (await ask("reset")) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
  // the threads that did work (tsx's loader thread idles: left out)
  if (PROFILE_DIR && child.pid) for (const f of profilesOf(PROFILE_DIR, child.pid)) if (busySeconds(f) >= 0.5) log(summariseProfile(f));
}

async function startBaseline(bodySize: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const body = JSON.stringify([{ pad: "x".repeat(Math.max(0, bodySize - 12)) }]);
  const code = `const b=Buffer.from(${JSON.stringify(body)});require("node:http").createServer((q,s)=>{s.writeHead(200,{"content-type":"application/json; charset=utf-8","content-length":b.length});s.end(b)}).listen(${port},"127.0.0.1",()=>console.log("up"))`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  return { url: `http://127.0.0.1:${port}`, child };
}

type Cannon = autocannon.Result;
function cannon(opts: autocannon.Options): Promise<Cannon> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}
const errorsOf = (r: Cannon) => r.errors + r.timeouts + (r.non2xx - (r.statusCodeStats?.["304"]?.count ?? 0));

async function prepare(database: Database, carriers: number): Promise<{ carrierIds: string[]; cookies: string[] }> {
  await database.migrate();
  const carrierIds = await seedCarriers(database, carriers, PASSWORD);
  await database.db.execute(sql`
    insert into users (email, password, name, carrier_name, role, is_admin, is_approved)
    select 'bench-admin@example.com', password, 'Bench Admin', 'Bench HQ', 'admin', true, true from users where email = 'bench-1@example.com'
    on conflict (email) do nothing`);
  const cookies = await seedSessions(database, carrierIds);
  return { carrierIds, cookies };
}

async function loadCount(database: Database): Promise<number> {
  const [r] = await queryRows<{ n: string }>(database.db, sql`select count(*)::text as n from loads`);
  return Number(r.n);
}

/** Board page: GET with filters, 50 rows. */
async function boardPage(url: string, cookie: string, label: string, engine: string, baselineRps: number) {
  const r = await cannon({ url: `${url}${BOARD_QUERY}`, headers: { cookie } });
  rows.push({ scenario: label, engine, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: errorsOf(r), ratio: r.requests.average / baselineRps });
  return r;
}

async function acceptStorm(url: string, database: Database, cookies: string[], engine: string) {
  // 100 fresh available loads; 1,000 carriers, ten on each load, all at once
  const ids = await queryRows<{ id: string }>(
    database.db,
    sql`insert into loads (load_number, status, pickup_city, delivery_city, pickup_date, price, distance)
        select 'STORM-' || ${engine} || '-' || g, 'available', 'Leeds', 'Hull', now(), 500, 60 from generate_series(1, 100) g returning id`,
  );
  const attempts = cookies.slice(0, 1000).map((cookie, i) => ({ cookie, loadId: ids[i % ids.length].id }));
  const start = performance.now();
  const results = await Promise.all(
    attempts.map(async (a) => {
      try {
        const r = await fetch(`${url}/api/loads/${a.loadId}/accept`, {
          method: "PATCH",
          headers: { cookie: a.cookie, "content-type": "application/json" },
          body: "{}",
        });
        await r.arrayBuffer();
        return r.status;
      } catch {
        return 0;
      }
    }),
  );
  const ms = performance.now() - start;
  const winners = results.filter((s) => s === 200).length;
  const conflicts = results.filter((s) => s === 409 || s === 404).length;
  const [check] = await queryRows<{ accepted: string; distinct_loads: string }>(
    database.db,
    sql`select count(*)::text as accepted, count(distinct id)::text as distinct_loads from loads where load_number like ${`STORM-${engine}-%`} and status = 'accepted'`,
  );
  rows.push({
    scenario: "4 accept storm (1,000 carriers, 100 loads)",
    engine,
    note: `settled in ${ms.toFixed(0)} ms; ${winners} winners (200), ${conflicts} refused (409/404), ${1000 - winners - conflicts} other; ${check.accepted} loads accepted${winners === 100 && Number(check.accepted) === 100 ? " ✔ exactly 100" : " ✘"}`,
  });
}

async function benchEngine(engine: "postgres" | "pglite", baseline: { rps: number }) {
  log(`${engine}: preparing`);
  let database: Database;
  let env: Record<string, string>;
  let dbName = "";
  const dataDir = join(WORK, engine);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (engine === "postgres") {
    dbName = "lb_bench";
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    env = { DATABASE_URL: u.toString(), DATA_DIR: dataDir };
    // seeding writes 20,000 loads a statement: more than a request's 4 s reply bound
    database = await openDatabase({ dataDir, databaseUrl: u.toString(), timeouts: { replyMs: 120_000, statementMs: 120_000 } });
  } else {
    env = { DATA_DIR: dataDir };
    database = await openDatabase({ dataDir });
  }
  const { cookies } = await prepare(database, 2000);

  // 5. cost curve (PostgreSQL: grows the table under a running server)
  if (engine === "postgres") {
    let have = 0;
    const app = await startApp(env);
    const cookie = await login(app.url, "bench-1@example.com");
    for (const n of [1_000, 10_000, 100_000]) {
      await seedLoads(database, have, n - have);
      have = n;
      log(`postgres: cost curve at ${n} loads`);
      const r = await cannon({ url: `${app.url}${BOARD_QUERY}`, headers: { cookie }, duration: Math.max(3, Math.round(SECONDS / 2)) });
      rows.push({ scenario: `5 cost curve: board page at ${n.toLocaleString("en-GB")} loads`, engine, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: errorsOf(r), ratio: r.requests.average / baseline.rps });
    }
    await stop(app.child);
  } else {
    log("pglite: seeding 100,000 loads");
    await seedLoads(database, 0, 100_000);
    await database.close(); // PGlite is single-process: the server opens it next
  }

  const app = await startApp(env);
  const cookie = await login(app.url, "bench-1@example.com");
  const adminCookie = await login(app.url, "bench-admin@example.com");
  log(`${engine}: ${engine === "pglite" ? "100,000" : (await loadCount(database)).toLocaleString("en-GB")} loads; measuring`);

  // 1. poll unchanged → 304
  const first = await fetch(`${app.url}/api/loads`, { headers: { cookie } });
  const etag = first.headers.get("etag") ?? "";
  await first.arrayBuffer();
  const poll = await cannon({ url: `${app.url}/api/loads`, headers: { cookie, "if-none-match": etag } });
  const n304 = poll.statusCodeStats?.["304"]?.count ?? 0;
  rows.push({ scenario: "1 poll unchanged (304)", engine, rps: poll.requests.average, p50: poll.latency.p50, p99: poll.latency.p99, errors: errorsOf(poll), ratio: poll.requests.average / baseline.rps, note: `${n304} × 304${etag ? "" : " (no ETag!)"}` });

  // 2. board page on 100k loads
  log(`${engine}: board page`);
  await boardPage(app.url, cookie, "2 board page (limit 50, filters, 100k loads)", engine, baseline.rps);

  // 3. the app's polling mixes
  log(`${engine}: polling mixes`);
  const mix = await cannon({ url: app.url, requests: carrierMix(cookies) });
  rows.push({ scenario: "3a carrier poll mix (loads:stats:bids 3:2:2)", engine, rps: mix.requests.average, p50: mix.latency.p50, p99: mix.latency.p99, errors: errorsOf(mix), ratio: mix.requests.average / baseline.rps });
  const amix = await cannon({ url: app.url, requests: adminMix(adminCookie), connections: 10 });
  rows.push({ scenario: "3b admin poll mix (the app's intervals)", engine, rps: amix.requests.average, p50: amix.latency.p50, p99: amix.latency.p99, errors: errorsOf(amix), ratio: amix.requests.average / baseline.rps });
  // 2,000 carriers polling at the app's rates: 2000 × (1/10 + 1/15 + 1/15) ≈ 467 requests/s
  // at least one whole 15-s poll cycle, so every carrier has polled everything
  const held = await holdCarriers(app.url, cookies.slice(0, 2000), Math.max(20, SECONDS * 3));
  rows.push({
    scenario: "3c 2,000 carriers at §9 rates (≈467 req/s, each on its own clock)",
    engine,
    rps: held.rps,
    p50: held.p50,
    p99: held.p99,
    errors: held.errors,
    note: `${held.requests} requests, ${held.notModified} × 304; target p99 < 100 ms, no error: ${held.p99 < 100 && held.errors === 0 ? "met" : "NOT met"}`,
  });

  // 4. accept storm (PostgreSQL: the bench can write while the server runs; PGlite: reopen after)
  if (engine === "postgres") {
    log("postgres: accept storm");
    await acceptStorm(app.url, database, cookies, engine);
  }
  await stop(app.child);
  if (engine === "pglite") {
    database = await openDatabase({ dataDir });
    const ids = await queryRows<{ id: string }>(
      database.db,
      sql`insert into loads (load_number, status, pickup_city, delivery_city, pickup_date, price, distance)
          select 'STORM-pglite-' || g, 'available', 'Leeds', 'Hull', now(), 500, 60 from generate_series(1, 100) g returning id`,
    );
    await database.close();
    const again = await startApp(env);
    log("pglite: accept storm");
    // the server owns the files now: count winners through the API as staff
    const storm = await Promise.all(
      cookies.slice(0, 1000).map((c, i) =>
        fetch(`${again.url}/api/loads/${ids[i % 100].id}/accept`, { method: "PATCH", headers: { cookie: c, "content-type": "application/json" }, body: "{}" })
          .then(async (r) => (await r.arrayBuffer(), r.status))
          .catch(() => 0),
      ),
    );
    const winners = storm.filter((s) => s === 200).length;
    rows.push({ scenario: "4 accept storm (1,000 carriers, 100 loads)", engine, note: `${winners} winners (200), ${storm.filter((s) => s === 409 || s === 404).length} refused (409/404)${winners === 100 ? " ✔ exactly 100" : " ✘"}` });
    await stop(again.child);
  } else {
    await database.close();
  }
}

async function main() {
  const t0 = Date.now();
  mkdirSync(WORK, { recursive: true });
  // BENCH_ONLY=web: the baseline and the front-end scenarios; BENCH_ONLY=notifications: scenario 7 alone;
  // BENCH_ONLY=export: scenario 8 alone
  // BENCH_ONLY=live | large | pglite-board: scenarios 9, 10, 11 alone; hot-path: the 304 poll and board page on PGlite;
  // scorecard: a company's scorecard at 500,000 loads;
  // notifier: event lag at 5,000 streams and writes/s with 2,000, before and after the notifier change;
  // trucks: truck matches and return loads at 500,000 loads
  const only = process.env.BENCH_ONLY;
  const alone = only === "notifications" || only === "export" || only === "live" || only === "large" || only === "pglite-board" || only === "hot-path" || only === "notifier" || only === "scorecard" || only === "trucks";
  if (!alone && !existsSync(join(ROOT, "dist", "web", "index.html"))) throw new Error("run npm run build first");
  const loadAtStart = machineLoad();
  log(`machine: ${loadAtStart}`);
  const pgUp = await pgAvailable(PG_URL);
  const engines: ("postgres" | "pglite")[] = pgUp ? ["postgres", "pglite"] : ["pglite"];
  if (!alone) await httpAndWeb(engines, only);
  if (!only || only === "notifications") {
    if (engines.includes("postgres")) rows.push(...(await notificationFanout({ pgUrl: PG_URL, workDir: WORK, password: PASSWORD, startApp, stop, log })));
    else rows.push({ scenario: "7 live notification to 2,000 streams", engine: "postgres", note: `skipped: no PostgreSQL at ${PG_URL} (BENCH_DATABASE_URL)` });
  }
  if (!only || only === "export") {
    if (engines.includes("postgres")) rows.push(...(await exportScenario({ pgUrl: PG_URL, workDir: WORK, password: PASSWORD, startApp, stop, log })));
    else rows.push({ scenario: "8 export of 100,000 loads", engine: "postgres", note: `skipped: no PostgreSQL at ${PG_URL} (BENCH_DATABASE_URL)` });
  }

  const deps: ScenarioDeps = { pgUrl: PG_URL, pgAvailable: pgUp, workDir: WORK, root: ROOT, password: PASSWORD, startApp, stop, log };
  const issue19: [string, (d: ScenarioDeps) => Promise<{ rows: TargetRow[]; charts: string[] }>][] = [
    ["live", liveBoards],
    ["large", largeData],
    ["pglite-board", pgliteBoard],
    ["hot-path", hotPath],
    // before and after the notifier change, two trees side by side (4–7 minutes)
    ["notifier", notifierScenario],
    // issue 30: a company's scorecard at 500,000 loads (PostgreSQL)
    ["scorecard", scorecardScenario],
    // issue 32: truck matches and return loads at 500,000 loads (PostgreSQL)
    ["trucks", trucksScenario],
  ];
  for (const [name, run] of issue19) {
    if (only && only !== name) continue;
    const r = await run(deps);
    targets.push(...r.rows);
    charts.push(...r.charts);
  }

  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, seconds: SECONDS };
  writeFileSync(join(ROOT, "bench", "results.json"), JSON.stringify({ date: new Date().toISOString(), machine, load: { start: loadAtStart, end: machineLoad() }, rows, issue19: targets, charts }, null, 2));
  const fmt = (n?: number, d = 0) => (n === undefined ? "" : n.toFixed(d));
  console.log("\n| scenario | engine | req/s | ratio to baseline | p50 ms | p99 ms | errors | note |\n|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(`| ${r.scenario} | ${r.engine} | ${fmt(r.rps)} | ${r.ratio === undefined ? "" : `${(r.ratio * 100).toFixed(0)}%`} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.errors ?? ""} | ${r.note ?? ""} |`);
  }
  if (targets.length) {
    console.log("\nIssue 19: every row against its target\n\n| what | engine | measured | ratio | target | verdict |\n|---|---|---|---|---|---|");
    for (const t of targets) console.log(`| ${t.what} | ${t.engine} | ${t.measured}${t.note ? ` (${t.note})` : ""} | ${t.ratio ?? ""} | ${t.target} | ${verdict(t)} |`);
    const missed = targets.filter((t) => t.met === false);
    const skipped = targets.filter((t) => t.met === null);
    console.log(missed.length ? `\nMissed (${missed.length} of ${targets.length}):\n${missed.map((t) => `  - ${t.what}: ${t.measured} (target ${t.target})`).join("\n")}` : `\nAll ${targets.length - skipped.length} measured targets met.`);
    if (skipped.length) console.log(`Skipped: ${skipped.map((t) => `${t.what} (${t.note})`).join("; ")}`);
    if (charts.length) console.log(`charts: ${charts.join(", ")}`);
  }
  console.log(`\nmachine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}; ${SECONDS} s a scenario; took ${((Date.now() - t0) / 1000).toFixed(0)} s; ${loadAtStart} at the start, ${machineLoad().replace("load average ", "")} at the end (shared machine: other engineers' tests run beside the bench)`);
  console.log("results written to bench/results.json");
}

/** Scenarios 0–6: the HTTP baseline, each engine's polling and storm scenarios, the front end. */
async function httpAndWeb(engines: ("postgres" | "pglite")[], only: string | undefined) {
  // the baseline: a bare node:http server with a body the size of the board page (50 loads)
  const probeDir = join(WORK, "probe");
  rmSync(probeDir, { recursive: true, force: true });
  const probeDb = await openDatabase({ dataDir: probeDir });
  await prepare(probeDb, 1);
  await seedLoads(probeDb, 0, 200);
  await probeDb.close();
  const probe = await startApp({ DATA_DIR: probeDir });
  const probeCookie = await login(probe.url, "bench-1@example.com");
  const sample = await (await fetch(`${probe.url}/api/loads?limit=50`, { headers: { cookie: probeCookie } })).text();
  await stop(probe.child);
  const base = await startBaseline(sample.length);
  log(`baseline: node:http with a ${sample.length}-byte JSON body`);
  const b = await cannon({ url: base.url });
  await stop(base.child);
  rows.push({ scenario: "0 baseline node:http (same body size)", engine: "node", rps: b.requests.average, p50: b.latency.p50, p99: b.latency.p99, errors: errorsOf(b), ratio: 1 });

  // BENCH_ONLY=web runs the baseline and the front-end scenarios only (a quick look at Lighthouse)
  if (only !== "web") for (const engine of engines) await benchEngine(engine, { rps: b.requests.average });

  const web = await startApp({ DATA_DIR: probeDir });
  const webCookie = await login(web.url, "bench-1@example.com");
  await frontEndSizes(web.url, webCookie, rows);
  await lighthouse(web.url, webCookie, rows);
  await stop(web.child);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  });
