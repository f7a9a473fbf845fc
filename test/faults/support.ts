// What the fault scenarios share: a seeded PostgreSQL database, a real server
// process reaching it through the fault proxy, timed HTTP calls and an SSE reader.
import { request } from "node:http";
import { createTestDatabase, type TestDatabase } from "../helpers";
import { httpLogin, startServerProcess, type ServerProcess } from "../process";
import { startFaultProxy, targetOf, type FaultProxy } from "./proxy";
import { hashPassword } from "../../src/server/lib/crypto";
import { users } from "../../src/server/db/schema";

export const PASSWORD = "Secret1!pass";

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
  const hash = await hashPassword(PASSWORD);
  const [staffRow] = await t.database.db
    .insert(users)
    .values({ email: "ops@example.com", password: hash, name: "Ops", role: "manager", isApproved: true })
    .returning();
  const carrierRows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: 4 }, (_, i) => ({
        email: `c${i}@example.com`,
        password: hash,
        name: `Carrier ${i}`,
        carrierName: `Haulage ${i} Ltd`,
        contactNumber: "+44 7700 900123",
        isApproved: true,
      })),
    )
    .returning();
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

export interface EventStream {
  events: { event: string; data: string; at: number }[];
  waitFor(pred: (e: { event: string; data: string }) => boolean, ms: number, after?: number): Promise<number>;
  close(): void;
}

/** Open GET /api/live over real HTTP and collect its events. */
export function openEventStream(base: string, cookie: string): EventStream {
  const url = new URL(`${base}/api/live`);
  const events: EventStream["events"] = [];
  let buffer = "";
  const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { cookie } }, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let i: number;
      while ((i = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? "", at: Date.now() });
      }
    });
  });
  req.on("error", () => {});
  req.end();
  return {
    events,
    /** ms (from the call) until an event matching `pred`, received after `after`, arrived */
    async waitFor(pred, ms, after = 0) {
      const start = Date.now();
      for (;;) {
        const hit = events.find((e) => e.at >= after && pred(e));
        if (hit) return hit.at - start;
        if (Date.now() - start > ms) throw new Error(`no matching event in ${ms} ms: ${JSON.stringify(events)}`);
        await sleep(20);
      }
    },
    close: () => req.destroy(),
  };
}
