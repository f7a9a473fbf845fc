// The send log: one row an attempt, written by the mail job in the transaction
// that records the attempt's outcome on the job.
import type { DbOrTx } from "../db/client";
import { emailLog } from "../db/schema";

export async function insertEmailLog(db: DbOrTx, row: typeof emailLog.$inferInsert): Promise<void> {
  await db.insert(emailLog).values(row);
}
