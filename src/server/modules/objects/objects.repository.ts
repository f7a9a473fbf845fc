// Drizzle queries of the objects table (uploads and their single-use tickets).
import { and, count, eq, gt, inArray, isNull, lt, min, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companyDocuments, loads, objects, uploadChunks } from "../../db/schema";

export type ObjectRow = typeof objects.$inferSelect;

export async function insertUploadTicket(
  db: DbOrTx,
  v: { key: string; ownerId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(objects).values({
    key: v.key,
    ownerId: v.ownerId,
    uploadTokenHash: v.tokenHash,
    uploadExpiresAt: v.expiresAt,
    createdAt: v.now,
  });
}

/** The ticket or upload. `lock`: held to the end of the caller's transaction (attaching it to a load). */
export async function findByTokenHash(db: DbOrTx, tokenHash: string, opts: { lock?: boolean } = {}): Promise<ObjectRow | undefined> {
  const q = db.select().from(objects).where(eq(objects.uploadTokenHash, tokenHash)).limit(1);
  const [row] = opts.lock ? await q.for("no key update") : await q;
  return row;
}

export async function findByKey(db: DbOrTx, key: string, opts: { lock?: boolean } = {}): Promise<ObjectRow | undefined> {
  const q = db.select().from(objects).where(eq(objects.key, key)).limit(1);
  const [row] = opts.lock ? await q.for("no key update") : await q;
  return row;
}

/** The upload is (or stays) attached to a load: the sweep of never-attached uploads keeps it. */
export async function markAttached(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(objects)
    .set({ attachedAt: sql`coalesce(${objects.attachedAt}, now())` })
    .where(eq(objects.key, key));
}

/** The uploads are attached to nothing any more (a record that named them is going): the sweep may take them. */
export async function unmarkAttached(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.update(objects).set({ attachedAt: null }).where(inArray(objects.key, keys));
}

/** Upload URLs issued to one user since `since`, and the oldest of them (the per-user rate limit). */
export async function ticketsIssuedSince(db: DbOrTx, ownerId: string, since: Date): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(objects.createdAt) })
    .from(objects)
    .where(and(eq(objects.ownerId, ownerId), gt(objects.createdAt, since)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ?? null };
}

/**
 * The bytes a user's uploads not yet attached to anything hold (counted against
 * their upload budget): each finished upload's size, and the chunks held of each upload in
 * progress (or abandoned: its chunks stay until the sweep). `except`: leave out one
 * upload (the one being completed, counted with its own size by the caller).
 * `oldestExpiry`: the earliest ticket expiry among them (when room frees up).
 */
export async function heldUploadBytes(db: DbOrTx, ownerId: string, opts: { except?: string } = {}): Promise<{ bytes: number; oldestExpiry: Date | null }> {
  const chunkBytes = sql`(select coalesce(sum(length(${uploadChunks.data})), 0) from ${uploadChunks} where ${uploadChunks.objectKey} = ${objects.key})`;
  const [row] = await db
    .select({
      bytes: sql<string>`coalesce(sum(case when ${objects.uploadedAt} is not null then coalesce(${objects.size}, 0) else ${chunkBytes} end), 0)`,
      oldest: sql<Date | string | null>`min(${objects.uploadExpiresAt})`,
    })
    .from(objects)
    .where(and(eq(objects.ownerId, ownerId), isNull(objects.attachedAt), opts.except ? ne(objects.key, opts.except) : undefined));
  const oldest = row?.oldest == null ? null : new Date(row.oldest);
  return { bytes: Number(row?.bytes ?? 0), oldestExpiry: oldest };
}

/**
 * Serialise one user's ticket issuing, and the budget checks of their arriving
 * bytes (objects.upload.ts), to the end of the caller's transaction, in every process. Namespaced (2 keys) so it cannot meet another advisory lock.
 */
