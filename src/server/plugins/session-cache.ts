// Verified sessions, kept in the process for at most a second (an unchanged poll
// should not need the database at all). Correctness rests on three
// evictions, so an ended session or a changed account is never honoured for long:
//  * any write this process answers clears it at once (app.ts onSend), so a
//    sign-out, password change or approval change here is seen by the next request;
//  * a NOTIFY 'sessions_changed' from any process (migration 0002: sessions deleted,
//    users updated or deleted) clears it within a round trip;
//  * entries older than MAX_AGE_MS are read again, should the notice connection drop.
// The session's own expiry is still checked on every hit, against the app's clock.
import type { Database } from "../db/client";
import type { UserRow } from "../db/schema";

const MAX_AGE_MS = 1000;
const MAX_ENTRIES = 20_000;

export interface CachedSession {
  user: UserRow;
  expiresAt: Date;
}

export interface SessionCache {
  /** the cached session, or `load()`'s answer (kept unless an eviction raced it) */
  resolve(id: string, load: () => Promise<CachedSession | undefined>): Promise<CachedSession | undefined>;
  /** the cached session if it is fresh, without waiting (the poll path's usual case) */
  peek(id: string): CachedSession | undefined;
  clear(): void;
  close(): Promise<void>;
}

export async function createSessionCache(database: Database): Promise<SessionCache> {
  let entries = new Map<string, CachedSession & { at: number }>();
  // bumped by every eviction: a lookup that raced one must not store its answer
  let generation = 0;
  const clear = () => {
    generation++;
    if (entries.size) entries = new Map();
  };
  let unlisten: (() => Promise<void>) | null = null;
  try {
    unlisten = await database.listen("sessions_changed", clear);
  } catch {
    // no notices: the one-second bound still holds
  }
  const peek = (id: string) => {
    const hit = entries.get(id);
    return hit && Date.now() - hit.at < MAX_AGE_MS ? hit : undefined;
  };
  return {
    peek,
    async resolve(id, load) {
      const hit = peek(id);
      if (hit) return hit;
      const gen = generation;
      const found = await load();
      if (found && gen === generation) {
        if (entries.size >= MAX_ENTRIES) entries = new Map();
        entries.set(id, { ...found, at: Date.now() });
      }
      return found;
    },
    clear,
    async close() {
      await unlisten?.().catch(() => {});
    },
  };
}

declare module "../context" {
  interface AppContext {
    /** verified sessions, for at most a second (the poll path without the database) */
    sessions: SessionCache;
  }
}
