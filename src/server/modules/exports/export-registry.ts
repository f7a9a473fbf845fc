// Every CSV export as one entry (contract-beyond "CSV exports"): its query, its
// columns and its rows (export-definition.ts). Adding an export is one more entry
// here (columns and a row source, as invoice-exports.ts beside load-exports.ts)
// and its name in contract/schemas/export.ts; the route, the CSV rules and the
// streaming are shared.
import type { ExportKind } from "../../../contract/schemas/export";
import type { ExportDefinition } from "./export-definition";
import { bidsExport, loadsExport } from "./load-exports";
import { carriersExport, usersExport } from "./user-exports";
import { invoicesExport } from "./invoice-exports";

export { EXPORT_BATCH_ROWS, type ExportDefinition, type ParsedQuery } from "./export-definition";

// each entry has its own query and row types
export const EXPORTS: Readonly<Record<ExportKind, ExportDefinition<any, any>>> = {
  loads: loadsExport,
  users: usersExport,
  carriers: carriersExport,
  bids: bidsExport,
  invoices: invoicesExport,
};
