// Shared pieces of the speed-target scenarios 9–11 (bench/live-boards.ts, bench/large-data.ts,
// bench/pglite-board.ts): what run.ts hands them, the target rows they return, a bare
// node:http server sending exact bytes, RSS sampling and percentiles.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";

/** A running app child; `counts`/`reset` exist when it was started with the request probe. */
export interface RunningApp {
  url: string;
  child: ChildProcess;
  counts?: () => Promise<Record<string, { requests: number; bytes: number }>>;
  reset?: () => Promise<void>;
}

export interface ScenarioDeps {
  pgUrl: string;
  pgAvailable: boolean;
  workDir: string;
  root: string;
  password: string;
  startApp(env: Record<string, string>, opts?: { probe?: boolean }): Promise<RunningApp>;
  stop(child: ChildProcess): Promise<void>;
  log(msg: string): void;
}

/** One row of the speed targets' table as measured: against its target, or a ratio to a baseline of the same run. */
export interface TargetRow {
  /** the target's row, in its own words */
  what: string;
  engine: string;
  measured: string;
  target: string;
  /** "0.42× bare node:http" or "3.1× the target" */
  ratio?: string;
  /** null: not measured (skipped) */
  met: boolean | null;
  note?: string;
}

export const verdict = (r: TargetRow) => (r.met === null ? "skipped" : r.met ? "met" : `NOT met (target ${r.target})`);

export function machineLoad(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")} (1/5/15 min) on 2 cores`;
}

export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Samples a process's RSS every 50 ms until stopped: {before, peak}. */
export function sampleRss(pid: number): { stop(): { before: number; peak: number } } {
  const before = rssMb(pid);
  let peak = before;
  const t = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  return {
    stop() {
      clearInterval(t);
      peak = Math.max(peak, rssMb(pid));
      return { before, peak };
    },
  };
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU used by the server and by this process (the load generator) between start() and the returned stop(). */
export function cpuMeter(pid: number): () => { server: number; generator: number; wall: number } {
  const s0 = cpuSeconds(pid);
  const g0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    const g = process.cpuUsage(g0);
    return { server: cpuSeconds(pid) - s0, generator: (g.user + g.system) / 1e6, wall: (performance.now() - t0) / 1000 };
  };
}

export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString("en-GB")} ms` : "n/a");
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => (bytes < 2 ** 20 ? kb(bytes) : `${(bytes / 2 ** 20).toFixed(1)} MB`);

/**
 * A bare node:http server answering every request with exactly these bytes and
 * headers (content-type, content-encoding): the "same bytes" baseline.
 */
export async function startBareBytes(body: Buffer, headers: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const code = `const b=Buffer.from(${JSON.stringify(body.toString("base64"))},"base64");const h=${JSON.stringify(headers)};h["content-length"]=b.length;
require("node:http").createServer((q,s)=>{s.writeHead(200,h);s.end(b)}).listen(0,"127.0.0.1",function(){console.log(this.address().port)})`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) => child.stdout!.once("data", (d) => resolve(Number(String(d).trim()))));
  return { url: `http://127.0.0.1:${port}`, child };
}

export function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: Number(process.env.BENCH_SECONDS ?? 8), ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

/** One GET with the raw bytes as sent (no decompression), its headers and time; status 0 when no answer within timeoutMs. */
export async function rawGet(url: string, headers: Record<string, string>, timeoutMs = 60_000): Promise<{ status: number; body: Buffer; headers: Record<string, string>; ms: number }> {
  const http = await import("node:http");
  const t0 = performance.now();
  return new Promise((resolve) => {
    const none = () => resolve({ status: 0, body: Buffer.alloc(0), headers: {}, ms: performance.now() - t0 });
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          ms: performance.now() - t0,
        });
      });
      res.on("error", none);
    });
    req.on("error", none);
    const timer = setTimeout(() => {
      req.destroy();
      none();
    }, timeoutMs);
  });
}

export const BROWSER_ENCODING = "gzip, deflate, br, zstd";
