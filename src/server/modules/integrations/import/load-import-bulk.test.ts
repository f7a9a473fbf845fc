// A full file (5,000 rows at most) on every engine:
// a dry run, then the commit, timed (printed for docs/decisions/0025-load-import.md).
// Every row becomes a load with its history line and lane-alert job, numbered
// after the year's highest, and the loads change counter moves once per load (the
// live module's trigger: 100-row statements, so one event: load each).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../../test/helpers";
import { createManager, login } from "../../../../../test/factories";
import { jobs, loadEvents, loads } from "../../../db/schema";
import { queryRows } from "../../../db/client";
import { MAX_IMPORT_ROWS } from "../../../../contract/schemas/load-import";
import { importCsv } from "./import-test-support";

const NOW = "2026-11-25T10:00:00.000Z";
const TOWNS = [
  ["Leeds", "LS1 4AP"],
  ["Bristol", "BS1 4DJ"],
  ["Manchester", "M1 1AE"],
  ["Glasgow", "G1 1XQ"],
  ["Cardiff", "CF10 1EP"],
  ["Norwich", "NR1 3QU"],
];

function fullFile(): string {
  return importCsv(
    Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => {
      const [from, fromZip] = TOWNS[i % TOWNS.length];
      const [to, toZip] = TOWNS[(i + 1 + (i % 4)) % TOWNS.length];
      return {
        pickupCity: from,
        pickupZip: fromZip,
        pickupDate: `2026-12-${String(1 + (i % 28)).padStart(2, "0")}`,
        pickupStartTime: "08:00",
        deliveryCity: to,
        deliveryZip: toZip,
        deliveryDate: `2026-12-${String(2 + (i % 28)).padStart(2, "0")}`,
        weight: String(1000 + i),
        price: (500 + (i % 900) + 0.5).toFixed(2),
        cargoType: "Steel",
        pickupInstructions: `Gate ${i % 7}, ask for the yard manager`,
      };
    }),
  );
}

describe.each(ENGINES)("CSV load import of a full file on %s", (engine) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock: new TestClock(new Date(NOW)), jobs: false });
    cookie = await login(t.app, (await createManager(t.app)).email);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`${MAX_IMPORT_ROWS.toLocaleString("en-GB")} rows: a dry run, then the commit creates every one`, { timeout: 300_000 }, async () => {
    const text = fullFile();
    const version = async () => {
      const [row] = await queryRows<{ version: string }>(t.app.ctx.db, sql`select version from change_counters where name = 'loads'`);
      return Number(row.version);
    };
    const v0 = await version();
    const send = (dryRun: boolean) =>
      t.app.inject({ method: "POST", url: `/api/loads/import${dryRun ? "?dryRun=true" : ""}`, headers: { cookie, "content-type": "text/csv" }, payload: text });

    let started = performance.now();
    const dry = await send(true);
    const dryMs = performance.now() - started;
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({ valid: true, rows: MAX_IMPORT_ROWS, errors: [], created: 0 });
    expect((await t.app.ctx.db.select({ n: count() }).from(loads))[0].n).toBe(0);

    started = performance.now();
    const res = await send(false);
    const commitMs = performance.now() - started;
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toBe(MAX_IMPORT_ROWS);
    console.log(`[load-import] ${engine}: ${(text.length / 1024).toFixed(0)} KB, ${MAX_IMPORT_ROWS} rows: dry run ${dryMs.toFixed(0)} ms, commit ${commitMs.toFixed(0)} ms`);

    const db = t.app.ctx.db;
    expect((await db.select({ n: count() }).from(loads))[0].n).toBe(MAX_IMPORT_ROWS);
    expect((await db.select({ n: count() }).from(loadEvents).where(eq(loadEvents.action, "create")))[0].n).toBe(MAX_IMPORT_ROWS);
    expect((await db.select({ n: count() }).from(jobs).where(eq(jobs.kind, "lane-alert")))[0].n).toBe(MAX_IMPORT_ROWS);
    const numbers = (await db.select({ n: loads.loadNumber }).from(loads)).map((r) => r.n).sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)));
    expect(numbers[0]).toBe("FN-2026-001");
    expect(numbers.at(-1)).toBe("FN-2026-5000");
    expect(new Set(numbers).size).toBe(MAX_IMPORT_ROWS);
    expect((await db.select({ n: count() }).from(loads).where(sql`${loads.distance} is null`))[0].n).toBe(0);
    // one version of the loads counter per load (each reached the live stream as itself)
    expect((await version()) - v0).toBe(MAX_IMPORT_ROWS);
  });
});
