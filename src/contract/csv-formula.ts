// Formula injection (OWASP "CSV injection"): the one rule for what a spreadsheet
// may run as a formula at the start of a text cell, shared by every CSV the
// product writes (exports, statements: the cell gets a leading `'`) and the load
// import (the cell is refused).

/** The ASCII starts: = + - @, a tab, a carriage return. */
const ASCII_START = /^[=+\-@\t\r]/;
const SIGN = /^[=+\-@]/;

/**
 * Does this text start as a spreadsheet formula could? `=`, `+`, `-`, `@`, a tab or
 * a carriage return, or a character that NFKC folds to one of the four signs: the
 * full-width `＝ ＋ － ＠` (U+FF1D, U+FF0B, U+FF0D, U+FF20), the small forms
 * `﹦ ﹢ ﹣ ﹫`, the super- and subscript `⁺ ⁼ ₊ ₌`, which some spreadsheets also
 * read as formula signs. Only the first character is normalised, so a combining
 * mark after it (`=\u0338` composes to `≠`) cannot hide it.
 */
export function startsAsFormula(text: string): boolean {
  if (!text) return false;
  if (ASCII_START.test(text)) return true;
  const first = String.fromCodePoint(text.codePointAt(0)!);
  return SIGN.test(first.normalize("NFKC"));
}
