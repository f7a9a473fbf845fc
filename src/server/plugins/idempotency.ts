// Idempotent retries: a signed-in POST, PUT, PATCH or DELETE may carry
// an `Idempotency-Key` header. The first request with a key claims it (a row
// keyed by user and key, written before the work starts); its answer (status,
// content type, body) is kept for 24 hours. A retry with the same key and the
// same request (method, path and body) gets that first answer again, marked
// `Idempotent-Replayed: true`, and changes nothing more; the same key with
// another request → 422; a retry while the first is still running waits for its
// answer (up to 5 s), then → 409. Keys are per user: another user's key is
// another key. docs/decisions/0006-idempotency.md says why each choice.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppContext } from "../context";
import { idempotencyKeys } from "../db/schema";
import { AppError } from "../lib/app-error";
import { sha256 } from "../lib/crypto";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** how long a first answer is kept for retries */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** a claim this old with no answer belongs to a process that died mid-request: it may be taken over */
export const CLAIM_STALE_MS = 2 * 60_000;
/** how long a retry waits for the first request's answer before it is told 409 */
const WAIT_FOR_FIRST_MS = 5_000;
/** answers larger than this are not kept (a retry then runs again) */
const MAX_STORED_BODY = 1_048_576;

export const IDEMPOTENCY_MSG = {
  invalid: "Idempotency-Key must be 1 to 255 visible characters",
  reused: "This Idempotency-Key was already used for a different request",
  inProgress: "A request with this Idempotency-Key is in progress",
  tooDeep: "The request body is nested too deeply",
} as const;

const METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const KEY = /^[\x21-\x7e]{1,255}$/;

interface Claim {
  userId: string;
  key: string;
  /** the claim's own time: an answer is saved only under the claim that ran the request */
  claimedAt: Date;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
    /** set by keepOutOfReplays */
    answerIsSecret: boolean;
  }
}

/**
 * The answer is a secret shown once (an API token, a webhook's signing secret): it
 * is never kept for a replay, so a retry with the same key runs again.
 */
export function keepOutOfReplays(req: FastifyRequest): void {
  req.answerIsSecret = true;
}

/**
 * The file upload's body is a raw stream that no one parsed: nothing to compare, and its URL is single-use anyway.
 * The applicant's calls act for the applicant cookie's account, not the session's user, whose key this would be.
 */
const notCovered = (req: FastifyRequest) => req.url.startsWith("/api/objects/upload/") || req.url.startsWith("/api/registration/");

/** JSON with object keys sorted: the same body sent twice hashes the same, whatever the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Answers worth giving again: what the request came to, not a hiccup that a retry should get past. */
function keepsAnswer(status: number): boolean {
  return status >= 200 && status < 500 && status !== 408 && status !== 429;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.decorateRequest("idempotencyClaim", null);
  app.decorateRequest("answerIsSecret", false);

  const release = async (claim: Claim) => {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.createdAt, claim.claimedAt), isNull(idempotencyKeys.status)));
  };

  app.addHook("preHandler", async (req, reply) => {
    if (!METHODS.has(req.method)) return;
    const header = req.headers[IDEMPOTENCY_HEADER];
    // signed out (login, register, forgot-password): no user to key it to; the header is ignored
    if (header === undefined || !req.user || notCovered(req)) return;
    if (typeof header !== "string" || !KEY.test(header)) throw new AppError(400, IDEMPOTENCY_MSG.invalid);
    const userId = req.user.id;
    const key = header;
    const path = req.url;
    let body: string;
    try {
      body = canonical(req.body);
    } catch (err) {
      // JSON.parse takes any depth, JSON.stringify recurses: a body nested tens of
      // thousands deep overflows the stack. No real request looks like that.
      if (err instanceof RangeError) throw new AppError(400, IDEMPOTENCY_MSG.tooDeep);
      throw err;
    }
    const requestHash = sha256(`${req.method}\n${path}\n${body}`);

    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const now = ctx.clock.now();
      // Claim: a new key, or one whose answer expired, or a claim left by a process that died.
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ userId, key, method: req.method, path, requestHash, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: {
            method: req.method,
            path,
            requestHash,
            status: null,
            contentType: null,
            responseBody: null,
            createdAt: now,
            expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
          },
          setWhere: or(
            lt(idempotencyKeys.expiresAt, now),
            and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, new Date(now.getTime() - CLAIM_STALE_MS))),
          ),
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed) {
        req.idempotencyClaim = { userId, key, claimedAt: now };
        // now and then, forget answers no retry may ask for any more
        if (Math.random() < 0.01) await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
        return;
      }

      const [first] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!first) continue; // released a moment ago (the first request failed): claim it now
      if (first.requestHash !== requestHash) throw new AppError(422, IDEMPOTENCY_MSG.reused);
      if (first.status !== null) {
        reply.header(REPLAYED_HEADER, "true");
        if (first.contentType) reply.type(first.contentType);
        return reply.status(first.status).send(first.responseBody ?? undefined);
      }
      // the first request is still running: wait a little for its answer
      if (Date.now() >= deadline) throw new AppError(409, IDEMPOTENCY_MSG.inProgress).withHeaders({ "Retry-After": "1" });
      await sleep(50);
    }
  });

  // Keep the answer, or give the key back when there is nothing worth keeping.
  app.addHook("onSend", async (req, reply, payload) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = null;
    const body = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : payload == null ? "" : null;
    const keep =
      keepsAnswer(reply.statusCode) &&
      body !== null &&
      body.length <= MAX_STORED_BODY &&
      // a session cookie (sign-in) must never be handed out again
      reply.getHeader("set-cookie") === undefined &&
      // nor a secret shown once, which would otherwise lie in the table in clear for 24 hours
      !req.answerIsSecret;
    try {
      if (keep) {
        const type = reply.getHeader("content-type");
        await db
          .update(idempotencyKeys)
          .set({ status: reply.statusCode, contentType: type === undefined ? null : String(type), responseBody: body })
          .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.createdAt, claim.claimedAt)));
      } else {
        await release(claim);
      }
    } catch (err) {
      // the answer still goes out; a retry will find the claim and, once it is stale, run again
      req.log.warn({ err }, "idempotency: could not record the answer");
    }
    return payload;
  });

  // A request that ended without going through onSend (a hijacked or broken reply):
  // free its key. Not on abort: the handler may still be doing the work, and a
  // retry must not run it a second time meanwhile.
  app.addHook("onResponse", async (req) => {
    const claim = req.idempotencyClaim;
    if (!claim) return;
    req.idempotencyClaim = null;
    await release(claim).catch((err: unknown) => req.log.warn({ err }, "idempotency: could not release a claim"));
  });
}
