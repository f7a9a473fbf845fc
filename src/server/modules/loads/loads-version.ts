// The loads change counter, read at most once a second per process on the poll
// path (an unchanged poll should cost almost nothing). Every changed load
// bumps the counter (migration 0021); the live feed of the process that wrote
// sends one coalesced notice, LOADS_VERSION_CHANNEL, after commit, which makes
// the next read go to the database at once, across processes. The one-second
// bound keeps it right even if the notice connection drops.
import type { Database, DbOrTx } from "../../db/client";
import { loadsVersion } from "./loads.repository";

const MAX_AGE_MS = 1000;

/** The notice that loads changed up to the version in its payload (sent after commit, never by a write). */
export const LOADS_VERSION_CHANNEL = "loads_version";

export interface LoadsVersionCache {
  get(db: DbOrTx): Promise<number>;
  /** a write may have happened in this process: read afresh next time (and tell `onLocalWrite` listeners) */
  invalidate(): void;
  /** be told of every write this process may have made (the live feed reads and announces it at once) */
  onLocalWrite(fn: () => void): () => void;
  close(): Promise<void>;
}

export async function createLoadsVersionCache(database: Database): Promise<LoadsVersionCache> {
  let value = 0;
  let readAt = 0;
  let inFlight: Promise<number> | null = null;
  // bumped by every notice or local write; a read that raced one is not trusted
  let generation = 0;
  const stale = () => {
    generation++;
    readAt = 0;
  };
  const writers = new Set<() => void>();
  let unlisten: (() => Promise<void>) | null = null;
  try {
    // another process's write: only this cache goes stale (the feed hears the notice itself)
    unlisten = await database.listen(LOADS_VERSION_CHANNEL, stale);
  } catch {
    // no notices: the one-second bound still holds
  }
  return {
    async get(db) {
      if (Date.now() - readAt < MAX_AGE_MS) return value;
      // one read for every poll that arrives while it runs
      inFlight ??= (async () => {
        const startedAt = Date.now();
        const gen = generation;
        try {
          value = await loadsVersion(db);
          if (gen === generation) readAt = startedAt;
          return value;
        } finally {
          inFlight = null;
        }
      })();
      return inFlight;
    },
    invalidate() {
      stale();
      for (const fn of writers) fn();
    },
    onLocalWrite(fn) {
      writers.add(fn);
      return () => writers.delete(fn);
    },
    async close() {
      await unlisten?.().catch(() => {});
    },
  };
}

/**
 * Values that depend only on the loads table (counts and pages every carrier
 * shares), kept for the newest loads version seen: a new version (any write, in
 * any process) drops them all, so they are never staler than the version read.
 * Callers asking at once for a missing value share one computation (after a
 * change, every open board refetches within a second). Bounded; cleared when full.
 */
export class PerVersionMemo<T, V extends number | string = number> {
  private version: V | undefined;
  private entries = new Map<string, Promise<T>>();
  constructor(private readonly max = 2_000) {}

  get(version: V, key: string, compute: () => Promise<T>): Promise<T> {
    if (version !== this.version) {
      this.version = version;
      this.entries = new Map();
    }
    const hit = this.entries.get(key);
    if (hit) return hit;
    if (this.entries.size >= this.max) this.entries = new Map();
    const entries = this.entries;
    const value = compute();
    entries.set(key, value);
    // a failed read is not remembered
    value.catch(() => {
      if (entries.get(key) === value) entries.delete(key);
    });
    return value;
  }
}

declare module "../../context" {
  interface AppContext {
    /** the loads change counter, cheaply (the poll path's ETag and per-version caches) */
    loadsVersion: LoadsVersionCache;
  }
}
