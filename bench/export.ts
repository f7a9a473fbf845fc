// Scenario 8: GET /api/export/loads.csv of 100,000 loads on
// PostgreSQL streams with the server's RSS growing by less than 50 MB.
//
// The app runs as a child process (as in every scenario) on a database of 100,000
// loads; the bench process downloads the export as staff and samples the child's
// resident set (/proc/<pid>/status VmRSS) every 20 ms. Growth = the peak during the
// download minus the RSS just before it (after a warm-up export, so loading code
// and the connection pool are not counted). The baseline, in the same run and on
// the same server: the export of 100 loads (streaming 100,000 should take no more
// memory than 100).
// Also measured: a slow client (reading at 1 MB/s, as over a modest link: the
// server must wait for it, not buffer the file) and an order no index serves (price).
//
// BENCH_ONLY=export npx tsx bench/run.ts runs this scenario alone (no build needed);
// BENCH_EXPORT_LOADS sets the size, BENCH_EXPORT_QUICK=1 leaves out the last two rows.
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { readFileSync } from "node:fs";
import { freshScenarioDatabase, seedLoads, seedSessions, seedStaff } from "./seed";

export interface ExportRow {
  scenario: string;
  engine: string;
  note: string;
}

export interface ExportDeps {
  pgUrl: string;
  workDir: string;
  password: string;
  startApp(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }>;
  stop(child: ChildProcess): Promise<void>;
  log(msg: string): void;
}

const LOADS = Number(process.env.BENCH_EXPORT_LOADS ?? 100_000);
const DB_NAME = "lb_bench_export";
const SAMPLE_MS = 20;
/** the bound: the export may grow the server's RSS by less than this */
const MAX_GROWTH_MB = 50;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

interface Download {
  ms: number;
  bytes: number;
  rows: number;
  status: number;
  complete: boolean;
  rssBefore: number;
  rssPeak: number;
}

/** Download `path` as `cookie`, at most `bytesPerSecond` when given, sampling the server's RSS. */
function download(url: string, cookie: string, pid: number, bytesPerSecond?: number): Promise<Download> {
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const timer = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), SAMPLE_MS);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie }, agent: false }, (res) => {
      let bytes = 0;
      let newlines = 0;
      res.on("data", (d: Buffer) => {
        bytes += d.length;
        for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) newlines++;
        if (bytesPerSecond) {
          // behind schedule: stop reading until the schedule catches up (TCP then pushes back on the server)
          const due = (bytes / bytesPerSecond) * 1000 - (performance.now() - t0);
          if (due > 5) {
            res.pause();
            setTimeout(() => res.resume(), due);
          }
        }
      });
      res.on("end", () => {
        clearInterval(timer);
        rssPeak = Math.max(rssPeak, rssMb(pid));
        // the header is one line; seeded text has no line breaks of its own
        resolve({ ms: performance.now() - t0, bytes, rows: newlines - 1, status: res.statusCode ?? 0, complete: res.complete, rssBefore, rssPeak });
      });
      res.on("error", (err) => {
        clearInterval(timer);
        reject(err);
      });
    });
    req.on("error", (err) => {
      clearInterval(timer);
      reject(err);
    });
  });
}

const mb = (bytes: number) => bytes / 2 ** 20;

function describe(label: string, d: Download): string {
  const growth = d.rssPeak - d.rssBefore;
  return (
    `${d.rows.toLocaleString("en-GB")} rows, ${mb(d.bytes).toFixed(1)} MB in ${(d.ms / 1000).toFixed(2)} s ` +
    `(${(d.rows / (d.ms / 1000)).toLocaleString("en-GB", { maximumFractionDigits: 0 })} rows/s); server RSS ${d.rssBefore.toFixed(0)} → peak ${d.rssPeak.toFixed(0)} MB, ` +
    `growth ${growth.toFixed(1)} MB${d.status === 200 && d.complete ? "" : ` ✘ status ${d.status}, complete ${d.complete}`}${label}`
  );
}

export async function exportScenario(deps: ExportDeps): Promise<ExportRow[]> {
  const { log } = deps;
  log(`export: preparing ${LOADS.toLocaleString("en-GB")} loads on PostgreSQL`);
  const { database, databaseUrl, dataDir } = await freshScenarioDatabase({ pgUrl: deps.pgUrl, workDir: deps.workDir, dir: "export", name: DB_NAME });
  let child: ChildProcess | undefined;
  try {
    await database.migrate();
    const [staffId] = await seedStaff(database, 1, deps.password);
    const [cookie] = await seedSessions(database, [staffId]);
    await seedLoads(database, 0, LOADS);

    const app = await deps.startApp({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    child = app.child;
    const pid = child.pid!;
    const get = (query: string, rate?: number) => download(`${app.url}/api/export/loads.csv${query}`, cookie, pid, rate);
    // 100 loads: BN-0000100 … BN-0000199
    const HUNDRED = "?search=BN-00001";

    log("export: warm-up");
    await get(HUNDRED);
    await get("?limit=1000");
    const rows: ExportRow[] = [];
    const push = (scenario: string, d: Download, label = "") => {
      rows.push({ scenario, engine: "postgres", note: describe(label, d) });
      log(`${scenario}: ${rows.at(-1)!.note}`);
    };

    const base = await get(HUNDRED);
    push("8 export baseline: loads.csv of 100 loads", base);
    const all = await get("");
    const growth = all.rssPeak - all.rssBefore;
    push(
      `8 export: loads.csv of ${LOADS.toLocaleString("en-GB")} loads (pickup order)`,
      all,
      `; target < ${MAX_GROWTH_MB} MB: ${growth < MAX_GROWTH_MB && all.rows === LOADS ? "met" : "NOT met"}; baseline's growth ${(base.rssPeak - base.rssBefore).toFixed(1)} MB`,
    );
    if (!process.env.BENCH_EXPORT_QUICK) push(`8 export: ${LOADS.toLocaleString("en-GB")} loads, sort=price (no index: a sort per batch)`, await get("?sort=price"));
    if (!process.env.BENCH_EXPORT_QUICK) push(`8 export: ${LOADS.toLocaleString("en-GB")} loads to a client reading 1 MB/s`, await get("", 2 ** 20));
    return rows;
  } finally {
    if (child) await deps.stop(child);
    await database.close().catch(() => {});
  }
}
