// CSV exports: staff only, of exactly what a staff tab shows with its current
// filters. Each export takes the query of the list call behind its tab, so the
// web app builds the export's address from the very URL its list query uses.
//
// | export          | the tab            | its list call            | query schema            |
// |-----------------|--------------------|--------------------------|-------------------------|
// | loads.csv       | All Loads, Accepted, Approved, Completed | GET /api/loads | loadFiltersSchema |
// | users.csv       | Users              | GET /api/users           | userListQuerySchema     |
// | carriers.csv    | Carriers           | GET /api/users/carrier   | carrierListQuerySchema  |
// | bids.csv        | Loads with Bids    | GET /api/loads/with-bids | loadFiltersSchema       |
// | invoices.csv    | Invoices           | GET /api/invoices        | invoiceListQuerySchema  |

export const EXPORT_KINDS = ["loads", "users", "carriers", "bids", "invoices"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const exportPath = (kind: ExportKind): `/api/export/${ExportKind}.csv` => `/api/export/${kind}.csv`;

/** The list call each export mirrors (its query is that call's query). */
export const EXPORT_LIST_PATHS: Readonly<Record<ExportKind, string>> = {
  loads: "/api/loads",
  users: "/api/users",
  carriers: "/api/users/carrier",
  bids: "/api/loads/with-bids",
  invoices: "/api/invoices",
};

/**
 * The export of what a list URL shows: the same filters, search and order, every
 * page (limit and offset dropped; the server honours them when sent, but a tab's
 * Export means all of its rows, not the page in view).
 */
export function exportUrlOf(kind: ExportKind, listUrl: string): string {
  const q = listUrl.indexOf("?");
  const params = new URLSearchParams(q >= 0 ? listUrl.slice(q + 1) : "");
  params.delete("limit");
  params.delete("offset");
  const query = params.toString();
  return query ? `${exportPath(kind)}?${query}` : exportPath(kind);
}

/** `loads-2026-11-25.csv`: the export and the UK calendar day it was taken on. */
export const exportFileName = (kind: ExportKind, ukDay: string): string => `${kind}-${ukDay}.csv`;
