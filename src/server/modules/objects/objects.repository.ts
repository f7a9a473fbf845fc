// Drizzle queries of the objects table (uploads and their single-use tickets).
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, objects } from "../../db/schema";

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

export async function findByTokenHash(db: DbOrTx, tokenHash: string): Promise<ObjectRow | undefined> {
  const [row] = await db.select().from(objects).where(eq(objects.uploadTokenHash, tokenHash)).limit(1);
  return row;
}

export async function findByKey(db: DbOrTx, key: string): Promise<ObjectRow | undefined> {
  const [row] = await db.select().from(objects).where(eq(objects.key, key)).limit(1);
  return row;
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

/** Tickets never used and long expired are of no further use (housekeeping on each new ticket). */
export async function deleteStaleTickets(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(objects).where(and(isNull(objects.uploadedAt), lt(objects.uploadExpiresAt, before)));
}

/** The loads a stored object is attached to (loads.signedPaperworkUrl = its objectPath). */
export async function loadsWithPaperwork(db: DbOrTx, objectPath: string) {
  return db
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      status: loads.status,
      acceptedBy: loads.acceptedBy,
      acceptedByCarrier: loads.acceptedByCarrier,
    })
    .from(loads)
    .where(eq(loads.signedPaperworkUrl, objectPath))
    .orderBy(sql`${loads.updatedAt} desc`);
}
