// The Carriers tab's query: carrier accounts and the loads they hold, grouped by
// company name, searched, ordered and paged in the database.
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client";
import { loadHolderStats, users } from "../../db/schema";
import type { CarrierSortKey } from "../../../contract/schemas/user";
import { containsPattern, type ListPage, type Page } from "./users.repository";

export const UNKNOWN_CARRIER = "Unknown Carrier";
/** the Carriers tab: at most 2 contacts per company, then "+N more" */
const MAX_CONTACTS = 2;
// a literal, not a bind parameter: the same expression must appear in SELECT and GROUP BY
const UNKNOWN_CARRIER_SQL = sql.raw(`'${UNKNOWN_CARRIER}'`);

export interface CompanyRow {
  carrierName: string;
  /** the first two members by join date */
  contacts: { name: string; email: string }[];
  members: number;
  acceptedLoads: number;
  totalEarnings: number;
  lastActivity: Date | null;
  joinedAt: Date | null;
}

const epochMs = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(Math.round(Number(v))));

/**
 * The Carriers tab, grouped, searched, ordered and paged in the database.
 * Carrier accounts are grouped by carrierName ignoring case and surrounding
 * spaces (blank: "Unknown Carrier"), shown in the earliest member's
 * spelling; accepted, approved and completed loads count for the company named
 * on the load, else the accepting user's company, else "Unknown Carrier", so a
 * company with no member left still appears. Search matches the company or any
 * member's name or email. Without a sort: newest company first, companies
 * known only from loads after them, "Unknown Carrier" last. The loads side
 * reads the per-(acceptedBy, acceptedByCarrier) counters of migration 0014 (no
 * scan of loads per request); each pair falls wholly in one company, so
 * grouping the pairs gives the same figures as grouping the loads.
 */
export async function listCompanies(db: DbOrTx, q: Omit<ListPage<CarrierSortKey>, "sort"> & { sort?: ListPage<CarrierSortKey>["sort"] }): Promise<Page<CompanyRow>> {
  const unknownKey = UNKNOWN_CARRIER.toLowerCase();
  const memberCompany = sql`coalesce(nullif(btrim(u.carrier_name), ''), ${UNKNOWN_CARRIER_SQL})`;
  const loadCompany = sql`coalesce(nullif(btrim(l.accepted_by_carrier), ''), nullif(btrim(a.carrier_name), ''), ${UNKNOWN_CARRIER_SQL})`;
  const pattern = q.search ? containsPattern(q.search) : null;
  const memberMatch = pattern ? sql`bool_or(m.name ilike ${pattern} or m.email ilike ${pattern})` : sql`false`;
  const dir = (desc: boolean) => (desc ? sql`desc nulls last` : sql`asc nulls last`);
  const byName = sql`lower(c.carrier_name) collate "C", c.carrier_name collate "C"`;
  let order: SQL;
  if (!q.sort) order = sql`(c.key = ${unknownKey}), c.joined_at desc nulls last, ${byName}`;
  else if (q.sort.key === "carrierName") order = q.sort.desc ? sql`lower(c.carrier_name) collate "C" desc, c.carrier_name collate "C" desc` : byName;
  else {
    const col = { acceptedLoads: sql`c.accepted_loads`, totalEarnings: sql`c.total_earnings`, lastActivity: sql`c.last_activity`, joinedAt: sql`c.joined_at` }[q.sort.key];
    order = sql`${col} ${dir(q.sort.desc)}, ${byName}`;
  }

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
             coalesce(json_agg(json_build_object('name', name, 'email', email) order by rn) filter (where rn <= ${MAX_CONTACTS}), '[]'::json) as contacts,
             min(created_at) as joined_at, max(last_login_at) as last_login_at, ${memberMatch} as member_match
      from m group by key
    ),
    b as (
      select lower(${loadCompany}) as key, min(${loadCompany}) as spelling, sum(l.accepted + l.approved + l.completed)::int as accepted_loads,
             coalesce(sum(l.earnings), 0)::float8 as total_earnings, max(l.last_accepted_at) as last_accepted_at
      from ${loadHolderStats} l left join ${users} a on a.id = l.accepted_by
      where l.accepted + l.approved + l.completed > 0
      group by lower(${loadCompany})
    ),
    c as (
      select coalesce(g.key, b.key) as key, coalesce(g.carrier_name, b.spelling) as carrier_name,
             coalesce(g.contacts, '[]'::json) as contacts, coalesce(g.members, 0) as members,
             coalesce(b.accepted_loads, 0) as accepted_loads, coalesce(b.total_earnings, 0) as total_earnings,
             greatest(g.last_login_at, b.last_accepted_at) as last_activity, g.joined_at, coalesce(g.member_match, false) as member_match
      from g full outer join b on b.key = g.key
    )
    select c.carrier_name, c.contacts, c.members, c.accepted_loads, c.total_earnings,
           (extract(epoch from c.last_activity) * 1000)::float8 as last_activity_ms,
           (extract(epoch from c.joined_at) * 1000)::float8 as joined_at_ms,
           count(*) over () as total
    from c
    ${pattern ? sql`where c.carrier_name ilike ${pattern} or c.member_match` : sql``}
    order by ${order}, c.key
    limit ${q.limit} offset ${q.offset}`,
  );

  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.offset > 0) {
    // past the last page: the total still has to be told
    total = (await listCompanies(db, { ...q, limit: 1, offset: 0 })).total;
  }
  return {
    rows: rows.map((r) => ({
      carrierName: String(r.carrier_name),
      contacts: (typeof r.contacts === "string" ? JSON.parse(r.contacts) : r.contacts) as CompanyRow["contacts"],
      members: Number(r.members),
      acceptedLoads: Number(r.accepted_loads),
      totalEarnings: Number(r.total_earnings),
      lastActivity: epochMs(r.last_activity_ms),
      joinedAt: epochMs(r.joined_at_ms),
    })),
    total,
  };
}
