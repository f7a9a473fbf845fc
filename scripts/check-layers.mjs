#!/usr/bin/env node
// check-layers: which code may import which, checked on every `npm test`.
//
// The server is built in layers and imports point one way, downwards:
//
//   contract ← lib, config ← db ← platform ← core (companies ← loads) ← consumers ← identity ← app.ts, main.ts, demo, ops
//
// A change to a load is published as a domain event; the modules that react to it
// (bids, invoices, notifications, …) subscribe from app.ts. So modules/loads never
// names a consumer, and a new capability is one new consumer folder plus its line
// in app.ts. Within one layer imports are free, but no two units may import each
// other, directly or round a longer loop. There is no list of exceptions: code that
// needs to go upwards moves down a layer, or becomes an event.
//
// Units: each folder under src/server/modules is one unit (modules/integrations with
// all its subfolders is one); every other top folder of src/server is one unit; a file
// directly in src/server is its own unit. Type-only imports count like any other.
//
// Also checked: src/contract imports nothing from server or web; web never imports
// server; a web feature reaches another feature only through its index.ts; no source
// file under src, test, e2e, bench or scripts passes 400 lines, tests included (*.d.ts,
// db/schema/ and generated files aside).
// Tests (*.test.*, *.spec.*, *test-support*) may import across layers and are skipped.
//
// Adding a server module: a folder under src/server/modules is a consumer unless it is
// named below; to put it elsewhere, add its unit to that layer's line. A new top folder
// or top file of src/server must be added to a layer, or the check fails.
// eslint.config.js reads the same table for its layer zones.
//
// Usage: node scripts/check-layers.mjs [root] [--graph]   (exit 1 and one line per offending import;
// --graph also prints each server unit, its layer and what it imports)

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Server layers, lowest first. A unit may import its own layer and the ones before it. */
export const SERVER_LAYERS = [
  { name: "base", units: ["lib", "config.ts"] },
  { name: "db", units: ["db"] },
  {
    name: "platform",
    units: ["context.ts", "events", "mail", "metrics", "pdf", "plugins", "modules/jobs", "modules/objects", "modules/distance"],
  },
  { name: "core: companies", units: ["modules/companies"] },
  { name: "core: loads", units: ["modules/loads"] },
  { name: "consumers", units: ["modules/*"] }, // every module not named in another layer
  { name: "identity", units: ["modules/auth", "modules/users", "modules/registration"] },
  { name: "entry", units: ["app.ts", "main.ts", "demo", "ops"] },
];
/** The highest layer that modules/loads may import: it never names the modules that react to it. */
export const LOADS_MAY_IMPORT_UP_TO = "core: loads";
/** The public face of a web feature: the only file another feature may import. */
export const FEATURE_PUBLIC_FACE = ["index.ts", "index.tsx"];
export const MAX_LINES = 400;
/** The folders whose source files the size rule counts. */
export const SIZED_FOLDERS = ["src", "test", "e2e", "bench", "scripts"];

export const SOURCE_FILE = /\.(ts|tsx|mts)$/;
export const TEST_FILE = /\.test\.|\.spec\.|test-support/;

/** The layer index of a server unit ("modules/bids", "db", "app.ts"), or -1 if the table does not place it. */
export function layerOf(unit) {
  const named = SERVER_LAYERS.findIndex((layer) => layer.units.includes(unit));
  if (named >= 0) return named;
  if (unit.startsWith("modules/")) return SERVER_LAYERS.findIndex((layer) => layer.units.includes("modules/*"));
  return -1;
}

/** The server units as folders or files relative to the root, per layer (the consumers listed from the disk). */
export function serverLayerPaths(root) {
  const modulesDir = path.join(root, "src/server/modules");
  const named = new Set(SERVER_LAYERS.flatMap((layer) => layer.units));
  const modules = fs.existsSync(modulesDir)
    ? fs.readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => `modules/${d.name}`)
    : [];
  return SERVER_LAYERS.map((layer) => ({
    name: layer.name,
    paths: layer.units
      .flatMap((unit) => (unit === "modules/*" ? modules.filter((m) => !named.has(m)) : [unit]))
      .map((unit) => `src/server/${unit}`),
  }));
}

// ---------------------------------------------------------------------------------------------

// the same specifiers house.py reads (import/export … from, dynamic import()), plus bare `import "x"`
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g;
const ALIASES = { "@contract/": "src/contract/", "@web/": "src/web/" };
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".d.ts", "/index.ts", "/index.tsx", "/index.mts"];

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

