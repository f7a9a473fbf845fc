// A load list read whole, in batches (contract-beyond "CSV exports": every row of
// what a staff tab shows, in its order, with no more than one batch in memory).
// It lives with the loads so that its filters, visibility and order are the
// list's own (GET /api/loads, GET /api/loads/with-bids); modules/exports turns
// the rows into CSV. Each batch starts after the last row of the one before
// (keyset), so a deep batch costs what the first does and a load added meanwhile
// cannot shift the rest; no transaction is held between batches (on PGlite it
// would stop every other request; on PostgreSQL a slow download would hold a
// connection), so a long read is not one snapshot.
import { and, gt, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, type LoadRow } from "../../db/schema";
import type { Config } from "../../config";
import { parse } from "../../lib/validate";
import { loadFiltersSchema, type LoadSort } from "../../../contract/schemas/load";
import type { PageQuery } from "../../../contract/schemas/page";
import { toListQuery, withNearDistricts } from "./load-list";
import { assertStorableText } from "./loads.service";
import { visibleLoadsWhere, type Viewer } from "./load-visibility";
import { listOrder, listSortKey, loadFiltersWhere, withPendingBidsWhere, type LoadListQuery } from "./loads.repository";

export type { LoadListQuery };

/** Which part of a list: every row after `offset`, at most `limit` when given (the list call's own paging). */
export interface ListRange {
  offset: number;
  limit?: number;
  /** rows per database read */
  batchRows: number;
}

/** GET /api/loads's query, read exactly as that call reads it (400 for what it refuses; near filters resolved). */
export async function readLoadListQuery(raw: unknown, now: Date, config: Pick<Config, "postcodeData">): Promise<{ query: LoadListQuery; page: PageQuery }> {
  assertStorableText(raw);
  const filters = parse(loadFiltersSchema, raw);
  // the query's own limit and offset are a list page's (capped at LIST_MAX); a whole read takes `page`
  const query = await withNearDistricts(toListQuery(filters, now), config);
  return { query, page: { limit: filters.limit, offset: filters.offset } };
}

/**
 * The loads a list shows for its query and viewer: `board`, GET /api/loads (staff:
 * every load, cancelled included); `withPendingBids`, the Loads with Bids tab
 * (loads-with-bids.ts: available loads with a pending bid; the status filter is the tab's own).
 */
export function loadListWhere(viewer: Viewer, query: LoadListQuery, list: "board" | "withPendingBids"): SQL | undefined {
  if (list === "withPendingBids") return and(withPendingBidsWhere(), loadFiltersWhere({ ...query, statuses: [] }));
  return and(visibleLoadsWhere(viewer, query.today), loadFiltersWhere(query));
}

type KeyedLoad = { load: LoadRow; key: string | null };

/**
 * The loads matching `where`, in listOrder(sort), as batches. The cursor is the
 * last row's sort value as the database's own text (exact for timestamps with
 * microseconds and for numerics) and its id, the list's tie-break. Loads with a
 * value come first and are read with a range on the sort column (the board's
 * index serves the default order); loads without one (last in either direction)
 * are read after them by id.
 */
export async function* loadBatches(db: DbOrTx, where: SQL | undefined, sort: LoadSort, range: ListRange): AsyncGenerator<LoadRow[]> {
  const { column, desc, pgType } = listSortKey(sort);
  const keyText = sql<string | null>`(${column})::text`;
  const read = (cond: SQL | undefined, n: number, offset = 0): Promise<KeyedLoad[]> => {
    const q = db.select({ load: loads, key: keyText }).from(loads).where(cond).orderBy(...listOrder(sort)).limit(n).$dynamic();
    return offset ? q.offset(offset) : q;
  };

  let remaining = range.limit ?? Number.POSITIVE_INFINITY;
  let cursor: { key: string | null; id: string } | null = null;
  while (remaining > 0) {
    const n = Math.min(range.batchRows, remaining);
    let rows: KeyedLoad[];
    if (!cursor) {
      rows = await read(where, n, range.offset);
    } else if (cursor.key !== null) {
      const v = sql`cast(${cursor.key} as ${sql.raw(pgType)})`;
      // `col <= v` (descending) is a range the index can start from; the rows equal to v already sent are those with an id up to the cursor's
      const beyond = desc ? sql`${column} <= ${v}` : sql`${column} >= ${v}`;
      rows = await read(and(where, beyond, sql`(${column} <> ${v} or ${loads.id} > ${cursor.id})`), n);
      if (rows.length < n) rows = rows.concat(await read(and(where, sql`${column} is null`), n - rows.length));
    } else {
      rows = await read(and(where, sql`${column} is null`, gt(loads.id, cursor.id)), n);
    }
    if (rows.length) yield rows.map((r) => r.load);
    if (rows.length < n) return;
    remaining -= rows.length;
    const last = rows[rows.length - 1];
    cursor = { key: last.key, id: last.load.id };
  }
}
