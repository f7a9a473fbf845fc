// What the fault scenarios share: a seeded PostgreSQL database, a real server
// process reaching it through the fault proxy and timed HTTP calls (the SSE reader
// is test/live-stream.ts).
import { createTestDatabase, type TestDatabase } from "../helpers";
import { httpLogin, seedStaffAndCarriers, startServerProcess, type ServerProcess } from "../process";
import { startFaultProxy, targetOf, type FaultProxy } from "./proxy";
import { PASSWORD } from "../factories";

export { PASSWORD };

/** the long form (`npm run faults`): a 90 s black hole instead of 15 s */
export const LONG = process.env.FAULTS_LONG === "1";

export interface Answer {
  method: string;
  path: string;
  /** 0: no HTTP answer (socket error or no answer in 20 s) */
  status: number;
  retryAfter: string | null;
  json: unknown;
  startedAt: number;
  ms: number;
}

export async function call(base: string, method: string, path: string, cookie?: string, body?: unknown): Promise<Answer> {
  const startedAt = Date.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { method, path, status: res.status, retryAfter: res.headers.get("retry-after"), json, startedAt, ms: Date.now() - startedAt };
  } catch (err) {
    return { method, path, status: 0, retryAfter: null, json: String(err), startedAt, ms: Date.now() - startedAt };
  }
}

/** ms until check() holds, polling every 100 ms; throws after `ms` */
export async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
  return Date.now() - start;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface FaultRig {
  t: TestDatabase;
  proxy: FaultProxy;
  server: ServerProcess;
  staff: { id: string; cookie: string };
  carriers: { id: string; cookie: string }[];
  close(): Promise<void>;
}

/** A migrated database with a manager and four carriers, and a server process that reaches it through the proxy. */
export async function startFaultRig(): Promise<FaultRig> {
  const t = await createTestDatabase("postgres");
  const { staff: staffRow, carriers: carrierRows } = await seedStaffAndCarriers(t.database, { role: "manager" });
  await t.database.close();
  const proxy = await startFaultProxy(targetOf(t.databaseUrl!));
  const server = await startServerProcess({ DATA_DIR: t.dataDir, DATABASE_URL: proxy.url(t.databaseUrl!), LOG_LEVEL: "warn" });
  const staff = { id: staffRow.id, cookie: await httpLogin(server.url, staffRow.email, PASSWORD) };
  const carriers = await Promise.all(carrierRows.map(async (c) => ({ id: c.id, cookie: await httpLogin(server.url, c.email, PASSWORD) })));
  return {
    t,
    proxy,
    server,
    staff,
    carriers,
    async close() {
      proxy.setMode("pass");
      if (server.child.exitCode === null) {
        server.kill("SIGTERM");
        const killer = setTimeout(() => server.kill("SIGKILL"), 15_000);
        await server.exited;
        clearTimeout(killer);
      }
      await proxy.close();
      await t.drop();
    },
  };
}

/** a load body the contract accepts: pickup a few days ahead */
export function loadBody(i: number) {
  const pickup = new Date(Date.now() + 3 * 86_400_000);
  pickup.setUTCHours(9, 0, 0, 0);
  return { pickupCity: "Leeds", deliveryCity: "Bristol", price: 500 + i, distance: 200, pickupDate: pickup.toISOString() };
}

/** The process is still the one we started and never logged a crash. */
export function assertAlive(server: ServerProcess): void {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    throw new Error(`the server process exited (${server.child.exitCode ?? server.child.signalCode}); its last words:\n${server.output().slice(-600)}`);
  }
  if (/Unhandled|uncaught/i.test(server.output())) throw new Error(`the server logged an unhandled error:\n${server.output().slice(-2000)}`);
}
