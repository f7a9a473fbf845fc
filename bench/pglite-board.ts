// Scenario 11 ("PGlite board page, 5,000 loads"): the carrier board page
// `limit=50` on the embedded database, 50 connections, against a bare node:http server
// sending exactly the bytes the app sent (same Content-Encoding), at a few sizes for
// the chart. PGlite is single-process: each size is seeded with the server stopped,
// then the app opens the files. BENCH_ONLY=pglite-board runs it alone;
// BENCH_PGLITE_LOADS="1000,5000,20000" changes the sizes (the row is the 5,000 one,
// or the size nearest it).
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../src/server/db/client";
import { hashPassword } from "../src/server/lib/crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { seedLoads, seedSessions } from "./seed";
import { BROWSER_ENCODING, cannon, kb, machineLoad, ms, rawGet, startBareBytes, type ScenarioDeps, type TargetRow } from "./common";
import { writeChart } from "./chart";

const SIZES = (process.env.BENCH_PGLITE_LOADS ?? "1000,5000,20000").split(",").map(Number).sort((a, b) => a - b);
const ROW_AT = SIZES.reduce((best, n) => (Math.abs(n - 5000) < Math.abs(best - 5000) ? n : best), SIZES[0]);

interface Point {
  loads: number;
  ratio: number;
  rps: number;
  bareRps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  bytes: number;
  encoding: string;
}

export async function pgliteBoard(deps: ScenarioDeps): Promise<{ rows: TargetRow[]; charts: string[] }> {
  const { log } = deps;
  const dataDir = join(deps.workDir, "pglite-board");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let cookie = "";
  let have = 0;
  const points: Point[] = [];
  for (const size of SIZES) {
    const database = await openDatabase({ dataDir });
    try {
      if (!cookie) {
        await database.migrate();
        const hash = await hashPassword(deps.password);
        const [carrier] = await queryRows<{ id: string }>(
          database.db,
          sql`insert into users (email, password, name, carrier_name, contact_number, role, is_approved)
              values ('bench-1@example.com', ${hash}, 'Bench Carrier 1', 'Bench Haulage 1', '+44 7700 900000', 'carrier', true) returning id`,
        );
        [cookie] = await seedSessions(database, [carrier.id]);
      }
      await seedLoads(database, have, size - have);
      have = size;
    } finally {
      await database.close();
    }
    const app = await deps.startApp({ DATA_DIR: dataDir });
    try {
      const url = `${app.url}/api/loads?limit=50`;
      const headers = { cookie, "accept-encoding": BROWSER_ENCODING };
      const sent = await rawGet(url, headers);
      const encoding = sent.headers["content-encoding"] ?? "";
      const bare = await startBareBytes(sent.body, { "content-type": sent.headers["content-type"] ?? "application/json", ...(encoding ? { "content-encoding": encoding } : {}) });
      log(`pglite-board: ${size} loads; ${machineLoad()}`);
      const b1 = await cannon({ url: bare.url, headers });
      const a = await cannon({ url, headers });
      const b2 = await cannon({ url: bare.url, headers });
      await deps.stop(bare.child);
      const bareRps = (b1.requests.average + b2.requests.average) / 2;
      points.push({ loads: size, ratio: a.requests.average / bareRps, rps: a.requests.average, bareRps, p50: a.latency.p50, p99: a.latency.p99, max: a.latency.max, errors: a.errors + a.timeouts + a.non2xx, bytes: sent.body.length, encoding });
      log(`pglite-board: ${a.requests.average.toFixed(0)} req/s vs bare ${bareRps.toFixed(0)}, p99 ${ms(a.latency.p99)}, max ${ms(a.latency.max)}`);
    } finally {
      await deps.stop(app.child);
    }
  }
  const p = points.find((x) => x.loads === ROW_AT)!;
  const rows: TargetRow[] = [
    {
      what: `PGlite board page, ${ROW_AT.toLocaleString("en-GB")} loads`,
      engine: "pglite",
      measured: `${p.rps.toFixed(0)} req/s vs bare ${p.bareRps.toFixed(0)}; p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, max ${ms(p.max)}; ${p.errors} errors; ${kb(p.bytes)} ${p.encoding || "uncompressed"}`,
      target: "≥ 0.3×, p99 ≤ 100 ms",
      ratio: `${p.ratio.toFixed(2)}× bare node:http`,
      met: p.ratio >= 0.3 && p.p99 <= 100 && p.errors === 0,
      note: points
        .filter((x) => x !== p)
        .map((x) => `${x.loads.toLocaleString("en-GB")} loads: ${x.ratio.toFixed(2)}×, p99 ${ms(x.p99)}`)
        .join("; "),
    },
  ];
  const charts = [
    writeChart(deps.root, {
      name: "pglite-board-page",
      title: "PGlite board page limit=50: p99 and share of bare",
      xLabel: "loads in the database",
      yLabel: "p99 ms",
      series: [
        { label: "p99 ms", points: points.map((x) => [x.loads, x.p99]) },
        { label: "ratio × 100 (≥ 30)", points: points.map((x) => [x.loads, x.ratio * 100]) },
      ],
      target: { y: 100, label: "p99 target 100 ms" },
    }),
  ];
  return { rows, charts };
}
