// Reading an import file: CSV text → the header's
// columns and each data row as a POST /api/loads body, with the file's own problems
// (no header, unknown or repeated columns, a row of the wrong width, formula cells)
// as errors by row and field. No database here: load-import.service.ts judges the
// bodies with the load rules. Pure, unit-tested in load-import.test.ts.
import { parse, CsvError } from "csv-parse/sync";
import { AppError } from "../../../lib/app-error";
import { EQUIPMENT_TYPES, FORS_LEVELS, TIME_TYPES } from "../../../../contract/constants";
import {
  BOOLEAN_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_COLUMN_ALIASES,
  MAX_IMPORT_ROWS,
  NUMBER_COLUMNS,
  REQUIRED_IMPORT_COLUMNS,
  TEXT_COLUMNS,
  importFormulaProblem,
  type ImportColumn,
  type RowError,
} from "../../../../contract/schemas/load-import";

/** One data row: its number (1 = first after the header), the body to judge, the file's name for each field. */
export interface CsvRow {
  row: number;
  input: Record<string, unknown>;
  /** field → the column as the file names it (an alias stays an alias in the errors) */
  names: Map<string, string>;
  /** fields whose cell was refused as a formula (already an error; the schema's words on them are dropped) */
  refused: Set<string>;
}

export interface ReadFile {
  /** data rows in the file */
  rows: number;
  errors: RowError[];
  /** every row of the right width, to be judged by the load rules */
  bodies: CsvRow[];
  /** the position of a column (as the file names it) in the header: errors of a row read left to right */
  columnIndex: Map<string, number>;
}

export const TOO_MANY_ROWS = `A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} loads: split it into smaller files`;
export const EMPTY_FILE = "The file is empty: it needs a header row naming the columns and a row for each load";
export const NO_ROWS = "The file has a header row but no loads";

const CHOICES: Record<string, readonly string[]> = {
  equipmentType: EQUIPMENT_TYPES,
  pickupTimeType: TIME_TYPES,
  deliveryTimeType: TIME_TYPES,
  forsRequirement: FORS_LEVELS,
};

/** "1,250.50" or "1250.5" → a number; anything else stays text, for the schema to word (e.g. "Price must be a number"). */
function numberCell(v: string): number | string {
  const s = v.trim();
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return Number(s.replaceAll(",", ""));
  if (/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) return Number(s);
  return s;
}

const YES = new Set(["true", "yes", "y", "1"]);
const NO = new Set(["false", "no", "n", "0"]);

function booleanCell(v: string): boolean | string {
  const s = v.trim().toLowerCase();
  return YES.has(s) ? true : NO.has(s) ? false : v;
}

/** A choice in any letter case ("flatbed" → "Flatbed"); FORS "None Required" is stored empty. */
function choiceCell(field: string, v: string): string {
  const s = v.trim();
  if (field === "forsRequirement" && /^none( required)?$/i.test(s)) return "";
  return CHOICES[field].find((c) => c.toLowerCase() === s.toLowerCase()) ?? s;
}

/** The date columns, with the words their errors name them by. */
export const DATE_COLUMN_LABELS: Readonly<Record<string, string>> = {
  pickupDate: "Pickup date",
  deliveryDate: "Delivery date",
  pickupSignedDate: "Pickup signature date",
  deliverySignedDate: "Delivery signature date",
};

/**
 * A UK date as a spreadsheet writes it ("31/12/2026", "1/2/2027") → "2026-12-31",
 * the day the API takes; a day that does not exist (31/02/2027) and anything else
 * stay as written, for the schema to refuse.
 */
