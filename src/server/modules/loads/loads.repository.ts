// Load queries (repositories take a DbOrTx). Every list query is built
// from visibleLoadsWhere() plus the filters below; nothing here decides who may
// see what or which status change is allowed.
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { bids, changeCounters, loadEvents, loadViews, loads, users, type LoadRow } from "../../db/schema";
import { DISTANCE_BANDS, PRICE_BANDS, WEIGHT_BANDS, type Band, type LoadStatus } from "../../../contract/constants";
import { DEFAULT_LOAD_SORT, type LoadSort, type LoadStatusFilter } from "../../../contract/schemas/load";
import { expiredWhere, onBoardWhere } from "./load-visibility";
import type { NearFilter } from "../distance/distance.service";

/** GET /api/loads filters after parsing: band keys resolved, dates as UK-day bounds. */
export interface LoadListQuery {
  search?: string;
  weight?: string;
  distance?: string;
  price?: string;
  /** "available" is on the board today; "expired" is available with its pickup day over */
  statuses: LoadStatusFilter[];
  /** the start of today in UK time: where an available load's pickup day must end to be expired */
  today: Date;
  equipmentType?: string;
  carriers: string[];
  /** start of the from-day in UK time (inclusive) */
  pickupFrom?: Date;
  /** start of the day after the to-day in UK time (exclusive) */
  pickupBefore?: Date;
  /** "near" filters (contract: saved searches): the postcode districts the load's pickup / delivery must be in */
  pickupNear?: NearFilter;
  deliveryNear?: NearFilter;
  /** the contract's order; the id breaks ties */
  sort: LoadSort;
  /** at most LIST_MAX (contract: every list is bounded) */
  limit: number;
  offset: number;
}

/** A LIKE pattern matching the text anywhere, with the user's %, _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function bandWhere(column: typeof loads.weight | typeof loads.distance | typeof loads.price, bands: Band[], key?: string): SQL | undefined {
  if (!key || key === "all") return undefined;
  const band = bands.find((b) => b.key === key);
  if (!band) return undefined;
  // bands: min inclusive, max exclusive
  return and(
    band.min != null ? gte(column, band.min) : sql`${column} is not null`,
    band.max != null ? lt(column, band.max) : undefined,
  );
}

/** The filters of the contract as one SQL condition (undefined = no filter). */
export function loadFiltersWhere(q: Omit<LoadListQuery, "sort" | "limit" | "offset">): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.search) {
    const p = containsPattern(q.search);
    parts.push(or(ilike(loads.loadNumber, p), ilike(loads.pickupCity, p), ilike(loads.deliveryCity, p)));
  }
  parts.push(bandWhere(loads.weight, WEIGHT_BANDS, q.weight));
  parts.push(bandWhere(loads.distance, DISTANCE_BANDS, q.distance));
  parts.push(bandWhere(loads.price, PRICE_BANDS, q.price));
  if (q.statuses.length) {
    // contract expiry: "available" and "expired" split the available loads at the start of today (UK)
    const plain = q.statuses.filter((st): st is LoadStatus => st !== "available" && st !== "expired");
    parts.push(
      or(
        plain.length ? inArray(loads.status, plain) : undefined,
        q.statuses.includes("available") ? onBoardWhere(q.today) : undefined,
        q.statuses.includes("expired") ? expiredWhere(q.today) : undefined,
      ),
    );
  }
  if (q.equipmentType && q.equipmentType !== "all") parts.push(eq(loads.equipmentType, q.equipmentType));
  if (q.carriers.length) {
    const names = q.carriers.filter((c) => c.toLowerCase() !== "unassigned");
    const unassigned = names.length !== q.carriers.length;
    parts.push(
      or(names.length ? inArray(loads.acceptedByCarrier, names) : undefined, unassigned ? isNull(loads.acceptedByCarrier) : undefined),
    );
  }
  // a load with no pickup date never matches a date filter: comparisons with null are not true
  if (q.pickupFrom) parts.push(gte(loads.pickupDate, q.pickupFrom));
  if (q.pickupBefore) parts.push(lt(loads.pickupDate, q.pickupBefore));
  // postcodes are stored normalised ("LS1 4AP"): the district is the part before the space;
  // a load without a postcode is near nothing
  if (q.pickupNear) parts.push(inArray(sql`split_part(${loads.pickupZip}, ' ', 1)`, q.pickupNear.districts));
  if (q.deliveryNear) parts.push(inArray(sql`split_part(${loads.deliveryZip}, ' ', 1)`, q.deliveryNear.districts));
  return and(...parts);
}

