// Sustained load (issue 9): the bench's carrier polling mix for SOAK_SECONDS (20 s in
// `npm test`, 600 s with `npm run soak`), sampling heap (after GC) and event-loop
// delay every second. Memory must be flat (no growth trend) and no request may fail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import autocannon from "autocannon";
import { createTestApp, type TestApp } from "./helpers";
import { seedCarriers, seedLoads, seedSessions } from "../bench/seed";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 20);

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : 0;
}

describe("soak: the polling mix, sustained", () => {
  let t: TestApp;
  let url: string;
  let cookies: string[];
  beforeAll(async () => {
    t = await createTestApp({ engine: "pglite" });
    await seedLoads(t.testDb.database, 0, 5_000);
    const ids = await seedCarriers(t.testDb.database, 200, "Soak!2026pass");
    cookies = await seedSessions(t.testDb.database, ids);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  it(`holds memory flat and answers every request for ${SECONDS} s`, async () => {
    let i = 0;
    const cookie = () => cookies[i++ % cookies.length];
    const paths = ["/api/loads?limit=50", "/api/loads?limit=50", "/api/loads?limit=50", "/api/stats", "/api/stats", "/api/user/bids", "/api/user/bids"];
    const requests = paths.map((path) => ({
      method: "GET" as const,
      path,
      setupRequest: (req: any) => ({ ...req, headers: { ...req.headers, cookie: cookie() } }),
    }));

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const samples: { t: number; heap: number; p99: number }[] = [];
    const start = Date.now();
    const sampler = setInterval(() => {
      gc();
      samples.push({ t: (Date.now() - start) / 1000, heap: process.memoryUsage().heapUsed / 2 ** 20, p99: delay.percentile(99) / 1e6 });
      delay.reset();
    }, 1000);

    const result = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url, requests, connections: 20, overallRate: 150, duration: SECONDS }, (err, res) => (err ? reject(err) : resolve(res))),
    );
    clearInterval(sampler);
    delay.disable();

    const errors = result.errors + result.timeouts + result.non2xx;
    expect(result.requests.total).toBeGreaterThan(SECONDS * 100);
    expect(errors).toBe(0);

    // judge the trend after warm-up (first quarter): flat means < 2 MB a minute of growth
    const steady = samples.slice(Math.floor(samples.length / 4));
    const mbPerMinute = slope(
      steady.map((s) => s.t),
      steady.map((s) => s.heap),
    ) * 60;
    const worstDelay = Math.max(...steady.map((s) => s.p99));
    console.log(
      `soak ${SECONDS}s: ${result.requests.total} requests, p99 ${result.latency.p99} ms, heap ${steady[0].heap.toFixed(1)} → ${steady.at(-1)!.heap.toFixed(1)} MB (trend ${mbPerMinute.toFixed(2)} MB/min), worst event-loop p99 ${worstDelay.toFixed(1)} ms`,
    );
    expect(mbPerMinute).toBeLessThan(2);
  }, (SECONDS + 120) * 1000);
});
