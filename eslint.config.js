// Lint keeps the layers apart (style.md: "boundaries are checked by a linter"). Which code may import which:
//
//   contract ← lib, config ← db ← platform (context.ts, events, jobs, mail, objects, distance, plugins)
//            ← core (companies ← loads) ← consumers (every other module) ← identity (auth, users, registration)
//            ← app.ts, main.ts, demo, ops
//
// Imports point down that line only, so a load's change is published as a domain event and the
// modules that react to it subscribe from app.ts: modules/loads never names them. There is no
// whitelist of shared files: code that another layer needs lives in that layer or below, or the
// need is an event. The layer table is SERVER_LAYERS in scripts/check-layers.mjs, read here too;
// a new module under src/server/modules is a consumer unless that table names it. The script
// also checks what lint cannot say per file: cycles between whole modules, files over 400 lines.
//
// Also: contract imports neither web nor server; web never imports server; a web feature reaches
// another feature only through its index.ts; no import cycles between files (type-only imports
// aside); process.env only in src/server/config.ts. Tests may import across layers.
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { serverLayerPaths, FEATURE_PUBLIC_FACE } from "./scripts/check-layers.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/*.spec.ts", "**/*test-support*"];

const restrict = (patterns) => ["error", { patterns }];
const SERVER_NOT_WEB = { group: ["**/web/**", "@web/*", "react", "react-dom"], message: "server never imports web code" };

// one zone a pair of layers: a layer's files may not import any layer above it
const layers = serverLayerPaths(root).filter((layer) => layer.paths.length > 0);
const layerZones = layers.flatMap((lower, i) =>
  layers.slice(i + 1).map((upper) => ({
    target: lower.paths,
    from: upper.paths,
    message: `${lower.name} may not import ${upper.name} (layers in scripts/check-layers.mjs; publish an event or move the shared code down)`,
  })),
);

// a web feature imports another only through its public face (features/<name>/index.ts)
const featuresDir = path.join(root, "src/web/features");
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const featureZones = features
  .map((name) => ({
    target: `src/web/features/${name}`,
    from: features.filter((other) => other !== name).map((other) => `src/web/features/${other}`),
    except: FEATURE_PUBLIC_FACE.map((file) => `./${file}`),
    message: "reach another feature through its index.ts only",
  }))
  .filter((zone) => zone.from.length > 0);

const apartZones = [
  { target: "src/contract", from: ["src/server", "src/web"], message: "contract imports neither server nor web" },
  { target: "src/web", from: "src/server", message: "web never imports server code" },
  { target: "src/server", from: "src/web", message: "server never imports web code" },
];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "migrations/**", ".tmp/**"] },
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json") })],
      "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".mjs"],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["src/server/**/*.ts", "src/web/**/*.{ts,tsx}", "src/contract/**/*.ts"],
    ignores: TESTS,
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: root, zones: [...apartZones, ...layerZones, ...featureZones] },
      ],
      // a cycle of files is a cycle of modules; type-only imports are erased and do not count here
      // (scripts/check-layers.mjs counts them between whole modules)
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["src/contract/**"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/server/**", "**/web/**", "@web/*", "fastify", "react", "drizzle-orm*"], message: "contract imports neither server nor web" },
      ]),
    },
  },
  {
    files: ["src/web/**"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/server/**", "fastify", "drizzle-orm*", "pg", "@electric-sql/*", "node:*"], message: "web never imports server code" },
      ]),
    },
  },
  {
    files: ["src/server/**"],
    rules: {
      "no-restricted-imports": restrict([SERVER_NOT_WEB]),
    },
  },
  {
    files: ["src/**"],
    ignores: ["src/server/config.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "read configuration in src/server/config.ts only" }],
    },
  },
);
