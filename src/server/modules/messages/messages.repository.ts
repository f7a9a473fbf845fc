// Message queries: threads (load_id, company_id), read marks and the thread's
// email claims. Every query names the thread in full, so a company's messages are
// only ever read by asking for that company.
import { and, count, desc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, loadMessageReads, loadMessages, loads, type LoadMessageRow } from "../../db/schema";

/** The advisory-lock space of the messages-a-minute count (objects uses 7301). */
const RATE_LOCK_SPACE = 7326;

export type Side = "carrier" | "staff";
export interface Thread {
  loadId: string;
  companyId: string;
}

/**
 * Hold the author's rate lock to the end of the transaction and count their
 * messages in the window: simultaneous posts by one user, in any process, are
 * counted one after the other, so the limit is never overshot.
 */
export async function countRecentByAuthor(tx: DbOrTx, authorId: string, since: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RATE_LOCK_SPACE}, hashtext(${authorId}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(loadMessages)
    .where(and(eq(loadMessages.authorId, authorId), gt(loadMessages.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function insertMessage(
  tx: DbOrTx,
  v: Thread & { authorId: string; authorName: string; authorRole: Side; body: string; now: Date },
): Promise<LoadMessageRow> {
  const [row] = await tx
    .insert(loadMessages)
    .values({ loadId: v.loadId, companyId: v.companyId, authorId: v.authorId, authorName: v.authorName, authorRole: v.authorRole, body: v.body, createdAt: v.now })
    .returning();
  return row;
}

export async function findMessage(db: DbOrTx, id: string): Promise<LoadMessageRow | undefined> {
  const [row] = await db.select().from(loadMessages).where(eq(loadMessages.id, id));
  return row;
}

/** The companies with a thread on the load, and their names. */
export function threadCompanies(db: DbOrTx, loadId: string, companyId?: string) {
  return db
    .selectDistinct({ companyId: loadMessages.companyId, companyName: companies.name })
    .from(loadMessages)
    .innerJoin(companies, eq(companies.id, loadMessages.companyId))
    .where(and(eq(loadMessages.loadId, loadId), companyId ? eq(loadMessages.companyId, companyId) : undefined));
}

export async function companyName(db: DbOrTx, companyId: string): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? null;
}

/** The thread's latest `limit` messages, oldest first. */
export async function threadMessages(db: DbOrTx, t: Thread, limit: number): Promise<LoadMessageRow[]> {
  const rows = await db
    .select()
    .from(loadMessages)
    .where(and(eq(loadMessages.loadId, t.loadId), eq(loadMessages.companyId, t.companyId)))
    .orderBy(desc(loadMessages.seq))
    .limit(limit);
  return rows.reverse();
}

/** How far the user has read each thread of the load (0: nothing). */
export async function readMarks(db: DbOrTx, loadId: string, userId: string, companyIds: string[]): Promise<Map<string, number>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({ companyId: loadMessageReads.companyId, readSeq: loadMessageReads.readSeq })
    .from(loadMessageReads)
    .where(and(eq(loadMessageReads.loadId, loadId), eq(loadMessageReads.userId, userId), inArray(loadMessageReads.companyId, companyIds)));
  return new Map(rows.map((r) => [r.companyId, Number(r.readSeq)]));
}

/** Messages of the other side after the user's read mark, per thread of the load. */
export async function unreadCounts(db: DbOrTx, loadId: string, userId: string, side: Side, companyIds: string[]): Promise<Map<string, number>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({ companyId: loadMessages.companyId, n: count() })
    .from(loadMessages)
    .leftJoin(
      loadMessageReads,
      and(eq(loadMessageReads.loadId, loadMessages.loadId), eq(loadMessageReads.companyId, loadMessages.companyId), eq(loadMessageReads.userId, userId)),
    )
    .where(
      and(
        eq(loadMessages.loadId, loadId),
        inArray(loadMessages.companyId, companyIds),
        ne(loadMessages.authorRole, side),
        sql`${loadMessages.seq} > coalesce(${loadMessageReads.readSeq}, 0)`,
      ),
    )
    .groupBy(loadMessages.companyId);
  return new Map(rows.map((r) => [r.companyId, Number(r.n)]));
}

/**
 * Mark the thread read up to its latest message for the user (never backwards).
 * Returns how many of the other side's messages this newly marked read.
 */
export async function markThreadRead(tx: DbOrTx, t: Thread, userId: string, side: Side): Promise<number> {
  const unread = (await unreadCounts(tx, t.loadId, userId, side, [t.companyId])).get(t.companyId) ?? 0;
  const [latest] = await tx
    .select({ seq: sql<string | number | null>`max(${loadMessages.seq})` })
    .from(loadMessages)
    .where(and(eq(loadMessages.loadId, t.loadId), eq(loadMessages.companyId, t.companyId)));
  const upTo = Number(latest?.seq ?? 0);
  if (!upTo) return 0;
  await tx
    .insert(loadMessageReads)
    .values({ loadId: t.loadId, companyId: t.companyId, userId, readSeq: upTo })
    .onConflictDoUpdate({
      target: [loadMessageReads.loadId, loadMessageReads.companyId, loadMessageReads.userId],
      set: { readSeq: sql`greatest(${loadMessageReads.readSeq}, ${upTo})` },
    });
  return unread;
}

/**
 * Claim the thread's email to each of `userIds` who has not read up to `seq`
 * and was not emailed about the thread since `gapSince`: one statement, so of
 * two jobs (or processes) only one claims a user. Returns the users claimed.
 */
export async function claimUnreadEmails(tx: DbOrTx, t: Thread, userIds: string[], seq: number, now: Date, gapSince: Date): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await tx
    .insert(loadMessageReads)
    .values(userIds.map((userId) => ({ loadId: t.loadId, companyId: t.companyId, userId, readSeq: 0, emailedAt: now })))
    .onConflictDoUpdate({
      target: [loadMessageReads.loadId, loadMessageReads.companyId, loadMessageReads.userId],
      set: { emailedAt: now },
      setWhere: sql`${loadMessageReads.readSeq} < ${seq} and (${loadMessageReads.emailedAt} is null or ${loadMessageReads.emailedAt} <= ${gapSince.toISOString()}::timestamptz)`,
    })
    .returning({ userId: loadMessageReads.userId });
  return rows.map((r) => r.userId);
}

