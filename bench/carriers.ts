// Scenario 3c: 2,000 carriers, each with the board open, polling on its own clock
// as the app does (loads every 10 s with If-None-Match, stats and own bids
// every 15 s), each starting at a random moment. autocannon's overallRate fires
// every connection's share at the same instants, a burst no real fleet makes, so
// this scenario has its own load generator: plain keep-alive HTTP from this process.
import http from "node:http";

export interface HeldResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  notModified: number;
}

const PLAN: [path: string, everyMs: number, etag: boolean][] = [
  ["/api/loads?limit=50", 10_000, true],
  ["/api/stats", 15_000, false],
  ["/api/user/bids", 15_000, false],
];

export async function holdCarriers(baseUrl: string, cookies: string[], seconds: number): Promise<HeldResult> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  let errors = 0;
  let notModified = 0;
  const timers: NodeJS.Timeout[] = [];
  const endAt = Date.now() + seconds * 1000;

  const get = (path: string, cookie: string, etag?: string) =>
    new Promise<{ status: number; etag?: string }>((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.get(
        { host: url.hostname, port: url.port, path, agent, headers: { cookie, ...(etag ? { "if-none-match": etag } : {}) } },
        (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            resolve({ status: res.statusCode ?? 0, etag: res.headers.etag });
          });
        },
      );
      req.on("error", () => resolve({ status: 0 }));
    });

  await new Promise<void>((done) => {
    let pending = 0;
    for (const cookie of cookies) {
      for (const [path, every, useEtag] of PLAN) {
        let etag: string | undefined;
        const poll = async () => {
          if (Date.now() >= endAt) {
            if (pending === 0) done();
            return;
          }
          pending++;
          const r = await get(path, cookie, useEtag ? etag : undefined);
          pending--;
          if (r.status === 304) notModified++;
          else if (r.status !== 200) errors++;
          if (useEtag && r.etag) etag = r.etag;
          if (Date.now() < endAt) timers.push(setTimeout(poll, every));
          else if (pending === 0) done();
        };
        timers.push(setTimeout(poll, Math.random() * every));
      }
    }
    // whatever is still in flight at the end is waited for, up to 10 s
    timers.push(setTimeout(done, seconds * 1000 + 10_000));
  });
  for (const t of timers) clearTimeout(t);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), notModified };
}
