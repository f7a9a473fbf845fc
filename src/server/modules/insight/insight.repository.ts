// Staff insight (the staff insight page): every figure of every week worked out by the database in
// one statement. Weeks are UK weeks, Monday 00:00 to Monday 00:00 Europe/London:
// the week's bounds are local midnights turned into instants by PostgreSQL's own
// time-zone rules (`local at time zone 'Europe/London'`), so a week across the
// clock change is 167 or 169 hours long, as the office's calendar says.
//
// One pass over loads: the rows that fall in the period by any of their three
// times (posted, booked, completed) are read once into a small working set, and
// the three groupings run over that. GROUPING SETS give each week and the whole
// period in the same pass (the period's median is over all its loads, not a
// median of medians). Works on PGlite (PostgreSQL 18) and PostgreSQL 15 alike:
// nothing newer than PostgreSQL 12 (date_trunc, percentile_cont, grouping sets).
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client";
import { loads } from "../../db/schema";

/** One row a week (weekStart "YYYY-MM-DD") and one with weekStart null: the whole period. */
export interface InsightRow {
  weekStart: string | null;
  from: string;
  to: string;
  posted: number;
  booked: number;
  completed: number;
  within24h: number;
  /** numeric text, 4 decimals ("0.6667"); null when nothing was posted */
  within24hShare: string | null;
  /** numeric text, 2 decimals ("3.50"); null when nothing was booked */
  medianHours: string | null;
  /** numeric text, exact to the penny ("1234.50") */
  spend: string;
}

/**
 * The last `weeks` UK weeks up to and including the one `now` falls in (still
 * running), oldest first, then the period's totals.
 */
export async function selectInsight(db: DbOrTx, opts: { now: Date; weeks: number }): Promise<InsightRow[]> {
  return queryRows<InsightRow>(db, insightSql(opts));
}

/** The statement itself (also for EXPLAIN in a measurement; docs/decisions/0018-insight.md has the figures). */
export function insightSql(opts: { now: Date; weeks: number }): SQL {
  const tz = sql.raw("'Europe/London'");
  const now = opts.now.toISOString();
  // booked = accepted, approved or completed now (as lane rates: a cancelled booking and
  // one reset to available are no booking; reset also clears accepted_at)
  const isBooked = sql`r.status in ('accepted', 'approved', 'completed')`;
  return sql`
    with bounds as (
      -- local (wall-clock) Mondays: generate_series over timestamp, not timestamptz,
      -- so a step of 7 days is 7 calendar days whatever the clocks do
      select date_trunc('week', ${now}::timestamptz at time zone ${tz}) - (${opts.weeks}::int - 1) * interval '7 days' as first_local,
             date_trunc('week', ${now}::timestamptz at time zone ${tz}) as last_local
    ),
    span as (
      select first_local at time zone ${tz} as from_at,
             (last_local + interval '7 days') at time zone ${tz} as to_at,
             first_local, last_local
      from bounds
    ),
    weeks as (
      select w as wk from span, generate_series(span.first_local, span.last_local, interval '7 days') as w
      union all
      select null  -- the whole period (GROUPING SETS' grand total has wk null)
    ),
    recent as materialized (
      select ${loads.status} as status, ${loads.price} as price,
             ${loads.createdAt} as created_at, ${loads.acceptedAt} as accepted_at, ${loads.completedAt} as completed_at
      from ${loads}, span
      where (${loads.createdAt} >= span.from_at and ${loads.createdAt} < span.to_at)
         or (${loads.acceptedAt} >= span.from_at and ${loads.acceptedAt} < span.to_at)
         or (${loads.completedAt} >= span.from_at and ${loads.completedAt} < span.to_at)
    ),
    posted as (
      select date_trunc('week', r.created_at at time zone ${tz}) as wk,
             count(*)::int as posted,
             -- contract: "share of loads booked within 24 h" (of those posted that week)
             count(*) filter (where ${isBooked} and r.accepted_at <= r.created_at + interval '24 hours')::int as within_24h
      from recent r, span
      where r.created_at >= span.from_at and r.created_at < span.to_at
      group by grouping sets ((date_trunc('week', r.created_at at time zone ${tz})), ())
    ),
    booked as (
      select date_trunc('week', r.accepted_at at time zone ${tz}) as wk,
             count(*)::int as booked,
             percentile_cont(0.5) within group (order by extract(epoch from (r.accepted_at - r.created_at))::float8 / 3600) as median_hours
      from recent r, span
      where ${isBooked} and r.accepted_at >= span.from_at and r.accepted_at < span.to_at
      group by grouping sets ((date_trunc('week', r.accepted_at at time zone ${tz})), ())
    ),
    completed as (
      select date_trunc('week', r.completed_at at time zone ${tz}) as wk,
             count(*)::int as completed,
             -- numeric(10,2) summed as numeric: exact, no binary fractions
             sum(r.price) as spend
      from recent r, span
      where r.status = 'completed' and r.completed_at >= span.from_at and r.completed_at < span.to_at
      group by grouping sets ((date_trunc('week', r.completed_at at time zone ${tz})), ())
    )
    select to_char(w.wk, 'YYYY-MM-DD') as "weekStart",
           to_char(span.first_local, 'YYYY-MM-DD') as "from",
           to_char(span.last_local + interval '6 days', 'YYYY-MM-DD') as "to",
           coalesce(p.posted, 0) as posted,
           coalesce(b.booked, 0) as booked,
           coalesce(c.completed, 0) as completed,
           coalesce(p.within_24h, 0) as "within24h",
           round(p.within_24h::numeric / nullif(p.posted, 0), 4)::text as "within24hShare",
           round(b.median_hours::numeric, 2)::text as "medianHours",
           coalesce(c.spend, 0)::numeric(14, 2)::text as spend
    from span, weeks w
    left join posted p on p.wk is not distinct from w.wk
    left join booked b on b.wk is not distinct from w.wk
    left join completed c on c.wk is not distinct from w.wk
    order by w.wk nulls last
  `;
}
