// The board's hot path on PGlite, as the issue measures it from outside: an unchanged
// poll (If-None-Match → 304) and a full board page (`/api/loads?limit=50`, no
// Accept-Encoding, so the whole ~61 KB of JSON), 50 connections each, against a bare
// node:http server answering a body of the page's size, measured in the same run.
// The bare server is measured before and after the app's two rows of each round and
// averaged, so a busy moment of the shared machine falls on both; rounds are repeated
// and the median ratio is the row. BENCH_ONLY=hot-path runs it alone;
// BENCH_HOT_LOADS (5000), BENCH_HOT_ROUNDS (3); BENCH_HOT_ENCODING=1 asks as a browser does;
// BENCH_HOT_ONLY=poll|page measures one of the two (for a profile of it).
import { sql } from "drizzle-orm";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase, queryRows } from "../src/server/db/client";
import { hashPassword } from "../src/server/lib/crypto";
import { seedLoads, seedSessions } from "./seed";
import { BROWSER_ENCODING, cannon, cpuSeconds, kb, machineLoad, rawGet, startBareBytes, type ScenarioDeps, type TargetRow } from "./common";

const LOADS = Number(process.env.BENCH_HOT_LOADS ?? 5000);
const ROUNDS = Number(process.env.BENCH_HOT_ROUNDS ?? 3);
const BROWSER = process.env.BENCH_HOT_ENCODING === "1";
/** BENCH_HOT_ONLY=poll or page: measure only that one (a profile of one kind of request) */
const ONLY = process.env.BENCH_HOT_ONLY;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function hotPath(deps: ScenarioDeps): Promise<{ rows: TargetRow[]; charts: string[] }> {
  const { log } = deps;
  const dataDir = join(deps.workDir, "hot-path");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  let cookie: string;
  try {
    await database.migrate();
    const hash = await hashPassword(deps.password);
    const [carrier] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into users (email, password, name, carrier_name, contact_number, role, is_approved)
          values ('bench-1@example.com', ${hash}, 'Bench Carrier 1', 'Bench Haulage 1', '+44 7700 900000', 'carrier', true) returning id`,
    );
    [cookie] = await seedSessions(database, [carrier.id]);
    await seedLoads(database, 0, LOADS);
  } finally {
    await database.close();
  }
  const app = await deps.startApp({ DATA_DIR: dataDir });
  const page = `${app.url}/api/loads?limit=50`;
  const headers: Record<string, string> = BROWSER ? { cookie, "accept-encoding": BROWSER_ENCODING } : { cookie };
  const ratios = { poll: [] as number[], page: [] as number[] };
  const seen: string[] = [];
  let bytes = 0;
  try {
    const sent = await rawGet(page, headers);
    const etag = sent.headers.etag ?? "";
    if (sent.status !== 200 || !etag) throw new Error(`hot-path: board page answered ${sent.status}, ETag ${etag || "none"}`);
    bytes = sent.body.length;
    const encoding = sent.headers["content-encoding"];
    const bare = await startBareBytes(sent.body, { "content-type": "application/json; charset=utf-8", ...(encoding ? { "content-encoding": encoding } : {}) });
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        log(`hot-path: round ${round} of ${ROUNDS}; ${machineLoad()}`);
        // the server's CPU per answer (user + system): steadier than req/s on a busy machine
        const cpuPer = async (pid: number, run: () => Promise<Awaited<ReturnType<typeof cannon>>>) => {
          const c0 = cpuSeconds(pid);
          const r = await run();
          return { r, us: r.requests.total ? ((cpuSeconds(pid) - c0) / r.requests.total) * 1e6 : NaN };
        };
        const b1 = await cpuPer(bare.child.pid!, () => cannon({ url: bare.url, headers }));
        const skip = { requests: { average: NaN, total: 0 }, latency: { p99: NaN }, statusCodeStats: {}, errors: 0, non2xx: 0 } as unknown as Awaited<ReturnType<typeof cannon>>;
        const p = ONLY === "page" ? { r: skip, us: NaN } : await cpuPer(app.child.pid!, () => cannon({ url: page, headers: { ...headers, "if-none-match": etag } }));
        const f = ONLY === "poll" ? { r: skip, us: NaN } : await cpuPer(app.child.pid!, () => cannon({ url: page, headers }));
        const b2 = await cpuPer(bare.child.pid!, () => cannon({ url: bare.url, headers }));
        const [poll, full] = [p.r, f.r];
        const bareRps = (b1.r.requests.average + b2.r.requests.average) / 2;
        const bareUs = (b1.us + b2.us) / 2;
        const n304 = poll.statusCodeStats?.["304"]?.count ?? 0;
        if (n304 !== poll.requests.total) throw new Error(`hot-path: ${poll.requests.total - n304} polls were not 304`);
        if (full.non2xx || full.errors || poll.errors) throw new Error("hot-path: errors under load");
        ratios.poll.push(poll.requests.average / bareRps);
        ratios.page.push(full.requests.average / bareRps);
        const line =
          `bare ${bareRps.toFixed(0)} req/s (${bareUs.toFixed(0)} µs CPU each); ` +
          `304 poll ${poll.requests.average.toFixed(0)} (${(poll.requests.average / bareRps).toFixed(2)}×, p99 ${poll.latency.p99} ms, ${p.us.toFixed(0)} µs CPU); ` +
          `page ${full.requests.average.toFixed(0)} (${(full.requests.average / bareRps).toFixed(2)}×, p99 ${full.latency.p99} ms, ${f.us.toFixed(0)} µs CPU)`;
        seen.push(line);
        log(`hot-path: ${line}`);
      }
    } finally {
      await deps.stop(bare.child);
    }
  } finally {
    await deps.stop(app.child);
  }
  const note = `${LOADS.toLocaleString("en-GB")} loads, ${kb(bytes)} ${BROWSER ? "as sent to a browser" : "uncompressed"}; rounds: ${seen.join(" | ")}; ${machineLoad()}`;
  const poll = median(ratios.poll);
  const full = median(ratios.page);
  return {
    rows: [
      { what: "unchanged poll (304), 50 connections", engine: "pglite", measured: `median of ${ROUNDS} rounds`, ratio: `${poll.toFixed(2)}× bare node:http`, target: "≥ 0.7×", met: poll >= 0.7, note },
      { what: "board page limit=50, 50 connections", engine: "pglite", measured: `median of ${ROUNDS} rounds`, ratio: `${full.toFixed(2)}× bare node:http`, target: "≥ 0.5×", met: full >= 0.5 },
    ],
    charts: [],
  };
}
