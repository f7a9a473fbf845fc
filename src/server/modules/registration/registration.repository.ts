// Queries of the applicant tokens (registration with documents): the
// hashed token of a self-registration's `applicant` cookie. Repositories take a
// DbOrTx.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { applicantTokens, users, type UserRow } from "../../db/schema";

export async function insertApplicantToken(db: DbOrTx, v: { tokenHash: string; userId: string; expiresAt: Date; now: Date }): Promise<void> {
  await db.insert(applicantTokens).values({ tokenHash: v.tokenHash, userId: v.userId, expiresAt: v.expiresAt, createdAt: v.now });
}

/** The account a live token belongs to, while it is still waiting for approval. */
export async function findApplicant(db: DbOrTx, tokenHash: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(applicantTokens)
    .innerJoin(users, eq(users.id, applicantTokens.userId))
    .where(and(eq(applicantTokens.tokenHash, tokenHash), gt(applicantTokens.expiresAt, now), eq(users.isApproved, false)))
    .limit(1);
  return row?.user;
}

/**
 * Count one more upload ticket against the applicant's limit, in the ticket's
 * transaction: false (nothing counted) when `limit` are issued already.
 */
export async function countApplicantTicket(db: DbOrTx, userId: string, limit: number): Promise<boolean> {
  const rows = await db
    .update(applicantTokens)
    .set({ uploadTickets: sql`${applicantTokens.uploadTickets} + 1` })
    .where(and(eq(applicantTokens.userId, userId), lt(applicantTokens.uploadTickets, limit)))
    .returning({ n: applicantTokens.uploadTickets });
  return rows.length > 0;
}

export async function deleteApplicantTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(applicantTokens).where(eq(applicantTokens.userId, userId));
}
