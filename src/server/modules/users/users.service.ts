// User administration (the Users, Carriers and Pending tabs; roles).
// Staff = admin or manager role, or
// isAdmin; an admin account is edited or deleted, and the admin role given or
// taken away, only by an admin.
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { UserRow, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashPassword } from "../../lib/crypto";
import { iso, money, toUser } from "../../lib/serialize";
import { endSessions } from "../../plugins/session";
import { isAdminUser, isStaffRole, type Role } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { pageOf } from "../../../contract/schemas/page";
import {
  ONLY_STAFF_CHANGE_COMPANY,
  repeatKey,
  type CarrierListQuery,
  type CarrierSortKey,
  type CarrierSummary,
  type PendingListQuery,
  type PendingSortKey,
  type PendingUser,
  type UserListQuery,
  type UserSortKey,
  type UserWithStats,
  type userUpdateSchema,
} from "../../../contract/schemas/user";
import { isUniqueViolation } from "../auth/auth.service";
import { queueAccountApprovedMail, queueAccountRejectedMail } from "../../mail/account-mail";
import { companiesByName, linkUserToCompany, userViews } from "../companies/companies.service";
import { applicantDocumentCounts, releaseApplicantDocuments } from "../companies/documents.service";
import { endApplicantAccess } from "../registration/registration.service";
import {
  approvePendingUser,
  companyKey,
  deletePendingUser,
  deleteUserRow,
  emailTakenByOther,
  findCompanies,
  findUserById,
  listPendingUsers,
  usersNamed,
  listUsersWithStats,
  updateUserRow,
  type Page,
} from "./users.repository";
import { listCompanies, UNKNOWN_CARRIER } from "./carriers.repository";

export const USERS_MSG = {
  alreadyApproved: "This user is already approved",
  onlyPendingRejected: "Only a pending account can be rejected",
  cannotDeleteSelf: "You cannot delete your own account",
  ownProfileOnly: "You can change only your name and contact number",
} as const;

/** An admin account, or the admin role, is the business of admins only. */
function assertMayTouch(actor: UserRow, target: UserRow): void {
  if (isAdminUser(target) && !isAdminUser(actor)) throw new AppError(403, MSG.forbidden);
}

export async function approveUser(opts: { ctx: AppContext; actor: UserRow; id: string }): Promise<UserRow> {
  const { ctx, actor, id } = opts;
  const target = await findUserById(ctx.db, id);
  if (!target) throw new AppError(404, MSG.notFound);
  if (target.isApproved) throw new AppError(409, USERS_MSG.alreadyApproved);
  assertMayTouch(actor, target);
  // the approval, the company link and the mail (through the outbox) commit together
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const approved = await approvePendingUser(tx, id, now);
    // a simultaneous approve or reject got there first
    if (!approved) throw new AppError(409, USERS_MSG.alreadyApproved);
    // contract: a matching company (case and spaces aside) is joined under its own spelling,
    // so the member sees its bookings (carrier visibility compares names exactly); else it is created.
    // The insurance they added when registering becomes the company's, waiting for review.
    const member = await linkUserToCompany({ tx, user: approved, now });
    await endApplicantAccess({ tx, userId: id });
    await queueAccountApprovedMail(ctx, tx, member);
    return member;
  });
}

export async function rejectUser(opts: { ctx: AppContext; actor: UserRow; id: string }): Promise<void> {
  const { ctx, actor, id } = opts;
  const target = await findUserById(ctx.db, id);
  if (!target) throw new AppError(404, MSG.notFound);
  if (target.isApproved) throw new AppError(409, USERS_MSG.onlyPendingRejected);
  assertMayTouch(actor, target);
  await ctx.db.transaction(async (tx) => {
    // the insurance they added goes with the account (cascade); its files to the sweep of unattached uploads
    await releaseApplicantDocuments({ tx, applicantId: id });
    const deleted = await deletePendingUser(tx, id);
    if (!deleted) throw new AppError(409, USERS_MSG.onlyPendingRejected);
    await queueAccountRejectedMail(ctx, tx, deleted);
  });
}

