// Is the database answering: a ping with a deadline, and the errors that mean it
// is not (down, unreachable or too slow) rather than a fault in the request.
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** true when the database answers `select 1` within `timeoutMs` */
export async function pingWith(db: Db, timeoutMs = 1_500): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

// Node's codes for a peer that cannot be reached or went away
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// SQLSTATEs of a database that is down, starting, shutting down, out of room or not
// answering in time: class 08 (connection), 57P01–57P03 (shutdown, crash, starting up),
// 57014 (statement timeout), 25P03 (idle-in-transaction timeout), 53xxx (resources)
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|57014|25P03|53...)$/;
// pg's own words for a lost, timed-out or unusable connection
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|PGlite is closed)/;

// A database with no room to write: SQLSTATE 53100 (disk_full, "could not extend
// file …: No space left on device"; PGlite says it too), or the file system's own
// ENOSPC / EDQUOT (out of space, out of quota) if it surfaces as it is
const DISK_FULL_SQLSTATE = "53100";
const DISK_FULL_ERRNO = new Set(["ENOSPC", "EDQUOT"]);

/**
 * The database's disk is full: reads still work and the request answers 507
 * (storage is full), not 503 "briefly unavailable" (it will not clear in seconds).
 * Checked before isDatabaseUnavailable, whose 53xxx class includes it.
 */
export function isDatabaseDiskFull(err: unknown): boolean {
  return someCause(err, (e) => typeof e.code === "string" && (e.code === DISK_FULL_SQLSTATE || DISK_FULL_ERRNO.has(e.code)));
}

/**
 * The database (or the network to it) is unreachable or not answering: the
 * request answers 503 with Retry-After (contract), not 500. Looks through
 * Drizzle's wrapper (`cause`) and Node's AggregateError (one per address tried).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return someCause(err, ({ code, message }) => {
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    return typeof message === "string" && UNAVAILABLE_MESSAGE.test(message);
  });
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** `test` holds for the error or one it wraps (Drizzle's `cause`, an AggregateError's `errors`) */
function someCause(err: unknown, test: (e: ErrorLike) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 10) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const like = e as ErrorLike;
    if (test(like)) return true;
    queue.push(like.cause);
    if (Array.isArray(like.errors)) queue.push(...like.errors);
  }
  return false;
}