function resolveSpecifier(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else {
    const alias = Object.keys(ALIASES).find((a) => specifier.startsWith(a));
    if (!alias) return null; // a package
    base = path.join(root, ALIASES[alias], specifier.slice(alias.length));
  }
  const tries = [base, base.replace(/\.(m?js|jsx)$/, (ext) => (ext === ".jsx" ? ".tsx" : ext === ".mjs" ? ".mts" : ".ts"))];
  for (const t of tries)
    for (const ext of EXTENSIONS) {
      const p = t + ext;
      if (fs.existsSync(p) && fs.statSync(p).isFile()) return { file: p, resolved: true };
    }
  return { file: base, resolved: false }; // moved or not yet written: placed by its path, as house.py does
}

function importsOf(root, file) {
  const source = fs.readFileSync(file, "utf8");
  const found = [];
  for (const m of source.matchAll(IMPORT)) {
    const specifier = m[1] ?? m[2] ?? m[3];
    const target = resolveSpecifier(root, file, specifier);
    if (target) found.push({ specifier, ...target });
  }
  return found;
}

function serverUnit(srv, file) {
  const parts = path.relative(srv, file).split(path.sep);
  if (parts[0] === "modules" && parts.length > 2) return `modules/${parts[1]}`;
  if (parts.length > 1) return parts[0];
  return /\.[a-z]+$/.test(parts[0]) ? parts[0] : `${parts[0]}.ts`;
}

