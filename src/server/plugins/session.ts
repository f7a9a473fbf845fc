// Sessions live in the database (contract: any process serves any request):
// the cookie holds a random token, the table holds only its SHA-256.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { CachedSession } from "./session-cache";
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

  const admit = (req: FastifyRequest, id: string, session: CachedSession | undefined) => {
    // an account that lost its approval loses its sessions too
    if (session && session.user.isApproved && session.expiresAt > ctx.clock.now()) {
      req.user = session.user;
      req.sessionId = id;
    }
  };
  // A callback hook, not an async one: a session verified within the last second
  // (every poll of an open board) is admitted without a promise or a turn of the loop.
  app.addHook("onRequest", (req, _reply, done) => {
    if (!req.url.startsWith("/api/") && !req.url.startsWith("/objects/")) return done();
    // health checks answer for the process and the database, never for a caller
    if (req.url.startsWith("/api/health")) return done();
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return done();
    const id = sessionIdOf(token);
    const cached = ctx.sessions.peek(id);
    if (cached) {
      admit(req, id, cached);
      return done();
    }
    ctx.sessions
      .resolve(id, async () => {
        const [row] = await lookup.execute({ id, now: ctx.clock.now() });
        return row;
      })
      .then((session) => {
        admit(req, id, session);
        done();
      }, done);
  });
}

/**
 * The session id (SHA-256) of a cookie's token. Every open board sends the same
 * cookie every few seconds and hashing it was a tenth of an unchanged poll's CPU,
 * so the last tokens' ids are kept: in memory only, bounded, and cleared when full.
 * The hash is a function of the token alone, so a kept id is never stale; whether
 * the session still stands is decided by the session cache and the database.
 */
function sessionIdOf(token: string): string {
  let id = sessionIds.get(token);
  if (id === undefined) {
    if (sessionIds.size >= 20_000) sessionIds.clear();
    id = sha256(token);
    sessionIds.set(token, id);
  }
  return id;
}
const sessionIds = new Map<string, string>();

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
