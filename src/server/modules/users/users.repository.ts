// Drizzle queries of the users module (style.md: repositories take DbOrTx).
import { and, eq, ilike, inArray, isNotNull, ne, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client";
import { loadHolderStats, loads, users, type UserRow } from "../../db/schema";
import type { CarrierSortKey, PendingSortKey, UserSortKey } from "../../../contract/schemas/user";

/** spec §2 Users tab: "loads accepted" counts the loads a user holds or held to the end */
const HELD_STATUSES = sql`('accepted', 'approved', 'completed')`;

export const UNKNOWN_CARRIER = "Unknown Carrier";
/** spec §2 Carriers tab: at most 2 contacts per company, then "+N more" */
const MAX_CONTACTS = 2;
// a literal, not a bind parameter: the same expression must appear in SELECT and GROUP BY
const UNKNOWN_CARRIER_SQL = sql.raw(`'${UNKNOWN_CARRIER}'`);

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
function containsPattern(text: string): string {
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

/** Held loads and earnings per accepting user (spec §2 Users tab); only for `ids` when given. */
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

export interface CompanyRow {
  carrierName: string;
  /** the first two members by join date */
  contacts: { name: string; email: string }[];
  members: number;
  acceptedLoads: number;
  totalEarnings: number;
  lastActivity: Date | null;
  joinedAt: Date | null;
}

const epochMs = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(Math.round(Number(v))));

/**
 * The Carriers tab (spec §2), grouped, searched, ordered and paged in the
 * database. Carrier accounts are grouped by carrierName ignoring case and
 * surrounding spaces (blank: "Unknown Carrier"), shown in the earliest member's
 * spelling; accepted, approved and completed loads count for the company named
 * on the load, else the accepting user's company, else "Unknown Carrier", so a
 * company with no member left still appears. Search matches the company or any
 * member's name or email. Without a sort: newest company first, companies
 * known only from loads after them, "Unknown Carrier" last. The loads side
 * reads the per-(acceptedBy, acceptedByCarrier) counters of migration 0014
 * (issue 19: no scan of loads per request); each pair falls wholly in one
 * company, so grouping the pairs gives the same figures as grouping the loads.
 */
export async function listCompanies(db: DbOrTx, q: Omit<ListPage<CarrierSortKey>, "sort"> & { sort?: ListPage<CarrierSortKey>["sort"] }): Promise<Page<CompanyRow>> {
  const unknownKey = UNKNOWN_CARRIER.toLowerCase();
  const memberCompany = sql`coalesce(nullif(btrim(u.carrier_name), ''), ${UNKNOWN_CARRIER_SQL})`;
  const loadCompany = sql`coalesce(nullif(btrim(l.accepted_by_carrier), ''), nullif(btrim(a.carrier_name), ''), ${UNKNOWN_CARRIER_SQL})`;
  const pattern = q.search ? containsPattern(q.search) : null;
  const memberMatch = pattern ? sql`bool_or(m.name ilike ${pattern} or m.email ilike ${pattern})` : sql`false`;
  const dir = (desc: boolean) => (desc ? sql`desc nulls last` : sql`asc nulls last`);
  const byName = sql`lower(c.carrier_name) collate "C", c.carrier_name collate "C"`;
  let order: SQL;
  if (!q.sort) order = sql`(c.key = ${unknownKey}), c.joined_at desc nulls last, ${byName}`;
  else if (q.sort.key === "carrierName") order = q.sort.desc ? sql`lower(c.carrier_name) collate "C" desc, c.carrier_name collate "C" desc` : byName;
  else {
    const col = { acceptedLoads: sql`c.accepted_loads`, totalEarnings: sql`c.total_earnings`, lastActivity: sql`c.last_activity`, joinedAt: sql`c.joined_at` }[q.sort.key];
    order = sql`${col} ${dir(q.sort.desc)}, ${byName}`;
  }

  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with m as (
      select lower(${memberCompany}) as key, ${memberCompany} as spelling, u.name, u.email, u.created_at, u.last_login_at,
             row_number() over (partition by lower(${memberCompany}) order by u.created_at, u.id) as rn
      from ${users} u where u.role = 'carrier'
    ),
    g as (
      select key, (array_agg(spelling order by rn))[1] as carrier_name, count(*)::int as members,
             coalesce(json_agg(json_build_object('name', name, 'email', email) order by rn) filter (where rn <= ${MAX_CONTACTS}), '[]'::json) as contacts,
             min(created_at) as joined_at, max(last_login_at) as last_login_at, ${memberMatch} as member_match
      from m group by key
    ),
    b as (
      select lower(${loadCompany}) as key, min(${loadCompany}) as spelling, sum(l.accepted + l.approved + l.completed)::int as accepted_loads,
             coalesce(sum(l.earnings), 0)::float8 as total_earnings, max(l.last_accepted_at) as last_accepted_at
      from ${loadHolderStats} l left join ${users} a on a.id = l.accepted_by
      where l.accepted + l.approved + l.completed > 0
      group by lower(${loadCompany})
    ),
    c as (
      select coalesce(g.key, b.key) as key, coalesce(g.carrier_name, b.spelling) as carrier_name,
             coalesce(g.contacts, '[]'::json) as contacts, coalesce(g.members, 0) as members,
             coalesce(b.accepted_loads, 0) as accepted_loads, coalesce(b.total_earnings, 0) as total_earnings,
             greatest(g.last_login_at, b.last_accepted_at) as last_activity, g.joined_at, coalesce(g.member_match, false) as member_match
      from g full outer join b on b.key = g.key
    )
    select c.carrier_name, c.contacts, c.members, c.accepted_loads, c.total_earnings,
           (extract(epoch from c.last_activity) * 1000)::float8 as last_activity_ms,
           (extract(epoch from c.joined_at) * 1000)::float8 as joined_at_ms,
           count(*) over () as total
    from c
    ${pattern ? sql`where c.carrier_name ilike ${pattern} or c.member_match` : sql``}
    order by ${order}, c.key
    limit ${q.limit} offset ${q.offset}`,
  );

  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.offset > 0) {
    // past the last page: the total still has to be told
    total = (await listCompanies(db, { ...q, limit: 1, offset: 0 })).total;
  }
  return {
    rows: rows.map((r) => ({
      carrierName: String(r.carrier_name),
      contacts: (typeof r.contacts === "string" ? JSON.parse(r.contacts) : r.contacts) as CompanyRow["contacts"],
      members: Number(r.members),
      acceptedLoads: Number(r.accepted_loads),
      totalEarnings: Number(r.total_earnings),
      lastActivity: epochMs(r.last_activity_ms),
      joinedAt: epochMs(r.joined_at_ms),
    })),
    total,
  };
}
