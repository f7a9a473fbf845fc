// User administration (spec §2 Users, Carriers and Pending tabs; §6 roles;
// contract "Users and admin" and "Roles"). Staff = admin or manager role, or
// isAdmin; an admin account is edited or deleted, and the admin role given or
// taken away, only by an admin.
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { UserRow, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashPassword } from "../../lib/crypto";
import { iso, money } from "../../lib/serialize";
import { endSessions } from "../../plugins/session";
import { isAdminUser, isStaffRole, type Role } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import type { CarrierSummary, userUpdateSchema } from "../../../contract/schemas/user";
import { isUniqueViolation, mailQuietly } from "../auth/auth.service";
import { sendAccountApprovedMail, sendAccountRejectedMail } from "../email/account-mail";
import {
  UNKNOWN_CARRIER,
  approvePendingUser,
  deletePendingUser,
  deleteUserRow,
  emailTakenByOther,
  findUserById,
  listCarrierUsers,
  loadsPerCompany,
  updateUserRow,
  type CarrierContactRow,
} from "./users.repository";

export const USERS_MSG = {
  alreadyApproved: "This user is already approved",
  onlyPendingRejected: "Only a pending account can be rejected",
  cannotDeleteSelf: "You cannot delete your own account",
  ownProfileOnly: "You can change only your name, carrier name and contact number",
} as const;

/** spec §2 Carriers tab: at most 2 contacts per company, then "+N more" */
const MAX_CONTACTS = 2;

/** An admin account, or the admin role, is the business of admins only (spec §6). */
function assertMayTouch(actor: UserRow, target: UserRow): void {
  if (isAdminUser(target) && !isAdminUser(actor)) throw new AppError(403, MSG.forbidden);
}

export async function approveUser(opts: { ctx: AppContext; actor: UserRow; id: string; log: FastifyBaseLogger }): Promise<UserRow> {
  const { ctx, actor, id, log } = opts;
  const target = await findUserById(ctx.db, id);
  if (!target) throw new AppError(404, MSG.notFound);
  if (target.isApproved) throw new AppError(409, USERS_MSG.alreadyApproved);
  assertMayTouch(actor, target);
  const approved = await approvePendingUser(ctx.db, id, ctx.clock.now());
  // a simultaneous approve or reject got there first
  if (!approved) throw new AppError(409, USERS_MSG.alreadyApproved);
  mailQuietly(log, "account-approved", () => sendAccountApprovedMail(ctx, approved));
  return approved;
}

export async function rejectUser(opts: { ctx: AppContext; actor: UserRow; id: string; log: FastifyBaseLogger }): Promise<void> {
  const { ctx, actor, id, log } = opts;
  const target = await findUserById(ctx.db, id);
  if (!target) throw new AppError(404, MSG.notFound);
  if (target.isApproved) throw new AppError(409, USERS_MSG.onlyPendingRejected);
  assertMayTouch(actor, target);
  const deleted = await deletePendingUser(ctx.db, id);
  if (!deleted) throw new AppError(409, USERS_MSG.onlyPendingRejected);
  mailQuietly(log, "account-rejected", () => sendAccountRejectedMail(ctx, deleted));
}

export async function deleteUser(opts: { ctx: AppContext; actor: UserRow; id: string }): Promise<void> {
  const { ctx, actor, id } = opts;
  if (id === actor.id) throw new AppError(409, USERS_MSG.cannotDeleteSelf);
  const target = await findUserById(ctx.db, id);
  if (!target) throw new AppError(404, MSG.notFound);
  assertMayTouch(actor, target);
  if (!(await deleteUserRow(ctx.db, id))) throw new AppError(404, MSG.notFound);
}

export interface UpdateUserOptions {
  ctx: AppContext;
  actor: UserRow;
  id: string;
  input: z.output<typeof userUpdateSchema>;
  /** the caller's session: kept when they change their own password here */
  sessionId: string | null;
}

/**
 * PUT /api/users/{id}. Staff edit anyone but admins (admins: admin only). Anyone
 * else edits only their own name, carrierName and contactNumber: an attempt to
 * change role, isAdmin, isApproved, email or password is refused with 403 (the
 * same value as now, or a blank password, is not a change and passes).
 */
