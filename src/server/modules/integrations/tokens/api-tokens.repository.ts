// api_tokens rows (migration 0015). Only the SHA-256 of a token is stored or
// looked up; nothing here returns token_hash to a caller.
import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { apiTokens, users } from "../../../db/schema";

export async function insertToken(
  db: DbOrTx,
  v: { userId: string; name: string; tokenHash: string; scopes: string[]; expiresOn: string | null; now: Date },
) {
  const [row] = await db
    .insert(apiTokens)
    .values({ userId: v.userId, name: v.name, tokenHash: v.tokenHash, scopes: v.scopes, expiresOn: v.expiresOn, createdAt: v.now })
    .returning({ id: apiTokens.id, createdAt: apiTokens.createdAt });
  return row;
}

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  expiresOn: apiTokens.expiresOn,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  createdBy: users.name,
};

export async function listTokens(db: DbOrTx, page: { limit: number; offset: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db.select(listed).from(apiTokens).leftJoin(users, eq(users.id, apiTokens.userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)).limit(page.limit).offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(apiTokens),
  ]);
  return { rows, total };
}

export async function deleteToken(db: DbOrTx, id: string): Promise<boolean> {
  const gone = await db.delete(apiTokens).where(eq(apiTokens.id, id)).returning({ id: apiTokens.id });
  return gone.length > 0;
}

export interface TokenUse {
  id: string;
  userId: string;
  scopes: string[];
  windowStart: Date;
  windowCount: number;
}

/**
 * One request made with a token, in one statement: the token must exist (a
 * revoked token is a deleted row) and not be past its last day; its last-used
 * time is stamped and the request counted in its one-minute window, under the
 * row's lock, so concurrent requests from any number of processes count once
 * each. undefined: no such token.
 */
export async function useToken(db: DbOrTx, tokenHash: string, now: Date, today: string): Promise<TokenUse | undefined> {
  const windowOpen = sql`${apiTokens.windowStart} IS NOT NULL AND ${apiTokens.windowStart} > ${now}::timestamptz - interval '1 minute'`;
  const [row] = await db
    .update(apiTokens)
    .set({
      lastUsedAt: now,
      windowStart: sql`CASE WHEN ${windowOpen} THEN ${apiTokens.windowStart} ELSE ${now}::timestamptz END`,
      windowCount: sql`CASE WHEN ${windowOpen} THEN ${apiTokens.windowCount} + 1 ELSE 1 END`,
    })
    .where(sql`${apiTokens.tokenHash} = ${tokenHash} AND (${apiTokens.expiresOn} IS NULL OR ${apiTokens.expiresOn} >= ${today}::date)`)
    .returning({
      id: apiTokens.id,
      userId: apiTokens.userId,
      scopes: apiTokens.scopes,
      windowStart: apiTokens.windowStart,
      windowCount: apiTokens.windowCount,
    });
  return row ? { ...row, windowStart: row.windowStart! } : undefined;
}
