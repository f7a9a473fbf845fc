// Who may open a load's POD paperwork (the file its signedPaperworkUrl names):
// staff, and the carrier whose load it is; anyone else gets 404. The objects
// module serves the file and asks this rule (registered in loads.routes.ts).
import { eq, sql } from "drizzle-orm";
import { isStaffRole } from "../../../contract/constants";
import type { DbOrTx } from "../../db/client";
import { loads } from "../../db/schema";
import { podFilename, type ObjectAccessRule } from "../objects/objects.service";
import { isOwnLoad } from "./load-visibility";

/** The loads a stored file is attached to (loads.signedPaperworkUrl = its objectPath), the latest changed first. */
function loadsWithPaperwork(db: DbOrTx, objectPath: string) {
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

export const loadPaperworkAccess: ObjectAccessRule = {
  name: "load paperwork",
  async mayOpen({ db, viewer, objectPath }) {
    const attached = await loadsWithPaperwork(db, objectPath);
    if (attached.length === 0) return null;
    const staff = isStaffRole(viewer);
    const load = attached.find((l) => staff || isOwnLoad(l, viewer));
    // downloaded as POD-<load number>
    return { allowed: !!load, filename: podFilename(load?.loadNumber ?? null) };
  },
};
