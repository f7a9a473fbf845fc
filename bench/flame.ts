// A .cpuprofile (node --cpu-prof) drawn as a flame graph in plain SVG: each box is a
// function, as wide as the time spent in it and in what it called; callers below,
// callees above. Idle time and the server's start (everything before its first HTTP
// request) are left out, so the width is the CPU its requests used.
// Hover a box for its name, file and share. Usage:
//   npx tsx bench/flame.ts <file.cpuprofile> <out.svg> [title]
import { readFileSync, writeFileSync } from "node:fs";

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

interface Frame {
  name: string;
  self: number;
  total: number;
  children: Map<string, Frame>;
}

const WIDTH = 1600;
const ROW = 17;
const MIN_PX = 0.4;

function label(n: Node): string {
  const cf = n.callFrame;
  const fn = cf.functionName || "(anonymous)";
  if (!cf.url) return fn;
  const file = cf.url.replace(/^.*\/(node_modules|src)\//, "$1/").replace(/^file:\/\//, "");
  return `${fn} ${file}:${cf.lineNumber + 1}`;
}

/** The profile's call tree with sample time on it, idle and the root left out. */
export function callTree(p: Profile): Frame {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stackOf = (id: number) => {
    const stack: Node[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!);
    return stack.reverse();
  };
  // from the first HTTP request on: starting the server (loading modules, opening the database) is not a request's cost
  const served = new Set(p.nodes.filter((n) => n.callFrame.functionName === "parserOnIncoming").map((n) => n.id));
  const first = p.samples.findIndex((id) => stackOf(id).some((n) => served.has(n.id)));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => {
    if (i >= Math.max(0, first)) self.set(id, (self.get(id) ?? 0) + Math.max(0, p.timeDeltas[i] ?? 0));
  });
  const root: Frame = { name: "all", self: 0, total: 0, children: new Map() };
  for (const [id, us] of self) {
    const stack = stackOf(id);
    if (stack.some((n) => n.callFrame.functionName === "(idle)")) continue;
    let f = root;
    f.total += us;
    for (const n of stack.slice(1)) {
      const name = label(n);
      let next = f.children.get(name);
      if (!next) f.children.set(name, (next = { name, self: 0, total: 0, children: new Map() }));
      next.total += us;
      f = next;
    }
    f.self += us;
  }
  return root;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function colour(name: string): string {
  if (name.includes("src/server")) return "hsl(25, 85%, 60%)";
  if (name.includes("src/contract")) return "hsl(0, 75%, 62%)";
  if (name.includes("node_modules")) return "hsl(200, 60%, 65%)";
  if (name.includes("node:")) return "hsl(50, 70%, 60%)";
  return "hsl(100, 35%, 65%)";
}

export function flameSvg(root: Frame, title: string): string {
  const boxes: string[] = [];
  let depth = 0;
  const scale = WIDTH / (root.total || 1);
  const draw = (f: Frame, x: number, level: number) => {
    const w = f.total * scale;
    if (w < MIN_PX) return;
    depth = Math.max(depth, level);
    const pct = ((f.total / (root.total || 1)) * 100).toFixed(1);
    const text = w > 40 ? `<text x="${(x + 3).toFixed(1)}" y="${-level * ROW - 5}" font-size="11">${esc(f.name.slice(0, Math.floor(w / 6.5)))}</text>` : "";
    boxes.push(`<g><title>${esc(f.name)}: ${pct} % (${(f.total / 1000).toFixed(0)} ms)</title><rect x="${x.toFixed(1)}" y="${-level * ROW - ROW}" width="${w.toFixed(1)}" height="${ROW - 1}" fill="${colour(f.name)}"/>${text}</g>`);
    let cx = x;
    for (const c of [...f.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      draw(c, cx, level + 1);
      cx += c.total * scale;
    }
  };
  draw(root, 0, 0);
  const height = (depth + 1) * ROW + 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 ${-height + 10} ${WIDTH} ${height}" font-family="monospace">
<text x="4" y="${-height + 28}" font-size="14">${esc(title)} (${(root.total / 1e6).toFixed(1)} s of CPU, idle left out; hover a box)</text>
${boxes.join("\n")}
</svg>
`;
}

/** Time in each function and what it called (counted once per stack), the largest first: what a request pays for. */
export function inclusive(root: Frame, top = 40): string[] {
  const sum = new Map<string, number>();
  const walk = (f: Frame, open: Set<string>) => {
    const seen = new Set(open);
    if (!open.has(f.name)) {
      sum.set(f.name, (sum.get(f.name) ?? 0) + f.total);
      seen.add(f.name);
    }
    for (const c of f.children.values()) walk(c, seen);
  };
  for (const c of root.children.values()) walk(c, new Set());
  return [...sum]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${((us / (root.total || 1)) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

if (process.argv[1]?.endsWith("flame.ts")) {
  const [file, out, title] = process.argv.slice(2);
  if (!file || !out) throw new Error("usage: tsx bench/flame.ts <file.cpuprofile> <out.svg> [title]");
  const root = callTree(JSON.parse(readFileSync(file, "utf8")) as Profile);
  writeFileSync(out, flameSvg(root, title ?? file));
  console.log(`${out}: ${(root.total / 1e6).toFixed(1)} s of CPU`);
  if (process.env.FLAME_TOP) console.log(inclusive(root, Number(process.env.FLAME_TOP)).join("\n"));
}