export async function updateUser({ ctx, actor, id, input, sessionId }: UpdateUserOptions): Promise<UserRow> {
  const now = ctx.clock.now();
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.carrierName !== undefined) set.carrierName = input.carrierName;
  if (input.contactNumber !== undefined) set.contactNumber = input.contactNumber;

  let target: UserRow | undefined;
  let newPassword: string | undefined;
  if (!isStaffRole(actor)) {
    if (id !== actor.id) throw new AppError(403, MSG.forbidden);
    target = actor;
    const triesMore =
      (input.role !== undefined && input.role !== target.role) ||
      (input.isAdmin !== undefined && input.isAdmin !== target.isAdmin) ||
      (input.isApproved !== undefined && input.isApproved !== target.isApproved) ||
      (input.email !== undefined && input.email !== target.email) ||
      (input.password !== undefined && input.password !== "");
    if (triesMore) throw new AppError(403, USERS_MSG.ownProfileOnly);
  } else {
    target = await findUserById(ctx.db, id);
    if (!target) throw new AppError(404, MSG.notFound);
    assertMayTouch(actor, target);
    if (input.role !== undefined || input.isAdmin !== undefined) {
      // spec §3: isAdmin is true when role is admin; kept in step both ways
      const wantsAdmin = input.role !== undefined ? input.role === "admin" || input.isAdmin === true : input.isAdmin === true;
      if (wantsAdmin !== isAdminUser(target) && !isAdminUser(actor)) throw new AppError(403, MSG.forbidden);
      const role: Role = wantsAdmin
        ? "admin"
        : (input.role ?? (target.role === "admin" ? "carrier" : (target.role as Role)));
      set.role = role;
      set.isAdmin = wantsAdmin;
    }
    if (input.isApproved !== undefined) set.isApproved = input.isApproved;
    if (input.email !== undefined && input.email !== target.email) {
      if (await emailTakenByOther(ctx.db, input.email, id)) throw new AppError(409, MSG.duplicateEmail);
      set.email = input.email;
    }
    // spec §5 admin user form: a blank password keeps the current one
    if (input.password) newPassword = input.password;
  }
  if (newPassword) {
    set.password = await hashPassword(newPassword);
    set.passwordResetToken = null;
    set.passwordResetExpires = null;
  }
  set.updatedAt = now;

  let updated: UserRow | undefined;
  try {
    updated = await updateUserRow(ctx.db, id, set);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, MSG.duplicateEmail);
    throw err;
  }
  if (!updated) throw new AppError(404, MSG.notFound);
  // a password set by staff signs the account out everywhere (but not the staff member's own current session)
  if (newPassword) await endSessions(ctx.db, id, id === actor.id ? sessionId : null);
  return updated;
}

/**
 * The Carriers tab (spec §2): one row per company. Carrier users are grouped by
 * carrierName (ignoring case and surrounding spaces; the earliest user's
 * spelling is shown); accepted loads whose company matches no user still appear
 * under their carrier name, or "Unknown Carrier".
 */
export async function carrierSummaries(ctx: AppContext): Promise<CarrierSummary[]> {
  const [carrierUsers, companyLoads] = await Promise.all([listCarrierUsers(ctx.db), loadsPerCompany(ctx.db)]);

  interface Group {
    carrierName: string;
    contacts: CarrierContactRow[];
    acceptedLoads: number;
    totalEarnings: number;
    lastActivity: Date | null;
    joinedAt: Date | null;
  }
  const groups = new Map<string, Group>();
  const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);
  const earlier = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a < b ? a : b);
  const groupFor = (name: string): Group => {
    const key = name.trim().toLowerCase();
    let g = groups.get(key);
    if (!g) {
      g = { carrierName: name.trim(), contacts: [], acceptedLoads: 0, totalEarnings: 0, lastActivity: null, joinedAt: null };
      groups.set(key, g);
    }
    return g;
  };

  for (const u of carrierUsers) {
    const g = groupFor(u.carrierName?.trim() || UNKNOWN_CARRIER);
    g.contacts.push(u);
    g.joinedAt = earlier(g.joinedAt, u.createdAt);
    g.lastActivity = later(g.lastActivity, u.lastLoginAt);
  }
  for (const r of companyLoads) {
    const g = groupFor(r.company);
    g.acceptedLoads += r.acceptedLoads;
    g.totalEarnings += r.totalEarnings;
    g.lastActivity = later(g.lastActivity, r.lastAcceptedAt);
  }

  const rows = [...groups.values()];
  // newest company first; companies known only from loads after them, "Unknown Carrier" last
  rows.sort((a, b) => {
    const unknownA = a.carrierName === UNKNOWN_CARRIER ? 1 : 0;
    const unknownB = b.carrierName === UNKNOWN_CARRIER ? 1 : 0;
    if (unknownA !== unknownB) return unknownA - unknownB;
    const ja = a.joinedAt?.getTime() ?? -Infinity;
    const jb = b.joinedAt?.getTime() ?? -Infinity;
    if (ja !== jb) return jb - ja;
    return a.carrierName.localeCompare(b.carrierName, "en-GB");
  });
  return rows.map((g) => ({
    carrierName: g.carrierName,
    contacts: g.contacts.slice(0, MAX_CONTACTS).map((c) => ({ name: c.name, email: c.email })),
    moreContacts: Math.max(0, g.contacts.length - MAX_CONTACTS),
    acceptedLoads: g.acceptedLoads,
    totalEarnings: money(g.totalEarnings) ?? 0,
    lastActivity: iso(g.lastActivity),
    joinedAt: iso(g.joinedAt),
  }));
}
