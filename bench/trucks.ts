// Trucks and return loads at 500,000 loads (PostgreSQL, issue 32): the p50 and p99 of
//   a) GET /api/trucks/{id}/matches?limit=50 for 40 open trucks across Great Britain
//      (origins from Cornwall to London to Aberdeen, one to six days free, some heading
//      home), as a member of the trucks' company asks them, one at a time;
//   b) GET /api/loads/{id}/return-loads?limit=50 for 40 booked loads, as their booker.
// Loads are spread over every postcode district and the next 30 days (bench/trucks-seed.ts):
// two in five available, the rest history. Target: matches p50 ≤ 30 ms (issue 32); the
// return loads are held to the same. BENCH_ONLY=trucks runs it alone; BENCH_TRUCKS_LOADS
// changes the size.
import { sql } from "drizzle-orm";
import { queryRows } from "../src/server/db/client";
import { loadPostcodeTable } from "../src/server/modules/distance/postcodes";
import { ukDayKey } from "../src/contract/wall-clock";
import { freshScenarioDatabase, seedCarriers, seedSessions } from "./seed";
import { districts, seedSpreadLoads } from "./trucks-seed";
import { ms, quantile, rawGet, type ScenarioDeps, type TargetRow } from "./common";

const LOADS = Number(process.env.BENCH_TRUCKS_LOADS ?? 500_000);
const TARGET_MS = 30;
const ROUNDS = 10;
const ROOT = new URL("..", import.meta.url).pathname;

export async function trucksScenario(deps: ScenarioDeps): Promise<{ rows: TargetRow[]; charts: string[] }> {
  const { log } = deps;
  const what = (s: string) => `${s} at ${LOADS.toLocaleString("en-GB")} loads`;
  if (!deps.pgAvailable) {
    const note = `skipped: no PostgreSQL at ${deps.pgUrl}`;
    return { rows: [what("truck matches p50"), what("return loads p50")].map((w) => ({ what: w, engine: "postgres", measured: "", target: `≤ ${TARGET_MS} ms`, met: null, note })), charts: [] };
  }
  log(`trucks: seeding ${LOADS.toLocaleString("en-GB")} loads on PostgreSQL`);
  const { database, databaseUrl, dataDir } = await freshScenarioDatabase({ pgUrl: deps.pgUrl, workDir: deps.workDir, dir: "trucks", name: "bench_trucks" });
  let child: Awaited<ReturnType<ScenarioDeps["startApp"]>>["child"] | undefined;
  try {
    await database.migrate();
    const t0 = Date.now();
    await seedSpreadLoads(database, 0, LOADS);
    log(`trucks: seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const [memberId] = await seedCarriers(database, 1, deps.password);
    const [company] = await queryRows<{ id: string; name: string }>(database.db, sql`insert into companies (name, name_key) values ('Bench Trucks Ltd', 'bench trucks ltd') returning id, name`);
    await database.db.execute(sql`update users set company_id = ${company.id}, carrier_name = ${company.name} where id = ${memberId}`);
    const [cookie] = await seedSessions(database, [memberId]);

    // 40 trucks at districts spread over the table, free from 1–7 days ahead for 1–6 days, a third heading home
    const table = (await loadPostcodeTable(`${ROOT}data/uk-outcodes.csv`))!;
    const all = districts().filter((d) => table.outcodes.has(d));
    const picks = Array.from({ length: 40 }, (_, i) => all[Math.floor((i * all.length) / 40)]);
    picks[0] = "EC1A"; // the densest radius: London's
    const truckIds: string[] = [];
    for (const [i, origin] of picks.entries()) {
      const at = table.outcodes.get(origin)!;
      const on = ukDayKey(new Date(Date.now() + (1 + (i % 7)) * 86_400_000));
      const until = ukDayKey(new Date(Date.now() + (1 + (i % 7) + (i % 6)) * 86_400_000));
      const home = i % 3 === 0 ? all[(i * 97) % all.length] : null;
      const homeAt = home ? table.outcodes.get(home)! : null;
      const [row] = await queryRows<{ id: string }>(
        database.db,
        sql`insert into trucks (company_id, available_on, available_until, origin_postcode, origin_district, origin_lat, origin_lng,
              destination_postcode, destination_district, destination_lat, destination_lng, equipment_type, max_weight_kg)
            values (${company.id}, ${on}, ${until}, ${origin}, ${origin}, ${at.lat}, ${at.lon}, ${home}, ${home}, ${homeAt?.lat ?? null}, ${homeAt?.lon ?? null},
              ${["Flatbed", "Curtain", "MOL"][i % 3]}, ${i % 2 ? 26000 : 20000}) returning id`,
      );
      truckIds.push(row.id);
    }
    // 40 loads booked by the member, delivering in the coming week
    const booked = await queryRows<{ id: string }>(
      database.db,
      sql`update loads set status = 'approved', accepted_by = ${memberId}, accepted_by_carrier = ${company.name}, accepted_at = now()
          where id in (select id from loads where status = 'available' and pickup_date < now() + interval '7 days' order by load_number limit 40)
          returning id`,
    );
    await database.db.execute(sql`vacuum analyze loads`);

    const app = await deps.startApp({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    child = app.child;
    const time = async (paths: string[]): Promise<{ p50: number; p99: number; n: number; matched: number }> => {
      for (const p of paths) await rawGet(`${app.url}${p}`, { cookie }); // warm-up
      const times: number[] = [];
      let matched = 0;
      for (let r = 0; r < ROUNDS; r++) {
        for (const p of paths) {
          const res = await rawGet(`${app.url}${p}`, { cookie });
          if (res.status !== 200) throw new Error(`${p}: ${res.status} ${res.body.toString().slice(0, 200)}`);
          times.push(res.ms);
          if (r === 0) matched += Number(res.headers["x-total-count"] ?? 0);
        }
      }
      times.sort((a, b) => a - b);
      return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), n: times.length, matched };
    };
    const rows: TargetRow[] = [];
    for (const [label, paths] of [
      ["truck matches", truckIds.map((id) => `/api/trucks/${id}/matches?limit=50`)],
      ["return loads", booked.map((l) => `/api/loads/${l.id}/return-loads?limit=50`)],
    ] as const) {
      const r = await time([...paths]);
      rows.push({
        what: what(`${label} p50 (GET, limit=50)`),
        engine: "postgres",
        measured: `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`,
        target: `p50 ≤ ${TARGET_MS} ms`,
        ratio: `${(r.p50 / TARGET_MS).toFixed(2)}× the target`,
        met: r.p50 <= TARGET_MS,
        note: `${r.n} requests over ${paths.length} ${label === "truck matches" ? "trucks" : "booked loads"}, ${Math.round(r.matched / paths.length)} matches each on average`,
      });
      log(`trucks: ${rows.at(-1)!.what}: ${rows.at(-1)!.measured} (${rows.at(-1)!.note})`);
    }
    return { rows, charts: [] };
  } finally {
    if (child) await deps.stop(child);
    await database.close();
  }
}
