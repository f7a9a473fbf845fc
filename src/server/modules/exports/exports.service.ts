// A CSV export as a stream: RFC 4180 with CRLF,
// UTF-8 with a byte-order mark (Excel), formula-safe cells (csv-format.ts), and
// streamed with backpressure, so 100,000 rows need no more memory than 100: rows
// are read from the database one batch at a time, and the next batch only when
// the client has taken what came before (Readable.from pulls the next chunk only
// when the response wants more).
//
// Each batch is turned into its CSV text by csv-stringify the moment it is read,
// in one synchronous step, and only that text waits for the client. Streaming
// row by row instead (csv-stringify's stream fed one record at a time) kept a
// whole batch of rows alive across many event-loop turns while the socket
// drained: V8 moved them to its old generation, and the server's RSS grew by
// ~100 MB over a 100,000-load export (bench scenario 8). Rows that die young
// cost nothing; see bench/README.md for the figures.
import { Readable } from "node:stream";
import { stringify, type Options } from "csv-stringify/sync";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { exportFileName, type ExportKind } from "../../../contract/schemas/export";
import { ukDayKey } from "../../../contract/wall-clock";
import { numberText, toCell, type Cell, type ExportColumn } from "./csv-format";
import { EXPORT_BATCH_ROWS, type ExportDefinition, type ParsedQuery } from "./export-registry";

/** csv-stringify's options for an export; the byte-order mark and the header row go with the first batch only. */
function csvOptions(columns: ExportColumn<unknown>[], first: boolean): Options {
  return {
    bom: first,
    header: first,
    columns: columns.map((c) => c.header),
    record_delimiter: "\r\n",
    // `'` before =, +, -, @, tab, CR in text cells; a number cell (negative money) is left alone
    escape_formulas: true,
    cast: { number: (n, context) => numberText(columns[Number(context.index)].kind, n) },
  };
}

export interface OpenExportOptions {
  ctx: AppContext;
  viewer: UserRow;
  kind: ExportKind;
  /** the list call's query string, parsed */
  rawQuery: unknown;
  /** rows per database read (tests make it small to see the batches) */
  batchRows?: number;
  /** told after each batch is read, with how many have been (tests: streaming and failure mid-way) */
  onBatch?: (batches: number) => void | Promise<void>;
}

export interface OpenedExport {
  fileName: string;
  /** the CSV bytes; it errors (never ends) when a read fails part-way */
  stream: Readable;
}

/** Check the query (400 as its list call would), for a HEAD request that reads no rows. */
export async function checkExportQuery(opts: Pick<OpenExportOptions, "ctx" | "kind" | "rawQuery">): Promise<{ fileName: string }> {
  const now = opts.ctx.clock.now();
  await opts.ctx.exports.get(opts.kind).parseQuery(opts.ctx, opts.rawQuery, now);
  return { fileName: exportFileName(opts.kind, ukDayKey(now)) };
}

/**
 * Parse the query and read the first batch before anything is sent, so a bad
 * query is a 400 and a database that is down is a 503 (contract), both as JSON;
 * then stream the rest. A failure after the first byte cannot change the status
 * any more: the stream errors and the route's reply cuts the connection, so the
 * download fails visibly instead of ending in a file that looks complete.
 */
export async function openExport(opts: OpenExportOptions): Promise<OpenedExport> {
  const { ctx, viewer, kind } = opts;
  const def: ExportDefinition<unknown, unknown> = ctx.exports.get(kind);
  const now = ctx.clock.now();
  const parsed: ParsedQuery<unknown> = await def.parseQuery(ctx, opts.rawQuery, now);
  const range = { offset: parsed.page.offset ?? 0, limit: parsed.page.limit, batchRows: opts.batchRows ?? EXPORT_BATCH_ROWS };
  const batches = def.batches({ ctx, viewer, query: parsed.query, now, range });
  let read = 0;
  let next = await batches.next();
  read++;
  await opts.onBatch?.(read);

  const { columns } = def;
  const csvOf = (rows: unknown[], first: boolean): Buffer =>
    Buffer.from(stringify(rows.map((row): Cell[] => columns.map((c) => toCell(c.kind, c.value(row)))), csvOptions(columns, first)), "utf8");
  async function* chunks(): AsyncGenerator<Buffer> {
    let first = true;
    try {
      while (!next.done) {
        // format this batch now, synchronously: only its text outlives this step
        const chunk = csvOf(next.value, first);
        first = false;
        next = { done: false, value: [] };
        yield chunk;
        next = await batches.next();
        read++;
        await opts.onBatch?.(read);
      }
      // nothing matched: the byte-order mark and the header row alone
      if (first) yield csvOf([], true);
    } finally {
      // the client went away (or a read failed): stop reading the database
      await batches.return(undefined);
    }
  }

  // A read that fails part-way errors this stream (it never ends cleanly); the route's
  // reply then cuts the connection. The client going away destroys it, which ends the reads.
  const stream = Readable.from(chunks(), { objectMode: false });
  return { fileName: exportFileName(kind, ukDayKey(now)), stream };
}
