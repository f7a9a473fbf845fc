// Accounts: sign-in, registration, password reset and change (user
// approval and sessions, validation).
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { dummyPasswordHash, hashPassword, sha256, verifyPassword } from "../../lib/crypto";
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
  setLastLogin,
  setPassword,
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
import { queuePasswordChangedMail, queueRegistrationReceivedMails } from "../../mail/account-mail";
import { queueJobs } from "../jobs/jobs.service";
import { notifyRegistrationPending } from "../notifications/notifications.service";
import { linkUserToCompany } from "../companies/companies.service";
import { issueApplicantToken, type ApplicantAccess } from "../registration/registration.service";

/** contract: the reset link is valid 1 hour */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** The job a forgot-password request writes (password-reset-job.ts runs it). */
export const PASSWORD_RESET_JOB = "password-reset";

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
  // an unapproved account cannot sign in (403, pending_approval)
  if (!user.isApproved) throw new AppError(403, MSG.pendingApproval, undefined, { message: PENDING_APPROVAL });
  return setLastLogin(db, user.id, now);
}

export interface RegisterOptions {
  ctx: AppContext;
  input: z.output<typeof registerSchema>;
  actor: UserRow | null;
}

/**
 * contract register. Signed out (or signed in as a carrier): always a pending
 * carrier, whatever role/isAdmin say, and staff are told (the mail is queued
 * with the new account: both or neither); `applicant` is the access that lets the
 * applicant add their insurance (registration.service; the route sets its cookie,
 * never a token in the body). Signed in as staff: an approved user with the given
 * role; the admin role only from an admin.
 */
export async function registerUser({ ctx, input, actor }: RegisterOptions): Promise<{ user: UserRow; applicant: ApplicantAccess | null }> {
  const { db } = ctx;
  const byStaff = isStaffRole(actor);
  let role: Role = "carrier";
  let isAdmin = false;
  if (byStaff) {
    // user form: isAdmin is true when role is admin (and vice versa here)
    const wantsAdmin = input.role === "admin" || input.isAdmin === true;
    // assigning the Admin role is for admins only
    if (wantsAdmin && !isAdminUser(actor)) throw new AppError(403, MSG.forbidden);
    role = wantsAdmin ? "admin" : (input.role ?? "carrier");
    isAdmin = wantsAdmin;
  }
  if (await findUserByEmail(db, input.email)) throw new AppError(409, MSG.duplicateEmail);

  const password = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        password,
        name: input.name,
        carrierName: input.carrierName,
        contactNumber: input.contactNumber,
        role,
        isAdmin,
        isApproved: byStaff,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      });
      if (!byStaff) {
        // the applicant's mail; staff hear through their registration_pending notification (and its mail)
        await queueRegistrationReceivedMails(ctx, tx, user, []);
        await notifyRegistrationPending({ ctx, tx, applicant: user });
        return { user, applicant: await issueApplicantToken({ tx, userId: user.id, now: ctx.clock.now() }) };
      }
      // an approved carrier made by staff joins (or founds) the company of its name, as an approval does
      return { user: await linkUserToCompany({ tx, user, now: ctx.clock.now() }), applicant: null };
    });
  } catch (err) {
    // two simultaneous registrations of one email: the unique index decides
    if (isUniqueViolation(err)) throw new AppError(409, MSG.duplicateEmail);
    throw err;
  }
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
 * contract forgot-password: the same answer whether or not the account exists,
 * in the same time. The request writes one job whatever the email;
 * the worker looks the account up, stores the SHA-256 of a new token and
 * queues the mail (password-reset-job.ts).
 */
export async function requestPasswordReset(opts: { ctx: AppContext; email: string }): Promise<void> {
  const { ctx, email } = opts;
  await queueJobs({ db: ctx.db, now: ctx.clock.now(), jobs: [{ kind: PASSWORD_RESET_JOB, payload: { email } }] });
}

/** contract reset-password: single use, 1 hour, ends every session of the user. */
export async function resetPassword(opts: { ctx: AppContext; token: string; newPassword: string }): Promise<void> {
  const { ctx } = opts;
  const tokenHash = sha256(opts.token);
  const invalid = () => new AppError(400, AUTH_MSG.invalidResetLink, [{ path: "token", message: AUTH_MSG.invalidResetLink }]);
  // look the token up before the memory-hard hash, so bad tokens cost no CPU;
  // the conditional update below still makes a token work exactly once
  if (!(await resetTokenIsLive(ctx.db, { tokenHash, now: ctx.clock.now() }))) throw invalid();
  const passwordHash = await hashPassword(opts.newPassword);
  const changed = await ctx.db.transaction(async (tx) => {
    const user = await consumeResetToken(tx, { tokenHash, passwordHash, now: ctx.clock.now() });
    if (!user) return false;
    await endSessions(tx, user.id);
    await queuePasswordChangedMail(ctx, tx, user);
    return true;
  });
  if (!changed) throw invalid();
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
}): Promise<void> {
  const { ctx, actor } = opts;
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
  const passwordHash = await hashPassword(opts.newPassword);
  await ctx.db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash, now);
    await endSessions(tx, user.id, opts.sessionId);
    await queuePasswordChangedMail(ctx, tx, user);
  });
}
