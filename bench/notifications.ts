// Scenario 7: live delivery of a notification to 2,000
// connected clients on PostgreSQL, p99 from commit to arrival.
//
// 2,000 staff users each hold one `GET /api/live` stream open on the app (a child
// process, as in every scenario; one stream a user, under the cap of 10). A carrier
// then places a bid through the real service (`placeBid`, here in the bench process,
// on the same database): its transaction writes 2,000 `bid_placed` notifications and
// their NOTIFYs, PostgreSQL delivers them at commit to the app's listener, and the
// app's live hub writes each to its owner's stream (the bar: within
// 1 s). The commit time is taken just after the transaction returns, each
// arrival when its bytes reach the client's socket, both on this process's clock.
//
// The baseline, measured in the same run: a bare node:http SSE server holding 2,000
// sockets and writing an event of the same size to each when told to (request →
// arrival). App and baseline events take turns, so a busy moment of a shared
// machine falls on both alike. Email is off for the type (see below).
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import { queryRows } from "../src/server/db/client";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { users } from "../src/server/db/schema";
import { placeBid } from "../src/server/modules/bids/bids.service";
import { freshScenarioDatabase, seedCarriers, seedSessions, seedStaff } from "./seed";

export interface FanoutRow {
  scenario: string;
  engine: string;
  p50?: number;
  p99?: number;
  errors?: number;
  ratio?: number;
  note?: string;
}

export interface FanoutDeps {
  pgUrl: string;
  workDir: string;
  password: string;
  startApp(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }>;
  stop(child: ChildProcess): Promise<void>;
  log(msg: string): void;
}

const CLIENTS = Number(process.env.BENCH_NOTIFY_CLIENTS ?? 2000);
const EVENTS = Number(process.env.BENCH_NOTIFY_EVENTS ?? 10);
/** an event's deliveries not in by then count as missing */
const WAIT_MS = 10_000;
const DB_NAME = "lb_bench_notify";

/** One SSE client: every `event: notification` is reported with the moment its bytes arrived. */
interface Client {
  ready: Promise<void>;
  close(): void;
}

