// The network's waiting-time terms: one row (id 1), written with the contract's
// defaults by the migration; read with the claim that uses them.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { waitingTimeSettings } from "../../db/schema";
import { WAITING_TIME_DEFAULTS, type WaitingTimeSettings } from "../../../contract/schemas/claim";

export async function readWaitingSettings(db: DbOrTx): Promise<WaitingTimeSettings> {
  const [row] = await db.select().from(waitingTimeSettings).where(eq(waitingTimeSettings.id, 1));
  if (!row) return { ...WAITING_TIME_DEFAULTS };
  return { freeMinutes: row.freeMinutes, ratePerHour: Number(row.ratePerHour), maxHours: row.maxHours, claimDays: row.claimDays };
}

export async function writeWaitingSettings(db: DbOrTx, v: WaitingTimeSettings, now: Date): Promise<void> {
  const set = { freeMinutes: v.freeMinutes, ratePerHour: v.ratePerHour.toFixed(2), maxHours: v.maxHours, claimDays: v.claimDays, updatedAt: now };
  await db
    .insert(waitingTimeSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: waitingTimeSettings.id, set });
}
