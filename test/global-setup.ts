// Runs once before all test files: builds a migrated PGlite data directory (and,
// with TEST_DATABASE_URL, a migrated PostgreSQL template database) that every
// test file copies (a database per test file, copied from a migrated template).
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import pg from "pg";
import { openDatabase } from "../src/server/db/client";
import { pgliteCache, runPaths, withDb } from "./paths";

export default async function setup(): Promise<() => Promise<void>> {
  const runId = `${process.pid}${Date.now().toString(36)}`;
  process.env.LB_TEST_RUN = runId;
  const paths = runPaths(runId);
  mkdirSync(paths.dir, { recursive: true });
  const url = process.env.TEST_DATABASE_URL;
  // the two engines' templates are independent: build them at the same time
  await Promise.all([pgliteTemplate(paths.pgliteTemplate), url ? postgresTemplate(url, paths.pgTemplateDb) : null]);

  return async () => {
    rmSync(paths.dir, { recursive: true, force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const rows = await admin.query("select datname from pg_database where datname like $1", [`lbt_${runId}_%`]);
      for (const r of rows.rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
      await admin.end();
    }
  };
}

/**
 * A new embedded database costs ~8 s before the first migration (PGlite's initdb); the
 * migrated result depends only on the migrations and the PGlite version, so it is kept
 * in .tmp under their hash and copied by the next run (`npm test` runs vitest, then the
 * journeys). The run's own template is always a fresh copy that no other run touches.
 */
async function pgliteTemplate(dir: string): Promise<void> {
  const cache = pgliteCache();
  if (!existsSync(cache)) {
    const building = `${cache}.${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    const lite = await openDatabase({ dataDir: building });
    await lite.migrate();
    await lite.close();
    try {
      // a rename is all or nothing: a run never copies a half-built cache
      renameSync(building, cache);
    } catch {
      // another run finished the same cache first
      rmSync(building, { recursive: true, force: true });
    }
  }
  cpSync(cache, dir, { recursive: true });
}

async function postgresTemplate(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const tpl = await openDatabase({ dataDir: "", databaseUrl: withDb(url, name) });
  await tpl.migrate();
  await tpl.close();
}
