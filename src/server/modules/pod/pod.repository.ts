// Drizzle queries of the POD module (the POD fields on the load row).
import { eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { loads, type LoadRow } from "../../db/schema";
import { findLoad } from "../loads/loads.repository";

/** The load as committed, unlocked (the state check before the body is read). */
export async function readLoad(db: DbOrTx, loadId: string): Promise<LoadRow | undefined> {
  const [row] = await db.select().from(loads).where(eq(loads.id, loadId));
  return row;
}

/** The load, locked for the rest of the transaction (check and write in one transaction). */
export async function lockLoad(tx: Tx, loadId: string): Promise<LoadRow | undefined> {
  return findLoad(tx, loadId, { lock: true });
}

export async function updatePodFields(tx: Tx, loadId: string, set: Partial<typeof loads.$inferInsert>): Promise<LoadRow> {
  const [row] = await tx.update(loads).set(set).where(eq(loads.id, loadId)).returning();
  return row;
}
