// Uploads never attached to a load are deleted after a grace period (else
// they would stay forever): the file in the store, its row and the chunks of an
// upload never finished (ON DELETE CASCADE), SWEEP_AFTER_EXPIRY_MS after its
// upload URL expired; the contract ("Upload budgets") wants them gone within 1
// hour of that expiry, and 30 minutes plus a sweep every 10 to 20 minutes keeps
// within it. Every process sweeps every 10 to 20 minutes (the
// "uploads-sweep" job kind's watch, run by each process's job runner); the rows
// are claimed FOR UPDATE SKIP LOCKED, so processes never sweep the same upload
// twice, and an upload that POD is attaching at that moment (its row locked in
// the POD transaction, objects.service.ts resolvePaperwork) is left alone.
//
// Order: the file first, then the row, in one transaction. A file delete that
// fails keeps its row (tried again next sweep); a commit that fails after the
// file went leaves a row whose file is missing, which the next sweep deletes
// (removing a missing file is not an error for either store). So a file is
// never left in the store without a row that will lead the sweep to it.
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { JobKind } from "../jobs/job-registry";
import type { ObjectStore } from "./object-store";
import * as repo from "./objects.repository";
import { classifyStorageError } from "./storage-faults";
import { UPLOAD_TTL_MS } from "./objects.upload";

/** How long after its URL expired an upload never attached is deleted (contract: within 1 hour). */
export const SWEEP_AFTER_EXPIRY_MS = 30 * 60_000;
/** How long after its URL was issued an upload may wait to be attached (by POD or a document): the URL's 15 minutes and the grace after. */
export const UNATTACHED_GRACE_MS = UPLOAD_TTL_MS + SWEEP_AFTER_EXPIRY_MS;
/** How often each process sweeps (plus up to as much again at random, so processes started together spread out). */
export const SWEEP_EVERY_MS = 10 * 60_000;
export const UPLOAD_SWEEP_JOB = "uploads-sweep";
/** Temp files of uploads in progress older than this belong to a process that died mid-upload. */
const TEMP_FILE_MAX_AGE_MS = 60 * 60_000;
/** rows a transaction holds while their files are deleted: short transactions, bounded work */
const BATCH = 50;

export interface SweepResult {
  /** uploads (rows and files) deleted */
  deleted: number;
  /** leftover temp files removed */
  tempFiles: number;
}

type SweepLog = Pick<FastifyBaseLogger, "info" | "warn">;

export async function sweepUnattachedUploads(opts: {
  db: Db;
  store: ObjectStore;
  now: Date;
  log: SweepLog;
  /** this process's upload temp dir (local: not shared between hosts) */
  tempDir?: string;
}): Promise<SweepResult> {
  const { db, store, log } = opts;
  const before = new Date(opts.now.getTime() - SWEEP_AFTER_EXPIRY_MS);
  let deleted = 0;
  for (;;) {
    let storeDown = false;
    const batch = await db.transaction(async (tx) => {
      const rows = await repo.lockUnattached(tx, before, BATCH);
      const gone: string[] = [];
      for (const row of rows) {
        try {
          // also for a ticket never marked uploaded: an S3 put that timed out may still have landed
          await store.delete(row.key);
          gone.push(row.key);
        } catch (err) {
          log.warn({ err, key: row.key, store: store.kind }, "upload sweep: could not delete a file; tried again next sweep");
          if (classifyStorageError(err) === "unreachable") {
            storeDown = true;
            break;
          }
        }
      }
      await repo.deleteObjects(tx, gone);
      return { found: rows.length, gone: gone.length };
    });
    deleted += batch.gone;
    if (storeDown || batch.found < BATCH) break;
  }
  const tempFiles = opts.tempDir ? await removeStaleTempFiles(opts.tempDir) : 0;
  if (deleted > 0 || tempFiles > 0) log.info({ deleted, tempFiles }, "upload sweep: removed uploads never attached to a load");
  return { deleted, tempFiles };
}

/** By the files' own times (the wall clock of this host, not the app's clock). */
async function removeStaleTempFiles(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".part")) continue;
    const path = join(dir, name);
    try {
      if (Date.now() - (await stat(path)).mtimeMs > TEMP_FILE_MAX_AGE_MS) {
        await rm(path, { force: true });
        removed++;
      }
    } catch {
      // gone already (finished or removed by another process)
    }
  }
  return removed;
}

/**
 * The sweep as a job kind (background work is a job kind
 * of modules/jobs). Its watch runs in every process's job runner, which asks
 * often (tests: every 100 ms); the watch sweeps only once SWEEP_EVERY_MS, plus a
 * random share of it, has passed since this process last swept or started, so a
 * short-lived app never sweeps and processes started together do not sweep in
 * step. A sweep can also be queued as a job (payload ignored), e.g. by an operator.
 */
export function uploadSweepJobKind(sweep: () => Promise<unknown>): JobKind<unknown> {
  const nextWait = () => SWEEP_EVERY_MS + Math.random() * SWEEP_EVERY_MS;
  let due = Date.now() + nextWait();
  return {
    name: UPLOAD_SWEEP_JOB,
    async run() {
      await sweep();
    },
    watch: {
      everyMs: 60_000,
      async run() {
        if (Date.now() < due) return;
        due = Date.now() + nextWait();
        await sweep();
      },
    },
  };
}