export async function lockUploadsOf(tx: DbOrTx, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK_SPACE}, hashtext(${ownerId}))`);
}
const UPLOAD_LOCK_SPACE = 7301;

/**
 * Uploads never attached to a load whose URL expired before `before`, locked
 * for the sweep. SKIP LOCKED: two processes sweeping at once take different rows,
 * and a row that POD is attaching right now (findBy… with lock) is left alone.
 * The NOT EXISTS also keeps files that a load or a company document names
 * without attached_at (rows written before migration 0004, test fixtures).
 */
export async function lockUnattached(db: DbOrTx, before: Date, limit: number): Promise<Pick<ObjectRow, "key" | "uploadedAt">[]> {
  return db
    .select({ key: objects.key, uploadedAt: objects.uploadedAt })
    .from(objects)
    .where(
      and(
        isNull(objects.attachedAt),
        lt(objects.uploadExpiresAt, before),
        sql`not exists (select 1 from ${loads} where ${loads.signedPaperworkUrl} = '/objects/' || ${objects.key})`,
        sql`not exists (select 1 from ${companyDocuments} where ${companyDocuments.objectPath} = '/objects/' || ${objects.key})`,
      ),
    )
    .orderBy(objects.createdAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function deleteObjects(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(objects).where(inArray(objects.key, keys));
}

/**
 * Spend the ticket: one conditional UPDATE, so of two simultaneous uploads on one
 * URL exactly one is kept. The token hash stays so a second use can be told apart
 * from an unknown URL (409, not 404); uploadedAt set means "used".
 */
export async function markUploaded(
  db: DbOrTx,
  v: { key: string; tokenHash: string; contentType: string; size: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(objects)
    .set({ uploadedAt: v.now, contentType: v.contentType, size: v.size })
    .where(and(eq(objects.key, v.key), eq(objects.uploadTokenHash, v.tokenHash), isNull(objects.uploadedAt)))
    .returning({ key: objects.key });
  return rows.length === 1;
}

/** Undo markUploaded when the store could not keep the file. */
export async function unmarkUploaded(db: DbOrTx, key: string): Promise<void> {
  await db.update(objects).set({ uploadedAt: null, contentType: null, size: null }).where(eq(objects.key, key));
}

/** Does a load name the file as its paperwork (loads.signed_paperwork_url)? Who may open it is the loads module's rule. */
export async function isLoadPaperwork(db: DbOrTx, objectPath: string): Promise<boolean> {
  const [row] = await db.select({ id: loads.id }).from(loads).where(eq(loads.signedPaperworkUrl, objectPath)).limit(1);
  return !!row;
}

/** Does a company's (or an applicant's) document name the file? Who may open it is the companies module's rule. */
export async function isDocumentFile(db: DbOrTx, objectPath: string): Promise<boolean> {
  const [row] = await db.select({ id: companyDocuments.id }).from(companyDocuments).where(eq(companyDocuments.objectPath, objectPath)).limit(1);
  return !!row;
}

/** How many bytes of a resumable upload are held (its chunks are contiguous from 0), and the total they declared. */
export async function heldOffset(db: DbOrTx, key: string): Promise<{ offset: number; total: number | null }> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(length(${uploadChunks.data})), 0)`, total: sql<number | null>`max(${uploadChunks.total})` })
    .from(uploadChunks)
    .where(eq(uploadChunks.objectKey, key));
  return { offset: Number(row?.n ?? 0), total: row?.total == null ? null : Number(row.total) };
}

export async function insertChunk(db: DbOrTx, v: { key: string; start: number; total: number; data: Buffer }): Promise<void> {
  await db.insert(uploadChunks).values({ objectKey: v.key, start: v.start, total: v.total, data: v.data });
}

/** The held chunks' starts and lengths, in order (the data is read one chunk at a time). */
export async function chunkStarts(db: DbOrTx, key: string): Promise<{ start: number; length: number }[]> {
  return db
    .select({ start: uploadChunks.start, length: sql<number>`length(${uploadChunks.data})`.mapWith(Number) })
    .from(uploadChunks)
    .where(eq(uploadChunks.objectKey, key))
    .orderBy(uploadChunks.start);
}

export async function chunkData(db: DbOrTx, key: string, start: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ data: uploadChunks.data })
    .from(uploadChunks)
    .where(and(eq(uploadChunks.objectKey, key), eq(uploadChunks.start, start)));
  return row?.data;
}

export async function deleteChunks(db: DbOrTx, key: string): Promise<void> {
  await db.delete(uploadChunks).where(eq(uploadChunks.objectKey, key));
}
