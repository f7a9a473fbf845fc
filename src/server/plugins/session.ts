// Sessions live in the database (contract: any process serves any request):
// the cookie holds a random token, the table holds only its SHA-256.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { sessions, users, type UserRow } from "../db/schema";
import type { DbOrTx } from "../db/client";
import { randomToken, sha256 } from "../lib/crypto";
import { AppError } from "../lib/app-error";
import { isAdminUser, isStaffRole } from "../../contract/constants";
import { MSG } from "../../contract/messages";

export const SESSION_COOKIE = "sid";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
  }
}

export function registerSessions(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);

  // Built once and prepared: every request, every poll, runs it (building
  // this query each time was a large share of the poll path's CPU).
  const lookup = ctx.db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("session_lookup");

  app.addHook("onRequest", async (req) => {
    if (!req.url.startsWith("/api/") && !req.url.startsWith("/objects/")) return;
    // health checks answer for the process and the database, never for a caller
    if (req.url.startsWith("/api/health")) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const id = sha256(token);
    const session = await ctx.sessions.resolve(id, async () => {
      const [row] = await lookup.execute({ id, now: ctx.clock.now() });
      return row;
    });
    // an account that lost its approval loses its sessions too
    if (session && session.user.isApproved && session.expiresAt > ctx.clock.now()) {
      req.user = session.user;
      req.sessionId = id;
    }
  });
}

/** Start a new session (a new id on every sign-in: no fixation) and set the cookie. */
export async function startSession(ctx: AppContext, reply: FastifyReply, req: FastifyRequest, userId: string): Promise<void> {
  const token = randomToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + ctx.config.sessionDays * 86_400_000);
  await ctx.db.insert(sessions).values({ id: sha256(token), userId, expiresAt });
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: req.protocol === "https",
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, req: FastifyRequest): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: req.protocol === "https" });
}

/** End every session of a user, optionally keeping one (password change keeps the current). */
export async function endSessions(db: DbOrTx, userId: string, keepSessionId?: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

/** Of these sessions, the ones still signed in: not ended, not expired, their account approved (live streams). */
export async function signedInSessions(db: DbOrTx, sessionIds: string[], now: Date): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now), eq(users.isApproved, true)));
  return new Set(rows.map((r) => r.id));
}

export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw new AppError(401, MSG.notSignedIn);
  return req.user;
}

/** staff = role admin or manager, or isAdmin (contract: Roles). */
export function requireStaff(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!isStaffRole(user)) throw new AppError(403, MSG.forbidden);
  return user;
}

export function requireAdmin(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!isAdminUser(user)) throw new AppError(403, MSG.forbidden);
  return user;
}

export const isStaff = (u: UserRow | null): boolean => isStaffRole(u);
