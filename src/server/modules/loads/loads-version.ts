// The loads change counter, read at most once a second per process on the poll
// path (issue 8: an unchanged poll should cost almost nothing). Every write to
// loads bumps the counter and NOTIFYs 'board_changed' (migration 0001); a notice
// makes the next read go to the database at once, across processes. The one-second
// bound keeps it right even if the notice connection drops.
import type { Database, DbOrTx } from "../../db/client";
import { loadsVersion } from "./loads.repository";

const MAX_AGE_MS = 1000;

export interface LoadsVersionCache {
  get(db: DbOrTx): Promise<number>;
  /** a write may have happened in this process: read afresh next time */
  invalidate(): void;
  close(): Promise<void>;
}

export async function createLoadsVersionCache(database: Database): Promise<LoadsVersionCache> {
  let value = 0;
  let readAt = 0;
  let inFlight: Promise<number> | null = null;
  // bumped by every notice or local write; a read that raced one is not trusted
  let generation = 0;
  const invalidate = () => {
    generation++;
    readAt = 0;
  };
  let unlisten: (() => Promise<void>) | null = null;
  try {
    unlisten = await database.listen("board_changed", (topic) => {
      if (topic === "loads") invalidate();
    });
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
    invalidate,
    async close() {
      await unlisten?.().catch(() => {});
    },
  };
}

/**
 * Values that depend only on the loads table (counts every carrier shares), kept per
 * loads version: a new version (any write, in any process) makes them unreachable,
 * so they are never stale beyond the version read. Bounded; cleared when full.
 */
export class PerVersionMemo<T> {
  private entries = new Map<string, T>();
  constructor(private readonly max = 2_000) {}

  async get(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    const k = `${version}|${key}`;
    const hit = this.entries.get(k);
    if (hit !== undefined) return hit;
    const value = await compute();
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(k, value);
    return value;
  }
}