/**
 * One sort of the contract: the column, its direction, and the same value in
 * JavaScript, so a list merged in memory (load-list.ts) has exactly the database's
 * order. Loads without the value come last either way; the id breaks ties.
 */
interface SortKey {
  column: SQL | AnyPgColumn;
  desc: boolean;
  value: (row: LoadRow) => number | null;
  /** the column's SQL type: a keyset cursor (exports) casts its text back to it */
  pgType: "timestamptz" | "numeric" | "integer";
}
const time = (d: Date | null) => d?.getTime() ?? null;
const SORT_KEYS: Record<LoadSort, SortKey> = {
  "-pickupDate": { column: loads.pickupDate, desc: true, value: (r) => time(r.pickupDate), pgType: "timestamptz" },
  pickupDate: { column: loads.pickupDate, desc: false, value: (r) => time(r.pickupDate), pgType: "timestamptz" },
  price: { column: loads.price, desc: false, value: (r) => Number(r.price), pgType: "numeric" },
  "-price": { column: loads.price, desc: true, value: (r) => Number(r.price), pgType: "numeric" },
  ratePerMile: { column: loads.ratePerMile, desc: false, value: (r) => (r.ratePerMile == null ? null : Number(r.ratePerMile)), pgType: "numeric" },
  "-ratePerMile": { column: loads.ratePerMile, desc: true, value: (r) => (r.ratePerMile == null ? null : Number(r.ratePerMile)), pgType: "numeric" },
  distance: { column: loads.distance, desc: false, value: (r) => r.distance, pgType: "integer" },
  // the database keeps microseconds, JavaScript milliseconds: order by what both see
  "-createdAt": { column: sql`date_trunc('milliseconds', ${loads.createdAt})`, desc: true, value: (r) => time(r.createdAt), pgType: "timestamptz" },
};

/**
 * The sort of listOrder() as its parts, for keyset paging of a whole list
 * (modules/exports: 100,000 loads read in batches, each batch starting after the
 * last row of the one before, in exactly the list's order).
 */
export function listSortKey(sort: LoadSort = DEFAULT_LOAD_SORT): Readonly<Pick<SortKey, "column" | "desc" | "pgType">> {
  const { column, desc, pgType } = SORT_KEYS[sort];
  return { column, desc, pgType };
}

/** ORDER BY for a sort, id as the tie-break. */
export function listOrder(sort: LoadSort = DEFAULT_LOAD_SORT): SQL[] {
  const k = SORT_KEYS[sort];
  return [k.desc ? sql`${k.column} desc nulls last` : sql`${k.column} asc nulls last`, asc(loads.id)];
}

/** The value a load is sorted by (null: last). */
export function sortValue(sort: LoadSort, row: LoadRow): number | null {
  return SORT_KEYS[sort].value(row);
}

/** listOrder() in JavaScript, for rows reduced to their sort value and id. */
export function compareSorted(sort: LoadSort): (a: { key: number | null; id: string }, b: { key: number | null; id: string }) => number {
  const dir = SORT_KEYS[sort].desc ? -1 : 1;
  return (a, b) => {
    if (a.key !== b.key) {
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      return (a.key - b.key) * dir;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

export async function listLoads(
  db: DbOrTx,
  where: SQL | undefined,
  page: { limit?: number; offset?: number; sort?: LoadSort } = {},
): Promise<LoadRow[]> {
  const q = db
    .select()
    .from(loads)
    .where(where)
    .orderBy(...listOrder(page.sort))
    .$dynamic();
  if (page.limit != null) q.limit(page.limit);
  if (page.offset) q.offset(page.offset);
  return q;
}

/** How many rows of a table match: the X-Total-Count of a list. */
async function countRows(db: DbOrTx, table: typeof loads | typeof loadViews | typeof loadEvents, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table as typeof loads).where(where);
  return Number(row?.n ?? 0);
}

export const countLoads = (db: DbOrTx, where: SQL | undefined): Promise<number> => countRows(db, loads, where);

/**
 * Available loads that have at least one open bid (the "Loads with Bids" tab): pending,
 * or countered by staff and awaiting the bidder's answer (still a bid on the load).
 */
export function withPendingBidsWhere(): SQL {
  const pending = sql`exists (select 1 from ${bids} where ${bids.loadId} = ${loads.id} and ${bids.status} in ('pending', 'countered'))`;
  return and(eq(loads.status, "available"), pending) ?? pending;
}

/** One page of loads with their open bids (pending or countered) summed up: how many, and the lowest amount bid. */
export async function listLoadsWithPendingBids(db: DbOrTx, where: SQL | undefined, page: { limit: number; offset: number; sort: LoadSort }) {
  const ofLoad = sql`${bids.loadId} = ${loads.id} and ${bids.status} in ('pending', 'countered')`;
  return db
    .select({
      load: loads,
      bidCount: sql<number>`(select count(*)::int from ${bids} where ${ofLoad})`,
      lowestBid: sql<string | number | null>`(select min(${bids.bidAmount}) from ${bids} where ${ofLoad})`,
    })
    .from(loads)
    .where(where)
    .orderBy(...listOrder(page.sort))
    .limit(page.limit)
    .offset(page.offset);
}

/** The loads change counter, bumped by a trigger on every write to loads (migration 0001). */
export async function loadsVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ v: changeCounters.version }).from(changeCounters).where(eq(changeCounters.name, "loads"));
  return Number(row?.v ?? 0);
}

