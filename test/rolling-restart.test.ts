// Rolling restart: two server processes behind nginx on one PostgreSQL, 200 open
// streams (each an EventSource-like client driven by the web app's own live
// handlers) and a writer posting loads all along. One process is stopped with
// SIGTERM and started again on its port. Every stream must see every load event
// exactly once, in version order, within 2 s of its POST's answer, be told to
// refetch nothing, and the stopped process must drain: its requests in flight are
// answered, its streams end with a `retry:` hint, it exits 0 within 10 s.
// PostgreSQL-only: skips (and the skip report says so) when TEST_DATABASE_URL is unset.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { createTestDatabase, startSmtpSink, type SmtpSink, type TestDatabase } from "./helpers";
import { httpLogin, seedStaffAndCarriers, startServerProcess, type ServerProcess } from "./process";
import { openResumingStream, type StreamConnection } from "./live-stream";
import { startBalancer, type Balancer } from "./balancer";
import { PASSWORD } from "./factories";
import { NO_POSTGRES, skipWhen } from "./skips";
import { createLiveHandlers } from "../src/web/lib/live";
import { hashPassword, randomToken, sha256 } from "../src/server/lib/crypto";
import { sessions, users as usersTable } from "../src/server/db/schema";
import { loadsVersion } from "../src/server/modules/loads/loads.repository";

const PG = process.env.TEST_DATABASE_URL;
const STREAMS = 200;
/** streams per carrier: the contract allows 10 a user */
const PER_USER = 5;
/** a load event must reach every stream this soon after its POST was answered */
const DELIVERY_MS = 2000;
/** the documented bound on a graceful shutdown */
const SHUTDOWN_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** ms until check() holds, polling every 50 ms; throws after `ms` */
async function until(check: () => boolean, ms: number, what: string): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
  return Date.now() - start;
}

/** a stream's connections, timed from the SIGTERM, with when each was ready: for a failure message */
function connectionsOf(stream: ReturnType<typeof openResumingStream>, from: number): string {
  return stream.connections
    .map((c) => {
      const ready = stream.events.find((e) => e.event === "ready" && e.at >= c.openedAt && e.at <= (c.closedAt ?? Infinity));
      return `${c.headers["x-upstream"] ?? "?"} ${c.openedAt - from}..${(c.closedAt ?? NaN) - from} ms ${c.how ?? "open"} retry ${c.retry}, ready at ${ready ? ready.at - from : "-"}`;
    })
    .join("; ");
}

interface Posted {
  loadId: string;
  /** when its POST was answered 201: the load had committed by then */
  answeredAt: number;
  /** answers before the 201 (502/503 that nginx gave when a process went away) */
  retried: number[];
  /** the process that answered (nginx's X-Upstream) */
  upstream: string;
}

/** Post loads one after another through the balancer, each with its own Idempotency-Key, retrying 502/503 with the same key. */
function startWriter(base: string, cookie: string) {
  const posted: Posted[] = [];
  /** what must not happen: a socket error, or an answer that is neither 201 nor a retryable 502/503 */
  const faults: string[] = [];
  let stop = false;
  const pickup = new Date(Date.now() + 3 * 86_400_000);
  pickup.setUTCHours(9, 0, 0, 0);
  const running = (async () => {
    for (let i = 0; !stop; i++) {
      const key = randomUUID();
      const body = JSON.stringify({ pickupCity: "Leeds", deliveryCity: "Bristol", price: 500 + i, distance: 200, pickupDate: pickup.toISOString() });
      const retried: number[] = [];
      for (;;) {
        let status = 0;
        let json: { id?: string } | null = null;
        let upstream = "";
        try {
          const res = await fetch(`${base}/api/loads`, {
            method: "POST",
            headers: { cookie, "content-type": "application/json", "idempotency-key": key },
            body,
            signal: AbortSignal.timeout(15_000),
          });
          status = res.status;
          upstream = res.headers.get("x-upstream")?.split(", ").pop() ?? "";
          json = (await res.json().catch(() => null)) as { id?: string } | null;
        } catch (err) {
          faults.push(`POST ${i}: ${String(err)}`);
        }
        if (status === 201 && json?.id) {
          posted.push({ loadId: json.id, answeredAt: Date.now(), retried, upstream });
          break;
        }
        if (status !== 502 && status !== 503) {
          if (status) faults.push(`POST ${i}: ${status} ${JSON.stringify(json)}`);
          break;
        }
        retried.push(status);
        await sleep(50);
      }
      // about ten loads a second: steady, and light enough for a shared machine
      await sleep(60);
    }
  })();
  return {
    posted,
    faults,
    async stop() {
      stop = true;
      await running;
    },
  };
}

