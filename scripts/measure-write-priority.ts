// Writes never queue behind reads (docs/decisions/0026-write-priority.md):
// 200 connections refresh boards (board page, stats, own bids, each as one of 200
// carriers) while one admin posts 100 loads one after another; prints the POSTs'
// latency with the write priority off (DB_WRITE_POOL=0) and on (the default), in
// the same run, on PostgreSQL and on PGlite.
//   npx tsx scripts/measure-write-priority.ts [postgres|pglite] (both by default)
// MEASURE_DATABASE_URL: the PostgreSQL server (a database of its own is made there).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../src/server/db/client";
import { seedCarriers, seedLoads, seedSessions, seedStaff } from "../bench/seed";

const ROOT = new URL("..", import.meta.url).pathname;
const WORK = join(ROOT, ".tmp", "measure-write-priority");
const PG_URL = process.env.MEASURE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const LOADS = 5_000;
const READERS = 200;
const POSTS = 100;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const t0 = Date.now(); Date.now() - t0 < 60_000; await new Promise((r) => setTimeout(r, 200))) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { url, child };
  }
  throw new Error("server did not start");
}

async function stopServer(child: ChildProcess): Promise<void> {
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function seed(database: Database): Promise<{ carriers: string[]; admin: string }> {
  await database.migrate();
  await seedLoads(database, 0, LOADS);
  const carrierIds = await seedCarriers(database, READERS, "Measure!2026pass");
  const [adminId] = await seedStaff(database, 1, "Measure!2026pass");
  await database.db.execute(sql`update users set role = 'admin', is_admin = true where id = ${adminId}`);
  const carriers = await seedSessions(database, carrierIds);
  const [admin] = await seedSessions(database, [adminId]);
  return { carriers, admin };
}

async function measure(url: string, carriers: string[], admin: string, pickupDay: string, readers: number) {
  const paths = ["/api/loads?limit=50", "/api/loads?limit=50", "/api/stats", "/api/user/bids"];
  let client = 0;
  let stopReads = false;
  const reads = new Promise<autocannon.Result | null>((resolve, reject) => {
    if (!readers) return resolve(null);
    const inst = autocannon(
      {
        url,
        connections: readers,
        duration: 120,
        requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }) }],
        setupClient: (c) => c.setHeaders({ cookie: carriers[client++ % carriers.length], "accept-encoding": "br, gzip" }),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    const timer = setInterval(() => {
      if (stopReads) {
        clearInterval(timer);
        inst.stop();
      }
    }, 50);
  });
  await new Promise((r) => setTimeout(r, 2_000)); // the boards are refreshing
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < POSTS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/loads`, {
      method: "POST",
      headers: { cookie: admin, "content-type": "application/json" },
      body: JSON.stringify({ pickupCity: "Leeds", deliveryCity: "Bristol", pickupDate: `${pickupDay}T09:00:00.000Z`, deliveryDate: `${pickupDay}T15:00:00.000Z`, price: 1000 + i }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 201) failed++;
  }
  stopReads = true;
  const r = await reads;
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), max: Math.max(...times), failed, readRps: r?.requests.average ?? 0, readP99: r?.latency.p99 ?? 0, readErrors: r ? r.errors + r.timeouts + r.non2xx : 0 };
}

async function run(engine: "postgres" | "pglite") {
  rmSync(join(WORK, engine), { recursive: true, force: true });
  const dataDir = join(WORK, engine);
  mkdirSync(dataDir, { recursive: true });
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let dropDb: (() => Promise<void>) | null = null;
  if (engine === "postgres") {
    const name = `measure_wp_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    env = { ...env, DATABASE_URL: u.toString() };
    dropDb = async () => {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    };
  }
  const database = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL, timeouts: { statementMs: 120_000, replyMs: 120_000 } });
  const { carriers, admin } = await seed(database);
  await database.close();
  const pickupDay = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  try {
    for (const [pool, readers] of [["4", 0], ["0", READERS], ["4", READERS]] as const) {
      const server = await startServer({ ...env, DB_WRITE_POOL: pool });
      try {
        const m = await measure(server.url, carriers, admin, pickupDay, readers);
        const f = (n: number) => n.toFixed(1);
        console.log(
          `${engine}, ${readers ? `${readers} board connections` : "no other load"}, DB_WRITE_POOL=${pool} (${pool === "0" ? "writes queue with reads" : "write priority"}): ${POSTS} admin POST /api/loads p50 ${f(m.p50)} ms, p95 ${f(m.p95)} ms, p99 ${f(m.p99)} ms, max ${f(m.max)} ms, ${m.failed} failed; ` +
            `board refreshes ${m.readRps.toFixed(0)} req/s, p99 ${m.readP99} ms, ${m.readErrors} errors`,
        );
      } finally {
        await stopServer(server.child);
      }
    }
  } finally {
    await dropDb?.();
  }
}

const which = process.argv[2];
for (const engine of ["postgres", "pglite"] as const) if (!which || which === engine) await run(engine);