/**
 * Take the loads write lock (the 'loads' change counter row, held to commit) before
 * locking any load row. Every statement that writes loads takes it first too
 * (migration 0021), so transactions that lock or write several loads queue on it
 * instead of deadlocking on each other's rows and the counter rows.
 */
export async function lockLoadWrites(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select 1 from change_counters where name = 'loads' for update`);
}

export async function findLoad(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<LoadRow | undefined> {
  if (opts.lock) await lockLoadWrites(db);
  const q = db.select().from(loads).where(eq(loads.id, id));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row;
}

/** Another load carrying this PO number (case and surrounding spaces ignored), if any. */
export async function findLoadByPoNumber(db: DbOrTx, poNumber: string, exceptId: string): Promise<Pick<LoadRow, "id" | "loadNumber"> | undefined> {
  const [row] = await db
    .select({ id: loads.id, loadNumber: loads.loadNumber })
    .from(loads)
    .where(and(sql`upper(trim(${loads.mandataNumber})) = upper(${poNumber.trim()})`, sql`${loads.id} <> ${exceptId}`))
    .limit(1);
  return row;
}

/** Highest sequence number of FN-{year}-NNN load numbers (0 when none). */
export async function maxLoadNumberSeq(db: DbOrTx, year: number): Promise<number> {
  const prefix = `FN-${year}-`;
  const [row] = await db
    .select({
      // the typed start position: an untyped parameter would pick substring's regex form
      max: sql<string | null>`max(substring(${loads.loadNumber} from ${prefix.length + 1}::int)::bigint)`,
    })
    .from(loads)
    .where(sql`${loads.loadNumber} ~ ${`^FN-${year}-[0-9]{3,12}$`}`);
  return row?.max == null ? 0 : Number(row.max);
}

export async function insertLoad(db: DbOrTx, values: typeof loads.$inferInsert): Promise<LoadRow> {
  const [row] = await db.insert(loads).values(values).returning();
  return row;
}

export async function updateLoadRow(db: DbOrTx, id: string, values: Partial<typeof loads.$inferInsert>): Promise<LoadRow> {
  const [row] = await db.update(loads).set(values).where(eq(loads.id, id)).returning();
  return row;
}

export async function insertLoadView(db: DbOrTx, v: { loadId: string; userId: string; viewedAt: Date }): Promise<void> {
  await db.insert(loadViews).values(v);
}

/** GET /api/loads/{id}/views: newest first, one page (contract: every list is bounded). */
export async function listLoadViews(db: DbOrTx, loadId: string, page: { limit: number; offset: number }) {
  return db
    .select({ userName: users.name, userCarrier: users.carrierName, viewedAt: loadViews.viewedAt })
    .from(loadViews)
    .leftJoin(users, eq(users.id, loadViews.userId))
    .where(eq(loadViews.loadId, loadId))
    .orderBy(desc(loadViews.viewedAt), desc(loadViews.id))
    .limit(page.limit)
    .offset(page.offset);
}

export const countLoadViews = (db: DbOrTx, loadId: string): Promise<number> => countRows(db, loadViews, eq(loadViews.loadId, loadId));

/** GET /api/loads/{id}/events: the load's history, newest first, one page. */
export async function listLoadEvents(db: DbOrTx, loadId: string, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(loadEvents)
    .where(eq(loadEvents.loadId, loadId))
    .orderBy(desc(loadEvents.createdAt), desc(loadEvents.id))
    .limit(page.limit)
    .offset(page.offset);
}

export const countLoadEvents = (db: DbOrTx, loadId: string): Promise<number> => countRows(db, loadEvents, eq(loadEvents.loadId, loadId));

/** A unique-constraint failure (SQLSTATE 23505), from pg or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: any = err, i = 0; e && i < 4; e = e.cause, i++) {
    if (e.code === "23505") return !constraint || e.constraint === constraint || String(e.message ?? "").includes(constraint);
  }
  return false;
}
