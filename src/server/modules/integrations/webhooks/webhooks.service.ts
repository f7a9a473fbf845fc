// Webhook endpoints and their delivery log (admins
// only): create (the signing secret shown once), list, change, delete; the
// attempts of each endpoint's deliveries; a manual retry. A URL is refused (400)
// when its host is, or resolves to, a private, loopback or link-local address,
// unless WEBHOOK_ALLOW_PRIVATE=true (webhook-address.ts); it is checked again at
// every delivery.
import type { AppContext } from "../../../context";
import type { UserRow, WebhookAttemptRow, WebhookEndpointRow } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { iso } from "../../../lib/serialize";
import { MSG } from "../../../../contract/messages";
import {
  WEBHOOK_MSG,
  type Webhook,
  type WebhookAttempt,
  type WebhookCreated,
  type WebhookEvent,
  type WebhookOutcome,
  type WebhookRetry,
  type webhookCreateSchema,
} from "../../../../contract/schemas/webhook";
import type { z } from "zod";
import { resendJob } from "../../jobs/jobs.service";
import { ForbiddenTargetError, resolveWebhookTarget } from "./webhook-address";
import { WEBHOOK_JOB } from "./webhook-events";
import { newWebhookSecret } from "./webhook-signature";
import * as repo from "./webhooks.repository";

type Input = z.output<typeof webhookCreateSchema>;

export function toWebhook(row: WebhookEndpointRow, last?: WebhookAttemptRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    lastDelivery: last ? { at: iso(last.createdAt)!, outcome: last.outcome as WebhookOutcome, statusCode: last.statusCode } : null,
  };
}

export function toAttempt(row: WebhookAttemptRow): WebhookAttempt {
  return {
    id: row.id,
    deliveryId: row.deliveryId,
    eventType: row.eventType as WebhookEvent,
    attempt: row.attempt,
    outcome: row.outcome as WebhookOutcome,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    error: row.error,
    nextRetryAt: iso(row.nextRetryAt),
    createdAt: iso(row.createdAt)!,
  };
}

/** 400 under the url field unless the URL may be delivered to now. */
async function assertAllowedUrl(ctx: AppContext, url: string): Promise<void> {
  try {
    await resolveWebhookTarget(new URL(url), ctx.config.webhookAllowPrivate);
  } catch (err) {
    if (!(err instanceof ForbiddenTargetError)) throw err;
    const message = err.kind === "private" ? WEBHOOK_MSG.urlPrivate : err.kind === "unresolved" ? WEBHOOK_MSG.urlUnresolved : WEBHOOK_MSG.urlScheme;
    throw new AppError(400, message, [{ path: "url", message }]);
  }
}

const tidy = (input: Input) => ({
  url: input.url,
  description: input.description?.trim() || null,
  // in the contract's order, whatever order they came in
  events: [...input.events].sort(),
});

export async function createWebhook(opts: { ctx: AppContext; actor: UserRow; input: Input }): Promise<WebhookCreated> {
  const { ctx, actor, input } = opts;
  await assertAllowedUrl(ctx, input.url);
  const now = ctx.clock.now();
  const secret = newWebhookSecret();
  const row = await repo.insertEndpoint(ctx.db, { ...tidy(input), secret, createdBy: actor.id, createdAt: now, updatedAt: now });
  return { ...toWebhook(row), secret };
}

export async function listWebhooks(opts: { ctx: AppContext }): Promise<Webhook[]> {
  const rows = await repo.listEndpoints(opts.ctx.db);
  const last = await repo.latestAttempts(
    opts.ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toWebhook(r, last.get(r.id)));
}

async function existing(ctx: AppContext, id: string): Promise<WebhookEndpointRow> {
  const row = await repo.findEndpoint(ctx.db, id);
  if (!row) throw new AppError(404, MSG.notFound);
  return row;
}

export async function updateWebhook(opts: { ctx: AppContext; id: string; input: Input }): Promise<Webhook> {
  const { ctx, id, input } = opts;
  await existing(ctx, id);
  await assertAllowedUrl(ctx, input.url);
  const row = await repo.updateEndpoint(ctx.db, id, { ...tidy(input), updatedAt: ctx.clock.now() });
  if (!row) throw new AppError(404, MSG.notFound);
  return toWebhook(row);
}

/** Its deliveries still waiting fail as "The endpoint was deleted" when they fall due. */
export async function deleteWebhook(opts: { ctx: AppContext; id: string }): Promise<void> {
  if (!(await repo.deleteEndpoint(opts.ctx.db, opts.id))) throw new AppError(404, MSG.notFound);
}

export async function listDeliveries(opts: { ctx: AppContext; id: string; limit: number }): Promise<WebhookAttempt[]> {
  await existing(opts.ctx, opts.id);
  return (await repo.listAttempts(opts.ctx.db, opts.id, opts.limit)).map(toAttempt);
}

/** Send a delivery again now, under its own webhook-id; `deliveryId` may name any of its attempts. */
export async function retryDelivery(opts: { ctx: AppContext; id: string; deliveryId: string }): Promise<WebhookRetry> {
  const { ctx, id } = opts;
  await existing(ctx, id);
  const deliveryId = await repo.findDeliveryId(ctx.db, id, opts.deliveryId);
  if (!deliveryId) throw new AppError(404, MSG.notFound);
  const job = await resendJob({ db: ctx.db, id: deliveryId, kind: WEBHOOK_JOB, now: ctx.clock.now() });
  if (!job) throw new AppError(409, WEBHOOK_MSG.running);
  return { deliveryId, status: "queued" };
}
