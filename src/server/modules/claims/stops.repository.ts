// Drizzle queries of stops: the stop rows of a load, the positions sent with them,
// the holding company of a load and the claim window (waiting_time_settings).
import { asc, eq, lt } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { companies, loads, loadStops, stopPositions, users, waitingTimeSettings, type LoadRow, type LoadStopRow } from "../../db/schema";
import { WAITING_TIME_DEFAULTS } from "../../../contract/schemas/claim";

export async function readLoad(db: DbOrTx, loadId: string): Promise<LoadRow | undefined> {
  const [row] = await db.select().from(loads).where(eq(loads.id, loadId));
  return row;
}

/**
 * The load, locked against another stop being recorded on it and against a status
 * change until commit. FOR NO KEY UPDATE: recording a stop changes no load column,
 * so rows that only reference the load (bids, views) are not held up.
 */
export async function lockLoadForStops(tx: Tx, loadId: string): Promise<LoadRow | undefined> {
  const [row] = await tx.select().from(loads).where(eq(loads.id, loadId)).for("no key update");
  return row;
}

/**
 * The carrier company holding the load: the company whose name is the load's
 * carrier name, else the company of the user who accepted it (the same rule the
 * self-billing invoice uses to find whom it pays).
 */
export async function holdingCompanyId(db: DbOrTx, load: Pick<LoadRow, "acceptedByCarrier" | "acceptedBy">): Promise<string | null> {
  const key = (load.acceptedByCarrier ?? "").trim().toLowerCase();
  if (key) {
    const [byName] = await db.select({ id: companies.id }).from(companies).where(eq(companies.nameKey, key));
    if (byName) return byName.id;
  }
  if (!load.acceptedBy) return null;
  const [byUser] = await db.select({ id: users.companyId }).from(users).where(eq(users.id, load.acceptedBy));
  return byUser?.id ?? null;
}

/** The viewer's company as it is now (not the session's copy). */
export async function companyOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: users.companyId }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}

/** Days after completion that a load is still booked for its stops (the claim window). */
export async function claimDays(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ claimDays: waitingTimeSettings.claimDays }).from(waitingTimeSettings).where(eq(waitingTimeSettings.id, 1));
  return row?.claimDays ?? WAITING_TIME_DEFAULTS.claimDays;
}

export async function stopRows(db: DbOrTx, loadId: string): Promise<LoadStopRow[]> {
  return db.select().from(loadStops).where(eq(loadStops.loadId, loadId));
}

/** Write one stop's row whole (insert or replace): the service has read and checked it under the load's lock. */
export async function saveStop(tx: Tx, row: Omit<typeof loadStops.$inferInsert, "createdAt">): Promise<void> {
  const set = { companyId: row.companyId, arrivedAt: row.arrivedAt, departedAt: row.departedAt, arrivalEvidence: row.arrivalEvidence, departureEvidence: row.departureEvidence, updatedAt: row.updatedAt };
  await tx
    .insert(loadStops)
    .values(row)
    .onConflictDoUpdate({ target: [loadStops.loadId, loadStops.stop], set });
}

export async function insertPosition(tx: Tx, row: typeof stopPositions.$inferInsert): Promise<void> {
  await tx.insert(stopPositions).values(row);
}

/** A handed-back load starts again with no stops (and the last holder's positions go with them). */
export async function clearStops(tx: DbOrTx, loadId: string): Promise<void> {
  await tx.delete(loadStops).where(eq(loadStops.loadId, loadId));
  await tx.delete(stopPositions).where(eq(stopPositions.loadId, loadId));
}

export async function positionsOf(db: DbOrTx, loadId: string) {
  return db
    .select({
      stop: stopPositions.stop,
      kind: stopPositions.kind,
      lat: stopPositions.lat,
      lng: stopPositions.lng,
      accuracyM: stopPositions.accuracyM,
      distanceMiles: stopPositions.distanceMiles,
      userName: users.name,
      createdAt: stopPositions.createdAt,
    })
    .from(stopPositions)
    .leftJoin(users, eq(users.id, stopPositions.userId))
    .where(eq(stopPositions.loadId, loadId))
    .orderBy(asc(stopPositions.createdAt), asc(stopPositions.id));
}

/** Positions recorded before `before`, deleted; how many went. */
export async function deletePositionsBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(stopPositions).where(lt(stopPositions.createdAt, before)).returning({ id: stopPositions.id });
  return gone.length;
}