export function dateCell(v: string): string {
  const s = v.trim();
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (!m) return s;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return s;
  return `${m[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function cellValue(field: string, v: string): unknown {
  if (field in DATE_COLUMN_LABELS) return dateCell(v);
  if (NUMBER_COLUMNS.has(field)) return numberCell(v);
  if (BOOLEAN_COLUMNS.has(field)) return booleanCell(v);
  if (field in CHOICES) return choiceCell(field, v);
  return v;
}

function readRecords(text: string): { records: string[][]; error?: RowError } {
  try {
    const records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // the header and one row past the limit: enough to know the file is too long without reading it all
      to: MAX_IMPORT_ROWS + 2,
    }) as string[][];
    return { records };
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    // the record being read when it failed (the header is record 0, so its number is the data row's)
    const row = typeof (err as { records?: unknown }).records === "number" ? (err as unknown as { records: number }).records : 0;
    return { records: [], error: { row, field: "file", message: `The file could not be read as CSV: ${err.message}` } };
  }
}

/** The header row: each cell → its field, or errors (unknown, repeated, missing required columns). */
function readHeader(header: string[]): { fields: (ImportColumn | null)[]; names: string[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const names = header.map((h) => h.trim());
  const known = new Set<string>(IMPORT_COLUMNS);
  const seen = new Set<string>();
  const fields = names.map((name) => {
    const field = (IMPORT_COLUMN_ALIASES[name] ?? (known.has(name) ? name : null)) as ImportColumn | null;
    if (!field) {
      errors.push({ row: 0, field: name || "(blank)", message: name ? `Unknown column "${name}": the columns are the load's fields, as in the template` : "A column has no name" });
      return null;
    }
    if (seen.has(field)) errors.push({ row: 0, field: name, message: `Column "${name}" appears more than once` });
    seen.add(field);
    return field;
  });
  for (const required of REQUIRED_IMPORT_COLUMNS) {
    if (!seen.has(required)) errors.push({ row: 0, field: required, message: `The file has no ${required} column: every load needs one` });
  }
  return { fields, names, errors };
}

/**
 * The file → its rows as bodies. 413 (AppError) past MAX_IMPORT_ROWS data rows;
 * otherwise every problem is an error of the answer. A header problem stops there:
 * with the columns wrong, every row would be wrong for the same reason.
 */
export function readImportFile(text: string): ReadFile {
  const { records, error } = readRecords(text);
  const columnIndex = new Map<string, number>();
  if (error) return { rows: Math.max(0, error.row), errors: [error], bodies: [], columnIndex };
  // a line of commas only (a spreadsheet's trailing rows) is no load
  const rowsOf = records.filter((r, i) => i === 0 || r.some((c) => c.trim() !== ""));
  if (rowsOf.length === 0) return { rows: 0, errors: [{ row: 0, field: "file", message: EMPTY_FILE }], bodies: [], columnIndex };
  if (rowsOf.length > MAX_IMPORT_ROWS + 1) throw new AppError(413, TOO_MANY_ROWS);
  const [header, ...data] = rowsOf;
  const rows = data.length;
  const head = readHeader(header);
  head.names.forEach((name, i) => columnIndex.set(name, columnIndex.get(name) ?? i));
  if (head.errors.length) return { rows, errors: head.errors, bodies: [], columnIndex };
  if (rows === 0) return { rows, errors: [{ row: 0, field: "file", message: NO_ROWS }], bodies: [], columnIndex };

  const errors: RowError[] = [];
  const bodies: CsvRow[] = [];
  data.forEach((cells, i) => {
    const row = i + 1;
    // trailing empty cells (a spreadsheet's padding) are not a wider row
    const width = cells.length > header.length && cells.slice(header.length).every((c) => c.trim() === "") ? header.length : cells.length;
    if (width !== header.length) {
      errors.push({ row, field: "row", message: `This row has ${width} cells but the header names ${header.length} columns` });
      return;
    }
    const input: Record<string, unknown> = {};
    const names = new Map<string, string>();
    const refused = new Set<string>();
    head.fields.forEach((field, c) => {
      if (!field) return;
      const raw = cells[c];
      names.set(field, head.names[c]);
      if (TEXT_COLUMNS.has(field)) {
        const formula = importFormulaProblem(raw);
        if (formula) {
          errors.push({ row, field: head.names[c], message: formula });
          refused.add(field);
          return;
        }
      }
      // an empty cell is an absent field: defaults apply, and a required one says so in its own words
      if (raw.trim() === "") return;
      input[field] = cellValue(field, raw);
    });
    bodies.push({ row, input, names, refused });
  });
  return { rows, errors, bodies, columnIndex };
}
