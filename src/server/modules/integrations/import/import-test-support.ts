// Test support: rows → an import file (a header of every column used, RFC 4180 quoting).
import { stringify } from "csv-stringify/sync";

export function importCsv(rows: Record<string, string>[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return stringify([columns, ...rows.map((r) => columns.map((c) => r[c] ?? ""))]);
}
