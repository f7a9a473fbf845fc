// The import's reads and writes of loads. Creating
// a load's history, lane alerts and webhooks is the loads module's own
// (loads.service createdLoadEvents); here only the numbers and the rows.
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { loads } from "../../../db/schema";

/** Which of these load numbers exist already (in chunks: a bounded parameter list per query). */
export async function existingLoadNumbers(db: DbOrTx, numbers: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < numbers.length; i += 1_000) {
    const chunk = numbers.slice(i, i + 1_000);
    const rows = await db.select({ loadNumber: loads.loadNumber }).from(loads).where(inArray(loads.loadNumber, chunk));
    for (const r of rows) out.add(r.loadNumber);
  }
  return out;
}

/**
 * One INSERT of up to 100 rows. The live module's trigger (migration 0012) sends
 * one `event: load` per row for a statement of at most 100 rows, and a single
 * resync beyond: at 100 a statement every imported load reaches open boards as
 * itself, as a load posted by hand does.
 */
export const INSERT_BATCH = 100;

export async function insertLoadBatch(db: DbOrTx, values: (typeof loads.$inferInsert)[]): Promise<{ id: string; loadNumber: string; status: string }[]> {
  return db.insert(loads).values(values).returning({ id: loads.id, loadNumber: loads.loadNumber, status: loads.status });
}
