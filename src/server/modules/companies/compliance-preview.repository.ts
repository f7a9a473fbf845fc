// The reads of the settings preview and of Manage Bids' award check: every
// company, the FORS loads on the board, the pending bids on the board with their
// bidders, and the company of given users. Read-only.
import { and, asc, eq, gte, inArray, isNull, ne, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { bids, companies, loads, users } from "../../db/schema";

/** On the board: available and its pickup day not over (UK); an expired load can be neither booked nor awarded. */
const onBoard = (startOfToday: Date) => and(eq(loads.status, "available"), or(isNull(loads.pickupDate), gte(loads.pickupDate, startOfToday)));

export function allCompanies(db: DbOrTx) {
  return db.select({ id: companies.id, name: companies.name, forsLevel: companies.forsLevel }).from(companies).orderBy(asc(companies.name), asc(companies.id));
}

export function companiesByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: companies.id, name: companies.name, forsLevel: companies.forsLevel }).from(companies).where(inArray(companies.id, ids));
}

/** The FORS requirement of each load on the board that has one. */
export async function forsRequirementsOnBoard(db: DbOrTx, startOfToday: Date): Promise<string[]> {
  const rows = await db
    .select({ fors: loads.forsRequirement })
    .from(loads)
    .where(and(onBoard(startOfToday), ne(loads.forsRequirement, "")));
  return rows.map((r) => r.fors);
}

/** Open bids (pending or countered) on loads on the board, with the bidder (role, company) and the load's number and FORS requirement. */
export function pendingBidsOnBoard(db: DbOrTx, startOfToday: Date) {
  return db
    .select({
      bidId: bids.id,
      loadId: loads.id,
      loadNumber: loads.loadNumber,
      forsRequirement: loads.forsRequirement,
      bidAmount: bids.bidAmount,
      carrierName: users.name,
      carrierCompany: users.carrierName,
      companyId: users.companyId,
      role: users.role,
      isAdmin: users.isAdmin,
    })
    .from(bids)
    .innerJoin(loads, eq(loads.id, bids.loadId))
    .innerJoin(users, eq(users.id, bids.carrierId))
    // a countered bid can still be awarded (the bidder accepting the counter is checked as an accept)
    .where(and(inArray(bids.status, ["pending", "countered"]), onBoard(startOfToday)))
    .orderBy(asc(loads.loadNumber), asc(bids.bidAmount), asc(bids.id));
}
