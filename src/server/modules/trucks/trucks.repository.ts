// Drizzle queries of trucks and their matches. Every function takes the database
// or the caller's open transaction; who may see which truck is the service's, and
// every list query is given the company (or none: staff) to read.
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, loads, truckMatches, trucks, users, type LoadRow, type TruckRow } from "../../db/schema";
import { PICKUP_DISTRICT, type MilesTo } from "./truck-matching";

export type TruckWithCompany = TruckRow & { companyName: string };

const withCompany = { truck: trucks, companyName: companies.name };
const flat = (r: { truck: TruckRow; companyName: string }): TruckWithCompany => ({ ...r.truck, companyName: r.companyName });

/** The company, locked until the transaction ends: two posts at once count the open trucks one after the other. */
export async function lockCompany(db: DbOrTx, companyId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId)).for("update");
  return row;
}

/** Open trucks of a company whose last day is today or later (the 20 a company may have). */
export async function countOpenTrucks(db: DbOrTx, companyId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trucks)
    .where(and(eq(trucks.companyId, companyId), eq(trucks.status, "open"), gte(sql`coalesce(${trucks.availableUntil}, ${trucks.availableOn})`, today)));
  return Number(row?.n ?? 0);
}

export async function insertTruck(db: DbOrTx, v: typeof trucks.$inferInsert): Promise<TruckRow> {
  const [row] = await db.insert(trucks).values(v).returning();
  return row;
}

export async function findTruck(db: DbOrTx, id: string, lock = false): Promise<TruckWithCompany | undefined> {
  const q = db.select(withCompany).from(trucks).innerJoin(companies, eq(companies.id, trucks.companyId)).where(eq(trucks.id, id));
  const [row] = lock ? await q.for("update", { of: trucks }) : await q;
  return row ? flat(row) : undefined;
}

export async function deleteTruckRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(trucks).where(eq(trucks.id, id));
}

export interface TruckFilter {
  /** a carrier: their company's, every status; undefined: staff */
  companyId?: string;
  /** staff: open trucks only, whose last day is not over */
  openFrom?: string;
  /** staff: trucks whose origin is in one of these districts */
  originDistricts?: string[];
  /** staff: trucks available on this day */
  on?: string;
}

export function truckWhere(f: TruckFilter): SQL | undefined {
  const last = sql`coalesce(${trucks.availableUntil}, ${trucks.availableOn})`;
  return and(
    f.companyId ? eq(trucks.companyId, f.companyId) : undefined,
    f.openFrom ? and(eq(trucks.status, "open"), gte(last, f.openFrom)) : undefined,
    f.originDistricts ? inArray(trucks.originDistrict, f.originDistricts.length ? f.originDistricts : [""]) : undefined,
    f.on ? and(lte(trucks.availableOn, f.on), gte(last, f.on)) : undefined,
  );
}

/** Carriers: newest first; staff: the soonest free first, then the newest. */
export async function listTruckRows(db: DbOrTx, where: SQL | undefined, order: "newest" | "soonest", page: { limit: number; offset: number }): Promise<TruckWithCompany[]> {
  const by = order === "newest" ? [desc(trucks.createdAt), desc(trucks.id)] : [asc(trucks.availableOn), desc(trucks.createdAt), desc(trucks.id)];
  const rows = await db
    .select(withCompany)
    .from(trucks)
    .innerJoin(companies, eq(companies.id, trucks.companyId))
    .where(where)
    .orderBy(...by)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(flat);
}

export async function countTruckRows(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trucks).where(where);
  return Number(row?.n ?? 0);
}

/**
 * The ids of the loads meeting `where`, best first (fewest empty miles, then the best
 * rate per mile, then the earliest pickup), a page of them with the total of all.
 * Narrow rows only: every column it reads is in loads_available_pickup_district_idx,
 * so the sort of a few thousand candidates never carries whole loads.
 */
