// `npm run demo`'s start-up log: it says how to sign in once, clearly, with the
// demo password, and never points at an ADMIN_PASSWORD nobody set.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../test/process";
import { TMP_ROOT } from "../../../test/paths";
import { copyMigratedPglite } from "../../../test/helpers";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "./accounts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * Starts `src/server/demo/start.ts` on a fresh data directory holding an empty, migrated
 * database (creating one from nothing costs ~8 s and is not what this log is about) and
 * returns its output once the accounts are listed.
 */
async function demoLog(env: Record<string, string> = {}): Promise<string> {
  const dataDir = mkdtempSync(join(TMP_ROOT, "demo-log-"));
  dirs.push(dataDir);
  copyMigratedPglite(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/demo/start.ts"], {
    cwd: ROOT,
    // only what the demo reads: none of the test runner's own settings leak in
    env: { LOG_LEVEL: "silent", DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += String(d)));
  child.stderr.on("data", (d) => (out += String(d)));
  try {
    const start = Date.now();
    // the list of accounts ends with an empty line after the last account
    while (!/Demo data:[\s\S]*sign in[\s\S]*\n\s*\n/i.test(out)) {
      if (child.exitCode !== null) throw new Error(`demo exited (${child.exitCode}): ${out}`);
      if (Date.now() - start > 90_000) throw new Error(`demo did not list its accounts in 90 s: ${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return out;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  }
}

const count = (text: string, part: string) => text.split(part).length - 1;

// two demo processes on their own data directories and ports: they run side by side
describe.concurrent("npm run demo's start-up log", () => {
  it("names the admin and the demo password once, and never says ADMIN_PASSWORD", async () => {
    const log = await demoLog();
    expect(log).not.toContain("ADMIN_PASSWORD");
    expect(count(log, DEMO_PASSWORD)).toBe(1);
    expect(log).toContain(DEMO_ADMIN_EMAIL);
    // the admin is in the one list of sign-ins, not announced twice
    expect(count(log, "Sign in as the admin")).toBe(0);
  }, 120_000);

  it("with ADMIN_EMAIL and ADMIN_PASSWORD set, says that admin signs in with the password they set", async () => {
    const log = await demoLog({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "Own!pass2026" });
    expect(log).toContain("boss@example.com");
    expect(log).not.toContain("Own!pass2026");
    expect(count(log, "boss@example.com")).toBe(1);
  }, 120_000);
});
