// Who may touch a load, shared by the loads module's services: the caller as the
// rules see them, staff-only actions, and the "404 for a load you may not know
// exists" rule.
import type { DbOrTx } from "../../db/client";
import type { LoadRow, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { canSeeLoad, type Viewer } from "./load-visibility";
import { findLoad } from "./loads.repository";

export type Actor = Pick<UserRow, "id" | "name" | "role" | "isAdmin" | "carrierName">;

/** Staff only (admins and managers), else 403. */
export function requireStaffActor(actor: Actor): void {
  if (!isStaffRole(actor)) throw new AppError(403, MSG.forbidden);
}

/** A load the viewer may know exists, else 404 (also for loads they may not see). */
export async function visibleRow(db: DbOrTx, viewer: Viewer, id: string): Promise<LoadRow> {
  const row = await findLoad(db, id);
  if (!row || !canSeeLoad(row, viewer)) throw new AppError(404, MSG.notFound);
  return row;
}
