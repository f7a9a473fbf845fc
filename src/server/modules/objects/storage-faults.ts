// Storage faults told apart from bugs: a full disk or bucket is 507
// and an unreachable store (S3 refusing connections, timing out or answering
// 5xx; a local disk gone read-only or failing) is 503 with Retry-After, each with
// a message a carrier can act on. The operator gets the cause in the error log;
// the carrier never sees an errno or a bucket name.
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../lib/app-error";
import { STORAGE_FULL_MSG, STORAGE_FULL_RETRY_AFTER_S, storageFull } from "../../lib/storage-full";

export const STORAGE_MSG = {
  // the same words as a full database disk (plugins/errors.ts)
  full: STORAGE_FULL_MSG,
  unreachable: "File storage can't be reached right now — please try again in a minute",
} as const;

/** Retry-After (seconds): space is freed by an operator; a store that is down usually returns sooner. */
export const STORAGE_RETRY_AFTER_S = { full: STORAGE_FULL_RETRY_AFTER_S, unreachable: 30 } as const;

export type StorageFault = "full" | "unreachable";

// ENOSPC: no space left; EDQUOT: the user's disk quota; EFBIG: over the file system's file size limit
const FULL_CODES = new Set(["ENOSPC", "EDQUOT", "EFBIG"]);
const UNREACHABLE_CODES = new Set([
  // network: S3 (or its proxy) refused, reset, unreachable, unresolvable or silent
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // local disk: failing or remounted read-only
  "EIO",
  "EROFS",
]);
const UNREACHABLE_NAMES = new Set(["TimeoutError", "RequestTimeout", "RequestTimeoutException", "ServiceUnavailable", "InternalError", "SlowDown"]);

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  cause?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/** "full", "unreachable" or null (not a storage fault: a bug, a refused input, a missing key …). */
export function classifyStorageError(err: unknown): StorageFault | null {
  for (let e = err as ErrorLike | undefined, depth = 0; e && typeof e === "object" && depth < 4; e = e.cause as ErrorLike, depth++) {
    if (e instanceof AppError) return null;
    const code = typeof e.code === "string" ? e.code : undefined;
    const name = typeof e.name === "string" ? e.name : undefined;
    const http = e.$metadata?.httpStatusCode;
    // MinIO answers a full disk with 507 XMinioStorageFull
    if ((code && FULL_CODES.has(code)) || http === 507 || (name && /StorageFull|QuotaExceeded/.test(name))) return "full";
    if ((code && UNREACHABLE_CODES.has(code)) || (name && UNREACHABLE_NAMES.has(name)) || (http !== undefined && http >= 500)) {
      return "unreachable";
    }
  }
  return null;
}

/**
 * The answer for a storage fault, logged as an error for the operator; null when
 * `err` is not one (the caller rethrows it as it is).
 */
export function storageFaultError(err: unknown, log: FastifyBaseLogger, context: { action: string; store: string; key?: string }): AppError | null {
  const fault = classifyStorageError(err);
  if (!fault) return null;
  log.error(
    { err, storageFault: fault, ...context },
    fault === "full" ? "object storage is full: uploads are refused until space is freed" : "object storage is unreachable",
  );
  if (fault === "full") return storageFull();
  return new AppError(503, STORAGE_MSG.unreachable).withHeaders({ "Retry-After": String(STORAGE_RETRY_AFTER_S.unreachable) });
}
