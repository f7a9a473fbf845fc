import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const TMP_ROOT = fileURLToPath(new URL("../.tmp", import.meta.url));
const MIGRATIONS = fileURLToPath(new URL("../migrations", import.meta.url));

/** Each test run has its own folder and template names, so runs never touch each other. */
export function runPaths(runId: string) {
  return {
    dir: `${TMP_ROOT}/run-${runId}`,
    pgliteTemplate: `${TMP_ROOT}/run-${runId}/pglite-template`,
    pgTemplateDb: `lbt_${runId}_tpl`,
  };
}

/** Where a migrated PGlite data directory is kept between runs: named by what makes it (every migration file and the PGlite version). */
export function pgliteCache(): string {
  const hash = createHash("sha256");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
      .sort();
  for (const f of files(MIGRATIONS)) hash.update(f.slice(MIGRATIONS.length)).update(readFileSync(f));
  // the package does not export its package.json, so it is read where npm puts it
  hash.update(readFileSync(fileURLToPath(new URL("../node_modules/@electric-sql/pglite/package.json", import.meta.url))));
  return `${TMP_ROOT}/pglite-migrated-${hash.digest("hex").slice(0, 16)}`;
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
