// Drizzle queries of the users module (style.md: repositories take DbOrTx).
import { and, asc, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, users, type UserRow } from "../../db/schema";

/** spec §2 Users tab: "loads accepted" counts the loads a user holds or held to the end */
const HELD_STATUSES = sql`('accepted', 'approved', 'completed')`;

export const UNKNOWN_CARRIER = "Unknown Carrier";
// a literal, not a bind parameter: the same expression must appear in SELECT and GROUP BY
const UNKNOWN_CARRIER_SQL = sql.raw(`'${UNKNOWN_CARRIER}'`);

export interface UserStatsRow {
  user: UserRow;
  loadsAccepted: number;
  totalEarnings: number;
}

export async function listUsersWithStats(db: DbOrTx): Promise<UserStatsRow[]> {
  // one pass over the loads, joined (a join also makes Drizzle qualify every column)
  const perUser = db
    .select({
      userId: loads.acceptedBy,
      loadsAccepted: sql<number>`count(*) filter (where ${loads.status} in ${HELD_STATUSES})`.as("loads_accepted"),
      // contract: earnings = sum of price of completed loads
      totalEarnings: sql<number>`coalesce(sum(${loads.price}) filter (where ${loads.status} = 'completed'), 0)`.as("total_earnings"),
    })
    .from(loads)
    .where(isNotNull(loads.acceptedBy))
    .groupBy(loads.acceptedBy)
    .as("per_user");
  return db
    .select({
      user: users,
      loadsAccepted: sql<number>`coalesce(${perUser.loadsAccepted}, 0)`.mapWith(Number),
      totalEarnings: sql<number>`coalesce(${perUser.totalEarnings}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(perUser, eq(perUser.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
}

export async function listPendingUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.isApproved, false)).orderBy(desc(users.createdAt), desc(users.id));
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

/** Approve a pending account; undefined when there is no such pending account. */
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

export type CarrierContactRow = Pick<UserRow, "name" | "email" | "carrierName" | "createdAt" | "lastLoginAt">;

export async function listCarrierUsers(db: DbOrTx): Promise<CarrierContactRow[]> {
  return db
    .select({
      name: users.name,
      email: users.email,
      carrierName: users.carrierName,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.role, "carrier"))
    .orderBy(asc(users.createdAt), asc(users.id));
}

export interface CompanyLoadsRow {
  company: string;
  acceptedLoads: number;
  totalEarnings: number;
  lastAcceptedAt: Date | null;
}

/**
 * Accepted, approved and completed loads per company name: the name recorded at
 * acceptance, else the accepting user's company, else "Unknown Carrier"
 * (spec §2 Carriers tab).
 */
export async function loadsPerCompany(db: DbOrTx): Promise<CompanyLoadsRow[]> {
  const company = sql<string>`coalesce(nullif(btrim(${loads.acceptedByCarrier}), ''), nullif(btrim(${users.carrierName}), ''), ${UNKNOWN_CARRIER_SQL})`;
  const rows = await db
    .select({
      company,
      acceptedLoads: sql<number>`count(*)`.mapWith(Number),
      totalEarnings: sql<number>`coalesce(sum(${loads.price}) filter (where ${loads.status} = 'completed'), 0)`.mapWith(Number),
      // epoch milliseconds: the same on both drivers
      lastAcceptedMs: sql<number | null>`(extract(epoch from max(${loads.acceptedAt})) * 1000)`,
    })
    .from(loads)
    .leftJoin(users, eq(users.id, loads.acceptedBy))
    .where(sql`${loads.status} in ${HELD_STATUSES}`)
    .groupBy(company);
  return rows.map((r) => ({
    company: r.company,
    acceptedLoads: r.acceptedLoads,
    totalEarnings: r.totalEarnings,
    lastAcceptedAt: r.lastAcceptedMs === null ? null : new Date(Math.round(Number(r.lastAcceptedMs))),
  }));
}
