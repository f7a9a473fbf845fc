// GET /api/loads sort orders, without zod: the board's first
// chunk reads them (board-url.ts, load-list-match.ts) and must not pull the schema
// library (it would slow the first page load); schemas/load.ts re-exports them.
export const LOAD_SORTS = ["-pickupDate", "pickupDate", "price", "-price", "ratePerMile", "-ratePerMile", "distance", "-createdAt"] as const;
export type LoadSort = (typeof LOAD_SORTS)[number];

export const DEFAULT_LOAD_SORT: LoadSort = "-pickupDate";
