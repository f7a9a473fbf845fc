// API tokens, admins only:
//   POST   /api/admin/api-tokens {name, scopes, expiresOn?} → 201 {id, name, scopes, token, …} (the token this once)
//   GET    /api/admin/api-tokens                           → the tokens without the token, with lastUsedAt (paged, X-Total-Count)
//   DELETE /api/admin/api-tokens/:id                       → 204, revoked at once
// None of these is ever callable with a token (token-scopes.ts has no row for them).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";
import { idParam, parse } from "../../../lib/validate";
import { keepOutOfReplays } from "../../../plugins/idempotency";
import { requireAdmin } from "../../../plugins/session";
import { apiTokenCreateSchema, apiTokenListQuerySchema } from "../../../../contract/schemas/integration";
import { createApiToken, listApiTokens, revokeApiToken } from "./api-tokens.service";
import { registerBearerAuth } from "./bearer-auth";

export async function registerApiTokensRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post("/api/admin/api-tokens", async (req, reply) => {
    const actor = requireAdmin(req);
    const input = parse(apiTokenCreateSchema, req.body);
    const created = await createApiToken({ ctx, actor, input });
    // the token is a secret: never kept by a browser or a proxy
    reply.header("Cache-Control", "no-store");
    keepOutOfReplays(req);
    return reply.status(201).send(created);
  });

  app.get("/api/admin/api-tokens", async (req, reply) => {
    requireAdmin(req);
    const q = parse(apiTokenListQuerySchema, req.query);
    const { items, total } = await listApiTokens(ctx, { limit: q.limit ?? 50, offset: q.offset ?? 0 });
    reply.header("X-Total-Count", String(total));
    return items;
  });

  app.delete("/api/admin/api-tokens/:id", async (req, reply) => {
    requireAdmin(req);
    await revokeApiToken(ctx, idParam(req.params));
    return reply.status(204).send();
  });
}

export { registerBearerAuth };
