// `npm run build`, second half: compile the server to JavaScript in
// dist/server, so production runs `node dist/server/main.js` with no TypeScript
// compiler at run time. One ES module per entry; every npm package stays an
// import of node_modules (PGlite's wasm, pdfkit's fonts and pino-pretty are
// found by their own packages). Files we ship (migrations, dist/web, the
// postcode table, the PDFs' fonts in assets/fonts) are found from the package
// root (src/server/lib/paths.ts).
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}dist/server`;

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // main: `npm start`; demo: `npm run demo` (main.ts inlined, started by demo/start.ts;
  // not named main.ts, which would make main.ts take itself for the entry and start twice)
  entryPoints: { main: "src/server/main.ts", demo: "src/server/demo/start.ts" },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json", // @contract/* paths
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
});
const files = Object.entries(result.metafile.outputs).filter(([name]) => name.endsWith(".js"));
const sizes = files.map(([name, o]) => `${name.replace(/^.*dist\//, "dist/")} ${Math.round(o.bytes / 1024)} kB`);
console.log(`built the server: ${sizes.join(", ")}`);
