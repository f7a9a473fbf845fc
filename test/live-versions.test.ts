// Live updates: the loads `version` rises by one per load change across all
// processes. Two server processes on one PostgreSQL, writes racing on both: a
// stream on each sees every version once, in order, with no gap, and both see the
// same sequence (migration 0012: the counter row's lock orders versions by commit).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, startSmtpSink, type SmtpSink, type TestDatabase } from "./helpers";
import { http, httpLogin, seedStaffAndCarriers, startServerProcess, type ServerProcess } from "./process";
import { openStream } from "./live-stream";
import { PASSWORD } from "./factories";
import { NO_POSTGRES, skipWhen } from "./skips";

const PG = process.env.TEST_DATABASE_URL;
const inAMonth = (h: number) => new Date(Date.now() + 30 * 86_400_000 + h * 3600_000).toISOString();
const body = (i: number, price: number) => ({
  loadNumber: `LV-2026-${i}`,
  pickupCity: `Town ${i}`,
  deliveryCity: "Leeds",
  pickupDate: inAMonth(i),
  deliveryDate: inAMonth(i + 2),
  price,
  distance: 100,
});

describe("load versions across two processes on PostgreSQL", skipWhen(!PG, NO_POSTGRES), () => {
  let t: TestDatabase;
  let sink: SmtpSink;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    t = await createTestDatabase("postgres");
    sink = await startSmtpSink();
    await seedStaffAndCarriers(t.database, { role: "admin", isAdmin: true });
    const env = { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir, SMTP_URL: sink.url, NODE_ENV: "test", LOG_LEVEL: "warn" };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 90_000);

  afterAll(async () => {
    a?.kill();
    b?.kill();
    await Promise.all([a?.exited, b?.exited]);
    sink?.close();
    await t?.drop();
  });

  it("every stream on either process sees 1, 2, 3 … without a gap while both write at once", async () => {
    const staff = await httpLogin(a.url, "ops@example.com", PASSWORD);
    const carrier = await httpLogin(a.url, "c0@example.com", PASSWORD);
    const sa = openStream(a.url, carrier);
    const sb = openStream(b.url, carrier);
    await sa.waitFor((e) => e.event === "ready", 5000);
    await sb.waitFor((e) => e.event === "ready", 5000);
    const start = JSON.parse(sa.events.find((e) => e.event === "ready")!.data).version as number;
    const N = 40;
    // 40 loads posted at once, half through each process; each then edited: 80 changes
    const ids = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const url = i % 2 ? a.url : b.url;
        const res = await http(url, "POST", "/api/loads", staff, body(i, 500 + i));
        expect(res.status).toBe(201);
        return res.json.id as string;
      }),
    );
    await Promise.all(ids.map((id, i) => http(i % 2 ? b.url : a.url, "PUT", `/api/loads/${id}`, staff, body(i, 900 + i)).then((r) => expect(r.status).toBe(200))));
    const want = Array.from({ length: 2 * N }, (_, i) => start + 1 + i);
    const versions = (s: ReturnType<typeof openStream>) => s.events.filter((e) => e.event === "load").map((e) => JSON.parse(e.data).version as number);
    for (const s of [sa, sb]) {
      const began = Date.now();
      while (versions(s).length < want.length && Date.now() - began < 5000) await new Promise((r) => setTimeout(r, 20));
    }
    expect(versions(sa)).toEqual(want);
    expect(versions(sb)).toEqual(want);
    // and the loads: every id, the last event of each carrying its edited price
    const last = new Map<string, number>();
    for (const e of sb.events.filter((x) => x.event === "load")) {
      const d = JSON.parse(e.data) as { id: string; load: { price: number } };
      last.set(d.id, d.load.price);
    }
    expect(ids.map((id) => last.get(id))).toEqual(ids.map((_, i) => 900 + i));
    sa.close();
    sb.close();
  }, 60_000);
});
