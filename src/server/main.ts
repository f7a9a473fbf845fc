// The only file that opens a port: config → database → migrations →
// admin bootstrap → listen → schedule and outbox worker; graceful shutdown on SIGTERM/SIGINT.
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, migrateDatabase } from "./db/client";
import { buildApp, type App } from "./app";
import type { Clock } from "./context";
import { bootstrapAdmin } from "./modules/auth/bootstrap";
import { startEmailSchedule } from "./modules/available-loads-email/schedule";
import { startJobRunner } from "./modules/jobs/job-runner";
import { PID_FILE } from "./ops/backup";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

/** A clock that starts at `start` and runs at real speed (TEST_NOW, tests only). */
function shiftedClock(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

export interface MainHooks {
  /** runs once the server listens (npm run demo seeds its data set here) */
  afterStart?: (app: App, url: string) => Promise<void> | void;
  /** false: the caller says how to sign in (npm run demo lists its accounts and their one password) */
  announceAdmin?: boolean;
}

export async function main(config: Config, hooks: MainHooks = {}): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, writePoolSize: config.writePoolSize });
  // the embedded database is single-process: mark it in use (backup/restore check this)
  const pidFile = config.databaseUrl ? null : join(config.dataDir, PID_FILE);
  if (pidFile) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(pidFile, String(process.pid));
  }
  await migrateDatabase(database);
  const app = await buildApp({ config, database, clock: config.testNow ? shiftedClock(config.testNow) : undefined });
  const admin = await bootstrapAdmin(app.ctx);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;

  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded database in ${config.dataDir}`;
  console.log(`\n  ${config.productName} load board is running at http://localhost:${port}  (${where})`);
  // the demo says how to sign in itself, once (never "ADMIN_PASSWORD" followed by the password)
  if (hooks.announceAdmin !== false) {
    if (admin?.generatedPassword) {
      // printed once, on the start that created the account (contract)
      console.log(`  Sign in as the admin: ${admin.email} / ${admin.generatedPassword}  (shown only this once)\n`);
    } else if (admin) {
      console.log(`  Sign in as the admin: ${admin.email} with the password in ADMIN_PASSWORD\n`);
    } else {
      console.log("  Sign in with your admin account.\n");
    }
  }

  const schedule = startEmailSchedule(app.ctx);
  // the outbox worker: claims and runs due jobs (mail) in this process, beside every other one
  const jobs = startJobRunner(app.ctx, { log: app.log, leaseMs: config.jobLeaseMs });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // side by side, so the 10 s holds: the jobs in hand get their 4 s (then are told to
      // stop, their attempt recorded for a retry) while in-flight requests drain
      await Promise.all([
        schedule.stop().then(() => jobs.stop()), // no new claims; the jobs in hand end (or their lease runs out)
        app.close(), // drains in-flight requests first (app.ts "Graceful shutdown")
      ]);
      app.ctx.mail.close();
      await database.close();
      if (pidFile) rmSync(pidFile, { force: true });
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await hooks.afterStart?.(app, `http://localhost:${port}`);
}

// Started as `node dist/server/main.js` (npm start) or `tsx src/server/main.ts` (dev),
// not when imported by tests or demo.ts. Both names must say main: the compiled
// demo.js carries this module inside it, where import.meta.url and argv[1] both name demo.js.
const scriptName = (path: string) => basename(path).replace(/\.[cm]?[jt]s$/, "");
const isEntry = Boolean(process.argv[1]) && scriptName(process.argv[1]) === "main" && scriptName(fileURLToPath(import.meta.url)) === "main";
if (isEntry) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  main(config).catch((err) => {
    console.error(`Failed to start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
