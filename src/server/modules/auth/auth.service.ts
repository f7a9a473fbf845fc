// Accounts: sign-in, registration, password reset and change (spec §4 user
// approval and session, §5 validation, contract "Auth and account").
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto";
import { endSessions } from "../../plugins/session";
import { isAdminUser, isStaffRole, type Role } from "../../../contract/constants";
import { PENDING_APPROVAL } from "../../../contract/errors";
import { MSG } from "../../../contract/messages";
import type { registerSchema } from "../../../contract/schemas/user";
import type { z } from "zod";
import {
  consumeResetToken,
  resetTokenIsLive,
  findUserByEmail,
  findUserById,
  insertUser,
  listApprovedStaff,
  setLastLogin,
  setPassword,
  setPasswordResetToken,
} from "./auth.repository";
import {
  FORGOT_PER_ADDRESS,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_EMAIL,
  REGISTER_PER_ADDRESS,
  isThrottled,
  recordAttempt,
  takeRequestSlot,
  tooManyAttempts,
} from "./throttle";
import {
  sendPasswordChangedMail,
  sendPasswordResetMail,
  sendRegistrationReceivedMails,
} from "../email/account-mail";

/** contract: the reset link is valid 1 hour */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export const AUTH_MSG = {
  invalidResetLink: "The password reset link is invalid or expired.",
  currentPasswordWrong: "Current password is incorrect",
  forgotSent: "If an account with that email exists, we have sent a link to reset its password.",
  passwordReset: "Your password has been reset. You can now sign in.",
  passwordChanged: "Your password has been updated successfully.",
} as const;

/** A unique-index violation (duplicate email), whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === "23505") return true;
  }
  return false;
}

/**
 * Mail never fails, nor holds up, the request that caused it (the mail module
 * retries a slow relay for seconds): it is sent in the background, a failure is
 * recorded in email_log by the mail module and logged here without the body.
 */
export function mailQuietly(log: FastifyBaseLogger, kind: string, send: () => Promise<void>): void {
  send().catch((err: unknown) => {
    log.warn({ kind, err: err instanceof Error ? err.message : String(err) }, "mail could not be sent");
  });
}

export interface LoginOptions {
  ctx: AppContext;
  email: string;
  password: string;
  address: string;
}

/**
 * contract login: 429 once the email or the address has used up its failures
 * (even with the right password); 401 with one answer whether or not the email
 * exists (the missing account is verified against a dummy hash so timing does
 * not tell); 403 pending_approval only after the password was right.
 */
export async function login({ ctx, email, password, address }: LoginOptions): Promise<UserRow> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const [emailBlocked, addressBlocked] = await Promise.all([
    isThrottled(db, LOGIN_FAILURES_PER_EMAIL, email, now),
    isThrottled(db, LOGIN_FAILURES_PER_ADDRESS, address, now),
  ]);
  if (emailBlocked || addressBlocked) throw tooManyAttempts();

  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.password ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await recordAttempt(db, LOGIN_FAILURES_PER_EMAIL, email, now);
    await recordAttempt(db, LOGIN_FAILURES_PER_ADDRESS, address, now);
    throw new AppError(401, MSG.invalidLogin);
  }
  // spec §4: an unapproved account cannot sign in (403, pending_approval)
  if (!user.isApproved) throw new AppError(403, MSG.pendingApproval, undefined, { message: PENDING_APPROVAL });
  return setLastLogin(db, user.id, now);
}

export interface RegisterOptions {
  ctx: AppContext;
  input: z.output<typeof registerSchema>;
  actor: UserRow | null;
  log: FastifyBaseLogger;
}

/**
 * contract register. Signed out (or signed in as a carrier): always a pending
 * carrier, whatever role/isAdmin say, and staff are told. Signed in as staff:
 * an approved user with the given role; the admin role only from an admin.
 */
