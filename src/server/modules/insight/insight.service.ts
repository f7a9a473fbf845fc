// Staff insight: loads posted, booked and completed per week, share of loads
// booked within 24 h, median time to book, spend per week. The figures come
// from the database, rounded there (insight.repository.ts); this turns its text
// into the contract's JSON numbers, with no arithmetic on money here.
// Decisions: docs/decisions/0018-insight.md.
import type { DbOrTx } from "../../db/client";
import type { Insight, InsightQuery } from "../../../contract/schemas/insight";
import { ukDayKey } from "../../../contract/wall-clock";
import type { PerVersionMemo } from "../loads/loads-version";
import { selectInsight, type InsightRow } from "./insight.repository";

/** numeric text from the database ("0.30", "0.6667") → a JSON number; null stays null */
const num = (s: string | null): number | null => (s === null ? null : Number(s));

function figures(row: InsightRow) {
  return {
    posted: Number(row.posted),
    booked: Number(row.booked),
    completed: Number(row.completed),
    bookedWithin24h: num(row.within24hShare),
    bookedWithin24hCount: Number(row.within24h),
    medianHoursToBook: num(row.medianHours),
    spend: Number(row.spend),
  };
}

export function toInsight(weeks: number, rows: InsightRow[]): Insight {
  const totals = rows.find((r) => r.weekStart === null);
  const first = rows[0];
  // the statement always gives `weeks` rows and the totals row
  if (!totals || !first || rows.length !== weeks + 1) throw new Error(`insight: ${rows.length} rows for ${weeks} weeks`);
  return {
    weeks,
    timeZone: "Europe/London",
    from: first.from,
    to: first.to,
    rows: rows.filter((r) => r.weekStart !== null).map((r) => ({ weekStart: r.weekStart!, ...figures(r) })),
    totals: figures(totals),
  };
}

export async function getInsight(opts: {
  db: DbOrTx;
  query: InsightQuery;
  now: Date;
  /** figures per loads version (any write to loads starts afresh), shared by every staff member */
  memo?: { version: number; cache: PerVersionMemo<Insight> };
}): Promise<Insight> {
  const { db, query, now } = opts;
  const read = async () => toInsight(query.weeks, await selectInsight(db, { now, weeks: query.weeks }));
  // the weeks depend on the UK day (a new week starts at Monday 00:00 UK time) as well as on the loads
  const key = `${query.weeks}|${ukDayKey(now)}`;
  return opts.memo ? opts.memo.cache.get(opts.memo.version, key, read) : read();
}
