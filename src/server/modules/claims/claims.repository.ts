// Drizzle queries of waiting-time claims. Every function takes the database or the
// caller's open transaction; amounts stay numeric text until the service turns
// them into money.
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { companies, loads, waitingClaims, type LoadRow, type WaitingClaimRow } from "../../db/schema";
import type { ClaimStatus } from "../../../contract/schemas/claim";

/** A claim with its load's number and the carrier company's name as it is now (the list, the events). */
export type ClaimWithLoad = WaitingClaimRow & { loadNumber: string; companyName: string };

const withLoadNumber = {
  id: waitingClaims.id,
  loadId: waitingClaims.loadId,
  companyId: waitingClaims.companyId,
  stop: waitingClaims.stop,
  arrivedAt: waitingClaims.arrivedAt,
  departedAt: waitingClaims.departedAt,
  evidence: waitingClaims.evidence,
  minutes: waitingClaims.minutes,
  chargeableMinutes: waitingClaims.chargeableMinutes,
  freeMinutes: waitingClaims.freeMinutes,
  ratePerHour: waitingClaims.ratePerHour,
  amount: waitingClaims.amount,
  status: waitingClaims.status,
  decidedAmount: waitingClaims.decidedAmount,
  note: waitingClaims.note,
  reason: waitingClaims.reason,
  createdBy: waitingClaims.createdBy,
  createdAt: waitingClaims.createdAt,
  decidedAt: waitingClaims.decidedAt,
  decidedBy: waitingClaims.decidedBy,
  decidedByName: waitingClaims.decidedByName,
  loadNumber: loads.loadNumber,
  companyName: companies.name,
};

export async function findLoad(db: DbOrTx, id: string): Promise<LoadRow | undefined> {
  const [row] = await db.select().from(loads).where(eq(loads.id, id));
  return row;
}

/**
 * Insert a claim unless the stop has one already: null then. ON CONFLICT DO NOTHING
 * on the one-claim-a-stop index, so two claims sent at once never both land and the
 * loser's transaction stays usable (it waits for the winner, then finds its row).
 */
export async function insertClaim(tx: Tx, v: typeof waitingClaims.$inferInsert): Promise<WaitingClaimRow | null> {
  const [row] = await tx
    .insert(waitingClaims)
    .values(v)
    .onConflictDoNothing({ target: [waitingClaims.loadId, waitingClaims.stop] })
    .returning();
  return row ?? null;
}

export interface ClaimFilter {
  /** a carrier: their company's only (null: none at all); staff: undefined, or one company */
  companyId?: string | null;
  status?: ClaimStatus;
  /** part of the load's number or of the company's name */
  search?: string;
}

/** A LIKE pattern matching the text anywhere, with the user's %, _ and \ taken literally. */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filter as one condition; the search needs the loads and companies joins (the list and its count have both). */
export function claimWhere(f: ClaimFilter): SQL | undefined {
  return and(
    f.companyId === null ? sql`false` : f.companyId !== undefined ? eq(waitingClaims.companyId, f.companyId) : undefined,
    f.status ? eq(waitingClaims.status, f.status) : undefined,
    f.search ? or(ilike(loads.loadNumber, containsPattern(f.search)), ilike(companies.name, containsPattern(f.search))) : undefined,
  );
}

/** Pending first (what staff must decide), then newest first (waiting_claims_status_idx, _company_idx). */
export async function listClaimRows(db: DbOrTx, where: SQL | undefined, page: { limit: number; offset: number }): Promise<ClaimWithLoad[]> {
  return db
    .select(withLoadNumber)
    .from(waitingClaims)
    .innerJoin(loads, eq(loads.id, waitingClaims.loadId))
    .innerJoin(companies, eq(companies.id, waitingClaims.companyId))
    .where(where)
    .orderBy(sql`(${waitingClaims.status} = 'pending') desc`, desc(waitingClaims.createdAt), desc(waitingClaims.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countClaimRows(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(waitingClaims)
    .innerJoin(loads, eq(loads.id, waitingClaims.loadId))
    .innerJoin(companies, eq(companies.id, waitingClaims.companyId))
    .where(where);
  return Number(row.n);
}

/** The claim, locked until the deciding transaction ends: a second decision waits, then sees it decided. */
export async function lockClaim(tx: Tx, id: string): Promise<ClaimWithLoad | undefined> {
  const [row] = await tx
    .select(withLoadNumber)
    .from(waitingClaims)
    .innerJoin(loads, eq(loads.id, waitingClaims.loadId))
    .innerJoin(companies, eq(companies.id, waitingClaims.companyId))
    .where(eq(waitingClaims.id, id))
    .for("update", { of: waitingClaims });
  return row;
}

export async function setDecision(
  tx: Tx,
  id: string,
  v: { status: "approved" | "rejected"; decidedAmount: string | null; reason: string | null; decidedAt: Date; decidedBy: string; decidedByName: string },
): Promise<void> {
  await tx.update(waitingClaims).set(v).where(eq(waitingClaims.id, id));
}

/** The company's name as it is now (the staff notice names who claims). */
export async function companyName(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  return row?.name ?? null;
}
