// `Authorization: Bearer <token>`: the request
// acts as the admin who made the token, limited to its scopes. It carries no
// cookie authority — a session cookie sent alongside is ignored — so the Origin
// check meant for cookies (plugins/security.ts) does not apply to it; every
// other check (role, validation, state, idempotency) runs as for that admin.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";
import { AppError } from "../../../lib/app-error";
import { API_TOKEN_MSG, type ApiScope } from "../../../../contract/schemas/integration";
import { bearerOf } from "../../../lib/bearer";
import { crossSiteRefusal } from "../../../plugins/security";
import { authenticateToken } from "./api-tokens.service";
import { scopeOf, TOKEN_IGNORED_ROUTES } from "./token-scopes";

declare module "fastify" {
  interface FastifyRequest {
    /** set when the request was authenticated by an API token */
    apiToken: { id: string; scopes: ApiScope[] } | null;
  }
}

export function registerBearerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("apiToken", null);
  app.addHook("onRequest", async (req) => {
    if (!req.url.startsWith("/api/") || req.url.startsWith("/api/health")) return;
    if (TOKEN_IGNORED_ROUTES.has(`${req.method === "HEAD" ? "GET" : req.method} ${req.routeOptions.url}`)) return;
    const token = bearerOf(req.headers.authorization);
    if (token === null) return;
    // the token alone speaks for this request, never a cookie sent with it
    req.user = null;
    req.sessionId = null;
    // an unknown /api path: 404 as for anyone (no token looked up)
    if (!req.routeOptions.url) return;
    // a cross-site request whose token does not hold: refused as any cross-site
    // request with a cookie is (403), not told about the token (plugins/security.ts)
    const auth = await authenticateToken(ctx, token).catch((err: unknown) => {
      throw req.crossSiteBearer ? crossSiteRefusal() : err;
    });
    const needed = scopeOf(req.method, req.routeOptions.url);
    if (!needed) throw new AppError(403, API_TOKEN_MSG.notByToken);
    if (!auth.scopes.includes(needed)) throw new AppError(403, API_TOKEN_MSG.outOfScope, `This call needs the ${needed} scope`);
    req.user = auth.user;
    req.apiToken = { id: auth.tokenId, scopes: auth.scopes };
  });
}
