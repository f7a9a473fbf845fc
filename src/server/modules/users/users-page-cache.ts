// GET /api/users, the Users tab (built per request, 5,001 users at 50 connections
// answered 8 req/s at p50 3 s). A page depends only on the users, their held loads and their
// companies' compliance on the UK day, not on which staff member asks: it is built
// once per version of those (the change counters of migrations 0001 and 0013, read
// in one indexed query per request, so a write in any process shows at once) and
// kept as bytes with their br/gzip forms (lib/page-bytes.ts). Bounded: the newest
// versions' pages only, at most MAX_PAGES of them.
import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client";
import { PageBytes } from "../../plugins/page-bytes";
import { ukToday } from "../loads/load-visibility";
import { PerVersionMemo } from "../loads/loads-version";

const MAX_PAGES = 200;

export interface CachedPage {
  body: PageBytes;
  total: number;
}

/** The versions a Users page is built from, as one string: users, loads, companies, and the UK day. */
export async function usersPageVersion(db: DbOrTx, now: Date): Promise<string> {
  const rows = await queryRows<{ version: number | string }>(
    db,
    sql`select version from change_counters where name in ('companies', 'loads', 'users') order by name`,
  );
  return `${rows.map((r) => String(r.version)).join(".")}.${ukToday(now).getTime() / 1000}`;
}

/** One app's Users pages, for the newest version seen (older ones are dropped whole). */
export const createUsersPageCache = () => new PerVersionMemo<CachedPage, string>(MAX_PAGES);
