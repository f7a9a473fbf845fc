// Load queries (style.md: repositories take a DbOrTx). Every list query is built
// from visibleLoadsWhere() plus the filters below; nothing here decides who may
// see what or which status change is allowed.
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { changeCounters, loadEvents, loadViews, loads, users, type LoadRow } from "../../db/schema";
import { DISTANCE_BANDS, PRICE_BANDS, WEIGHT_BANDS, type Band, type LoadStatus } from "../../../contract/constants";

/** GET /api/loads filters after parsing: band keys resolved, dates as UK-day bounds. */
export interface LoadListQuery {
  search?: string;
  weight?: string;
  distance?: string;
  price?: string;
  statuses: LoadStatus[];
  equipmentType?: string;
  carriers: string[];
  /** start of the from-day in UK time (inclusive) */
  pickupFrom?: Date;
  /** start of the day after the to-day in UK time (exclusive) */
  pickupBefore?: Date;
  limit?: number;
  offset?: number;
}

/** A LIKE pattern matching the text anywhere, with the user's %, _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function bandWhere(column: typeof loads.weight | typeof loads.distance | typeof loads.price, bands: Band[], key?: string): SQL | undefined {
  if (!key || key === "all") return undefined;
  const band = bands.find((b) => b.key === key);
  if (!band) return undefined;
  // spec §9 bands: min inclusive, max exclusive
  return and(
    band.min != null ? gte(column, band.min) : sql`${column} is not null`,
    band.max != null ? lt(column, band.max) : undefined,
  );
}

/** The filters of the contract as one SQL condition (undefined = no filter). */
export function loadFiltersWhere(q: LoadListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.search) {
    const p = containsPattern(q.search);
    parts.push(or(ilike(loads.loadNumber, p), ilike(loads.pickupCity, p), ilike(loads.deliveryCity, p)));
  }
  parts.push(bandWhere(loads.weight, WEIGHT_BANDS, q.weight));
  parts.push(bandWhere(loads.distance, DISTANCE_BANDS, q.distance));
  parts.push(bandWhere(loads.price, PRICE_BANDS, q.price));
  if (q.statuses.length) parts.push(inArray(loads.status, q.statuses));
  if (q.equipmentType && q.equipmentType !== "all") parts.push(eq(loads.equipmentType, q.equipmentType));
  if (q.carriers.length) {
    const names = q.carriers.filter((c) => c.toLowerCase() !== "unassigned");
    const unassigned = names.length !== q.carriers.length;
    parts.push(
      or(names.length ? inArray(loads.acceptedByCarrier, names) : undefined, unassigned ? isNull(loads.acceptedByCarrier) : undefined),
    );
  }
  // a load with no pickup date never matches a date filter (spec §5): comparisons with null are not true
  if (q.pickupFrom) parts.push(gte(loads.pickupDate, q.pickupFrom));
  if (q.pickupBefore) parts.push(lt(loads.pickupDate, q.pickupBefore));
  return and(...parts);
}

/** Newest pickup first, loads without a date last, id as the tie-break (contract: lists). */
export const LIST_ORDER = [sql`${loads.pickupDate} desc nulls last`, asc(loads.id)];

export async function listLoads(db: DbOrTx, where: SQL | undefined, page: { limit?: number; offset?: number } = {}): Promise<LoadRow[]> {
  const q = db
    .select()
    .from(loads)
    .where(where)
    .orderBy(...LIST_ORDER)
    .$dynamic();
  if (page.limit != null) q.limit(page.limit);
  if (page.offset) q.offset(page.offset);
  return q;
}

export async function countLoads(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loads).where(where);
  return Number(row?.n ?? 0);
}

/** The loads change counter, bumped by a trigger on every write to loads (migration 0001). */
export async function loadsVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ v: changeCounters.version }).from(changeCounters).where(eq(changeCounters.name, "loads"));
  return Number(row?.v ?? 0);
}

export async function findLoad(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<LoadRow | undefined> {
  const q = db.select().from(loads).where(eq(loads.id, id));
  const [row] = opts.lock ? await q.for("update") : await q;
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

export async function listLoadViews(db: DbOrTx, loadId: string) {
  return db
    .select({ userName: users.name, userCarrier: users.carrierName, viewedAt: loadViews.viewedAt })
    .from(loadViews)
    .leftJoin(users, eq(users.id, loadViews.userId))
    .where(eq(loadViews.loadId, loadId))
    .orderBy(desc(loadViews.viewedAt), desc(loadViews.id));
}

export async function listLoadEvents(db: DbOrTx, loadId: string) {
  return db
    .select()
    .from(loadEvents)
    .where(eq(loadEvents.loadId, loadId))
    .orderBy(desc(loadEvents.createdAt), desc(loadEvents.id));
}

/** A unique-constraint failure (SQLSTATE 23505), from pg or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: any = err, i = 0; e && i < 4; e = e.cause, i++) {
    if (e.code === "23505") return !constraint || e.constraint === constraint || String(e.message ?? "").includes(constraint);
  }
  return false;
}
