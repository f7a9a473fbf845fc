// UK postcodes, read the same way by the load form, the loads API and the
// distance estimate (checked against the UK format and stored
// normalised, upper case with one space: "LL61 5UL").

export interface ParsedPostcode {
  /** outward code, upper case, no spaces: "LS1", "SW1A" */
  outward: string;
  /** postcode area: the letters that start the outward code ("LS", "SW") */
  area: string;
  /** inward code ("4AP"), or null when only the outward code was given */
  inward: string | null;
}

// Outward code: 1–2 letters, a digit, then an optional digit or letter (A9, A99,
// AA9, AA99, A9A, AA9A). Inward code: a digit and two letters.
export const OUTWARD_CODE = /^([A-Z]{1,2})\d[A-Z\d]?$/;
const FULL = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;

/**
 * Accepts a full postcode or an outward code, in any case and spacing:
 * "ls14ap", "LS1 4AP", " ls1 ". Returns null when it cannot be a UK postcode.
 */
export function parsePostcode(input: string): ParsedPostcode | null {
  const s = input.toUpperCase().replace(/\s+/g, "");
  if (s.length < 2 || s.length > 7) return null;
  const full = FULL.exec(s);
  const outward = full ? full[1] : OUTWARD_CODE.test(s) ? s : null;
  if (!outward) return null;
  return { outward, area: OUTWARD_CODE.exec(outward)![1], inward: full ? full[2] : null };
}

/**
 * A full UK postcode as it is stored and shown: "ll615ul" → "LL61 5UL". Null when
 * the text is not a full postcode (an outward code alone, "HELLO", "12345").
 */
export function normalisePostcode(input: string): string | null {
  const p = parsePostcode(input);
  return p?.inward ? `${p.outward} ${p.inward}` : null;
}