function openClient(opts: {
  port: number;
  path: string;
  cookie?: string;
  agent: http.Agent;
  onNotification(key: string, at: number, data: string): void;
}): Client {
  let buffer = "";
  let req!: http.ClientRequest;
  const ready = new Promise<void>((resolve, reject) => {
    req = http.request({ host: "127.0.0.1", port: opts.port, path: opts.path, agent: opts.agent, headers: opts.cookie ? { cookie: opts.cookie } : {} }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`${opts.path}: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let i: number;
        while ((i = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          // ready opens with its `id:` line (the loads version)
          if (/^event: ready$/m.test(block)) resolve();
          else if (block.startsWith("event: notification\ndata: ")) {
            const data = block.slice("event: notification\ndata: ".length);
            opts.onNotification((JSON.parse(data) as { loadId: string }).loadId, at, data);
          }
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
  return { ready, close: () => req.destroy() };
}

/** Open `count` streams, `batch` at a time, each ready before it counts. */
async function openAll(count: number, batch: number, open: (i: number) => Client): Promise<Client[]> {
  const clients: Client[] = [];
  for (let from = 0; from < count; from += batch) {
    const part = Array.from({ length: Math.min(batch, count - from) }, (_, k) => open(from + k));
    await Promise.all(part.map((c) => c.ready));
    clients.push(...part);
  }
  return clients;
}

interface EventResult {
  latencies: number[];
  missing: number;
}

/** Fire one event, then wait until every client has it (or WAIT_MS): commit → arrival per client. */
async function measure(arrivals: Map<string, number[]>, key: string, clients: number, fire: () => Promise<number>): Promise<EventResult> {
  const got: number[] = [];
  arrivals.set(key, got);
  const committed = await fire();
  const deadline = Date.now() + WAIT_MS;
  while (got.length < clients && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  arrivals.delete(key);
  return { latencies: got.map((at) => at - committed), missing: clients - got.length };
}

function summarise(results: EventResult[]) {
  const all = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: all[all.length - 1] ?? NaN, received: all.length, missing: results.reduce((n, r) => n + r.missing, 0) };
}

/** The bare SSE server: holds every GET /live; GET /fire?key=K writes the template, K as its loadId, to each. */
async function startBareSse(template: string): Promise<{ port: number; child: ChildProcess }> {
  const code = `
    const http = require("node:http");
    const streams = new Set();
    const [before, after] = ${JSON.stringify(template.split("@KEY@"))};
    const server = http.createServer((q, s) => {
      if (q.url === "/live") {
        s.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store, no-transform", Connection: "keep-alive" });
        s.write("retry: 3000\\n\\nevent: ready\\ndata: {}\\n\\n");
        streams.add(s);
        q.on("close", () => streams.delete(s));
        return;
      }
      const key = new URL(q.url, "http://x").searchParams.get("key");
      const event = "event: notification\\ndata: " + before + key + after + "\\n\\n";
      for (const r of streams) r.write(event);
      s.end("ok");
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) => child.stdout!.once("data", (d) => resolve(Number(String(d).trim()))));
  return { port, child };
}

function fdLimit(): number {
  try {
    return Number(execSync("ulimit -n", { shell: "/bin/sh" }).toString().trim()) || Infinity;
  } catch {
    return Infinity;
  }
}

export async function notificationFanout(deps: FanoutDeps): Promise<FanoutRow[]> {
  const { log } = deps;
  // this process holds every client socket, the app's and the baseline's (their servers the other ends)
  const need = 2 * CLIENTS + 200;
  if (fdLimit() < need) throw new Error(`scenario 7 holds ${2 * CLIENTS} sockets: raise the open-file limit first (ulimit -n ${need * 2})`);

  log(`notifications: preparing ${CLIENTS} staff users on PostgreSQL`);
  const { database, databaseUrl, dataDir } = await freshScenarioDatabase({ pgUrl: deps.pgUrl, workDir: deps.workDir, dir: "notify", name: DB_NAME });
  const children: ChildProcess[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  let clients: Client[] = [];
  try {
    await database.migrate();
    const [bidderId] = await seedCarriers(database, 1, deps.password);
    const staffIds = await seedStaff(database, CLIENTS, deps.password);
    // Email off for this type: 2,000 mails an event would keep the app's outbox worker
    // busy beside the fan-out of the next event; the mail path is measured elsewhere.
    await database.db.execute(sql`
      insert into notification_preferences (user_id, type, email)
      select id, 'bid_placed', false from users where id = any(${`{${staffIds.join(",")}}`}::uuid[])
      on conflict (user_id, type) do update set email = false`);
    const loadIds = (
      await queryRows<{ id: string }>(
        database.db,
        sql`insert into loads (load_number, status, pickup_city, delivery_city, pickup_date, price, distance)
            select 'NOTIFY-' || g, 'available', 'Leeds', 'Bristol', now() + interval '2 days', 900, 200 from generate_series(0, ${EVENTS}::int) g
            returning id`,
      )
    ).map((r) => r.id);
    const cookies = await seedSessions(database, staffIds);
    const [bidder] = await database.db.select().from(users).where(eq(users.id, bidderId));

    // the app holding the streams, and this process's own app context to place the bids in
    const server = await deps.startApp({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    children.push(server.child);
    const port = Number(new URL(server.url).port);
    const bench = await buildApp({
      config: loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "0" }),
      database,
      serveWeb: false,
    });

    const arrivals = new Map<string, number[]>();
    // the bytes of a notification as a stream received them: the baseline sends the same size
    let sample = "";
    const onNotification = (key: string, at: number, data: string) => {
      arrivals.get(key)?.push(at);
      sample = data;
    };
    let started = performance.now();
    clients = await openAll(CLIENTS, 100, (i) => openClient({ port, path: "/api/live", cookie: cookies[i], agent, onNotification }));
    log(`notifications: ${clients.length} streams open on the app in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // an event on the app: a bid on a fresh load, 2,000 notifications, one a stream
    const txMs: number[] = [];
    const appEvent = (i: number) =>
      measure(arrivals, loadIds[i], CLIENTS, async () => {
        const t0 = performance.now();
        await placeBid({ ctx: bench.ctx, db: bench.ctx.db, actor: bidder, loadId: loadIds[i], bidAmount: 800 + i, now: new Date() });
        const committed = performance.now();
        txMs.push(committed - t0);
        return committed;
      });
    // the first (not counted) warms both ends and gives the baseline its event's size
    await appEvent(0);
    if (!sample) throw new Error("no notification reached any stream");
    const bare = await startBareSse(sample.replace(/"loadId":"[^"]+"/, '"loadId":"@KEY@"'));
    children.push(bare.child);
    started = performance.now();
    clients.push(...(await openAll(CLIENTS, 100, () => openClient({ port: bare.port, path: "/live", agent, onNotification }))));
    log(`notifications: ${CLIENTS} streams open on the bare server in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const bareEvent = () => {
      const key = randomUUID();
      return measure(arrivals, key, CLIENTS, async () => {
        const fired = performance.now();
        await new Promise<void>((resolve, reject) => {
          http.get({ host: "127.0.0.1", port: bare.port, path: `/fire?key=${key}`, agent }, (res) => res.resume().on("end", resolve)).on("error", reject);
        });
        return fired;
      });
    };
    await bareEvent();

    // taken in turns, so a busy moment of a shared machine falls on both alike
    log(`notifications: ${EVENTS} bids, each followed by the same fan-out from the bare server`);
    txMs.length = 0;
    const app: EventResult[] = [];
    const base: EventResult[] = [];
    const pause = () => new Promise((r) => setTimeout(r, 300));
    for (let i = 1; i <= EVENTS; i++) {
      app.push(await appEvent(i));
      await pause();
      base.push(await bareEvent());
      await pause();
    }
    for (const c of clients) c.close();
    clients = [];
    await bench.close();
    bench.ctx.mail.close();
    await deps.stop(server.child);
    await deps.stop(bare.child);

    const a = summarise(app);
    const b = summarise(base);
    const expected = CLIENTS * EVENTS;
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    txMs.sort((x, y) => x - y);
    return [
      {
        scenario: `7 baseline: bare node:http SSE, one ${sample.length}-byte event to each of ${CLIENTS.toLocaleString("en-GB")} sockets (request → arrival)`,
        engine: "node",
        p50: b.p50,
        p99: b.p99,
        errors: b.missing,
        ratio: 1,
        note: `${b.received}/${expected} arrived over ${EVENTS} events; max ${ms(b.max)}`,
      },
      {
        scenario: `7 live notification to ${CLIENTS.toLocaleString("en-GB")} streams (bid_placed to every staff user; commit → arrival)`,
        engine: "postgres",
        p50: a.p50,
        p99: a.p99,
        errors: a.missing,
        // as the other rows: the share of the baseline's speed (its p99 over ours)
        ratio: b.p99 / a.p99,
        note:
          `${a.received}/${expected} arrived over ${EVENTS} events; max ${ms(a.max)}; p99 ${(a.p99 / b.p99).toFixed(1)}× the bare server's; ` +
          `the bid's transaction (2,000 rows and NOTIFYs) took ${ms(txMs[Math.floor(txMs.length / 2)])} (median); ` +
          `target p99 < 1,000 ms, none missing: ${a.p99 < 1000 && a.missing === 0 ? "met" : "NOT met"}`,
      },
    ];
  } finally {
    for (const c of clients) c.close();
    agent.destroy();
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    await database.close().catch(() => {});
  }
}
