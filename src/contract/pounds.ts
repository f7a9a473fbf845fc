// Amounts of money as people type them (a bid of "1,100" is £1,100,
// not "Bid amount must be greater than 0"). Shared by the forms that take pounds.

const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
const PLAIN = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * "1100", "1,100", "£1,100.50", " 950.5 " → the number of pounds; null when the
 * text is not an amount of pounds ("1,1", "12abc", "-5", "").
 */
export function parsePounds(text: string): number | null {
  const s = text.trim().replace(/^£\s*/, "");
  if (GROUPED.test(s)) return Number(s.replace(/,/g, ""));
  if (PLAIN.test(s)) return Number(s);
  return null;
}
