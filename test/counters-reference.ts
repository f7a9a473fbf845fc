// Test support for counters.test.ts: the figures of GET /api/stats and
// the Carriers tab as they were computed before migration 0014, by aggregating
// every load, kept here verbatim as the reference the maintained counters must
// equal; and a seeded random writer of loads (and of the users they name).
import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../src/server/db/client";
import { loads, users } from "../src/server/db/schema";
import { isStaffRole } from "../src/contract/constants";
import { onBoardWhere, type Viewer } from "../src/server/modules/loads/load-visibility";
import type { CompanyRow } from "../src/server/modules/users/carriers.repository";

/** the old countAvailable: every available load whose UK pickup day is not over */
export async function freshAvailable(db: DbOrTx, today: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loads).where(onBoardWhere(today));
  return Number(row?.n ?? 0);
}

/** the old selectOwnStats, over the loads themselves */
export async function freshOwnStats(db: DbOrTx, viewer: Viewer) {
  const own = isStaffRole(viewer)
    ? sql`true`
    : viewer.carrierName
      ? sql`(${loads.acceptedBy} = ${viewer.id} or ${loads.acceptedByCarrier} = ${viewer.carrierName})`
      : sql`${loads.acceptedBy} = ${viewer.id}`;
  const [row] = await db
    .select({
      accepted: sql<number>`count(*) filter (where ${loads.status} = 'accepted')::int`,
      approved: sql<number>`count(*) filter (where ${loads.status} = 'approved')::int`,
      completed: sql<number>`count(*) filter (where ${loads.status} = 'completed')::int`,
      totalEarnings: sql<string | null>`coalesce(sum(${loads.price}) filter (where ${loads.status} = 'completed'), 0)`,
    })
    .from(loads)
    .where(sql`${own} and ${loads.status} in ('accepted', 'approved', 'completed')`);
  return { accepted: Number(row.accepted), approved: Number(row.approved), completed: Number(row.completed), totalEarnings: Number(row.totalEarnings) };
}

/** the old listCompanies (no search, default order, first 1,000): loads grouped by company on every call */
export async function freshCompanies(db: DbOrTx): Promise<CompanyRow[]> {
  const memberCompany = sql`coalesce(nullif(btrim(u.carrier_name), ''), 'Unknown Carrier')`;
  const loadCompany = sql`coalesce(nullif(btrim(l.accepted_by_carrier), ''), nullif(btrim(a.carrier_name), ''), 'Unknown Carrier')`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with m as (
      select lower(${memberCompany}) as key, ${memberCompany} as spelling, u.name, u.email, u.created_at, u.last_login_at,
             row_number() over (partition by lower(${memberCompany}) order by u.created_at, u.id) as rn
      from ${users} u where u.role = 'carrier'
    ),
    g as (
      select key, (array_agg(spelling order by rn))[1] as carrier_name, count(*)::int as members,
             coalesce(json_agg(json_build_object('name', name, 'email', email) order by rn) filter (where rn <= 2), '[]'::json) as contacts,
             min(created_at) as joined_at, max(last_login_at) as last_login_at
      from m group by key
    ),
    b as (
      select lower(${loadCompany}) as key, min(${loadCompany}) as spelling, count(*)::int as accepted_loads,
             coalesce(sum(l.price) filter (where l.status = 'completed'), 0)::float8 as total_earnings, max(l.accepted_at) as last_accepted_at
      from ${loads} l left join ${users} a on a.id = l.accepted_by
      where l.status in ('accepted', 'approved', 'completed')
      group by lower(${loadCompany})
    ),
    c as (
      select coalesce(g.key, b.key) as key, coalesce(g.carrier_name, b.spelling) as carrier_name,
             coalesce(g.contacts, '[]'::json) as contacts, coalesce(g.members, 0) as members,
             coalesce(b.accepted_loads, 0) as accepted_loads, coalesce(b.total_earnings, 0) as total_earnings,
             greatest(g.last_login_at, b.last_accepted_at) as last_activity, g.joined_at
      from g full outer join b on b.key = g.key
    )
    select c.carrier_name, c.contacts, c.members, c.accepted_loads, c.total_earnings,
           (extract(epoch from c.last_activity) * 1000)::float8 as last_activity_ms,
           (extract(epoch from c.joined_at) * 1000)::float8 as joined_at_ms
    from c
    order by (c.key = 'unknown carrier'), c.joined_at desc nulls last, lower(c.carrier_name) collate "C", c.carrier_name collate "C", c.key
    limit 1000`,
  );
  const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(Math.round(Number(v))));
  return rows.map((r) => ({
    carrierName: String(r.carrier_name),
    contacts: (typeof r.contacts === "string" ? JSON.parse(r.contacts) : r.contacts) as CompanyRow["contacts"],
    members: Number(r.members),
    acceptedLoads: Number(r.accepted_loads),
    totalEarnings: Number(r.total_earnings),
    lastActivity: ms(r.last_activity_ms),
    joinedAt: ms(r.joined_at_ms),
  }));
}

/** the counter rows as a fresh aggregate would make them (zero rows left out) */
export async function counterTablesMatch(db: DbOrTx): Promise<{ table: string; maintained: unknown[]; fresh: unknown[] }[]> {
  const pairs: [string, SqlPair][] = [
    [
      "load_available_days",
      {
        maintained: sql`select pickup_day::text as k, loads::int as n from load_available_days where loads <> 0 order by 1`,
        fresh: sql`select coalesce((pickup_date at time zone 'Europe/London')::date, 'infinity'::date)::text as k, count(*)::int as n
                   from loads where status = 'available' group by 1 order by 1`,
      },
    ],
    [
      "load_status_totals",
      {
        maintained: sql`select status as k, loads::int as n, price_sum::text as p from load_status_totals where loads <> 0 or price_sum <> 0 order by 1`,
        fresh: sql`select status as k, count(*)::int as n, sum(price)::numeric::text as p from loads group by status order by 1`,
      },
    ],
    [
      "load_holder_stats",
      {
        maintained: sql`select coalesce(accepted_by::text, '') as u, accepted_by_carrier as c, accepted, approved, completed, earnings::text as e,
                          (extract(epoch from last_accepted_at) * 1000)::float8 as t
                        from load_holder_stats where accepted + approved + completed > 0 order by 1, 2 nulls first`,
        fresh: sql`select coalesce(accepted_by::text, '') as u, accepted_by_carrier as c,
                     count(*) filter (where status = 'accepted')::int as accepted, count(*) filter (where status = 'approved')::int as approved,
                     count(*) filter (where status = 'completed')::int as completed, coalesce(sum(price) filter (where status = 'completed'), 0)::numeric::text as e,
                     (extract(epoch from max(accepted_at)) * 1000)::float8 as t
                   from loads where status in ('accepted', 'approved', 'completed') group by accepted_by, accepted_by_carrier order by 1, 2 nulls first`,
      },
    ],
  ];
  const out = [];
  for (const [table, q] of pairs) {
    const maintained = (await queryRows(db, q.maintained)).map(normalise);
    const fresh = (await queryRows(db, q.fresh)).map(normalise);
    out.push({ table, maintained, fresh });
  }
  return out;
}

interface SqlPair {
  maintained: ReturnType<typeof sql>;
  fresh: ReturnType<typeof sql>;
}

/** numeric text compared as numbers ("10.50" = "10.5"), everything else as it is */
function normalise(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = (k === "p" || k === "e") && v !== null ? Number(v) : v;
  return out;
}

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