const inside = (dir, file) => {
  const rel = path.relative(dir, file);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/** Units in a strongly connected component of more than one unit (Tarjan). */
function cyclesOf(edges) {
  const index = new Map(), low = new Map(), stack = [], onStack = new Set(), components = [];
  let n = 0;
  const visit = (v) => {
    index.set(v, n); low.set(v, n); n++; stack.push(v); onStack.add(v);
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do { w = stack.pop(); onStack.delete(w); component.push(w); } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return components;
}

/** Lines as Python counts them (house.py): a last line without a newline still counts. */
function lineCount(file) {
  const text = fs.readFileSync(file, "utf8");
  if (text === "") return 0;
  const newlines = text.split("\n").length - 1;
  return text.endsWith("\n") ? newlines : newlines + 1;
}

export function checkLayers(root) {
  const rel = (p) => path.relative(root, p).split(path.sep).join("/");
  const srv = path.join(root, "src/server");
  const web = path.join(root, "src/web");
  const contract = path.join(root, "src/contract");
  const features = path.join(web, "features");
  const report = { cycles: [], layers: [], loads: [], unplaced: [], features: [], web: [], contract: [], size: [], unresolved: 0 };

  // server: the unit graph, the layer order and modules/loads
  const edges = new Map();
  const detail = new Map();
  const unplaced = new Map();
  const loadsLimit = SERVER_LAYERS.findIndex((l) => l.name === LOADS_MAY_IMPORT_UP_TO);
  for (const file of walk(srv).filter((f) => SOURCE_FILE.test(f) && !TEST_FILE.test(path.basename(f))).sort()) {
    const from = serverUnit(srv, file);
    if (layerOf(from) < 0) unplaced.set(from, rel(file));
    for (const imp of importsOf(root, file)) {
      if (!imp.resolved) report.unresolved++;
      const line = `${rel(file)} -> ${rel(imp.file)}`;
      if (inside(web, imp.file)) { report.web.push(`${line}  (server never imports web)`); continue; }
      if (!inside(srv, imp.file)) continue; // contract and packages: open to every layer
      const to = serverUnit(srv, imp.file);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
      const key = `${from}\0${to}`;
      if (!detail.has(key)) detail.set(key, []);
      detail.get(key).push(line);
      const a = layerOf(from), b = layerOf(to);
      if (a < 0 || b < 0) continue; // reported once below as a unit the table does not place
      if (from === "modules/loads" && b > loadsLimit)
        report.loads.push(`${line}  (modules/loads names ${to}, a ${SERVER_LAYERS[b].name} unit: publish an event it subscribes to)`);
      else if (b > a)
        report.layers.push(`${line}  (${from} is ${SERVER_LAYERS[a].name}, ${to} is ${SERVER_LAYERS[b].name}, a higher layer)`);
    }
  }
  for (const key of detail.keys()) {
    const to = key.split("\0")[1];
    if (layerOf(to) < 0 && !unplaced.has(to)) unplaced.set(to, `imported as src/server/${to}`);
  }
  for (const [unit, where] of unplaced) report.unplaced.push(`${unit} (${where}): add it to a layer in SERVER_LAYERS`);
  for (const component of cyclesOf(edges)) {
    const members = new Set(component);
    const lines = [];
    for (const [key, list] of detail) {
      const [a, b] = key.split("\0");
      if (members.has(a) && members.has(b)) lines.push(...list);
    }
    report.cycles.push({ units: component, imports: lines.sort() });
  }

  // contract imports nothing from server or web
  for (const file of walk(contract).filter((f) => SOURCE_FILE.test(f) && !TEST_FILE.test(path.basename(f))).sort())
    for (const imp of importsOf(root, file))
      if (inside(srv, imp.file) || inside(web, imp.file))
        report.contract.push(`${rel(file)} -> ${rel(imp.file)}  (contract imports neither server nor web)`);

  // web: never the server; another feature only through its public face
  for (const file of walk(web).filter((f) => /\.(ts|tsx|mts)$/.test(f) && !TEST_FILE.test(path.basename(f))).sort()) {
    const own = inside(features, file) ? path.relative(features, file).split(path.sep)[0] : null;
    for (const imp of importsOf(root, file)) {
      const line = `${rel(file)} -> ${rel(imp.file)}`;
      if (inside(srv, imp.file)) { report.web.push(`${line}  (web never imports server)`); continue; }
      if (!own || !inside(features, imp.file)) continue;
      const [other, ...rest] = path.relative(features, imp.file).split(path.sep);
      if (other === own) continue;
      const face = rest.length === 0 || (rest.length === 1 && /^index(\.(ts|tsx|mts))?$/.test(rest[0]));
      if (!face) report.features.push(`${line}  (reach features/${other} through features/${other}/index.ts only)`);
    }
  }

  // size: every source file a reader opens, tests, journeys, benchmarks and scripts too
  // (the schema and generated files aside: their length is the data's, not the code's)
  for (const file of SIZED_FOLDERS.flatMap((dir) => walk(path.join(root, dir))).sort()) {
    const r = rel(file);
    if (r.includes("db/schema/") || r.endsWith("db/schema.ts")) continue;
    if (!/\.(ts|tsx|mts|js|mjs)$/.test(file) || /\.d\.ts$|generated/.test(path.basename(file))) continue;
    const lines = lineCount(file);
    if (lines > MAX_LINES) report.size.push({ lines, file: r });
  }
  report.size.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
  report.edges = edges;
  return report;
}

function print(report) {
  const out = [];
  for (const c of report.cycles) {
    out.push(`cycle of ${c.units.length} units: ${c.units.join(", ")}`);
    for (const line of c.imports) out.push(`  ${line}`);
  }
  const section = (title, list) => {
    if (list.length === 0) return;
    out.push(title);
    for (const line of list) out.push(`  ${line}`);
  };
  section("modules/loads imports a consumer:", report.loads);
  section("import against the layer order (contract ← base ← db ← platform ← core ← consumers ← identity ← entry):", report.layers);
  section("server unit not in the layer table:", report.unplaced);
  section("contract imports server or web:", report.contract);
  section("web and server mixed:", report.web);
  section("a feature imports another feature's internals:", report.features);
  section(`files over ${MAX_LINES} lines:`, report.size.map((s) => `${s.lines} lines: ${s.file}`));
  const bad =
    report.cycles.length + report.loads.length + report.layers.length + report.unplaced.length +
    report.contract.length + report.web.length + report.features.length + report.size.length;
  const largest = Math.max(0, ...report.cycles.map((c) => c.units.length));
  out.push(
    `check-layers: ${bad === 0 ? "clean" : `${bad} violation(s)`}: ${report.cycles.length} cycle(s) of units (largest ${largest}), ` +
      `${report.loads.length} loads→consumer, ${report.layers.length} against the layers, ${report.unplaced.length} unplaced unit(s), ` +
      `${report.contract.length} contract, ${report.web.length} web/server, ${report.features.length} feature internals, ` +
      `${report.size.length} file(s) over ${MAX_LINES} lines` +
      (report.unresolved ? ` (${report.unresolved} import(s) not found on disk, placed by path)` : ""),
  );
  console.log(out.join("\n"));
  return bad;
}

/** --graph: each server unit, its layer and the units it imports (to see where a new module sits). */
function printGraph(report) {
  const units = new Set([...report.edges.keys(), ...[...report.edges.values()].flatMap((s) => [...s])]);
  const name = (u) => SERVER_LAYERS[layerOf(u)]?.name ?? "unplaced";
  for (const u of [...units].sort((a, b) => layerOf(a) - layerOf(b) || a.localeCompare(b)))
    console.log(`${u} [${name(u)}] -> ${[...(report.edges.get(u) ?? [])].sort().join(", ") || "(nothing in src/server)"}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const root = path.resolve(args.find((a) => !a.startsWith("--")) ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const report = checkLayers(root);
  if (args.includes("--graph")) printGraph(report);
  process.exit(print(report) ? 1 : 0);
}
