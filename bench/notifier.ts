// The notifier off the write path, before and after, in one run (PostgreSQL).
//
// Before the change (BENCH_NOTIFIER_BEFORE, default cf60346) every load write NOTIFYed
// 'load_changed' per row inside its transaction, so each commit took PostgreSQL's global
// notify lock; after it, the loads triggers append to `load_changes` and one feed per
// process reads the log after commit. Both trees run here as real server processes
// (`node --import tsx src/server/main.ts`, each on its own database, migrated by its own
// start): the old one from a temporary git worktree, the new one from the tree the bench
// runs in (or BENCH_NOTIFIER_AFTER, another worktree). Rounds alternate (before, after,
// before, after…), each on a freshly started server, so a busy moment of the shared
// machine falls on both alike; the rows give the median of each tree's rounds.
//
// A round: 5,000 carriers each hold one `GET /api/live` stream (plain SSE readers in two
// worker threads, bench/notifier-streams.mjs). (1) Event lag: a manager posts one load
// every 250 ms; lag = the moment each stream reads the load's `event: load` minus the
// moment the POST was sent, p99 over streams × posts. The commit falls between the POST
// sent and its answer, and the client cannot see it: before the change the notice left
// at commit, so streams often read the event before the answer came back; after it, the
// feed is poked once the write is answered. So the lag is timed from the POST sent (an
// upper bound of commit → read, and what a watcher of the board waits), and the time
// from the answer is given beside it (a lower bound). (2) Writes/s: 3,000 streams are closed, leaving 2,000; 8 writers, each
// a manager posting a load and a carrier bidding on it, write as fast as they are answered
// for 10 s. (3) Bids alone for 8 s, the same streams open: a bid sends them nothing
// (before the change its trigger still NOTIFYed in the transaction), so this is the
// write path without the fan-out, which in (2) costs the server more than the write.
//
// BENCH_ONLY=notifier runs it alone, or `npx tsx bench/notifier.ts`. BENCH_NOTIFIER_PAIRS
// (2), BENCH_NOTIFIER_LAG_STREAMS (5000), BENCH_NOTIFIER_WRITE_STREAMS (2000),
// BENCH_NOTIFIER_WRITE_SECONDS (10), BENCH_NOTIFIER_BID_SECONDS (8).
import http from "node:http";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { cpuMeter, machineLoad, ms, quantile, verdict, type TargetRow } from "./common";
import { StreamWorker, type FromWorker } from "./notifier-workers";
import { git, prepareTree, startServer, stopServer, worktree, type Deps, type Tree } from "./notifier-trees";

const BEFORE = process.env.BENCH_NOTIFIER_BEFORE ?? "cf60346";
/** empty: the tree the bench runs in, uncommitted work included */
const AFTER = process.env.BENCH_NOTIFIER_AFTER ?? "";
const PAIRS = Math.max(1, Number(process.env.BENCH_NOTIFIER_PAIRS ?? 2));
const LAG_STREAMS = Number(process.env.BENCH_NOTIFIER_LAG_STREAMS ?? 5000);
const WRITE_STREAMS = Math.min(LAG_STREAMS, Number(process.env.BENCH_NOTIFIER_WRITE_STREAMS ?? 2000));
const WRITE_SECONDS = Number(process.env.BENCH_NOTIFIER_WRITE_SECONDS ?? 10);
const BID_SECONDS = Number(process.env.BENCH_NOTIFIER_BID_SECONDS ?? 8);
const LAG_POSTS = 40;
const LAG_EVERY_MS = 250;
const WRITERS = 8;
const LOADS = 5000;
const WORKERS = 2;
/** a posted load's events not read by every stream by then count as missing */
const WAIT_MS = 15_000;

interface Round {
  tree: Tree["name"];
  /** per stream and post: event read − POST sent, and − POST answered (ms) */
  lag: number[];
  lagFromAnswer: number[];
  missing: number;
  /** lag posts refused, and the first refusal */
  failed: number;
  firstFailure: string;
  lost: number;
  writes: Writes;
  bids: Writes;
  eventsDuringWrites: number;
  cpu: Record<"lag" | "writes" | "bids", ReturnType<ReturnType<typeof cpuMeter>>>;
  load: string;
}

const now = () => performance.timeOrigin + performance.now();

