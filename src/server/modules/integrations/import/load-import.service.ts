// CSV load import (decisions in
// docs/decisions/0025-load-import.md). A file is read (csv-rows.ts), then every row is
// judged as POST /api/loads judges a body: the same zod schema (loadInputSchema)
// and the same create rules (loads.service newLoadValues: past pickup date,
// delivery before pickup, rate per mile …), with the same words. A dry run answers
// the errors; a commit creates every row in one transaction or none, each through
// createdLoadEvents (history line and load.created event) as a hand-posted load.
import type { AppContext } from "../../../context";
import type { UserRow } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { assertStorableText } from "../../../lib/storable-text";
import { createdLoadEvents, duplicateNumberMessage, newLoadValues, type NewLoadValues } from "../../loads/loads.service";
import { isUniqueViolation, maxLoadNumberSeq } from "../../loads/loads.repository";
import { loadPostcodeTable, locate, parsePostcode, type Point } from "../../distance/postcodes";
import { providerFor } from "../../distance/distance.service";
import { loadInputSchema, type LoadInputParsed } from "../../../../contract/schemas/load";
import { importDateMessage, type ImportResult, type RowError } from "../../../../contract/schemas/load-import";
import { DATE_COLUMN_LABELS, readImportFile, type CsvRow } from "./csv-rows";
import { existingLoadNumbers, insertLoadBatch, INSERT_BATCH } from "./load-import.repository";
import type { DbOrTx, Tx } from "../../../db/client";

type Actor = Pick<UserRow, "id" | "name" | "role" | "isAdmin" | "carrierName">;

interface Judged {
  errors: RowError[];
  /** the rows that passed, in file order */
  loads: { row: number; loadNumber: string | null; values: NewLoadValues }[];
}

const LABEL = { pickupZip: "Pickup", deliveryZip: "Delivery" } as const;

/**
 * Distance for rows without one (contract: "Missing distance is computed from the
 * postcodes"), as POST /api/calculate-distance works it out, once per pair of
 * districts. No postcode table installed: left empty, as the form does when the
 * calculation fails.
 */
function distanceFinder(ctx: AppContext) {
  const memo = new Map<string, number>();
  let table: Awaited<ReturnType<typeof loadPostcodeTable>> | undefined;
  const provider = providerFor(ctx.config);
  return async (data: LoadInputParsed): Promise<{ distance?: number; unknown: ("pickupZip" | "deliveryZip")[] }> => {
    if (data.distance != null || !data.pickupZip || !data.deliveryZip) return { unknown: [] };
    if (table === undefined) table = await loadPostcodeTable(ctx.config.postcodeData);
    if (!table) return { unknown: [] };
    const from = parsePostcode(data.pickupZip);
    const to = parsePostcode(data.deliveryZip);
    const points: Record<"pickupZip" | "deliveryZip", Point | null> = {
      pickupZip: from && locate(table, from),
      deliveryZip: to && locate(table, to),
    };
    const unknown = (Object.keys(points) as (keyof typeof points)[]).filter((k) => !points[k]);
    if (unknown.length) return { unknown };
    const key = `${from!.outward}|${to!.outward}`;
    let miles = memo.get(key);
    if (miles === undefined) memo.set(key, (miles = Math.round(await provider.miles(points.pickupZip!, points.deliveryZip!))));
    return { distance: miles, unknown: [] };
  };
}

/** An AppError's details as errors of a row, under the file's names for the fields. */
function rowErrors(err: AppError, body: CsvRow): RowError[] {
  const details = Array.isArray(err.details) && err.details.length ? err.details : [{ path: "row", message: err.message }];
  return details.map((d) => {
    const field = d.path.split(".")[0];
    return { row: body.row, field: body.names.get(field) ?? field, message: d.message };
  });
}

/** Stand-ins for a required field already refused, so the row's other fields can still be judged. */
const STAND_INS: Record<string, unknown> = { pickupCity: "-", deliveryCity: "-", price: 0 };

/**
 * The row's shape, field by field: every field's problem (a date in the words of
 * the formats a file may use), and the row parsed without the fields refused, so
 * the rules between fields (dates, postcodes, numbers) still judge what is left.
 */
function parseRow(body: CsvRow): { problems: { field: string; message: string }[]; data: LoadInputParsed | null } {
  const problems: { field: string; message: string }[] = [];
  const refused = new Set<string>(body.refused);
  try {
    assertStorableText(body.input);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    for (const e of rowErrors(err, body)) {
      const field = [...body.names].find(([, name]) => name === e.field)?.[0] ?? e.field;
      refused.add(field);
      problems.push({ field, message: e.message });
    }
  }
  const first = loadInputSchema.safeParse(omit(body.input, refused));
  if (first.success) return { problems, data: first.data };
  for (const issue of first.error.issues) {
    const field = String(issue.path[0] ?? "row");
    // a refused formula cell is already an error; "required" on top would say it twice
    if (refused.has(field)) continue;
    const label = DATE_COLUMN_LABELS[field];
    const message = label && typeof body.input[field] === "string" ? importDateMessage(label, body.input[field]) : issue.message;
    if (!problems.some((p) => p.field === field)) problems.push({ field, message });
  }
  for (const p of problems) refused.add(p.field);
  const rest = loadInputSchema.safeParse({ ...omit(body.input, refused), ...pick(STAND_INS, refused) });
  return { problems, data: rest.success ? rest.data : null };
}

const omit = (o: Record<string, unknown>, keys: Set<string>) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.has(k)));
const pick = (o: Record<string, unknown>, keys: Set<string>) => Object.fromEntries(Object.entries(o).filter(([k]) => keys.has(k)));

