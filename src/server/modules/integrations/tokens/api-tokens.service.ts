// Scoped API tokens (docs/decisions/0019-openapi.md):
// made, listed and revoked by admins; the token itself is returned once and only
// its SHA-256 is kept (a 256-bit random secret needs no slow hash: nothing to
// guess, and a fast hash lets every request look it up by index).
import { eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { users, type UserRow } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { randomToken, sha256 } from "../../../lib/crypto";
import { iso } from "../../../lib/serialize";
import { isAdminUser } from "../../../../contract/constants";
import { ukDayKey } from "../../../../contract/wall-clock";
import {
  API_TOKEN_MSG,
  API_TOKEN_PREFIX,
  API_TOKEN_RATE_PER_MINUTE,
  type ApiScope,
  type ApiToken,
  type ApiTokenCreated,
  type apiTokenCreateSchema,
} from "../../../../contract/schemas/integration";
import type { z } from "zod";
import { deleteToken, insertToken, listTokens, useToken } from "./api-tokens.repository";

export { scopeOf, TOKEN_ROUTE_SCOPES } from "./token-scopes";

export async function createApiToken(opts: { ctx: AppContext; actor: UserRow; input: z.output<typeof apiTokenCreateSchema> }): Promise<ApiTokenCreated> {
  const { ctx, actor, input } = opts;
  const now = ctx.clock.now();
  const expiresOn = input.expiresOn ?? null;
  if (expiresOn && expiresOn < ukDayKey(now)) throw new AppError(400, API_TOKEN_MSG.expiresPast, [{ path: "expiresOn", message: API_TOKEN_MSG.expiresPast }]);
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const row = await insertToken(ctx.db, { userId: actor.id, name: input.name, tokenHash: sha256(token), scopes: input.scopes, expiresOn, now });
  return {
    id: row.id,
    name: input.name,
    scopes: input.scopes,
    expiresOn,
    createdAt: iso(row.createdAt)!,
    lastUsedAt: null,
    createdBy: actor.name,
    token,
  };
}

export async function listApiTokens(ctx: AppContext, page: { limit: number; offset: number }): Promise<{ items: ApiToken[]; total: number }> {
  const { rows, total } = await listTokens(ctx.db, page);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      scopes: r.scopes as ApiScope[],
      expiresOn: r.expiresOn,
      createdAt: iso(r.createdAt)!,
      lastUsedAt: iso(r.lastUsedAt),
      createdBy: r.createdBy,
    })),
  };
}

/** Revoked at once: the row goes, and every request looks its token up afresh. */
export async function revokeApiToken(ctx: AppContext, id: string): Promise<void> {
  if (!(await deleteToken(ctx.db, id))) throw new AppError(404, "Not found");
}

const invalid = () => new AppError(401, API_TOKEN_MSG.invalid).withHeaders({ "WWW-Authenticate": 'Bearer error="invalid_token"' });

/**
 * Who a bearer request acts as: the admin who made the token, while they are an
 * approved admin, if the token exists, is within its last day and its minute's
 * allowance (else 401 / 429 with Retry-After).
 */
export async function authenticateToken(ctx: AppContext, token: string): Promise<{ user: UserRow; tokenId: string; scopes: ApiScope[] }> {
  if (!token.startsWith(API_TOKEN_PREFIX)) throw invalid();
  const now = ctx.clock.now();
  const use = await useToken(ctx.db, sha256(token), now, ukDayKey(now));
  if (!use) throw invalid();
  if (use.windowCount > API_TOKEN_RATE_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((use.windowStart.getTime() + 60_000 - now.getTime()) / 1000));
    throw new AppError(429, API_TOKEN_MSG.rateLimited).withHeaders({ "Retry-After": String(retryAfter) });
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, use.userId)).limit(1);
  // a token is an admin's: it stops working when its maker is no longer one
  if (!user || !user.isApproved || !isAdminUser(user)) throw invalid();
  return { user, tokenId: use.id, scopes: use.scopes as ApiScope[] };
}
