// Drizzle queries of the auth module (repositories take DbOrTx).
import { and, eq, gt, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { sessions, users, type UserRow } from "../../db/schema";

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function setLastLogin(db: DbOrTx, userId: string, now: Date): Promise<UserRow> {
  const [row] = await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId)).returning();
  return row;
}

export async function setPasswordResetToken(db: DbOrTx, userId: string, tokenHash: string, expires: Date): Promise<void> {
  await db.update(users).set({ passwordResetToken: tokenHash, passwordResetExpires: expires }).where(eq(users.id, userId));
}

/**
 * Use a reset token: one conditional UPDATE sets the new password and clears the
 * token, so of two simultaneous uses exactly one succeeds (single use, contract).
 */
/** Is there a live reset token with this hash? (cheap check before the costly hash) */
export async function resetTokenIsLive(db: DbOrTx, opts: { tokenHash: string; now: Date }): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.passwordResetToken, opts.tokenHash), gt(users.passwordResetExpires, opts.now)))
    .limit(1);
  return Boolean(row);
}

export async function consumeResetToken(
  db: DbOrTx,
  opts: { tokenHash: string; passwordHash: string; now: Date },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ password: opts.passwordHash, passwordResetToken: null, passwordResetExpires: null, updatedAt: opts.now })
    .where(and(eq(users.passwordResetToken, opts.tokenHash), gt(users.passwordResetExpires, opts.now)))
    .returning();
  return row;
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ password: passwordHash, passwordResetToken: null, passwordResetExpires: null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Approved staff: who is told that a registration waits (contract register). */
export async function listApprovedStaff(db: DbOrTx): Promise<Pick<UserRow, "email" | "name">[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.isApproved, true), or(eq(users.role, "admin"), eq(users.role, "manager"), eq(users.isAdmin, true))));
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