/**
 * Every row against the load rules, the file's other rows and the loads already in
 * `db`: all of a row's problems at once, so one pass over the file fixes it.
 */
async function judgeRows(opts: { ctx: AppContext; db: DbOrTx; actor: Actor; bodies: CsvRow[]; now: Date }): Promise<Judged> {
  const { ctx, db, actor, bodies, now } = opts;
  const errors: RowError[] = [];
  const loads: Judged["loads"] = [];
  const distance = distanceFinder(ctx);
  const firstRowOf = new Map<string, number>();
  for (const body of bodies) {
    const before = errors.length;
    const { problems, data } = parseRow(body);
    const said = new Set(problems.map((p) => p.field));
    errors.push(...problems.map((p) => ({ row: body.row, field: body.names.get(p.field) ?? p.field, message: p.message })));
    if (!data) continue;
    const { distance: miles, unknown } = await distance(data);
    for (const k of unknown) {
      errors.push({ row: body.row, field: body.names.get(k) ?? k, message: `${LABEL[k]} postcode "${data[k]}" was not found in the UK postcode table` });
    }
    if (data.loadNumber) {
      const first = firstRowOf.get(data.loadNumber);
      // the row as a spreadsheet numbers it (the header is row 1), as the answer's sheetRow does
      if (first !== undefined) errors.push({ row: body.row, field: body.names.get("loadNumber")!, message: `Load number ${data.loadNumber} is also on row ${first + 1}` });
      else firstRowOf.set(data.loadNumber, body.row);
    }
    try {
      const values = newLoadValues({ actor, input: miles === undefined ? data : { ...data, distance: miles }, now });
      if (errors.length === before && !body.refused.size) {
        loads.push({ row: body.row, loadNumber: data.loadNumber ?? null, values });
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // a rule on a field already refused (a date rule on a stand-in) is not said again
      errors.push(...rowErrors(err, body).filter((e) => ![...said].some((f) => (body.names.get(f) ?? f) === e.field)));
    }
  }
  // against the loads already there (contract: a duplicate load number is an error)
  const taken = await existingLoadNumbers(db, [...firstRowOf.keys()]);
  for (const body of bodies) {
    const n = body.input.loadNumber;
    const trimmed = typeof n === "string" ? n.trim() : null;
    if (trimmed && taken.has(trimmed) && firstRowOf.get(trimmed) === body.row) {
      errors.push({ row: body.row, field: body.names.get("loadNumber")!, message: duplicateNumberMessage(trimmed) });
    }
  }
  return { errors, loads };
}

/** FN-{year}-{n} numbers for the rows without one, after every number of the year in the database or the file. */
async function numberRows(db: DbOrTx, judged: Judged["loads"], now: Date): Promise<string[]> {
  const year = now.getUTCFullYear();
  const own = new RegExp(`^FN-${year}-(\\d{3,12})$`);
  let last = await maxLoadNumberSeq(db, year);
  for (const l of judged) {
    const m = l.loadNumber ? own.exec(l.loadNumber) : null;
    if (m) last = Math.max(last, Number(m[1]));
  }
  return judged.map((l) => l.loadNumber ?? `FN-${year}-${String(++last).padStart(3, "0")}`);
}

const LOAD_NUMBER_KEY = "loads_load_number_key";

/**
 * Insert the judged rows in `tx`, 100 to a statement, each with the history line
 * and load.created event a load posted by hand gets.
 */
async function createAll(ctx: AppContext, tx: Tx, actor: Actor, judged: Judged["loads"], now: Date): Promise<number> {
  const numbers = await numberRows(tx, judged, now);
  for (let i = 0; i < judged.length; i += INSERT_BATCH) {
    const batch = judged.slice(i, i + INSERT_BATCH).map((l, j) => ({ ...l.values, loadNumber: numbers[i + j] }));
    await createdLoadEvents(tx, { ctx, actor, rows: await insertLoadBatch(tx, batch), now, via: "import" });
  }
  return judged.length;
}

/**
 * POST /api/loads/import: the answer, valid or not (the route says 400 for a
 * commit that is not). 413 (AppError) for a file of more than 5,000 rows.
 */
export async function importLoads(opts: { ctx: AppContext; actor: Actor; text: string; dryRun: boolean }): Promise<ImportResult> {
  const { ctx, actor, text, dryRun } = opts;
  const now = ctx.clock.now();
  const file = readImportFile(text);
  const answer = (judged: Judged, created: number): ImportResult => {
    // by row, and within a row by column, left to right (the row's own problems first)
    const col = (field: string) => file.columnIndex.get(field) ?? -1;
    const errors = [...file.errors, ...judged.errors]
      .sort((a, b) => a.row - b.row || col(a.field) - col(b.field))
      .map((e) => ({ row: e.row, sheetRow: e.row + 1, field: e.field, message: e.message }));
    return { valid: errors.length === 0, rows: file.rows, errors, created };
  };
  if (dryRun) return answer(await judgeRows({ ctx, db: ctx.db, actor, bodies: file.bodies, now }), 0);
  for (let attempt = 0; ; attempt++) {
    try {
      // judged again inside the transaction: a number taken since the dry run is an error, not a 500
      return await ctx.db.transaction(async (tx) => {
        const judged = await judgeRows({ ctx, db: tx, actor, bodies: file.bodies, now });
        const result = answer(judged, 0);
        if (!result.valid) return result;
        return { ...result, created: await createAll(ctx, tx, actor, judged.loads, now) };
      });
    } catch (err) {
      // another load took an automatic number between our read and insert: all of it again
      if (!isUniqueViolation(err, LOAD_NUMBER_KEY) || attempt >= 4) throw err;
    }
  }
}
