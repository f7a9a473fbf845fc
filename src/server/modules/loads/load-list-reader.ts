// A load list read whole, in batches (for CSV exports: every row of
// what a staff tab shows, in its order, with no more than one batch in memory).
// It lives with the loads so that its filters, visibility and order are the
// list's own (GET /api/loads, GET /api/loads/with-bids); modules/exports says
// which cells of a load it wants and turns them into CSV. Each batch starts
// after the last row of the one before (keyset), so a deep batch costs what the
// first does and a load added meanwhile cannot shift the rest; no transaction is
// held between batches (on PGlite it would stop every other request; on
// PostgreSQL a slow download would hold a connection), so a long read is not one
// snapshot.
import { and, gt, sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client";
import { loads } from "../../db/schema";
import type { Config } from "../../config";
import { parse } from "../../lib/validate";
import { loadFiltersSchema, type LoadSort } from "../../../contract/schemas/load";
import type { PageQuery } from "../../../contract/schemas/page";
import { toListQuery, withNearDistricts } from "./load-list";
import { assertStorableText } from "../../lib/storable-text";
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

/**
 * The loads matching `where`, in listOrder(sort), as batches of cells: each
 * load is the array of the `cells` expressions (SQL over the loads table),
 * built by the database and sent as one JSON text per batch. A row object of
 * 55 parsed columns a load was the bulk of a 100,000-load export's allocation,
 * and enough of it reached V8's old generation to grow the server's RSS by
 * ~120 MB (bench scenario 8); a few strings a load die young.
 *
 * Keyset: the cursor is the last row's sort value as the database's own text
 * (exact for timestamps with microseconds and for numerics) and its id, the
 * list's tie-break. Loads with a value come first and are read with a range on
 * the sort column (the board's index serves the default order); loads without
 * one (last in either direction) are read after them by id.
 */
export async function* loadCellBatches(db: DbOrTx, where: SQL | undefined, sort: LoadSort, range: ListRange, cells: SQL[]): AsyncGenerator<unknown[][]> {
  const { column, desc, pgType } = listSortKey(sort);
  const order = sql.join(listOrder(sort), sql`, `);
  const read = async (cond: SQL | undefined, n: number, offset = 0): Promise<{ rows: unknown[][]; key: string | null; id: string | null }> => {
    // the inner query is the list's (its filters, order and page); the outer one, named
    // "loads" too, lets the cell expressions name the table's columns as they are
    const [r] = await queryRows<{ cells: string | null; k: string | null; id: string | null }>(
      db,
      sql`select json_agg(json_build_array(${sql.join(cells, sql`, `)}) order by "loads"."_ord")::text as cells,
                 (array_agg("loads"."_key" order by "loads"."_ord" desc))[1] as k,
                 (array_agg("loads"."id" order by "loads"."_ord" desc))[1]::text as id
          from (select ${loads}.*, (${column})::text as "_key", row_number() over (order by ${order}) as "_ord"
                from ${loads} ${cond ? sql`where ${cond}` : sql``}
                order by ${order} limit ${n} ${offset ? sql`offset ${offset}` : sql``}) as "loads"`,
    );
    return { rows: r?.cells ? (JSON.parse(r.cells) as unknown[][]) : [], key: r?.k ?? null, id: r?.id ?? null };
  };

  let remaining = range.limit ?? Number.POSITIVE_INFINITY;
  let cursor: { key: string | null; id: string } | null = null;
  while (remaining > 0) {
    const n = Math.min(range.batchRows, remaining);
    let batch: Awaited<ReturnType<typeof read>>;
    if (!cursor) {
      batch = await read(where, n, range.offset);
    } else if (cursor.key !== null) {
      const v = sql`cast(${cursor.key} as ${sql.raw(pgType)})`;
      // `col <= v` (descending) is a range the index can start from; the rows equal to v already sent are those with an id up to the cursor's
      const beyond = desc ? sql`${column} <= ${v}` : sql`${column} >= ${v}`;
      batch = await read(and(where, beyond, sql`(${column} <> ${v} or ${loads.id} > ${cursor.id})`), n);
      if (batch.rows.length < n) {
        const nulls = await read(and(where, sql`${column} is null`), n - batch.rows.length);
        batch = nulls.rows.length ? { rows: batch.rows.concat(nulls.rows), key: nulls.key, id: nulls.id } : batch;
      }
    } else {
      batch = await read(and(where, sql`${column} is null`, gt(loads.id, cursor.id)), n);
    }
    const count = batch.rows.length;
    if (count) yield batch.rows;
    if (count < n || !batch.id) return;
    remaining -= count;
    cursor = { key: batch.key, id: batch.id };
  }
}
