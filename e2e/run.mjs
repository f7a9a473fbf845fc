// npm run test:e2e: make sure Debian's chromium is there (CI and fresh machines;
// scripts/system-deps.mjs, which `npm test` also runs), then run the journeys.
// Never `playwright install`: it cannot download here.
import { spawnSync } from "node:child_process";
import { ensureSystemPackages } from "../scripts/system-deps.mjs";

ensureSystemPackages(["chromium", "poppler-utils"]);
const r = spawnSync("npx", ["vitest", "run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
