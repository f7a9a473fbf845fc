// What every CSV export is made of: the query it
// takes (its tab's list call's own), its columns (headers in the words of
// the screen's tables) and its rows (the list call's own filters and order, read in
// batches). The entries are in export-registry.ts.
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { parse } from "../../lib/validate";
import type { PageQuery } from "../../../contract/schemas/page";
import type { ExportKind } from "../../../contract/schemas/export";
import type { ExportColumn } from "./csv-format";
import type { ExportRange } from "./exports.repository";

export interface ExportRun<Q> {
  ctx: AppContext;
  viewer: UserRow;
  query: Q;
  /** the instant the export was asked for: expiry and the file's date */
  now: Date;
  range: ExportRange;
}

export interface ParsedQuery<Q> {
  query: Q;
  /** the list call's paging when the caller sent one; none: every row */
  page: PageQuery;
}

export interface ExportDefinition<Q, Row> {
  kind: ExportKind;
  /** the list call's query, checked as that call checks it (400 for what it would refuse) */
  parseQuery(ctx: AppContext, raw: unknown, now: Date): Promise<ParsedQuery<Q>>;
  /** the columns, in order */
  columns: ExportColumn<Row>[];
  /** the rows the list call would answer with, every page, in its order */
  batches(run: ExportRun<Q>): AsyncGenerator<Row[]>;
}

/**
 * Loads per database read. 500 keeps a batch's JSON text (about 250 bytes a load)
 * under V8's large-object size (128 KB): larger texts go straight to the old
 * generation and stay there until a full collection (1,000 a batch: the same
 * first-export growth, but 24 MB more held after each export until one came).
 */
export const EXPORT_BATCH_ROWS = 500;

/** A list call's query read with that call's own schema, its paging apart. */
export const parseListQuery =
  <S extends z.ZodType<PageQuery>>(schema: S) =>
  async (_ctx: AppContext, raw: unknown): Promise<ParsedQuery<z.output<S>>> => {
    const query = parse(schema, raw);
    return { query, page: { limit: query.limit, offset: query.offset } };
  };