/** writes answered as asked (timed) and refused, over a phase */
interface Writes {
  ok: number;
  errors: number;
  firstError: string;
  seconds: number;
  perSecond: number;
  latencies: number[];
}

/** Count one answer: timed when it is what was asked for, else a refusal. */
function tally(t: Writes, r: { status: number; body: string; sent: number; answered: number }, ok: boolean): boolean {
  if (ok) t.latencies.push(r.answered - r.sent);
  else t.firstError ||= `${r.status} ${r.body.slice(0, 200)}`;
  t[ok ? "ok" : "errors"]++;
  return ok;
}

/** WRITERS writers, each starting its next step as soon as the last is answered, for `seconds`. */
async function flatOut(seconds: number, step: (writer: number, t: Writes) => Promise<void>): Promise<Writes> {
  const t: Writes = { ok: 0, errors: 0, firstError: "", seconds: 0, perSecond: 0, latencies: [] };
  const start = now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      while (now() < start + seconds * 1000) await step(w, t);
    }),
  );
  t.seconds = (now() - start) / 1000;
  t.perSecond = t.ok / t.seconds;
  t.latencies.sort((a, b) => a - b);
  return t;
}
const DAY = 86_400_000;
let postNo = 0;
/** this run's mark in the load numbers it gives */
const RUN = Date.now().toString(36);

/** One JSON request; resolves with its status, body and times (absolute ms). */
function request(agent: http.Agent, port: number, method: string, path: string, cookie: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const sent = now();
  return new Promise<{ status: number; body: string; sent: number; answered: number }>((resolve) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method, agent, headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, sent, answered: now() }));
      },
    );
    req.on("error", (err) => resolve({ status: 0, body: String(err), sent, answered: now() }));
    req.end(body);
  });
}

/** A new available load, picked up later than any seeded one (so it is on every board). */
async function postLoad(agent: http.Agent, port: number, cookie: string) {
  postNo++;
  const pickup = new Date(Date.now() + 400 * DAY + postNo * 60_000);
  const r = await request(agent, port, "POST", "/api/loads", cookie, {
    // a number of its own: left to the server, concurrent posts race for the next free
    // number and retry (409 after ten), a cost that is not the notifier's
    loadNumber: `NB-${RUN}-${postNo}`,
    pickupCity: "Leeds",
    pickupZip: "LS1 4AP",
    deliveryCity: "Hull",
    deliveryZip: "HU1 1AA",
    pickupDate: pickup.toISOString(),
    deliveryDate: new Date(pickup.getTime() + DAY).toISOString(),
    price: 900 + (postNo % 100),
    distance: 60,
    weight: 12000,
    equipmentType: "Flatbed",
    cargoType: "Steel",
  });
  return { ...r, id: r.status === 201 ? (JSON.parse(r.body) as { id: string }).id : null };
}

