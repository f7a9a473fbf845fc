// Delivering webhooks: the "webhook" job kind. The
// job runner (modules/jobs) claims each delivery with FOR UPDATE SKIP LOCKED under
// a lease, so one worker in one process sends it at a time, and a process that
// dies mid-delivery leaves it to be claimed again: the receiver may see a repeat
// only then, always under the same webhook-id (docs/decisions/0021-webhooks.md).
// Each attempt: resolve and check the host again (SSRF), connect to the checked
// address, POST the signed body, 10 s at most; 2xx → delivered; anything else →
// retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then failed. One row per
// attempt in webhook_attempts, written with the job's outcome. Webhooks have
// their own slots in the runner, and an endpoint that keeps timing out is held
// (webhook-endpoint-hold.ts): its deliveries wait, uncounted, instead of holding
// those slots from every other endpoint.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { AppContext } from "../../../context";
import { JobDeferred, type JobKind } from "../../jobs/job-registry";
import { ForbiddenTargetError, resolveWebhookTarget, type ResolvedTarget } from "./webhook-address";
import { WEBHOOK_JOB, type WebhookJobPayload } from "./webhook-events";
import { createEndpointHolds } from "./webhook-endpoint-hold";
import { signWebhook, webhookMessageId } from "./webhook-signature";
import { findEndpoint, insertAttempt } from "./webhooks.repository";

/** about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h between attempts, then failed */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000] as const;

/** no answer within 10 s is a failed attempt */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The wait after the `attempts`-th failed attempt, or null: give up. */
export function webhookRetryDelayMs(attempts: number): number | null {
  return WEBHOOK_RETRY_DELAYS_MS[attempts - 1] ?? null;
}

/** An attempt that got an answer, but not a 2xx. */
class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
    this.name = "DeliveryFailed";
  }
}

/** No answer within the timeout: the endpoint may be hanging. */
class NoAnswer extends DeliveryFailed {
  constructor(limit: string) {
    super(`No answer within ${limit}`, null);
    this.name = "NoAnswer";
  }
}

/** The endpoint was deleted while the delivery waited. */
class EndpointGone extends Error {
  constructor() {
    super("The endpoint was deleted");
    this.name = "EndpointGone";
  }
}

/** Connect to the address that was checked, never to a fresh DNS answer (DNS rebinding). */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

/** POST the body; resolves with the status code once the answer's head arrives. `signal`: give up now. */
function post(
  url: URL,
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<number> {
  const mod = url.protocol === "https:" ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = mod.request(url, { method: "POST", headers, lookup: pinnedLookup(target), agent: false }, (res) => {
      clearTimeout(timer);
      res.resume(); // the answer's body is not needed: drain it
      res.on("error", () => {});
      resolve(res.statusCode ?? 0);
    });
    const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
    const timer = setTimeout(() => req.destroy(new NoAnswer(limit)), timeoutMs);
    const onAbort = () => req.destroy(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("close", () => signal.removeEventListener("abort", onAbort));
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    if (signal.aborted) onAbort();
    req.end(body);
  });
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export function webhookJobKind(ctx: AppContext, opts: { timeoutMs?: number } = {}): JobKind<WebhookJobPayload> {
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  // what each attempt saw, for its row in the log (keyed by job id and attempt)
  const seen = new Map<string, { statusCode: number | null; durationMs: number }>();
  const key = (id: string, attempt: number) => `${id}:${attempt}`;
  const holds = createEndpointHolds();

  return {
    name: WEBHOOK_JOB,
    // its own slots: receivers that never answer hold these four and nothing else
    concurrency: 4,
    async run(p, run) {
      const started = performance.now();
      const k = key(run.job.id, run.job.attempts);
      seen.set(k, { statusCode: null, durationMs: 0 });
      try {
        const endpoint = await findEndpoint(ctx.db, p.endpointId);
        if (!endpoint) throw new EndpointGone();
        const url = new URL(endpoint.url);
        const target = await resolveWebhookTarget(url, ctx.config.webhookAllowPrivate);
        const id = webhookMessageId(run.job.id);
        // the attempt's time: a receiver checking the timestamp's freshness accepts a late retry
        const timestamp = Math.floor(ctx.clock.now().getTime() / 1000);
        // checked and taken in one step: only one delivery at a time to a suspect endpoint
        const wait = holds.waitUntil(p.endpointId, ctx.clock.now().getTime(), timeoutMs);
        if (wait !== null) throw new JobDeferred(new Date(wait), "the endpoint keeps timing out: held");
        const ended = holds.start(p.endpointId);
        let timedOut = false;
        const status = await post(
          url,
          target,
          {
            "content-type": "application/json",
            "user-agent": "load-board-webhooks/1",
            "webhook-id": id,
            "webhook-timestamp": String(timestamp),
            "webhook-signature": signWebhook(endpoint.secret, id, timestamp, p.body),
          },
          p.body,
          timeoutMs,
          run.signal,
        )
          .catch((err: unknown) => {
            timedOut = err instanceof NoAnswer;
            throw err;
          })
          .finally(() => ended({ timedOut, at: ctx.clock.now().getTime() }));
        seen.set(k, { statusCode: status, durationMs: Math.round(performance.now() - started) });
        if (status < 200 || status > 299) throw new DeliveryFailed(`HTTP ${status}`, status);
      } catch (err) {
        // held: no attempt was made, so none is logged
        if (err instanceof JobDeferred) seen.delete(k);
        const s = seen.get(k);
        if (s) s.durationMs = Math.round(performance.now() - started);
        throw err;
      }
    },
    retryDelayMs: webhookRetryDelayMs,
    // a refused address or a deleted endpoint: no retry will change that (a manual retry may, after an edit)
    isPermanent: (err) => err instanceof ForbiddenTargetError || err instanceof EndpointGone,
    describeError: errorText,
    async recordOutcome(tx, job, outcome) {
      const p = job.payload as WebhookJobPayload;
      const k = key(job.id, job.attempts);
      const s = seen.get(k) ?? { statusCode: null, durationMs: 0 };
      seen.delete(k);
      // the endpoint may be gone (deleted): then there is no log to write to
      if (!(await findEndpoint(tx, p.endpointId, { lock: true }))) return;
      await insertAttempt(tx, {
        endpointId: p.endpointId,
        deliveryId: job.id,
        eventType: p.type,
        attempt: job.attempts,
        outcome: outcome.status === "done" ? "delivered" : outcome.status === "retry" ? "retrying" : "failed",
        statusCode: s.statusCode,
        durationMs: s.durationMs,
        error: outcome.error,
        nextRetryAt: outcome.retryAt ?? null,
        createdAt: outcome.at,
      });
    },
  };
}
