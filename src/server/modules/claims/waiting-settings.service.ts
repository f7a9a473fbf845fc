// GET|PUT /api/admin/waiting-time-settings (staff): the free minutes, the rate per
// hour, the cap in hours and the claim window in days. A change prices the claims
// sent after it; a claim already sent keeps the terms it was priced with (its row).
import type { DbOrTx } from "../../db/client";
import type { WaitingTimeSettings } from "../../../contract/schemas/claim";
import { readWaitingSettings, writeWaitingSettings } from "./waiting-settings.repository";

export const getWaitingSettings = (opts: { db: DbOrTx }): Promise<WaitingTimeSettings> => readWaitingSettings(opts.db);

export async function setWaitingSettings(opts: { db: DbOrTx; input: WaitingTimeSettings; now: Date }): Promise<WaitingTimeSettings> {
  await writeWaitingSettings(opts.db, opts.input, opts.now);
  return readWaitingSettings(opts.db);
}
