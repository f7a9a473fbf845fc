// Drizzle queries of the users module (repositories take DbOrTx).
import { and, eq, ilike, inArray, isNotNull, ne, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, users, type UserRow } from "../../db/schema";
import type { PendingSortKey, UserSortKey } from "../../../contract/schemas/user";

/** Users tab: "loads accepted" counts the loads a user holds or held to the end */
const HELD_STATUSES = sql`('accepted', 'approved', 'completed')`;

export interface UserStatsRow {
  user: UserRow;
  loadsAccepted: number;
  totalEarnings: number;
}

export interface Page<T> {
  rows: T[];
  /** every row the search matches, before paging (X-Total-Count) */
  total: number;
}

export interface ListPage<K extends string> {
  search?: string;
  sort: { key: K; desc: boolean };
  limit: number;
  offset: number;
}

/** ILIKE pattern for "contains", with the pattern characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** contract: users are searched by name, email and company (case-insensitive substring) */
function userSearchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const p = containsPattern(search);
  return or(ilike(users.name, p), ilike(users.email, p), ilike(users.carrierName, p));
}

/** Text orders ignore case and are byte-wise after that, so both engines agree. */
const textOrder = (col: AnyColumn | SQL) => sql`lower(${col}) collate "C"`;

/** ORDER BY term: missing values ("Never", no company) last in either direction. */
const orderTerm = (expr: AnyColumn | SQL, desc: boolean) => (desc ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`);

/** Held loads and earnings per accepting user (Users tab); only for `ids` when given. */
function statsPerUser(db: DbOrTx, ids?: string[]) {
  return db
    .select({
      userId: loads.acceptedBy,
      loadsAccepted: sql<number>`count(*) filter (where ${loads.status} in ${HELD_STATUSES})`.as("loads_accepted"),
      // contract: earnings = sum of price of completed loads
      totalEarnings: sql<number>`coalesce(sum(${loads.price}) filter (where ${loads.status} = 'completed'), 0)`.as("total_earnings"),
    })
    .from(loads)
    .where(ids ? inArray(loads.acceptedBy, ids) : isNotNull(loads.acceptedBy))
    .groupBy(loads.acceptedBy)
    .as("per_user");
}

const USER_ORDER: Record<Exclude<UserSortKey, "loadsAccepted" | "totalEarnings">, AnyColumn | SQL> = {
  name: textOrder(users.name),
  carrierName: textOrder(users.carrierName),
  contactNumber: users.contactNumber,
  email: users.email,
  role: users.role,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

/**
 * GET /api/users: one page of users with their activity, in the asked order,
 * and the total. The activity is summed over every load only when the order
 * needs it; otherwise for the page's users alone.
 */
export async function listUsersWithStats(db: DbOrTx, q: ListPage<UserSortKey>): Promise<Page<UserStatsRow>> {
  const where = userSearchWhere(q.search);
  const { key, desc } = q.sort;
  const [{ n: total }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(where);

  if (key === "loadsAccepted" || key === "totalEarnings") {
    const perUser = statsPerUser(db);
    const stat = key === "loadsAccepted" ? perUser.loadsAccepted : perUser.totalEarnings;
    const rows = await db
      .select({
        user: users,
        loadsAccepted: sql<number>`coalesce(${perUser.loadsAccepted}, 0)`.mapWith(Number),
        totalEarnings: sql<number>`coalesce(${perUser.totalEarnings}, 0)`.mapWith(Number),
      })
      .from(users)
      .leftJoin(perUser, eq(perUser.userId, users.id))
      .where(where)
      .orderBy(orderTerm(sql`coalesce(${stat}, 0)`, desc), orderTerm(users.id, desc))
      .limit(q.limit)
      .offset(q.offset);
    return { rows, total };
  }

  const page = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(orderTerm(USER_ORDER[key], desc), orderTerm(users.id, desc))
    .limit(q.limit)
    .offset(q.offset);
  if (!page.length) return { rows: [], total };
  const perUser = statsPerUser(db, page.map((u) => u.id));
  const stats = await db
    .select({
      userId: perUser.userId,
      loadsAccepted: sql<number>`${perUser.loadsAccepted}`.mapWith(Number),
      totalEarnings: sql<number>`${perUser.totalEarnings}`.mapWith(Number),
    })
    .from(perUser);
  const byId = new Map(stats.map((s) => [s.userId, s]));
  return {
    rows: page.map((user) => ({ user, loadsAccepted: byId.get(user.id)?.loadsAccepted ?? 0, totalEarnings: byId.get(user.id)?.totalEarnings ?? 0 })),
    total,
  };
}

const PENDING_ORDER: Record<PendingSortKey, AnyColumn | SQL> = {
  name: textOrder(users.name),
  carrierName: textOrder(users.carrierName),
  contactNumber: users.contactNumber,
  email: users.email,
  createdAt: users.createdAt,
};

/** GET /api/users/pending: one page of registrations waiting for approval, and the total. */
export async function listPendingUsers(db: DbOrTx, q: ListPage<PendingSortKey>): Promise<Page<UserRow>> {
  const where = and(eq(users.isApproved, false), userSearchWhere(q.search));
  const [{ n: total }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(orderTerm(PENDING_ORDER[q.sort.key], q.sort.desc), orderTerm(users.id, q.sort.desc))
    .limit(q.limit)
    .offset(q.offset);
  return { rows, total };
}

/**
 * Accounts (approved or pending) whose name is one of `names` (trimmed, case
 * ignored), oldest first: the candidates for repeat registrations, which the
 * caller narrows to the same company and phone (repeatKey).
 */
export async function usersNamed(db: DbOrTx, names: string[]): Promise<UserRow[]> {
  const keys = [...new Set(names.map((n) => n.trim().replace(/\s+/g, " ").toLowerCase()))];
  if (!keys.length) return [];
  return db
    .select()
    .from(users)
    .where(inArray(sql<string>`lower(regexp_replace(btrim(${users.name}), '[[:space:]]+', ' ', 'g'))`, keys))
    .orderBy(users.createdAt, users.id);
}

/** A company name as companies are matched: trimmed, case ignored (contract). */
export const companyKey = (name: string | null | undefined): string => (name ?? "").trim().toLowerCase();
const companyKeySql = (col: AnyColumn) => sql<string>`lower(btrim(${col}))`;

export interface CompanyMatchRow {
  /** the spelling a member joins under: that of the company's first approved member, else of its latest booking */
  carrierName: string;
  members: number;
  bookings: number;
}

/**
 * The existing companies these names would join (contract: an approved
 * registration joins the company whose name matches, ignoring case and
 * surrounding spaces, and its bookings). Keyed by companyKey; names that match
 * no approved member and no booking are absent.
 */
export async function findCompanies(db: DbOrTx, names: (string | null)[]): Promise<Map<string, CompanyMatchRow>> {
  const keys = [...new Set(names.map(companyKey).filter(Boolean))];
  const found = new Map<string, CompanyMatchRow>();
  if (!keys.length) return found;

  const memberRows = await db
    .select({
      key: companyKeySql(users.carrierName),
      members: sql<number>`count(*)`.mapWith(Number),
      spelling: sql<string>`(array_agg(${users.carrierName} order by ${users.createdAt}, ${users.id}))[1]`,
    })
    .from(users)
    .where(and(eq(users.isApproved, true), inArray(companyKeySql(users.carrierName), keys)))
    .groupBy(companyKeySql(users.carrierName));
  const spelling = new Map<string, { carrierName: string; members: number }>();
  for (const r of memberRows) spelling.set(r.key, { carrierName: r.spelling, members: r.members });

  // a company whose members have all gone still has its bookings under its name
  const orphanKeys = keys.filter((k) => !spelling.has(k));
  if (orphanKeys.length) {
    const bookingRows = await db
      .select({
        key: companyKeySql(loads.acceptedByCarrier),
        spelling: sql<string>`(array_agg(${loads.acceptedByCarrier} order by ${loads.acceptedAt} desc nulls last, ${loads.id}))[1]`,
      })
      .from(loads)
      .where(and(sql`${loads.status} in ${HELD_STATUSES}`, inArray(companyKeySql(loads.acceptedByCarrier), orphanKeys)))
      .groupBy(companyKeySql(loads.acceptedByCarrier));
    for (const r of bookingRows) spelling.set(r.key, { carrierName: r.spelling, members: 0 });
  }
  if (!spelling.size) return found;

  // bookings a member sees: carrier visibility matches the company name exactly (load-visibility.ts)
  const names2 = [...new Set([...spelling.values()].map((s) => s.carrierName))];
  const counts = await db
    .select({ name: loads.acceptedByCarrier, n: sql<number>`count(*)`.mapWith(Number) })
    .from(loads)
    .where(and(sql`${loads.status} in ${HELD_STATUSES}`, inArray(loads.acceptedByCarrier, names2)))
    .groupBy(loads.acceptedByCarrier);
  const bookings = new Map(counts.map((c) => [c.name, c.n]));
  for (const [key, s] of spelling) found.set(key, { carrierName: s.carrierName.trim(), members: s.members, bookings: bookings.get(s.carrierName) ?? 0 });
  return found;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Another account already using this email (emails are stored lower-cased). */
export async function emailTakenByOther(db: DbOrTx, email: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), ne(users.id, exceptId)))
    .limit(1);
  return !!row;
}

/**
 * Approve a pending account; undefined when there is no such pending account.
 * (The company it joins, and its spelling of the name, are set in the same
 * transaction by companies.service linkUserToCompany.)
 */
export async function approvePendingUser(db: DbOrTx, id: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ isApproved: true, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.isApproved, false)))
    .returning();
  return row;
}

/** Delete a pending account; undefined when there is no such pending account. */
export async function deletePendingUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .delete(users)
    .where(and(eq(users.id, id), eq(users.isApproved, false)))
    .returning();
  return row;
}

export async function updateUserRow(db: DbOrTx, id: string, set: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}

/** Bids and sessions go by cascade; loads keep acceptedByCarrier (acceptedBy is set null). */
export async function deleteUserRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
