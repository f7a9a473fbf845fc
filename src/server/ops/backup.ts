// Backup and restore. PostgreSQL: pg_dump / pg_restore (custom format).
// Embedded: PGlite's own consistent dump of its data directory (a gzipped tar),
// taken while no server holds the directory (PGlite is single-process).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Config } from "../config";
import { PGLITE_EXTENSIONS } from "../db/client";

export const PID_FILE = "server.pid";

/** The embedded database is in use by a running server (its pid file names a live process). */
export function embeddedServerRunning(dataDir: string): number | null {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "inherit", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += String(d)));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code}): ${err.trim()}`))));
  });
}

function assertStopped(dataDir: string): void {
  const pid = embeddedServerRunning(dataDir);
  if (pid) throw new Error(`the server (pid ${pid}) is using ${dataDir}; stop it first (the embedded database is single-process)`);
}

export async function backupDatabase(config: Config, file: string): Promise<void> {
  if (config.databaseUrl) {
    await run("pg_dump", ["--format=custom", "--no-owner", "--file", file, config.databaseUrl]);
    return;
  }
  assertStopped(config.dataDir);
  const dir = join(config.dataDir, "db");
  if (!existsSync(dir)) throw new Error(`no embedded database in ${dir}`);
  const db = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  try {
    const dump = await db.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

export async function restoreDatabase(config: Config, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`no such backup file: ${file}`);
  if (config.databaseUrl) {
    await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--dbname", config.databaseUrl, file]);
    return;
  }
  assertStopped(config.dataDir);
  const dir = join(config.dataDir, "db");
  // keep what was there: a restore must never be the thing that loses data
  if (existsSync(dir)) renameSync(dir, `${dir}.before-restore-${Date.now()}`);
  const blob = new Blob([readFileSync(file)]);
  const db = await PGlite.create({ dataDir: dir, loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
  await db.query("select 1");
  await db.close();
}
