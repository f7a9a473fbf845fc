// How a value becomes a CSV cell (decisions in
// docs/decisions/0016-csv-exports.md). Pure functions, unit-tested in csv-format.test.ts.
//
// * Text is written as it is; csv-stringify quotes it when it holds a comma, a
//   quote or a line break (RFC 4180) and puts `'` before a leading `=`, `+`, `-`,
//   `@`, tab or carriage return (formula injection). Its full-width look-alikes
//   (＝＋－＠, any character NFKC folds to one of the signs), which some spreadsheets
//   also read as formulas, get the same prefix: toCell applies the rule the load
//   import refuses such cells by (contract/csv-formula.ts), before csv-stringify.
// * Numbers stay numbers until the last step: money with 2 decimals (`-12.50`),
//   counts as integers. A number cell is never prefixed, so a negative amount is
//   a negative amount in Excel, not the text `'-12.50`; only text can carry a formula.
// * A calendar day is `YYYY-MM-DD`; a moment is `YYYY-MM-DD HH:MM`, both in UK
//   time (Europe/London, BST in summer), as the screens show them. Excel and
//   LibreOffice read both as dates without a format being chosen.
import { wallClock, UK_TZ } from "../../../contract/wall-clock";
import { startsAsFormula } from "../../../contract/csv-formula";

/**
 * text: as it is (guarded); int, money, decimal: numbers; date, datetime: a JavaScript
 * instant written in UK time; formatted: a date and time the database already wrote
 * in UK time (load-exports.ts); yesno: a boolean as Yes or No.
 */
export type CellKind = "text" | "int" | "money" | "decimal" | "date" | "datetime" | "formatted" | "yesno";

/** One column of an export: its header in the screen's words, its kind, and its value in a row. */
export interface ExportColumn<Row> {
  header: string;
  kind: CellKind;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
}

/** A cell as csv-stringify receives it: numbers stay numbers (see `castNumber`), the rest is text. */
export type Cell = string | number | null;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * London's offset from UTC (minutes) per UTC day, when it is the same all day; a day
 * with a clock change is worked out per instant. Bounded: a few thousand days at most
 * in any export, cleared past that.
 */
const dayOffsets = new Map<number, number | null>();
const DAY_MS = 86_400_000;

function offsetAt(ms: number): number {
  const p = wallClock(ms, UK_TZ);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

function ukOffsetMinutes(ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  let offset = dayOffsets.get(day);
  if (offset === undefined) {
    const start = offsetAt(day * DAY_MS);
    offset = start === offsetAt(day * DAY_MS + DAY_MS - 60_000) ? start : null;
    if (dayOffsets.size > 5_000) dayOffsets.clear();
    dayOffsets.set(day, offset);
  }
  return offset ?? offsetAt(ms);
}

/** The UK wall clock at an instant, as a Date whose UTC fields are London's. */
function ukWall(at: Date | string | number): Date | null {
  const ms = at instanceof Date ? at.getTime() : typeof at === "number" ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return null;
  return new Date(ms + ukOffsetMinutes(ms) * 60_000);
}

/** `2026-11-23`: the UK calendar day of an instant. */
export function ukDate(at: Date | string | number | null | undefined): string {
  const w = at == null ? null : ukWall(at);
  return w ? `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}` : "";
}

/** `2026-11-23 09:00`: the UK date and 24-hour time of an instant (the admin tables' `23/11/2026 09:00`). */
export function ukDateTime(at: Date | string | number | null | undefined): string {
  const w = at == null ? null : ukWall(at);
  return w ? `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}` : "";
}

/** A value of a column as the cell csv-stringify gets (it quotes; a text that starts as a formula gets a leading `'` here, by the rule the import refuses such cells by: startsAsFormula). */
export function toCell(kind: CellKind, v: unknown): Cell {
  if (v === null || v === undefined || v === "") return null;
  switch (kind) {
    case "int":
    case "money":
    case "decimal": {
      const n = typeof v === "number" ? v : Number(v);
      return Number.isFinite(n) ? n : null;
    }
    case "date":
      return ukDate(v as Date | string);
    case "datetime":
      return ukDateTime(v as Date | string);
    case "formatted":
      return String(v);
    case "yesno":
      return v ? "Yes" : "No";
    case "text": {
      const s = String(v);
      return startsAsFormula(s) ? `'${s}` : s;
    }
  }
}

/** A number cell's text: money with exactly 2 decimals, anything else as JavaScript writes it (no exponent for our ranges). */
export function numberText(kind: CellKind, n: number): string {
  if (kind === "money") return (Object.is(n, -0) ? 0 : n).toFixed(2);
  if (kind === "int") return String(Math.round(n));
  return String(n);
}