async function runRound(tree: Tree, deps: Deps): Promise<Round> {
  const load = machineLoad();
  const { port, child } = await startServer(tree, deps.password);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const workers = Array.from({ length: WORKERS }, (_, w) => new StreamWorker(port, tree.streamCookies.filter((_, i) => i % WORKERS === w)));
  const share = (n: number, k: number) => Math.floor(n / WORKERS) + (k < n % WORKERS ? 1 : 0);
  const all = <T extends FromWorker["type"]>(m: { type: T } & Record<string, unknown>) => Promise.all(workers.map((w) => w.ask(m)));
  try {
    const t0 = performance.now();
    await Promise.all(workers.map((w, k) => w.ask({ type: "open", count: share(LAG_STREAMS, k) })));
    deps.log(`notifier ${tree.name}: ${LAG_STREAMS} streams open (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    /** wait until every open stream read each posted load (or WAIT_MS); the missing ones */
    const settle = async (ids: string[]) => {
      const deadline = Date.now() + WAIT_MS;
      let missing = Infinity;
      while (missing > 0 && Date.now() < deadline) {
        missing = (await all({ type: "missing", ids })).reduce((n, r) => n + r.missing, 0);
        if (missing > 0) await new Promise((r) => setTimeout(r, 50));
      }
      return missing;
    };
    // warm-up: the first events take code and connections that later ones find ready
    await all({ type: "record", on: true });
    const warm = await Promise.all([0, 1, 2].map(() => postLoad(agent, port, tree.staffCookies[0])));
    await settle(warm.map((w) => w.id!).filter(Boolean));

    // (1) event lag: one load every 250 ms, on a fixed schedule (a slow answer does not delay the next)
    await all({ type: "record", on: true });
    const cpuLag = cpuMeter(child.pid!);
    const start = performance.now();
    const posts = await Promise.all(
      Array.from({ length: LAG_POSTS }, (_, i) =>
        new Promise((r) => setTimeout(r, Math.max(0, start + i * LAG_EVERY_MS - performance.now()))).then(() => postLoad(agent, port, tree.staffCookies[0])),
      ),
    );
    // a refused post (503 when the server is starved of CPU) is counted, not timed
    const failed = posts.filter((p) => !p.id);
    const posted = posts.filter((p) => p.id);
    const missing = await settle(posted.map((p) => p.id!));
    const cpuLagUsed = cpuLag();
    const lag: number[] = [];
    const lagFromAnswer: number[] = [];
    for (const r of await all({ type: "collect" })) {
      for (const p of posted) {
        for (const at of r.arrivals[p.id!] ?? []) {
          lag.push(at - p.sent);
          lagFromAnswer.push(at - p.answered);
        }
      }
    }
    lag.sort((a, b) => a - b);
    lagFromAnswer.sort((a, b) => a - b);
    await all({ type: "record", on: false });

    // (2) writes/s with 2,000 streams open: each writer posts a load (sent to every stream), then its carrier bids on it
    await Promise.all(workers.map((w, k) => w.ask({ type: "keep", count: share(WRITE_STREAMS, k) })));
    await new Promise((r) => setTimeout(r, 1000)); // the server notices the closed streams
    const eventsBefore = (await all({ type: "count" })).reduce((n, r) => n + r.loadEvents, 0);
    const cpuWrites = cpuMeter(child.pid!);
    const writes = await flatOut(WRITE_SECONDS, async (w, t) => {
      const l = await postLoad(agent, port, tree.staffCookies[w]);
      if (!tally(t, l, !!l.id)) return;
      const b = await request(agent, port, "POST", "/api/bids", tree.bidderCookies[w], { loadId: l.id, bidAmount: 850 });
      tally(t, b, b.status === 201 || b.status === 200);
    });
    const cpuWritesUsed = cpuWrites();
    const eventsDuringWrites = (await all({ type: "count" })).reduce((n, r) => n + r.loadEvents, 0) - eventsBefore;
    // (3) bids alone, the same streams open: a bid sends them nothing, so this is the write path without the fan-out
    const cpuBids = cpuMeter(child.pid!);
    let next = 0;
    const bids = await flatOut(BID_SECONDS, async (w, t) => {
      const loadId = posted[next++ % posted.length].id;
      const b = await request(agent, port, "POST", "/api/bids", tree.bidderCookies[w], { loadId, bidAmount: 800 + (next % 50) });
      tally(t, b, b.status === 201 || b.status === 200);
    });
    const cpuBidsUsed = cpuBids();
    const counts = await all({ type: "count" });
    const round: Round = {
      tree: tree.name,
      lag,
      lagFromAnswer,
      missing,
      failed: failed.length,
      firstFailure: failed[0] ? `${failed[0].status} ${failed[0].body.slice(0, 200)}` : "",
      lost: counts.reduce((n, r) => n + r.lost, 0),
      writes,
      bids,
      eventsDuringWrites,
      cpu: { lag: cpuLagUsed, writes: cpuWritesUsed, bids: cpuBidsUsed },
      load,
    };
    deps.log(
      `notifier ${tree.name}: lag p50 ${ms(quantile(lag, 0.5))} p99 ${ms(quantile(lag, 0.99))} (from the answer p99 ${ms(quantile(lagFromAnswer, 0.99))}), missing ${missing}${failed.length ? `, ${failed.length} posts refused (${failed[0].status})` : ""}; ` +
        `loads + bids ${writes.perSecond.toFixed(0)}/s (${writes.ok} in ${writes.seconds.toFixed(1)} s, p99 ${ms(quantile(writes.latencies, 0.99))}, ${writes.errors} refused${writes.firstError ? `: ${writes.firstError}` : ""}; ` +
        `${eventsDuringWrites} load events read meanwhile); bids ${bids.perSecond.toFixed(0)}/s (p99 ${ms(quantile(bids.latencies, 0.99))}, ${bids.errors} refused${bids.firstError ? `: ${bids.firstError}` : ""}); ` +
        `server CPU ${cpuLagUsed.server.toFixed(1)} / ${cpuWritesUsed.server.toFixed(1)} / ${cpuBidsUsed.server.toFixed(1)} s; ${load}`,
    );
    return round;
  } finally {
    await Promise.all(workers.map((w) => w.ask({ type: "close" }).catch(() => null)));
    await Promise.all(workers.map((w) => w.worker.terminate()));
    agent.destroy();
    await stopServer(child);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function notifierScenario(deps: Deps): Promise<{ rows: TargetRow[]; charts: string[] }> {
  const what = {
    lag: `event lag p99, ${LAG_STREAMS.toLocaleString("en-GB")} streams open, a load every ${LAG_EVERY_MS} ms (POST sent → event read)`,
    writes: `writes/s, ${WRITERS} writers (a load, then a bid on it), ${WRITE_STREAMS.toLocaleString("en-GB")} streams open`,
    bids: `bids/s alone (nothing sent to the streams), ${WRITERS} carriers, ${WRITE_STREAMS.toLocaleString("en-GB")} streams open`,
  };
  if (!deps.pgAvailable) {
    const note = `skipped: no PostgreSQL at ${deps.pgUrl} (BENCH_DATABASE_URL)`;
    return {
      rows: [
        { what: what.lag, engine: "postgres", measured: "", target: "≤ 1 s", met: null, note },
        { what: what.writes, engine: "postgres", measured: "", target: "≥ before", met: null, note },
        { what: what.bids, engine: "postgres", measured: "", target: "≥ before", met: null, note },
      ],
      charts: [],
    };
  }
  const { log } = deps;
  const loadAtStart = machineLoad();
  const old = worktree(deps.root, BEFORE);
  const next = AFTER ? worktree(deps.root, AFTER) : null;
  const dirty = !next && git(deps.root, ["status", "--porcelain", "--untracked-files=no"]) !== "";
  const blank = { databaseUrl: "", dataDir: "", streamCookies: [], staffCookies: [], bidderCookies: [] };
  const before: Tree = { name: "before", root: old.dir, rev: old.sha, removeWorktree: old.remove, ...blank };
  const after: Tree = {
    name: "after",
    root: next?.dir ?? deps.root,
    rev: next?.sha ?? `${git(deps.root, ["rev-parse", "--short", "HEAD"])}${dirty ? " + uncommitted changes" : ""}`,
    removeWorktree: next?.remove,
    ...blank,
  };
  const rounds: Round[] = [];
  try {
    for (const tree of [before, after]) {
      log(`notifier: preparing ${tree.name} (${tree.rev}): ${LOADS} loads, ${LAG_STREAMS + WRITERS} carriers, ${WRITERS} managers`);
      await prepareTree(tree, deps, { streams: LAG_STREAMS, writers: WRITERS, loads: LOADS });
    }
    for (let i = 0; i < PAIRS; i++) for (const tree of [before, after]) rounds.push(await runRound(tree, deps));
  } finally {
    for (const tree of [before, after]) tree.removeWorktree?.();
  }

  const of = (name: Tree["name"]) => rounds.filter((r) => r.tree === name);
  const stat = (name: Tree["name"], f: (r: Round) => number) => median(of(name).map(f));
  const lagP99 = (r: Round) => quantile(r.lag, 0.99);
  const each = (name: Tree["name"], f: (r: Round) => number, fmt: (n: number) => string) => of(name).map((r) => fmt(f(r))).join(", ");
  const rate = (n: number) => `${n.toFixed(0)}/s`;
  const lag = { before: stat("before", lagP99), after: stat("after", lagP99) };
  const missing = rounds.reduce((n, r) => n + r.missing, 0);
  const lost = rounds.reduce((n, r) => n + r.lost, 0);
  const refused = (name: Tree["name"]) => of(name).reduce((n, r) => n + r.failed, 0);
  const firstRefusal = rounds.find((r) => r.firstFailure)?.firstFailure;
  const trees = `before ${before.rev}, after ${after.rev}; medians of ${PAIRS} round${PAIRS > 1 ? "s" : ""} each, run before/after in turns`;
  const cpu = (name: Tree["name"], k: "lag" | "writes" | "bids") => `${stat(name, (r) => r.cpu[k].server).toFixed(1)} s`;
  /** a writes phase's row: writes/s after against before, and the server's CPU a write (less at the mercy of the neighbours) */
  const writeRow = (whatText: string, k: "writes" | "bids", seconds: number, more: string): TargetRow => {
    const perSecond = { before: stat("before", (r) => r[k].perSecond), after: stat("after", (r) => r[k].perSecond) };
    const p99 = (name: Tree["name"]) => ms(stat(name, (r) => quantile(r[k].latencies, 0.99)));
    const cpuPerWrite = (name: Tree["name"]) => ms(stat(name, (r) => (r.cpu[k].server * 1000) / r[k].ok));
    const errors = rounds.reduce((n, r) => n + r[k].errors, 0);
    const firstError = rounds.find((r) => r[k].firstError)?.[k].firstError;
    return {
      what: whatText,
      engine: "postgres",
      measured:
        `after ${rate(perSecond.after)} vs before ${rate(perSecond.before)}; p99 after ${p99("after")}, before ${p99("before")}; server CPU a write: after ${cpuPerWrite("after")}, before ${cpuPerWrite("before")}; ` +
        `rounds: before ${each("before", (r) => r[k].perSecond, rate)}; after ${each("after", (r) => r[k].perSecond, rate)}${errors ? `; ${errors} writes refused (${firstError})` : ""}`,
      ratio: `${(perSecond.after / perSecond.before).toFixed(2)}× before`,
      target: "≥ before",
      met: perSecond.after >= perSecond.before && errors === 0,
      note: `${seconds} s a round; ${more}server CPU over the phase: before ${cpu("before", k)}, after ${cpu("after", k)}`,
    };
  };
  return {
    rows: [
      {
        what: what.lag,
        engine: "postgres",
        measured:
          `after p99 ${ms(lag.after)} (p50 ${ms(stat("after", (r) => quantile(r.lag, 0.5)))}) vs before p99 ${ms(lag.before)} (p50 ${ms(stat("before", (r) => quantile(r.lag, 0.5)))}); ` +
          `from the POST's answer: after p99 ${ms(stat("after", (r) => quantile(r.lagFromAnswer, 0.99)))}, before ${ms(stat("before", (r) => quantile(r.lagFromAnswer, 0.99)))}; ` +
          `rounds p99: before ${each("before", lagP99, ms)}; after ${each("after", lagP99, ms)}${missing ? `; ${missing} events never read within ${WAIT_MS / 1000} s` : ""}${lost ? `; ${lost} streams ended by the server` : ""}` +
          `${firstRefusal ? `; posts refused: before ${refused("before")}, after ${refused("after")} (${firstRefusal})` : ""}`,
        ratio: `${(lag.after / lag.before).toFixed(2)}× before`,
        target: "≤ 1 s",
        met: lag.after <= 1000 && missing === 0 && refused("after") === 0,
        note: `${LAG_POSTS} loads × ${LAG_STREAMS} streams a round; server CPU over the lag phase: before ${cpu("before", "lag")}, after ${cpu("after", "lag")}; ${trees}`,
      },
      writeRow(what.writes, "writes", WRITE_SECONDS, `load events read by the streams meanwhile: before ${stat("before", (r) => r.eventsDuringWrites).toFixed(0)}, after ${stat("after", (r) => r.eventsDuringWrites).toFixed(0)}; `),
      writeRow(what.bids, "bids", BID_SECONDS, `machine at start: ${loadAtStart}; at end: ${machineLoad()}; `),
    ],
    charts: [],
  };
}

// `npx tsx bench/notifier.ts`: this scenario alone, without bench/run.ts
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = new URL("..", import.meta.url).pathname;
  const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
  const pgAvailable = await probe.connect().then(
    () => probe.end().then(() => true),
    () => false,
  );
  const workDir = join(root, ".tmp", "bench");
  mkdirSync(workDir, { recursive: true });
  const log = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);
  log(`machine: ${machineLoad()}`);
  const { rows } = await notifierScenario({ pgUrl, pgAvailable, workDir, root, password: "Bench!2026pass", log });
  console.log("\n| what | engine | measured | ratio | target | verdict |\n|---|---|---|---|---|---|");
  for (const t of rows) console.log(`| ${t.what} | ${t.engine} | ${t.measured}${t.note ? ` (${t.note})` : ""} | ${t.ratio ?? ""} | ${t.target} | ${verdict(t)} |`);
}
