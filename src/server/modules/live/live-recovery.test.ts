// Live updates heal themselves. The LISTEN connection behind them is
// cut; open streams are told to poll, then to refetch once it is back, and a
// change after recovery reaches a stream opened before the cut.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ENGINES, createTestApp, createTestDatabase, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { openStream } from "../../../../test/live-stream";
import { NO_POSTGRES, skipWhen } from "../../../../test/skips";
import { queryRows, type Database, type NoticeState } from "../../db/client";
import { LiveHub } from "./live.service";

describe("a cut LISTEN connection on PostgreSQL", skipWhen(!ENGINES.includes("postgres"), NO_POSTGRES), () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ engine: "postgres" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  it("is reopened: a stream opened before the cut is told to poll, then to refetch, and receives the next change", async () => {
    const { cookie } = await signedIn(t.app);
    const stream = openStream(base, cookie);
    try {
      await stream.waitFor((e) => e.event === "ready", 3_000);
      const cutAt = Date.now();
      const [cut] = await queryRows<{ n: number }>(
        t.app.ctx.db,
        sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where application_name = 'loadboard-notices' and datname = current_database()`,
      );
      expect(cut.n).toBe(1);
      await stream.waitFor((e) => e.event === "degraded", 2_000, cutAt);
      await stream.waitFor((e) => e.event === "resync", 10_000, cutAt);
      expect(t.app.ctx.database.notices.up).toBe(true);
      const changeAt = Date.now();
      await createLoad(t.app);
      await stream.waitFor((e) => e.event === "load", 1_000, changeAt);
    } finally {
      stream.close();
    }
  });
});

describe("live streams follow the database's notices", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase("pglite");
    database = db.database;
    drop = db.drop;
  });
  afterAll(() => drop());

  /** the real database with notices that the test turns off and on */
  function withSwitchableNotices() {
    const watchers = new Set<(up: boolean) => void>();
    let up = true;
    const notices: NoticeState = {
      get up() {
        return up;
      },
      onChange(fn) {
        watchers.add(fn);
        return () => watchers.delete(fn);
      },
    };
    const set = (value: boolean) => {
      up = value;
      for (const fn of watchers) fn(value);
    };
    return { database: { ...database, notices }, set };
  }

  it("tells every open stream to poll when notices are lost and to refetch once when they are back", async () => {
    const { database: db, set } = withSwitchableNotices();
    const hub = new LiveHub(db);
    const told: string[][] = [[], []];
    for (const i of [0, 1]) await hub.add({ staff: false, send: () => {}, status: (e) => told[i].push(e) });
    expect(hub.live).toBe(true);
    set(false);
    expect(hub.live).toBe(false);
    set(true);
    expect(told).toEqual([
      ["degraded", "resync"],
      ["degraded", "resync"],
    ]);
    await hub.close();
    set(false);
    expect(told[0]).toHaveLength(2);
  });
});
