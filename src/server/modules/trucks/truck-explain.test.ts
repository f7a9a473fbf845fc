// The match and return-load queries read loads through loads_available_pickup_district_idx
// (pickup district, then pickup time, available loads only): a list of districts within
// the radius and a few days is an index scan, never a scan of every load.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { seedSpreadLoads } from "../../../../bench/trucks-seed";
import { queryRows } from "../../db/client";
import type { LoadRow, TruckRow } from "../../db/schema";
import { matchesTruck, postcodeTable, returnLoadsWhere, truckEmptyMiles } from "./truck-matching";
import { bestLoadsQuery } from "./trucks.repository";
import { ukDayKey } from "../../../contract/wall-clock";

describe.each(ENGINES)("truck query plans on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine, jobs: false });
    await seedSpreadLoads(t.testDb.database, 0, 30_000);
  }, 120_000);
  afterAll(() => t.close());

  async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
    const q = query.toSQL();
    const params = q.params.map((p) => (typeof p === "string" ? `'${p.replace(/'/g, "''")}'` : p instanceof Date ? `'${p.toISOString()}'` : String(p)));
    const text = q.sql.replace(/\$(\d+)/g, (_, i) => params[Number(i) - 1]);
    return (await queryRows<{ "QUERY PLAN": string }>(t.app.ctx.db, sql.raw(`explain ${text}`))).map((r) => r["QUERY PLAN"]).join("\n");
  }

  const inDays = (n: number) => ukDayKey(new Date(Date.now() + n * 86_400_000));

  it("a truck's matches: through the pickup-district index, no sequential scan of loads", async () => {
    const now = new Date();
    const truck = { originDistrict: "LS1", originLat: 53.79765, originLng: -1.55129, destinationDistrict: null, availableOn: inDays(5), availableUntil: inDays(7), equipmentType: "Flatbed", maxWeightKg: 20000 } as TruckRow;
    const table = await postcodeTable(t.app.ctx.config);
    const text = await plan(bestLoadsQuery(t.app.ctx.db, { where: matchesTruck(table, truck, now), emptyMiles: truckEmptyMiles(table, truck), limit: 50, offset: 0 }));
    console.log(`EXPLAIN (${engine}) truck matches, 30,000 loads:\n${text}`);
    expect(text).toMatch(/loads_available_pickup_district_idx/);
    expect(text).not.toMatch(/Seq Scan on loads/);
  });

  it("a load's return loads: through the same index", async () => {
    const now = new Date();
    const load = { id: "00000000-0000-4000-8000-000000000000", deliveryZip: "BS1 4DJ", deliveryDate: new Date(Date.now() + 5 * 86_400_000), pickupDate: null } as unknown as LoadRow;
    const rule = returnLoadsWhere(await postcodeTable(t.app.ctx.config), load, now)!;
    const text = await plan(bestLoadsQuery(t.app.ctx.db, { ...rule, limit: 50, offset: 0 }));
    console.log(`EXPLAIN (${engine}) return loads, 30,000 loads:\n${text}`);
    expect(text).toMatch(/loads_available_pickup_district_idx/);
    expect(text).not.toMatch(/Seq Scan on loads/);
  });
});
