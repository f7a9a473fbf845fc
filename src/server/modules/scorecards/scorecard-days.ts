// A company's day sums (scorecard_company_days): recounted from its scorecard_loads
// rows for the days an event changed, for a whole company after a merge, or for
// everything after a rebuild — always by the same SQL, so maintained and rebuilt
// sums cannot differ. A scorecard adds up at most `days` of them.
import { and, asc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { scorecardCompanyDays, scorecardLoads } from "../../db/schema";

/** Recount the sums of the (company, day) pairs `where` picks out of scorecard_loads (its alias: s). */
async function recount(db: DbOrTx, where: SQL, whereDays: SQL): Promise<void> {
  await db.execute(sql`delete from ${scorecardCompanyDays} d where ${whereDays}`);
  await db.execute(sql`
    with a as (
      select s.company_id, s.day,
        count(*) filter (where s.completed_at is not null)::int as completed,
        count(*) filter (where s.handed_back)::int as handed_back,
        count(*) filter (where s.completed_at is not null and s.collection = 'onTime')::int as collection_on_time,
        count(*) filter (where s.completed_at is not null and s.collection = 'late')::int as collection_late,
        count(*) filter (where s.completed_at is not null and s.delivery = 'onTime')::int as delivery_on_time,
        count(*) filter (where s.completed_at is not null and s.delivery = 'late')::int as delivery_late
      from ${scorecardLoads} s where s.day is not null and ${where} group by s.company_id, s.day),
    h as (
      select s.company_id, s.day, round(s.pod_hours * 10)::int as tenths, count(*)::int as n
      from ${scorecardLoads} s where s.day is not null and s.completed_at is not null and s.pod_hours is not null and ${where}
      group by s.company_id, s.day, tenths),
    hh as (select company_id, day, jsonb_object_agg(tenths::text, n) as pod from h group by company_id, day)
    insert into ${scorecardCompanyDays} (company_id, day, completed, handed_back, collection_on_time, collection_late, delivery_on_time, delivery_late, pod_hours)
    select a.company_id, a.day, a.completed, a.handed_back, a.collection_on_time, a.collection_late, a.delivery_on_time, a.delivery_late, coalesce(hh.pod, '{}'::jsonb)
    from a left join hh on hh.company_id = a.company_id and hh.day = a.day`);
}

/** The sums of one company's days. */
export async function recountDays(db: DbOrTx, pairs: { companyId: string; day: string }[]): Promise<void> {
  const seen = new Set<string>();
  for (const p of pairs) {
    const key = `${p.companyId} ${p.day}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await recount(db, sql`s.company_id = ${p.companyId} and s.day = ${p.day}`, sql`d.company_id = ${p.companyId} and d.day = ${p.day}`);
  }
}

/** Every day of one company (after a merge moved rows to it or away). */
export const recountCompany = (db: DbOrTx, companyId: string) => recount(db, sql`s.company_id = ${companyId}`, sql`d.company_id = ${companyId}`);

/** Every day of every company (after a rebuild). */
export const recountAll = (db: DbOrTx) => recount(db, sql`true`, sql`true`);

/** The (company, day) pairs a load's rows count on now. */
export async function daysOfLoad(db: DbOrTx, loadId: string): Promise<{ companyId: string; day: string }[]> {
  const rows = await db.select({ companyId: scorecardLoads.companyId, day: scorecardLoads.day }).from(scorecardLoads).where(eq(scorecardLoads.loadId, loadId));
  return rows.flatMap((r) => (r.day ? [{ companyId: r.companyId, day: r.day }] : []));
}

/** A company's day sums in a window. */
export function companyDays(db: DbOrTx, companyId: string, w: { from: string; to: string }) {
  return db
    .select()
    .from(scorecardCompanyDays)
    .where(and(eq(scorecardCompanyDays.companyId, companyId), gte(scorecardCompanyDays.day, w.from), lte(scorecardCompanyDays.day, w.to)))
    .orderBy(asc(scorecardCompanyDays.day));
}
