// Auth and account calls.
// Routes parse and reply; the rules live in auth.service.ts. Every user in a
// response goes through toUser, by way of companies.service userView (never a password, hash or reset token).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { sha256 } from "../../lib/crypto";
import { idParam, parse } from "../../lib/validate";
import { AppError } from "../../lib/app-error";
import { SESSION_COOKIE, clearSessionCookie, requireUser, startSession } from "../../plugins/session";
import { MSG } from "../../../contract/messages";
import { isStaffRole } from "../../../contract/constants";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "../../../contract/schemas/user";
import { userView } from "../companies/companies.service";
import { deleteSession } from "./auth.repository";
import {
  AUTH_MSG,
  changePassword,
  login,
  registerUser,
  requestPasswordReset,
  resetPassword,
  takeForgotPasswordSlot,
  takeRegistrationSlot,
} from "./auth.service";
import { passwordResetJobKind } from "./password-reset-job";
import { setApplicantCookie } from "../registration/registration.service";

export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.register(passwordResetJobKind(ctx));

  /** The session row named by this request's cookie, whether or not it is still valid. */
  const cookieSessionId = (cookies: Record<string, string | undefined>): string | null => {
    const token = cookies[SESSION_COOKIE];
    return token && token.length <= 100 ? sha256(token) : null;
  };

  // polled: a user without a company costs no query here, one with a company one (their compliance)
  app.get("/api/auth/user", async (req) => userView(ctx, ctx.db, requireUser(req)));

  app.post("/api/login", async (req, reply) => {
    const input = parse(loginSchema, req.body);
    const user = await login({ ctx, email: input.email, password: input.password, address: req.ip });
    // a new session id on every sign-in (no fixation); the browser's old one goes
    const old = cookieSessionId(req.cookies);
    if (old) await deleteSession(ctx.db, old);
    await startSession(ctx, reply, req, user.id);
    return userView(ctx, ctx.db, user);
  });

  app.post("/api/logout", async (req, reply) => {
    // destroyed server-side, so a copied cookie is worthless afterwards
    const sessionId = cookieSessionId(req.cookies);
    if (sessionId) await deleteSession(ctx.db, sessionId);
    clearSessionCookie(reply, req);
    return { success: true };
  });

  app.post("/api/register", async (req, reply) => {
    // counted before validation: malformed floods use up the allowance too. Staff
    // creating users are not counted (contract): onboarding a network's carriers
    // from one office is not a flood
    if (!isStaffRole(req.user)) await takeRegistrationSlot(ctx, req.ip);
    const input = parse(registerSchema, req.body);
    const { user, applicant } = await registerUser({ ctx, input, actor: req.user });
    // a self-registration may add its insurance for a while: a cookie, never a token in the body
    if (applicant) setApplicantCookie(reply, req, applicant);
    return reply.status(201).send(await userView(ctx, ctx.db, user));
  });

  app.post("/api/auth/forgot-password", async (req) => {
    await takeForgotPasswordSlot(ctx, req.ip);
    const input = parse(forgotPasswordSchema, req.body);
    await requestPasswordReset({ ctx, email: input.email });
    // no account enumeration: one answer for every well-formed email
    return { success: true, message: AUTH_MSG.forgotSent };
  });

  app.post("/api/auth/reset-password", async (req) => {
    const input = parse(resetPasswordSchema, req.body);
    await resetPassword({ ctx, token: input.token, newPassword: input.newPassword });
    return { success: true, message: AUTH_MSG.passwordReset };
  });

  app.patch("/api/users/:id/change-password", async (req) => {
    const actor = requireUser(req);
    const id = idParam(req.params);
    // contract: only one's own password (403 for another user's id, even staff)
    if (id !== actor.id) throw new AppError(403, MSG.forbidden);
    const input = parse(changePasswordSchema, req.body);
    await changePassword({
      ctx,
      actor,
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      sessionId: req.sessionId,
    });
    return { success: true, message: AUTH_MSG.passwordChanged };
  });
}
