// Runs once before all test files: builds a migrated PGlite data directory (and,
// with TEST_DATABASE_URL, a migrated PostgreSQL template database) that every
// test file copies (a database per test file, copied from a migrated template).
import { mkdirSync, rmSync } from "node:fs";
import pg from "pg";
import { openDatabase } from "../src/server/db/client";
import { runPaths, withDb } from "./paths";

export default async function setup(): Promise<() => Promise<void>> {
  const runId = `${process.pid}${Date.now().toString(36)}`;
  process.env.LB_TEST_RUN = runId;
  const paths = runPaths(runId);
  mkdirSync(paths.dir, { recursive: true });
  const lite = await openDatabase({ dataDir: paths.pgliteTemplate });
  await lite.migrate();
  await lite.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${paths.pgTemplateDb}"`);
    await admin.end();
    const tpl = await openDatabase({ dataDir: "", databaseUrl: withDb(url, paths.pgTemplateDb) });
    await tpl.migrate();
    await tpl.close();
  }

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
