// The board's text search and the counts behind X-Total-Count
// read indexes, not every load (migration 0013: pg_trgm GIN over load number,
// pickup city and delivery city). Seeded like a network with history: most loads
// completed or cancelled long ago, a few thousand on the board, varied place
// names. The queries explained are the server's own (loadFiltersWhere,
// visibleLoadsWhere, onBoardWhere), run through countLoads' shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, sql, type SQL } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { queryRows } from "../../db/client";
import { loads } from "../../db/schema";
import { onBoardWhere, ukToday, visibleLoadsWhere, type Viewer } from "./load-visibility";
import { countLoads, listOrder, loadFiltersWhere, type LoadListQuery } from "./loads.repository";

const TODAY = ukToday(new Date());
const LOADS = 30_000;
const CARRIER: Viewer = { id: "00000000-0000-4000-8000-000000000001", role: "carrier", isAdmin: false, carrierName: "Nobody Haulage" };

const filters = (f: Partial<LoadListQuery>) => loadFiltersWhere({ statuses: [], carriers: [], today: TODAY, ...f });

describe.each(ENGINES)("load search and counts on %s: index-backed (EXPLAIN on 30,000 loads)", (engine) => {
  let t: TestApp;

  /** EXPLAIN of a drizzle query with its parameters written in (the planner sees the pattern, as for a custom plan). */
  async function explain(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
    const q = query.toSQL();
    const params = q.params.map((p) => (typeof p === "string" ? `'${p.replace(/'/g, "''")}'` : p instanceof Date ? `'${p.toISOString()}'` : String(p)));
    const text = q.sql.replace(/\$(\d+)/g, (_, i) => params[Number(i) - 1]);
    return (await queryRows<{ "QUERY PLAN": string }>(t.app.ctx.db, sql.raw(`explain ${text}`))).map((r) => r["QUERY PLAN"]).join("\n");
  }
  const countQuery = (where: SQL | undefined) => t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(loads).where(where);

  beforeAll(async () => {
    t = await createTestApp({ engine });
    // 1 in 12 on the board (this year ahead), the rest history; cities from a few thousand names
    // in chunks: each statement stays well inside the app's 3 s reply bound on PostgreSQL (db/client.ts DB_TIMEOUTS)
    for (let from = 1; from <= LOADS; from += 3_000) {
      await t.app.ctx.db.execute(sql`
      insert into loads (load_number, status, pickup_city, delivery_city, pickup_date, weight, price, equipment_type, accepted_by_carrier)
      select 'SX-' || lpad(g::text, 7, '0'),
        case when g % 12 = 0 then 'available' when g % 12 < 10 then 'completed' else 'cancelled' end,
        initcap(substr(md5('p' || (g % 4000)), 1, 9)) || 'ton',
        initcap(substr(md5('d' || (g % 3000)), 1, 8)) || 'ford',
        case when g % 12 = 0 then date_trunc('day', now()) + (g % 300) * interval '1 day'
             else date_trunc('day', now()) - (1 + g % 900) * interval '1 day' end,
        (g * 37) % 26000, 300 + (g * 17) % 6000, (array['Flatbed','Curtain','MOL'])[1 + g % 3],
        case when g % 12 = 0 or g % 12 >= 10 then null else 'Carrier ' || (g % 500) end
      from generate_series(${from}::int, ${Math.min(LOADS, from + 2_999)}::int) g`);
    }
    await t.app.ctx.db.execute(sql`vacuum analyze loads`);
  }, 120_000);
  afterAll(() => t.close());

  /** a pickup city of the seed, three letters of it in another case: a substring, not a prefix */
  async function someCityPart(): Promise<{ part: string; city: string }> {
    const [row] = await queryRows<{ city: string }>(t.app.ctx.db, sql`select pickup_city as city from loads where load_number = 'SX-0001234'`);
    return { city: row.city, part: row.city.slice(2, 8).toUpperCase() };
  }

  it("a text search on the carrier board counts through the trigram index", async () => {
    const { part, city } = await someCityPart();
    const where = and(visibleLoadsWhere(CARRIER, TODAY), filters({ search: part }));
    const plan = await explain(countQuery(where));
    console.log(`EXPLAIN (${engine}) carrier board count, search ${part}:\n${plan}`);
    expect(plan).toMatch(/Bitmap Index Scan on loads_search_trgm_idx/);
    expect(plan).not.toMatch(/Seq Scan on loads/);
    // and the index finds what a substring match finds, case ignored
    const n = await countLoads(t.app.ctx.db, where);
    const [expected] = await queryRows<{ n: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from loads where status = 'available' and (pickup_date is null or pickup_date >= ${TODAY.toISOString()}::timestamptz)
          and (position(lower(${part}) in lower(load_number)) > 0 or position(lower(${part}) in lower(pickup_city)) > 0 or position(lower(${part}) in lower(delivery_city)) > 0)`,
    );
    expect(n).toBe(expected.n);
    expect(city.toUpperCase()).toContain(part);
  });

  it("a staff search by load number (the All Loads tab) pages and counts through the trigram index", async () => {
    const where = filters({ search: "x-001234" });
    const count = await explain(countQuery(where));
    const page = await explain(t.app.ctx.db.select().from(loads).where(where).orderBy(...listOrder("-pickupDate")).limit(50));
    console.log(`EXPLAIN (${engine}) staff count, search x-001234:\n${count}\nEXPLAIN (${engine}) staff page:\n${page}`);
    expect(count).toMatch(/Bitmap Index Scan on loads_search_trgm_idx/);
    expect(page).toMatch(/Bitmap Index Scan on loads_search_trgm_idx/);
    expect(`${count}\n${page}`).not.toMatch(/Seq Scan on loads/);
    expect(await countLoads(t.app.ctx.db, where)).toBe(10);
  });

  it("the board's counts for its common filters are index-backed", async () => {
    const board = onBoardWhere(TODAY);
    const cases: [string, SQL | undefined][] = [
      ["the board", board],
      ["weight over 10 t, Flatbed", and(board, filters({ weight: "gt10000", equipmentType: "Flatbed" }))],
      ["price band, pickup dates", and(board, filters({ price: "1000-2000", pickupFrom: TODAY, pickupBefore: new Date(TODAY.getTime() + 30 * 86_400_000) }))],
      ["a carrier's own and the board", visibleLoadsWhere({ ...CARRIER, carrierName: "Carrier 7" }, TODAY)],
    ];
    for (const [what, where] of cases) {
      const plan = await explain(countQuery(where));
      console.log(`EXPLAIN (${engine}) count, ${what}:\n${plan}`);
      expect(plan, what).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      expect(plan, what).not.toMatch(/Seq Scan on loads/);
    }
  });
});