export async function deleteUser(opts: { ctx: AppContext; actor: UserRow; id: string }): Promise<void> {
  const { ctx, actor, id } = opts;
  if (id === actor.id) throw new AppError(409, USERS_MSG.cannotDeleteSelf);
  const target = await findUserById(ctx.db, id);
  if (!target) throw new AppError(404, MSG.notFound);
  assertMayTouch(actor, target);
  // their sessions end with the account (the cascade would take them too; ending
  // them by name fires whatever else a session's end does)
  const deleted = await ctx.db.transaction(async (tx) => {
    await endSessions(tx, id);
    await releaseApplicantDocuments({ tx, applicantId: id });
    return deleteUserRow(tx, id);
  });
  if (!deleted) throw new AppError(404, MSG.notFound);
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
 * else edits only their own name and contactNumber: their carrierName is their
 * company membership, which decides whose loads they see, so changing it is
 * refused (403, contract); so is an attempt to change role, isAdmin,
 * isApproved, email or password (the same value as now, or a blank password,
 * is not a change and passes).
 */
export async function updateUser({ ctx, actor, id, input, sessionId }: UpdateUserOptions): Promise<UserRow> {
  const now = ctx.clock.now();
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
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
    // unchanged = the same after trimming (the schema trims what is sent)
    if (input.carrierName !== undefined && input.carrierName !== (target.carrierName ?? "").trim()) {
      throw new AppError(403, ONLY_STAFF_CHANGE_COMPANY);
    }
  } else {
    if (input.carrierName !== undefined) set.carrierName = input.carrierName;
    target = await findUserById(ctx.db, id);
    if (!target) throw new AppError(404, MSG.notFound);
    assertMayTouch(actor, target);
    if (input.role !== undefined || input.isAdmin !== undefined) {
      // isAdmin is true when role is admin; kept in step both ways
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
    // admin user form: a blank password keeps the current one
    if (input.password) newPassword = input.password;
  }
  if (newPassword) {
    set.password = await hashPassword(newPassword);
    set.passwordResetToken = null;
    set.passwordResetExpires = null;
  }
  set.updatedAt = now;

  // Sessions end in the same transaction as the change that ends them:
  //  * a password set by staff signs the account out everywhere (but not the staff
  //    member's own current session), as a password change does;
  //  * a withdrawn approval ends every session, so none comes back to life when
  //    the account is approved again.
  const withdrawn = set.isApproved === false;
  let updated: UserRow | undefined;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      let row = await updateUserRow(tx, id, set);
      if (row && withdrawn) await endSessions(tx, id);
      // approved by an edit: as by approval, the applicant cookie stops working
      if (row && set.isApproved === true) await endApplicantAccess({ tx, userId: id });
      else if (row && newPassword) await endSessions(tx, id, id === actor.id ? sessionId : null);
      // a staff edit of the company name, role or approval re-links the company
      if (row && isStaffRole(actor)) row = await linkUserToCompany({ tx, user: row, now });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, MSG.duplicateEmail);
    throw err;
  }
  if (!updated) throw new AppError(404, MSG.notFound);
  return updated;
}

/** "-name" → name, descending; "name" → ascending. */
function splitSort<K extends string>(sort: `${K}` | `-${K}`): { key: K; desc: boolean } {
  return sort.startsWith("-") ? { key: sort.slice(1) as K, desc: true } : { key: sort as K, desc: false };
}

/** GET /api/users (staff): a page of users with loadsAccepted and totalEarnings, and the total. */
export async function listUsers(ctx: AppContext, q: UserListQuery): Promise<Page<UserWithStats>> {
  const page = await listUsersWithStats(ctx.db, { search: q.search, sort: splitSort<UserSortKey>(q.sort), ...pageOf(q) });
  // each user's companyId and its compliance: one query for the page
  const users = await userViews(ctx, ctx.db, page.rows.map((r) => r.user));
  return {
    rows: page.rows.map((r, i) => ({ ...users[i], loadsAccepted: r.loadsAccepted, totalEarnings: money(r.totalEarnings) ?? 0 })),
    total: page.total,
  };
}

/** GET /api/users/pending (staff): a page of registrations, each with the company approving it would join. */
export async function listPending(ctx: AppContext, q: PendingListQuery): Promise<Page<PendingUser>> {
  const page = await listPendingUsers(ctx.db, { search: q.search, sort: splitSort<PendingSortKey>(q.sort), ...pageOf(q) });
  const [companies, documents, namesakes] = await Promise.all([
    findCompanies(ctx.db, page.rows.map((u) => u.carrierName)),
    // the insurance each added when registering: "2 insurance documents attached"
    applicantDocumentCounts({ db: ctx.db, applicantIds: page.rows.map((u) => u.id) }),
    usersNamed(ctx.db, page.rows.map((u) => u.name)),
  ]);
  // the same person registering again: the earliest other account with the same name, company and phone
  const repeatOf = (u: UserRow): PendingUser["repeatOf"] => {
    const other = namesakes.find((n) => n.id !== u.id && repeatKey(n) === repeatKey(u));
    return other ? { id: other.id, email: other.email, isApproved: other.isApproved, createdAt: other.createdAt.toISOString() } : null;
  };
  // applicants have no company yet (companyId and compliance null): no compliance query
  return {
    rows: page.rows.map((u) => ({
      ...toUser(u, null),
      joinsCompany: companies.get(companyKey(u.carrierName)) ?? null,
      documentCount: documents.get(u.id) ?? 0,
      repeatOf: repeatOf(u),
    })),
    total: page.total,
  };
}

/**
 * GET /api/users/carrier (staff): a page of the Carriers tab (grouped,
 * searched and ordered in the database: users.repository listCompanies), at
 * most two contacts shown per company and "+N more".
 */
export async function listCarriers(ctx: AppContext, q: CarrierListQuery): Promise<Page<CarrierSummary>> {
  const page = await listCompanies(ctx.db, { search: q.search, sort: q.sort ? splitSort<CarrierSortKey>(q.sort) : undefined, ...pageOf(q) });
  // the company record of each row's name and its compliance (shown in the Carriers tab too)
  const records = await companiesByName(ctx, ctx.db, page.rows.map((c) => c.carrierName).filter((n) => n !== UNKNOWN_CARRIER));
  return {
    rows: page.rows.map((c) => ({
      carrierName: c.carrierName,
      companyId: c.carrierName === UNKNOWN_CARRIER ? null : (records.get(companyKey(c.carrierName))?.companyId ?? null),
      compliance: c.carrierName === UNKNOWN_CARRIER ? null : (records.get(companyKey(c.carrierName))?.compliance ?? null),
      contacts: c.contacts,
      moreContacts: Math.max(0, c.members - c.contacts.length),
      acceptedLoads: c.acceptedLoads,
      totalEarnings: money(c.totalEarnings) ?? 0,
      lastActivity: iso(c.lastActivity),
      joinedAt: iso(c.joinedAt),
    })),
    total: page.total,
  };
}
