// Every skip says why, so the skip report (test/skip-report.ts) can name it in one
// line and fail the run for any skip a fresh machine should not have (only
// the PostgreSQL leg, when TEST_DATABASE_URL is unset, and the full-disk case
// where no tmpfs can be mounted).
import { describe, it, type TestFunction } from "vitest";
import type { Engine } from "./helpers";

/** why a case skipped, carried in its meta for the skip report */
export interface SkipReason {
  /** what kind of case: "PostgreSQL-only" */
  what: string;
  /** why it did not run here: "TEST_DATABASE_URL is not set" */
  why: string;
}

declare module "vitest" {
  interface TaskMeta {
    skip?: SkipReason;
  }
}

export const NO_POSTGRES: SkipReason = { what: "PostgreSQL-only", why: "TEST_DATABASE_URL is not set" };

/**
 * The full-disk case mounts a small tmpfs under the embedded database, which needs
 * root (CI and this project's machines run the tests as root); elsewhere it says
 * why it could not and skips.
 */
export const NO_TMPFS_WHAT = "Full-disk (mounts a tmpfs: needs root)";

/** The skips a fresh machine may show; anything else fails the run. */
export function isAllowedSkip(reason: SkipReason | undefined): boolean {
  return (reason?.what === NO_POSTGRES.what && reason.why === NO_POSTGRES.why) || reason?.what === NO_TMPFS_WHAT;
}

/** describe/it options: when `condition` holds, skip with a reason the skip report shows */
export function skipWhen(condition: boolean, reason: SkipReason): { skip?: boolean; meta?: { skip: SkipReason } } {
  return condition ? { skip: true, meta: { skip: reason } } : {};
}

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A case that needs PostgreSQL itself (two processes on one database), written
 * inside `describe.each(ENGINES)`. It runs in the PostgreSQL leg; without
 * TEST_DATABASE_URL the PGlite leg declares it skipped (so the report counts
 * it), and with it the PGlite leg does not declare it at all.
 */
export function postgresOnly(engine: Engine) {
  const declared = engine === "postgres" || !hasPostgres;
  const options = skipWhen(engine !== "postgres", NO_POSTGRES);
  return {
    it(name: string, fn: TestFunction, timeout?: number) {
      if (declared) it(name, { ...options, timeout }, fn);
    },
    describe(name: string, fn: () => void) {
      if (declared) describe(name, options, fn);
    },
  };
}
