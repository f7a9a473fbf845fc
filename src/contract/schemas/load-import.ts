// CSV load import: the columns a
// file may have, its limits, the answer's shape and the template. The columns are
// the fields of POST /api/loads, so a row is judged by loadInputSchema
// and the create rules exactly as a load posted by hand (docs/decisions/0025-load-import.md).
import { z } from "../plain-errors";
import { loadInputSchema } from "./load";
import { startsAsFormula } from "../csv-formula";

/** contract: 5,000 data rows at most per file (413 beyond) */
export const MAX_IMPORT_ROWS = 5_000;
/** bytes of one file: 5,000 full rows fit with room to spare (a bigger body is 413) */
export const MAX_IMPORT_BYTES = 10 * 1_048_576;

/** Every column a file may name: the load's fields as POST /api/loads takes them. */
export const IMPORT_COLUMNS = Object.keys(loadInputSchema.shape) as (keyof typeof loadInputSchema.shape)[];
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Other names accepted for a column: pickupZip is also called "Postcode". */
export const IMPORT_COLUMN_ALIASES: Readonly<Record<string, ImportColumn>> = {
  pickupPostcode: "pickupZip",
  deliveryPostcode: "deliveryZip",
};

/** Columns a file must have: the fields POST /api/loads requires. */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ["pickupCity", "deliveryCity", "price"];

/** Cells read as numbers and as yes/no (the rest are text, dates, times or choices). */
export const NUMBER_COLUMNS: ReadonlySet<string> = new Set(["weight", "length", "width", "height", "distance", "price"]);
export const BOOLEAN_COLUMNS: ReadonlySet<string> = new Set(["isUrgent", "isTemperatureControlled", "adr", "waste", "tailLift", "moffett", "edgeProtectors"]);
/** Free-text columns: a cell here that a spreadsheet would run as a formula is refused (importFormulaProblem). */
export const TEXT_COLUMNS: ReadonlySet<string> = new Set([
  "loadNumber",
  "mandataNumber",
  "pickupAddress",
  "pickupCity",
  "pickupState",
  "pickupContact",
  "pickupReference",
  "pickupInstructions",
  "deliveryAddress",
  "deliveryCity",
  "deliveryState",
  "deliveryContact",
  "deliveryReference",
  "deliveryInstructions",
  "cargoType",
  "pickupSignedBy",
  "deliverySignedBy",
]);

export const FORMULA_MESSAGE = "A cell must not start with =, +, -, @ (or their full-width forms), a tab or a carriage return (a spreadsheet would run it as a formula)";
/** A phone number such as +44 7700 900123 starts with + but holds nothing a spreadsheet could run. */
const PHONE_LIKE = /^[+-]?[\d\s().-]+$/;

/**
 * Formula injection (OWASP "CSV injection"): a text cell that starts with = + - @
 * (or a full-width look-alike: startsAsFormula, the rule the exports guard by),
 * a tab or a carriage return is refused, not rewritten, so nothing is stored that
 * differs from what the file said (docs/decisions/0025-load-import.md). A sign followed
 * by digits, spaces and brackets only (a phone number) is not a formula.
 */
export function importFormulaProblem(raw: string): string | null {
  if (/^[\t\r]/.test(raw)) return FORMULA_MESSAGE;
  const value = raw.trim();
  if (!startsAsFormula(value)) return null;
  if (/^[+-]/.test(value) && PHONE_LIKE.test(value)) return null;
  return FORMULA_MESSAGE;
}

export const importQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

export const importErrorSchema = z.object({
  /** the data row (1 = the first after the header); 0: the file or its header row */
  row: z.number().int(),
  /**
   * the same row as a spreadsheet numbers it, the header being row 1 (so data row 1
   * is row 2): the number a person looks for in Excel; always row + 1
   */
  sheetRow: z.number().int(),
  /** the column as the file names it; "file" for the file as a whole */
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;
/** An error as the reading and judging find it; the answer adds its sheetRow. */
export type RowError = Omit<ImportError, "sheetRow">;

/**
 * Dates a file may hold: the UK's day/month/year, the ISO day, or an ISO date and
 * time. A cell in none of these is refused with this, naming them.
 */
export const IMPORT_DATE_FORMATS = "31/12/2026 (DD/MM/YYYY), 2026-12-31 (YYYY-MM-DD) or 2026-12-31T09:00:00Z (ISO 8601)";
export const importDateMessage = (label: string, cell: string): string => `${label} "${cell}" is not a date: use ${IMPORT_DATE_FORMATS}`;

export const importResultSchema = z.object({
  valid: z.boolean(),
  /** data rows in the file */
  rows: z.number().int(),
  errors: z.array(importErrorSchema),
  /** a commit: how many loads were created (0 on a dry run) */
  created: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** A commit refused (400): the contract's error body with the same answer as a dry run (nothing was created). */
export const importRefusedSchema = importResultSchema.extend({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })),
});

export const IMPORT_TEMPLATE_PATH = "/api/loads/import/template.csv";
export const IMPORT_PATH = "/api/loads/import";