export function bestLoadsQuery(db: DbOrTx, opts: { where: SQL; emptyMiles: MilesTo; limit: number; offset: number }) {
  // each district's miles, joined by the load's pickup district (a hash lookup a row)
  const miles = sql`unnest(${`{${opts.emptyMiles.districts.join(",")}}`}::text[], ${`{${opts.emptyMiles.miles.join(",")}}`}::int[]) as d(district, miles)`;
  return db
    .select({ id: loads.id, emptyMiles: sql<number>`d.miles`.as("empty_miles"), total: sql<number>`count(*) over ()`.as("total") })
    .from(loads)
    .innerJoin(miles, sql`d.district = ${PICKUP_DISTRICT}`)
    .where(opts.where)
    .orderBy(sql`empty_miles asc nulls last`, sql`${loads.ratePerMile} desc nulls last`, asc(loads.pickupDate), asc(loads.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** A page of bestLoadsQuery as whole rows in its order, and the total (a count of its own only past the last page). */
export async function bestLoads(
  db: DbOrTx,
  opts: { where: SQL; emptyMiles: MilesTo; limit: number; offset: number },
): Promise<{ rows: (LoadRow & { emptyMiles: number | null })[]; total: number }> {
  const page = await bestLoadsQuery(db, opts);
  const total = page.length ? Number(page[0].total) : opts.offset > 0 ? await countLoads(db, opts.where) : 0;
  if (!page.length) return { rows: [], total };
  const byId = new Map((await db.select().from(loads).where(inArray(loads.id, page.map((p) => p.id)))).map((r) => [r.id, r]));
  const rows = page.flatMap((p) => {
    const row = byId.get(p.id);
    return row ? [{ ...row, emptyMiles: p.emptyMiles == null ? null : Number(p.emptyMiles) }] : [];
  });
  return { rows, total };
}

async function countLoads(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(loads).where(where);
  return Number(row?.n ?? 0);
}

/** The open trucks that may fit a load picked up on `day` (UK) with this equipment and weight: the reaction's candidates. */
export async function candidateTrucks(db: DbOrTx, v: { day: string; equipmentType: string; weight: number | null }): Promise<TruckRow[]> {
  return db
    .select()
    .from(trucks)
    .where(
      and(
        eq(trucks.status, "open"),
        eq(trucks.equipmentType, v.equipmentType),
        lte(trucks.availableOn, v.day),
        gte(sql`coalesce(${trucks.availableUntil}, ${trucks.availableOn})`, v.day),
        v.weight == null ? undefined : gte(trucks.maxWeightKg, v.weight),
      ),
    )
    .orderBy(asc(trucks.availableOn), asc(trucks.createdAt), asc(trucks.id));
}

/** A company's open trucks (the booking rule picks among them). */
export async function openTrucksOf(db: DbOrTx, companyId: string, today: string): Promise<TruckRow[]> {
  return db
    .select()
    .from(trucks)
    .where(and(eq(trucks.companyId, companyId), eq(trucks.status, "open"), gte(sql`coalesce(${trucks.availableUntil}, ${trucks.availableOn})`, today)))
    .orderBy(asc(trucks.availableOn), asc(trucks.createdAt), asc(trucks.id));
}

/** Claim the match of (truck, load): true for the one insert that wins, in any process. */
export async function claimMatch(db: DbOrTx, v: { truckId: string; loadId: string; now: Date }): Promise<boolean> {
  const rows = await db.insert(truckMatches).values({ truckId: v.truckId, loadId: v.loadId, createdAt: v.now }).onConflictDoNothing().returning({ id: truckMatches.truckId });
  return rows.length > 0;
}

/** Open → booked with the load booked from it; false when it was no longer open. */
export async function bookTruckRow(db: DbOrTx, v: { id: string; loadId: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(trucks)
    .set({ status: "booked", bookedLoadId: v.loadId, updatedAt: v.now })
    .where(and(eq(trucks.id, v.id), eq(trucks.status, "open")))
    .returning({ id: trucks.id });
  return rows.length > 0;
}

export async function findLoadRow(db: DbOrTx, id: string): Promise<LoadRow | undefined> {
  const [row] = await db.select().from(loads).where(eq(loads.id, id));
  return row;
}

/** The company of a user (the booker's). */
export async function companyOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row?.companyId ?? null;
}
