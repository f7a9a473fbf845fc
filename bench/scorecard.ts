// A company's scorecard at 500,000 loads (PostgreSQL, issue 30): the p50 and p99 of
// GET /api/companies/{id}/scorecard?days=90 as a member of the company asks it, one
// request at a time. The loads come from the bench's generator (seedLoadsBulk); each
// gets the scorecard row the event reactions would have kept for it, written in bulk
// with SQL, and the day sums recounted from them: 200 companies, one of them (the one asked) holding a tenth of the loads
// (50,000 over a year, about 12,300 in the 90 days), completed days spread over the
// last year, punctuality and POD hours varied, one load in 25 with a claim. Target:
// p50 ≤ 20 ms. BENCH_ONLY=scorecard runs it alone; BENCH_SCORECARD_LOADS changes the size.
import { sql } from "drizzle-orm";
import { queryRows } from "../src/server/db/client";
import { recountAll } from "../src/server/modules/scorecards/scorecard-days";
import { freshScenarioDatabase, seedCarriers, seedLoadsBulk, seedSessions } from "./seed";
import { ms, quantile, rawGet, type ScenarioDeps, type TargetRow } from "./common";

const LOADS = Number(process.env.BENCH_SCORECARD_LOADS ?? 500_000);
const TARGET_MS = 20;
const REQUESTS = 300;
const COMPANIES = 200;

export async function scorecardScenario(deps: ScenarioDeps): Promise<{ rows: TargetRow[]; charts: string[] }> {
  const { log } = deps;
  const what = `company scorecard p50 (GET, days=90) at ${LOADS.toLocaleString("en-GB")} loads`;
  if (!deps.pgAvailable) return { rows: [{ what, engine: "postgres", measured: "", target: `p50 ≤ ${TARGET_MS} ms`, met: null, note: `skipped: no PostgreSQL at ${deps.pgUrl}` }], charts: [] };
  log(`scorecard: seeding ${LOADS.toLocaleString("en-GB")} loads and their scorecard rows on PostgreSQL`);
  const { database, databaseUrl, dataDir } = await freshScenarioDatabase({ pgUrl: deps.pgUrl, workDir: deps.workDir, dir: "scorecard", name: "bench_scorecard" });
  let child: Awaited<ReturnType<ScenarioDeps["startApp"]>>["child"] | undefined;
  try {
    await database.migrate();
    const t0 = Date.now();
    await seedLoadsBulk(database, databaseUrl, 0, LOADS);
    const db = database.db;
    await db.execute(sql`insert into companies (name, name_key) select 'Bench Score ' || g, 'bench score ' || g from generate_series(0, ${COMPANIES - 1}::int) g`);
    await db.execute(sql`create temporary table bench_co as select (substring(name from 13))::int as n, id from companies where name like 'Bench Score %'`);
    // one row a load: company 0 holds every tenth load, the others share the rest
    await db.execute(sql`
      insert into scorecard_loads (load_id, company_id, load_number, held, accepted_at, completed_at, handed_back, handed_back_at, day, collection, delivery, pod_hours)
      select l.id, c.id, l.load_number, false, d - interval '1 day', case when l.rn % 50 = 7 then null else d end,
             l.rn % 50 = 7, case when l.rn % 50 = 7 then d end, (d at time zone 'Europe/London')::date,
             (array['onTime', 'onTime', 'onTime', 'late', 'unknown'])[1 + l.rn % 5],
             (array['onTime', 'late', 'onTime', 'onTime', 'unknown', 'onTime', 'late'])[1 + l.rn % 7],
             case when l.rn % 11 = 0 then null else round(((l.rn * 7919) % 960) / 10.0, 1) end
      from (select id, load_number, row_number() over (order by id) as rn from loads) l
      cross join lateral (select now() - ((l.rn % 365) || ' days')::interval - ((l.rn % 600) || ' minutes')::interval as d) t
      join bench_co c on c.n = case when l.rn % 10 = 0 then 0 else 1 + l.rn % ${COMPANIES - 1}::int end`);
    await db.execute(sql`
      insert into scorecard_claims (claim_id, load_id, company_id, submitted_at, day, status, decided_at, amount_approved)
      select gen_random_uuid(), s.load_id, s.company_id, s.completed_at, s.day, (array['pending', 'approved', 'rejected'])[1 + (row_number() over ()) % 3],
             s.completed_at + interval '20 hours', 45.00
      from scorecard_loads s where s.completed_at is not null and abs(hashtext(s.load_number)) % 25 = 0`);
    // the day sums, as the reaction keeps them (one statement for all)
    await recountAll(db);
    log(`scorecard: seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const [big] = await queryRows<{ id: string; name: string }>(db, sql`select c.id, c.name from companies c join bench_co b on b.id = c.id where b.n = 0`);
    const [inWindow] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from scorecard_loads where company_id = ${big.id} and day >= (now() at time zone 'Europe/London')::date - 89`,
    );
    const [memberId] = await seedCarriers(database, 1, deps.password);
    await db.execute(sql`update users set company_id = ${big.id}, carrier_name = ${big.name} where id = ${memberId}`);
    const [cookie] = await seedSessions(database, [memberId]);
    await db.execute(sql`vacuum analyze scorecard_loads`);
    await db.execute(sql`vacuum analyze scorecard_claims`);
    await db.execute(sql`vacuum analyze scorecard_company_days`);

    const app = await deps.startApp({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    child = app.child;
    const url = `${app.url}/api/companies/${big.id}/scorecard?days=90`;
    for (let i = 0; i < 20; i++) await rawGet(url, { cookie }); // warm-up
    const times: number[] = [];
    let completed = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const res = await rawGet(url, { cookie });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.toString().slice(0, 200)}`);
      times.push(res.ms);
      if (i === 0) completed = (JSON.parse(res.body.toString()) as { loadsCompleted: number }).loadsCompleted;
    }
    times.sort((a, b) => a - b);
    const p50 = quantile(times, 0.5);
    const row: TargetRow = {
      what,
      engine: "postgres",
      measured: `p50 ${ms(p50)}, p99 ${ms(quantile(times, 0.99))}`,
      target: `p50 ≤ ${TARGET_MS} ms`,
      ratio: `${(p50 / TARGET_MS).toFixed(2)}× the target`,
      met: p50 <= TARGET_MS,
      note: `${REQUESTS} requests for the largest of ${COMPANIES} companies: ${inWindow.n.toLocaleString("en-GB")} of its loads in the window (${completed.toLocaleString("en-GB")} completed), the newest 1,000 listed`,
    };
    log(`scorecard: ${row.what}: ${row.measured} (${row.note})`);
    return { rows: [row], charts: [] };
  } finally {
    if (child) await deps.stop(child);
    await database.close();
  }
}
