// Queries of the applicant tokens (registration with documents, issue 17): the
// hashed token of a self-registration's `applicant` cookie. style.md: repositories
// take a DbOrTx.
import { and, eq, gt } from "drizzle-orm";
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

export async function deleteApplicantTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(applicantTokens).where(eq(applicantTokens.userId, userId));
}
