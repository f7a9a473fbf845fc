// BENCH_PROFILE=1: every app child runs with `--cpu-prof` (V8's sampling profiler; the
// file is written when the server exits after SIGTERM), and the bench prints where the
// server's time went: self time by area (our modules, each package, GC, idle) and the
// top functions, so a missed target is named with the profile that shows where the
// time goes.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function area(url: string, fn: string): string {
  if (!url) return fn.startsWith("(") ? fn : "(native)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  const src = /\/(src\/[^/]+\/[^/]+(?:\/[^/]+)?)\//.exec(url) ?? /\/(src\/[^/]+)\//.exec(url);
  if (src) return src[1];
  if (url.startsWith("node:")) return "node internals";
  return url.replace(/^.*\//, "");
}

/** Self time by area and by function, in % of the profile's span. */
export function summariseProfile(file: string, top = 12): string {
  const p = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const cf = byId.get(id)!.callFrame;
    const a = area(cf.url, cf.functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
    const f = `${cf.functionName || "(anonymous)"} ${cf.url ? `${cf.url.replace(/^.*\/(node_modules|src)\//, "$1/")}:${cf.lineNumber + 1}` : ""}`.trim();
    fns.set(f, (fns.get(f) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1)} %`;
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${k} ${pct(us)}`)
      .join("; ");
  return `profile ${file} (${(total / 1e6).toFixed(1)} s sampled): by area: ${list(areas)}\n  top functions: ${list(fns)}`;
}

/** The profiles a process wrote (one a thread: the main thread, tsx's loader, any worker). */
export function profilesOf(dir: string, pid: number): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".cpuprofile") && f.includes(`.${pid}.`))
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
  } catch {
    return [];
  }
}

/** Seconds a profile was not idle. */
export function busySeconds(file: string): number {
  const p = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let us = 0;
  p.samples.forEach((id, i) => (us += idle.has(id) ? 0 : (p.timeDeltas[i] ?? 0)));
  return us / 1e6;
}
