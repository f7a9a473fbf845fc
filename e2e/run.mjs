// npm run test:e2e: make sure Debian's chromium is there (CI and fresh machines),
// then run the journeys. Never `playwright install`: it cannot download here.
import { existsSync } from "node:fs";
import { execSync, spawnSync } from "node:child_process";

if (!existsSync("/usr/bin/chromium")) {
  console.log("e2e: installing Debian chromium (missing)…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null", { stdio: "inherit" });
}
const r = spawnSync("npx", ["vitest", "run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
