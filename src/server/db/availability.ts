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

/**
 * The database (or the network to it) is unreachable or not answering: the
 * request answers 503 with Retry-After (contract), not 500. Looks through
 * Drizzle's wrapper (`cause`) and Node's AggregateError (one per address tried).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 10) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

