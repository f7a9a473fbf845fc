// Start-up time and memory of the server: spawn → first 200 from
// /api/health, on a fresh DATA_DIR and again on the same one, then the resident
// memory of the process tree (a `tsx` start is two node processes and esbuild) 1 s
// after that, and the CPU time the tree used until that first 200.
//
//   node scripts/measure-start.mjs [runs] -- <command…>
//   node scripts/measure-start.mjs 3 -- node dist/server/main.js
//   node scripts/measure-start.mjs 3 -- npx tsx src/server/main.ts
//
// Linux only (reads /proc). Prints one line a start and the median of each column.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const sep = process.argv.indexOf("--");
if (sep < 0 || sep === process.argv.length - 1) {
  console.error("usage: node scripts/measure-start.mjs [runs] -- <command…>");
  process.exit(2);
}
const runs = Number(process.argv[2] !== "--" ? process.argv[2] : 3);
const [cmd, ...args] = process.argv.slice(sep + 1);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * Resident memory (MB) of pid and all its descendants, of the largest one, and the
 * CPU time (ms) they have used (a figure that a busy machine disturbs less than time).
 */
function treeUsage(root) {
  const children = new Map();
  const usage = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, "utf8");
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      // fields after "(comm)": state is field 3; utime, stime, cutime, cstime are 14–17
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      usage.set(Number(name), { kb, ticks });
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      /* gone */
    }
  }
  let total = 0;
  let largest = 0;
  let ticks = 0;
  const walk = (pid) => {
    const u = usage.get(pid) ?? { kb: 0, ticks: 0 };
    total += u.kb;
    ticks += u.ticks;
    largest = Math.max(largest, u.kb);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return { total: total / 1024, largest: largest / 1024, cpu: (ticks * 1000) / TICKS_PER_SECOND };
}

async function startOnce(dataDir) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true, // its own process group, so the whole tree is stopped below
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let ms;
  let cpu;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.status === 200) {
        ms = performance.now() - t0;
        cpu = treeUsage(child.pid).cpu;
        break;
      }
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > 120_000) throw new Error("no 200 in 120 s");
    await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const { total, largest } = treeUsage(child.pid);
  process.kill(-child.pid, "SIGTERM");
  await exited;
  return { ms, cpu, total, largest };
}

const rows = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), "lb-measure-"));
  try {
    const fresh = await startOnce(dataDir);
    const again = await startOnce(dataDir);
    rows.push({ fresh, again });
    const f = (x) => `${Math.round(x.ms)} ms (CPU ${Math.round(x.cpu)} ms), RSS ${Math.round(x.total)} MB (largest process ${Math.round(x.largest)} MB)`;
    console.log(`run ${i + 1}: fresh DATA_DIR ${f(fresh)}; existing DATA_DIR ${f(again)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const med = (pick) => Math.round(median(rows.map(pick)));
console.log(
  `median of ${runs}: fresh ${med((r) => r.fresh.ms)} ms (CPU ${med((r) => r.fresh.cpu)} ms), RSS ${med((r) => r.fresh.total)} MB; ` +
    `existing ${med((r) => r.again.ms)} ms (CPU ${med((r) => r.again.cpu)} ms), RSS ${med((r) => r.again.total)} MB ` +
    `(largest process ${med((r) => r.again.largest)} MB)   [${cmd} ${args.join(" ")}]`,
);
