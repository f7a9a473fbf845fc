// Webhooks, admins only (a manager: 403):
//   POST   /api/admin/webhooks                               → 201 with the signing secret, shown once
//   GET    /api/admin/webhooks                               every endpoint, without secrets
//   PUT    /api/admin/webhooks/:id                           url, events, description
//   DELETE /api/admin/webhooks/:id                           → 204
//   GET    /api/admin/webhooks/:id/deliveries                one row per attempt, newest first
//   POST   /api/admin/webhooks/:id/deliveries/:deliveryId/retry  send it again now
// The "webhook" job kind that delivers them is registered here, with the routes.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";
import { idParam, parse } from "../../../lib/validate";
import { keepOutOfReplays } from "../../../plugins/idempotency";
import { requireAdmin } from "../../../plugins/session";
import { webhookAttemptsQuerySchema, webhookCreateSchema, webhookUpdateSchema } from "../../../../contract/schemas/webhook";
import { registerWebhookReactions } from "./webhook-events";
import { assertStorableText } from "../../../lib/storable-text";
import { webhookJobKind } from "./webhook-delivery";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, retryDelivery, updateWebhook } from "./webhooks.service";

const DELIVERIES_DEFAULT = 50;

export async function registerWebhooksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerWebhookReactions(ctx);
  ctx.jobs.register(webhookJobKind(ctx, { timeoutMs: ctx.config.webhookTimeoutMs }));

  app.post("/api/admin/webhooks", async (req, reply) => {
    const actor = requireAdmin(req);
    assertStorableText(req.body);
    const created = await createWebhook({ ctx, actor, input: parse(webhookCreateSchema, req.body) });
    // the signing secret is shown once: never kept by a browser, a proxy or a replay
    reply.header("Cache-Control", "no-store");
    keepOutOfReplays(req);
    return reply.status(201).send(created);
  });

  app.get("/api/admin/webhooks", async (req) => {
    requireAdmin(req);
    return listWebhooks({ ctx });
  });

  app.put("/api/admin/webhooks/:id", async (req) => {
    requireAdmin(req);
    const id = idParam(req.params);
    assertStorableText(req.body);
    return updateWebhook({ ctx, id, input: parse(webhookUpdateSchema, req.body) });
  });

  app.delete("/api/admin/webhooks/:id", async (req, reply) => {
    requireAdmin(req);
    await deleteWebhook({ ctx, id: idParam(req.params) });
    return reply.status(204).send();
  });

  app.get("/api/admin/webhooks/:id/deliveries", async (req) => {
    requireAdmin(req);
    const id = idParam(req.params);
    const { limit } = parse(webhookAttemptsQuerySchema, req.query);
    return listDeliveries({ ctx, id, limit: limit ?? DELIVERIES_DEFAULT });
  });

  app.post("/api/admin/webhooks/:id/deliveries/:deliveryId/retry", async (req) => {
    requireAdmin(req);
    const id = idParam(req.params);
    return retryDelivery({ ctx, id, deliveryId: idParam(req.params, "deliveryId") });
  });
}
