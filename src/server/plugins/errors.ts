// One error handler: AppError, zod failures, Fastify's own client
// errors (bad JSON, too large) and everything unexpected become the contract's
// error body. 5xx are logged with the request id and never show internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { AppError } from "../lib/app-error";
import { storageFull } from "../lib/storage-full";
import { isDatabaseUnavailable } from "../db/client";
import { isDatabaseDiskFull } from "../db/availability";
import type { DatabaseFullWatch } from "./database-full";

const RETRY_AFTER_SECONDS = 5;

export const BAD_URL_MESSAGE = "Bad request: the address is not valid";

/**
 * Errors Fastify meets before any route or hook runs (bad percent-encoding in the
 * path, FST_ERR_BAD_URL; a bad Content-Type header): the contract's error shape,
 * not Fastify's own {statusCode, code, error, message}. Passed to Fastify() as
 * `frameworkErrors` in app.ts.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ error: err.code === "FST_ERR_BAD_URL" ? BAD_URL_MESSAGE : "Bad request" });
}

/** `databaseFull` is told of every write refused for a full disk (GET /api/health reports it) */
export function registerErrorHandler(app: FastifyInstance, databaseFull?: DatabaseFullWatch): void {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send({ error: err.message, ...(err.details ? { details: err.details } : {}), ...err.extra });
    }
    if (err instanceof ZodError) {
      const details = err.issues.map((i) => ({ path: i.path.join(".") || "body", message: i.message }));
      return reply.status(400).send({ error: details[0]?.message ?? "Invalid request", details });
    }
    // A full database disk will not clear in seconds: the uploads' 507 and words,
    // and an error for the operator, who has to free space (writes resume by themselves).
    if (isDatabaseDiskFull(err)) {
      databaseFull?.refused();
      req.log.error({ err, reqId: req.id }, "the database's disk is full: writes are refused until space is freed");
      const full = storageFull();
      reply.headers(full.headers ?? {});
      return reply.status(full.status).send({ error: full.message });
    }
    // contract: a database that is unreachable or not answering is a 503 the client may retry
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err, reqId: req.id }, "database unavailable");
      reply.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error: "The service is briefly unavailable. Please try again in a few seconds." });
    }
    // A value PostgreSQL cannot store (NUL in text, a number out of range, a bad
    // date) is the client's mistake: 400, whichever module let it through.
    const pgCode = pgErrorCode(err);
    if (pgCode && BAD_VALUE_CODES.has(pgCode)) {
      return reply.status(400).send({ error: "A value in the request cannot be stored" });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        (err as FastifyError).code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError
          ? "Request body is not valid JSON"
          : status === 413
            ? "Request body is too large"
            : status === 415
              ? "Unsupported content type"
              : err.message || "Bad request";
      return reply.status(status).send({ error: message });
    }
    req.log.error({ err, reqId: req.id }, "request failed");
    return reply.status(500).send({ error: "Something went wrong on our side. Please try again." });
  });

}

// 22xxx "data exception" classes that only bad input causes
const BAD_VALUE_CODES = new Set(["22001", "22003", "22007", "22008", "22021", "22P02", "22P05", "54000"]);

function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