export async function registerUser({ ctx, input, actor, log }: RegisterOptions): Promise<UserRow> {
  const { db } = ctx;
  const byStaff = isStaffRole(actor);
  let role: Role = "carrier";
  let isAdmin = false;
  if (byStaff) {
    // spec §3 user form: isAdmin is true when role is admin (and vice versa here)
    const wantsAdmin = input.role === "admin" || input.isAdmin === true;
    // spec §6: assigning the Admin role is for admins only
    if (wantsAdmin && !isAdminUser(actor)) throw new AppError(403, MSG.forbidden);
    role = wantsAdmin ? "admin" : (input.role ?? "carrier");
    isAdmin = wantsAdmin;
  }
  if (await findUserByEmail(db, input.email)) throw new AppError(409, MSG.duplicateEmail);

  let user: UserRow;
  try {
    user = await insertUser(db, {
      email: input.email,
      password: await hashPassword(input.password),
      name: input.name,
      carrierName: input.carrierName,
      contactNumber: input.contactNumber,
      role,
      isAdmin,
      isApproved: byStaff,
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
  } catch (err) {
    // two simultaneous registrations of one email: the unique index decides
    if (isUniqueViolation(err)) throw new AppError(409, MSG.duplicateEmail);
    throw err;
  }

  if (!byStaff) {
    const staff = await listApprovedStaff(db);
    mailQuietly(log, "registration-received", () => sendRegistrationReceivedMails(ctx, user, staff));
  }
  return user;
}

/** Count a registration request against the address's hourly allowance (contract). */
export function takeRegistrationSlot(ctx: AppContext, address: string): Promise<void> {
  return takeRequestSlot(ctx.db, REGISTER_PER_ADDRESS, address, ctx.clock.now());
}

/** Count a forgot-password request against the address's hourly allowance (contract). */
export function takeForgotPasswordSlot(ctx: AppContext, address: string): Promise<void> {
  return takeRequestSlot(ctx.db, FORGOT_PER_ADDRESS, address, ctx.clock.now());
}

/**
 * contract forgot-password: the same answer whether or not the account exists.
 * Only the SHA-256 of the token is stored; the mail goes in the background, so
 * the answer's timing does not tell either.
 */
export async function requestPasswordReset(opts: { ctx: AppContext; email: string; log: FastifyBaseLogger }): Promise<void> {
  const { ctx, email, log } = opts;
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = randomToken();
  const expires = new Date(ctx.clock.now().getTime() + RESET_TOKEN_TTL_MS);
  await setPasswordResetToken(ctx.db, user.id, sha256(token), expires);
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  mailQuietly(log, "password-reset", () => sendPasswordResetMail(ctx, user, link));
}

/** contract reset-password: single use, 1 hour, ends every session of the user. */
export async function resetPassword(opts: {
  ctx: AppContext;
  token: string;
  newPassword: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { ctx, log } = opts;
  const tokenHash = sha256(opts.token);
  const invalid = () => new AppError(400, AUTH_MSG.invalidResetLink, [{ path: "token", message: AUTH_MSG.invalidResetLink }]);
  // look the token up before the memory-hard hash, so bad tokens cost no CPU;
  // the conditional update below still makes a token work exactly once
  if (!(await resetTokenIsLive(ctx.db, { tokenHash, now: ctx.clock.now() }))) throw invalid();
  const passwordHash = await hashPassword(opts.newPassword);
  const user = await consumeResetToken(ctx.db, { tokenHash, passwordHash, now: ctx.clock.now() });
  if (!user) throw new AppError(400, AUTH_MSG.invalidResetLink, [{ path: "token", message: AUTH_MSG.invalidResetLink }]);
  await endSessions(ctx.db, user.id);
  mailQuietly(log, "password-changed", () => sendPasswordChangedMail(ctx, user));
}

/**
 * contract change-password: only one's own account; the current password must be
 * right; every other session of the user ends, the current one stays.
 */
export async function changePassword(opts: {
  ctx: AppContext;
  actor: UserRow;
  currentPassword: string;
  newPassword: string;
  sessionId: string | null;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { ctx, actor, log } = opts;
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw new AppError(401, MSG.notSignedIn);
  // Guessing the current password from a stolen session counts as failed
  // sign-ins of that email: the same 10-in-15-minutes limit applies here.
  const now = ctx.clock.now();
  if (await isThrottled(ctx.db, LOGIN_FAILURES_PER_EMAIL, user.email, now)) throw tooManyAttempts();
  if (!(await verifyPassword(user.password, opts.currentPassword))) {
    await recordAttempt(ctx.db, LOGIN_FAILURES_PER_EMAIL, user.email, now);
    throw new AppError(400, AUTH_MSG.currentPasswordWrong, [{ path: "currentPassword", message: AUTH_MSG.currentPasswordWrong }]);
  }
  await setPassword(ctx.db, user.id, await hashPassword(opts.newPassword), now);
  await endSessions(ctx.db, user.id, opts.sessionId);
  mailQuietly(log, "password-changed", () => sendPasswordChangedMail(ctx, user));
}