describe("a rolling restart behind nginx on PostgreSQL", skipWhen(!PG, NO_POSTGRES), () => {
  let t: TestDatabase;
  let sink: SmtpSink;
  let a: ServerProcess;
  let b: ServerProcess;
  let lb: Balancer;
  let env: Record<string, string>;
  const cookies: string[] = [];

  beforeAll(async () => {
    t = await createTestDatabase("postgres");
    sink = await startSmtpSink();
    await seedStaffAndCarriers(t.database, { role: "admin", isAdmin: true });
    // 40 carriers with a session each, written beside the servers (40 sign-ins would cost seconds)
    const hash = await hashPassword(PASSWORD);
    const rows = await t.database.db
      .insert(usersTable)
      .values(
        Array.from({ length: STREAMS / PER_USER }, (_, i) => ({
          email: `roll${i}@example.com`,
          password: hash,
          name: `Roll ${i}`,
          carrierName: `Roll ${i} Ltd`,
          isApproved: true,
        })),
      )
      .returning();
    for (const u of rows) {
      const token = randomToken();
      await t.database.db.insert(sessions).values({ id: sha256(token), userId: u.id, expiresAt: new Date(Date.now() + 86_400_000) });
      cookies.push(`sid=${token}`);
    }
    env = { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir, TRUST_PROXY: "1", SMTP_URL: sink.url, NODE_ENV: "test", LOG_LEVEL: "warn" };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    lb = await startBalancer(join(t.dataDir, "nginx"), [a.port, b.port]);
  }, 120_000);

  afterAll(async () => {
    lb?.stop();
    for (const p of [a, b]) if (p && p.child.exitCode === null) p.kill("SIGTERM");
    await Promise.all([a?.exited, b?.exited]);
    await sink?.close();
    await t?.drop();
  });

  it("every stream sees every load once, in order, within 2 s, while one process restarts; no board refetches", async () => {
    const began = Date.now();
    const staff = await httpLogin(lb.url, "ops@example.com", PASSWORD);
    let boardRefetches = 0;
    const clients = Array.from({ length: STREAMS }, (_, i) => {
      const live = createLiveHandlers({
        // a refetch of the loads lists is a board request: the replay must make it needless
        refetch: (topics) => {
          if (topics.includes("loads")) boardRefetches++;
        },
        patch: () => {},
      });
      const stream = openResumingStream(lb.url, cookies[i % cookies.length], {
        onEvent: (e) => {
          if (e.event === "load") live.load(e.data);
          else if (e.event === "ready") live.ready(e.data);
          else if (e.event === "resync") live.resync(e.data);
          else if (e.event === "degraded") live.degraded();
          else if (e.event === "change") live.change(e.data);
          else if (e.event === "notification") live.notification();
        },
        onBreak: () => live.error(),
      });
      return { stream, live };
    });
    let writing: ReturnType<typeof startWriter> | null = null;
    try {
      await until(() => clients.every((c) => c.stream.events.some((e) => e.event === "ready")), 30_000, "every stream ready");
      const firstVersion = await loadsVersion(t.database.db);
      const writer = (writing = startWriter(lb.url, staff));
      // writes reach both processes' streams before the restart
      await until(() => writer.posted.length >= 10, 10_000, "ten loads written");

      // sign-ins are slow on purpose (argon2): ten sent straight to the process; once the
      // first is answered the others are being worked on when SIGTERM lands
      const signIns = Array.from({ length: 10 }, (_, i) =>
        fetch(`${a.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `roll${i}@example.com`, password: PASSWORD }) }).then(
          (r) => r.status,
          (err: unknown) => String(err),
        ),
      );
      await Promise.race(signIns);
      const stopAt = Date.now();
      a.kill("SIGTERM");
      // each got a real answer (a sign-in or its rate limit), none was cut off
      expect((await Promise.all(signIns)).filter((s) => s !== 200 && s !== 429)).toEqual([]);
      const code = await a.exited;
      const stoppedIn = Date.now() - stopAt;
      expect(code, `exit code after ${stoppedIn} ms; its last words:\n${a.output().slice(-3000)}`).toBe(0);
      expect(stoppedIn).toBeLessThan(SHUTDOWN_MS);
      a = await startServerProcess(env, a.port);
      const restartedIn = Date.now() - stopAt;
      // writing goes on until the restarted process has answered some of it, and a little longer
      const upstreamA = `127.0.0.1:${a.port}`;
      const servedBy = (c: StreamConnection) => String(c.headers["x-upstream"] ?? "").split(", ").pop() === upstreamA;
      const backAt = Date.now();
      await until(() => writer.posted.some((p) => p.answeredAt >= backAt && p.upstream === upstreamA), 15_000, "a load written through the restarted process");
      // a little more traffic spread over both processes, then the writer stops
      await sleep(1500);
      await writer.stop();

      const lastVersion = await loadsVersion(t.database.db);
      await until(() => clients.every((c) => Number(c.stream.lastEventId()) >= lastVersion), DELIVERY_MS + 1000, "every stream at the last version");

      // the writer: nothing cut off, nothing answered but 201 in the end
      expect(writer.faults).toEqual([]);
      const created = new Map(writer.posted.map((p) => [p.loadId, p]));
      expect(lastVersion - firstVersion).toBe(writer.posted.length);

      // the streams the stopped process held were ended by it (not cut), each with a retry hint of 250–1000 ms
      const atStop = clients.flatMap((c) => c.stream.connections.filter((x) => x.openedAt < stopAt && servedBy(x) && x.status === 200));
      expect(atStop.length).toBeGreaterThan(0);
      const badEnds = atStop.filter((x) => x.how !== "end" || x.retry === undefined || x.retry < 250 || x.retry > 1000);
      expect(badEnds.map((x) => `${x.how} retry ${x.retry}`)).toEqual([]);

      const problems: string[] = [];
      /** delivery times of loads answered before the SIGTERM (steady state) and after it */
      const lags = { before: [] as number[], after: [] as number[] };
      for (const [i, { stream }] of clients.entries()) {
        if (stream.failure()) problems.push(`stream ${i} gave up: ${stream.failure()}`);
        const loads = stream.events.filter((e) => e.event === "load");
        const versions = loads.map((e) => Number(e.id));
        // contiguous and increasing: no gap, no repeat, no reordering, from the first load written to the last
        const want = Array.from({ length: lastVersion - firstVersion }, (_, k) => firstVersion + 1 + k);
        if (JSON.stringify(versions) !== JSON.stringify(want)) {
          problems.push(`stream ${i} versions ${versions.join(",")} (want ${firstVersion + 1}..${lastVersion})`);
          continue;
        }
        if (stream.events.some((e) => e.event === "resync")) problems.push(`stream ${i} told to resync`);
        const seen = new Set<string>();
        for (const e of loads) {
          const { id } = JSON.parse(e.data) as { id: string };
          seen.add(id);
          const p = created.get(id);
          if (!p) continue;
          const lag = e.at - p.answeredAt;
          (p.answeredAt < stopAt ? lags.before : lags.after).push(lag);
          if (lag > DELIVERY_MS) problems.push(`stream ${i}: load v${e.id} ${lag} ms after its POST's answer (at ${e.at - stopAt}) (${connectionsOf(stream, stopAt)})`);
        }
        const missing = writer.posted.filter((p) => !seen.has(p.loadId));
        if (missing.length) problems.push(`stream ${i} missed ${missing.length} loads`);
      }
      const spread = (xs: number[]) => {
        const sorted = [...xs].sort((x, y) => x - y);
        const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
        return `p50 ${at(0.5)} p99 ${at(0.99)} max ${at(1)} ms`;
      };
      const deliveries = `delivery before the SIGTERM ${spread(lags.before)}, after it ${spread(lags.after)}`;
      expect(problems.slice(0, 20).join("\n"), deliveries).toBe("");
      expect(boardRefetches, "board refetches").toBe(0);

      const retried = writer.posted.filter((p) => p.retried.length);
      const reconnects = clients.reduce((n, c) => n + c.stream.connections.length - 1, 0);
      console.log(
        `rolling restart: ${STREAMS} streams, ${writer.posted.length} loads (${retried.length} retried after ${retried.flatMap((p) => p.retried).join("/") || "nothing"}); ` +
          `stopped in ${stoppedIn} ms, up again ${restartedIn} ms after SIGTERM; ${atStop.length} streams ended with a retry hint, ${reconnects} reconnects; ` +
          `${deliveries}; run ${Date.now() - began} ms`,
      );
    } finally {
      await writing?.stop();
      for (const c of clients) c.stream.close();
    }
  }, 90_000);
});
