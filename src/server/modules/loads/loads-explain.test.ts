// Cost curve: the board page must not scan the whole table. On 20,000 loads
// the plan of the carrier's page query (visibility + filters + order + limit 50)
// walks an index and stops after its page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, sql } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createCarrier } from "../../../../test/factories";
import { seedLoads } from "../../../../bench/seed";
import { queryRows } from "../../db/client";
import { loads } from "../../db/schema";
import { ukToday, visibleLoadsWhere } from "./load-visibility";
import { loadFiltersWhere } from "./loads.repository";

/** the start of today (UK): the board leaves out loads picked up before it; the seed's loads are this year ahead */
const TODAY = ukToday(new Date());

describe.each(ENGINES)("board page query plan on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    await seedLoads(t.testDb.database, 0, 20_000);
  });
  afterAll(() => t.close());

  it("pages through an index, with no sequential scan of loads", async () => {
    const carrier = await createCarrier(t.app);
    const where = and(
      visibleLoadsWhere(carrier, TODAY),
      loadFiltersWhere({ statuses: [], carriers: [], weight: "gt10000", equipmentType: "Flatbed", today: TODAY }),
    );
    const query = t.app.ctx.db
      .select()
      .from(loads)
      .where(where)
      .orderBy(sql`${loads.pickupDate} desc nulls last`, asc(loads.id))
      .limit(50)
      .toSQL();
    const params = query.params.map((p) => (typeof p === "string" ? `'${p.replace(/'/g, "''")}'` : String(p)));
    const text = query.sql.replace(/\$(\d+)/g, (_, i) => params[Number(i) - 1]);
    const plan = (await queryRows<{ "QUERY PLAN": string }>(t.app.ctx.db, sql.raw(`explain ${text}`))).map((r) => r["QUERY PLAN"]).join("\n");
    console.log(`EXPLAIN (${engine}) board page, 20,000 loads:\n${plan}`);
    expect(plan).toMatch(/Index Scan/);
    expect(plan).not.toMatch(/Seq Scan on loads/);
    expect(plan).toMatch(/^Limit/);
  });
});
