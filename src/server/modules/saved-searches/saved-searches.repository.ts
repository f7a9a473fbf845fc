// Saved-search queries (repositories take a DbOrTx). Ownership is part
// of every query: another user's search is simply not found.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { laneAlerts, laneDigests, loadEvents, loads, savedSearches, users, type SavedSearchRow } from "../../db/schema";

export async function listSavedSearchRows(db: DbOrTx, userId: string, page: { limit: number; offset: number }): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countSavedSearches(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return Number(row?.n ?? 0);
}

/** Serialises a user's saves (the cap of 20 is counted under it). */
export async function lockUser(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return rows.length > 0;
}

export async function insertSavedSearch(db: DbOrTx, values: typeof savedSearches.$inferInsert): Promise<SavedSearchRow> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  return row;
}

export async function updateOwnSavedSearch(
  db: DbOrTx,
  opts: { id: string; userId: string; set: Partial<typeof savedSearches.$inferInsert> },
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set(opts.set)
    .where(and(eq(savedSearches.id, opts.id), eq(savedSearches.userId, opts.userId)))
    .returning();
  return row;
}

export async function deleteOwnSavedSearch(db: DbOrTx, opts: { id: string; userId: string }): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, opts.id), eq(savedSearches.userId, opts.userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Every search with this alert setting, with its owner (approved users only). */
export async function listAlertingSearches(db: DbOrTx, alert: "instant" | "daily") {
  return db
    .select({ search: savedSearches, email: users.email, name: users.name })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(eq(savedSearches.alert, alert), eq(users.isApproved, true)))
    .orderBy(savedSearches.userId, savedSearches.createdAt);
}

/**
 * Which of the conditions hold for one load (on the board now): the indexes of
 * those that do, in one statement however many there are.
 */
export async function matchingConditions(db: DbOrTx, opts: { loadId: string; onBoard: SQL; conditions: (SQL | undefined)[] }): Promise<number[]> {
  if (opts.conditions.length === 0) return [];
  const cases = opts.conditions.map((c, i) => sql`case when ${c ?? sql`true`} then ${i}::int end`);
  const [row] = await db
    .select({ hits: sql<number[] | null>`array_remove(array[${sql.join(cases, sql`, `)}], null)` })
    .from(loads)
    .where(and(eq(loads.id, opts.loadId), opts.onBoard));
  return (row?.hits ?? []).map(Number);
}

/** What an alert says of a load (nothing private: see lane-alerts.ts laneMatchText). */
export async function findLoadForAlert(db: DbOrTx, loadId: string) {
  const [row] = await db
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      pickupCity: loads.pickupCity,
      deliveryCity: loads.deliveryCity,
      pickupDate: loads.pickupDate,
      price: loads.price,
      equipmentType: loads.equipmentType,
    })
    .from(loads)
    .where(eq(loads.id, loadId));
  return row;
}

/** Claim the instant alert of (user, load): true for the one claim that wins, in any process. */
export async function claimLaneAlert(db: DbOrTx, opts: { userId: string; loadId: string; now: Date }): Promise<boolean> {
  const rows = await db
    .insert(laneAlerts)
    .values({ userId: opts.userId, loadId: opts.loadId, createdAt: opts.now })
    .onConflictDoNothing()
    .returning({ userId: laneAlerts.userId });
  return rows.length > 0;
}

/** The latest digest before `day` (its `until` starts the next one's window). */
export async function lastDigest(db: DbOrTx): Promise<{ day: string; until: Date } | undefined> {
  const [row] = await db.select({ day: laneDigests.day, until: laneDigests.until }).from(laneDigests).orderBy(desc(laneDigests.day)).limit(1);
  return row;
}

/** Claim the digest of a UK day: true for the one process that wins. */
export async function claimDigest(db: DbOrTx, row: { day: string; since: Date; until: Date }): Promise<boolean> {
  const rows = await db.insert(laneDigests).values(row).onConflictDoNothing().returning({ day: laneDigests.day });
  return rows.length > 0;
}

/**
 * Loads that became available in (since, until] (created, copied, reset or
 * un-cancelled: an event into "available" from anything else) and are on the
 * board now, matching `where`; newest first, at most `limit`.
 */
export async function loadsBecameAvailable(
  db: DbOrTx,
  opts: { since: Date; until: Date; onBoard: SQL; where: SQL | undefined; limit: number },
) {
  // per load on the board, its events (load_events_load_idx): the board is bounded, the history is not
  const became = sql`exists (select 1 from ${loadEvents} where ${loadEvents.loadId} = ${loads.id}
    and ${loadEvents.toStatus} = 'available' and ${loadEvents.fromStatus} is distinct from 'available'
    and ${loadEvents.createdAt} > ${opts.since} and ${loadEvents.createdAt} <= ${opts.until})`;
  return db
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      pickupCity: loads.pickupCity,
      deliveryCity: loads.deliveryCity,
      pickupDate: loads.pickupDate,
      price: loads.price,
      equipmentType: loads.equipmentType,
    })
    .from(loads)
    .where(and(opts.onBoard, became, opts.where))
    .orderBy(desc(loads.createdAt), loads.id)
    .limit(opts.limit);
}

