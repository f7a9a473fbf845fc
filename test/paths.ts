import { fileURLToPath } from "node:url";

export const TMP_ROOT = fileURLToPath(new URL("../.tmp", import.meta.url));

/** Each test run has its own folder and template names, so runs never touch each other. */
export function runPaths(runId: string) {
  return {
    dir: `${TMP_ROOT}/run-${runId}`,
    pgliteTemplate: `${TMP_ROOT}/run-${runId}/pglite-template`,
    pgTemplateDb: `lbt_${runId}_tpl`,
  };
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
