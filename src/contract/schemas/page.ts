// Paging of every list, each bounded the same way. Without `limit` at most
// LIST_MAX rows come back and the true
// total is in the X-Total-Count header; `limit` above LIST_MAX → 400.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";

/** The most rows any list call answers with. */
export const LIST_MAX = 1000;

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_MAX, `limit must be at most ${LIST_MAX}`).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** The page a list call reads: LIST_MAX rows when the caller named no limit. */
export function pageOf(q: PageQuery): { limit: number; offset: number } {
  return { limit: q.limit ?? LIST_MAX, offset: q.offset ?? 0 };
}
