// Whether the database's disk is full, for GET /api/health. The database itself
// cannot be asked cheaply (reads still answer; only a write that needs a new page
// fails), so the app remembers what its writes met: "full" from a write refused
// with disk_full until a later write goes through (space was freed), or until
// FULL_REMEMBERED_MS pass with no new refusal (nobody is writing: no evidence
// either way). Writes are never held back by this: each one tries the database,
// so the app recovers as soon as space is freed, without a restart.
import type { FastifyInstance } from "fastify";
import type { Clock } from "../context";

/** GET /api/health's `database` field while writes are refused for a full disk */
export const DATABASE_FULL_HEALTH = "full";
/** how long a refusal is taken as the state of the disk when no write has come since */
export const FULL_REMEMBERED_MS = 5 * 60_000;

export interface DatabaseFullWatch {
  /** a write was refused because the database's disk is full */
  refused(): void;
  /** true while the last write the app saw was refused for a full disk */
  full(): boolean;
}

export function watchDatabaseFull(app: FastifyInstance, clock: Clock): DatabaseFullWatch {
  let refusedAt: number | null = null;
  // a write request that succeeded wrote to the database: there is room again
  app.addHook("onResponse", async (req, reply) => {
    if (refusedAt !== null && req.method !== "GET" && req.method !== "HEAD" && reply.statusCode < 400) refusedAt = null;
  });
  return {
    refused() {
      refusedAt = clock.now().getTime();
    },
    full() {
      if (refusedAt !== null && clock.now().getTime() - refusedAt > FULL_REMEMBERED_MS) refusedAt = null;
      return refusedAt !== null;
    },
  };
}