/**
 * The user's threads with unread messages of the other side since `since`, latest
 * first: staff every thread, a carrier their company's on loads `visible` to them.
 */
export async function unreadThreads(db: DbOrTx, v: { userId: string; side: Side; companyId?: string; visible?: SQL; since: Date; limit: number }) {
  const rows = await db
    .select({
      loadId: loadMessages.loadId,
      companyId: loadMessages.companyId,
      loadNumber: loads.loadNumber,
      companyName: companies.name,
      unread: sql<number>`count(*)::int`,
      last: sql<string | Date>`max(${loadMessages.createdAt})`,
    })
    .from(loadMessages)
    .innerJoin(loads, eq(loads.id, loadMessages.loadId))
    .innerJoin(companies, eq(companies.id, loadMessages.companyId))
    .leftJoin(
      loadMessageReads,
      and(eq(loadMessageReads.loadId, loadMessages.loadId), eq(loadMessageReads.companyId, loadMessages.companyId), eq(loadMessageReads.userId, v.userId)),
    )
    .where(
      and(
        ne(loadMessages.authorRole, v.side),
        gt(loadMessages.createdAt, v.since),
        sql`${loadMessages.seq} > coalesce(${loadMessageReads.readSeq}, 0)`,
        v.companyId ? eq(loadMessages.companyId, v.companyId) : undefined,
        v.visible,
      ),
    )
    .groupBy(loadMessages.loadId, loadMessages.companyId, loads.loadNumber, companies.name)
    // latest first by the thread's newest message: seq, not the time, since two messages
    // written in the same millisecond (or under a stopped test clock) must still have an order
    .orderBy(sql`max(${loadMessages.seq}) desc`)
    .limit(v.limit);
  return rows.map((r) => ({ ...r, unread: Number(r.unread), last: new Date(r.last) }));
}
