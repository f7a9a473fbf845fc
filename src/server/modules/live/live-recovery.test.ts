// Live updates heal themselves. The LISTEN connection behind them is
// cut; the changes made while it is down still reach an open stream (the feed
// polls the log), no stream is asked to refetch, and a change after recovery
// reaches a stream opened before the cut.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ENGINES, createTestApp, eventually, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { openStream } from "../../../../test/live-stream";
import { NO_POSTGRES, skipWhen } from "../../../../test/skips";
import { queryRows } from "../../db/client";

describe("a cut LISTEN connection on PostgreSQL", skipWhen(!ENGINES.includes("postgres"), NO_POSTGRES), () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ engine: "postgres" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  it("is reopened: a stream opened before the cut is sent the changes made meanwhile and after, never told to refetch", async () => {
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
      const during = await createLoad(t.app);
      await stream.waitFor((e) => e.event === "load" && JSON.parse(e.data).id === during.id, 2_000, cutAt);
      await eventually(async () => t.app.ctx.database.notices.up, 10_000);
      const changeAt = Date.now();
      const after = await createLoad(t.app);
      await stream.waitFor((e) => e.event === "load" && JSON.parse(e.data).id === after.id, 1_000, changeAt);
      expect(stream.events.filter((e) => e.event === "resync" || e.event === "degraded")).toEqual([]);
      const ids = stream.events.filter((e) => e.event === "load").map((e) => Number(e.id));
      expect(ids).toEqual(ids.map((_, i) => ids[0] + i));
    } finally {
      stream.close();
    }
  });
});
