// Scenario 10 (the large-data rows of the speed targets), on PostgreSQL, at two data
// sizes: the targets' conditions (50,000 loads, 5,001 users) and a network with
// history (1,000,000 loads, 20,000 users), seeded by generate_series (bench/seed.ts),
// timed against the target of "under 2 minutes". At each size, on a freshly started app:
//   a) carrier board page `limit=50`, 50 connections, as a browser asks (Accept-Encoding),
//      against a bare node:http server sending exactly the bytes the app sent (same
//      Content-Encoding): the ratio, and the page's size uncompressed and as sent;
//   b) X-Total-Count of a text search: `GET /api/loads?search=…&limit=1` as staff, one at a
//      time, every term a new one (the app keeps counts per loads version), so each is a
//      real count: a load-number search (a few matches) and a city search (1 in 12 loads);
//   c) `GET /api/loads` without `limit` as a carrier and as staff: loads returned (≤ 1,000),
//      bytes, time; then four at once, the server's RSS growth;
//   d) `GET /api/users` as staff, 50 connections: the Users tab's first page (the row) and
//      the call without parameters (the note): p50, timeouts, ratio to bare node:http
//      sending the same bytes.
// BENCH_ONLY=large runs it alone; BENCH_LARGE_LOADS="50000,1000000" and
// BENCH_LARGE_USERS="5001,20000" (pairs, in order) change the sizes.
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";
import { queryRows } from "../src/server/db/client";
import { hashPassword } from "../src/server/lib/crypto";
import { freshScenarioDatabase, seedLoadsBulk, seedSessions } from "./seed";
import { BROWSER_ENCODING, cannon, kb, machineLoad, mb, ms, quantile, rawGet, sampleRss, startBareBytes, type ScenarioDeps, type TargetRow } from "./common";
import { writeChart } from "./chart";

const LOAD_SIZES = (process.env.BENCH_LARGE_LOADS ?? "50000,1000000").split(",").map(Number);
const USER_SIZES = (process.env.BENCH_LARGE_USERS ?? "5001,20000").split(",").map(Number);
const DB_NAME = "bench_large";
const SEED_TARGET_S = 120;

interface Step {
  loads: number;
  users: number;
  seedS: number;
  board?: { ratio: number; rps: number; bareRps: number; p99: number; raw: number; sent: number; encoding: string };
  search?: { numberMs: number[]; cityMs: number[]; totals: boolean };
  noLimit?: { carrier: Probe; staff: Probe; fourMs: number; rssGrowth: number };
  usersList?: UsersResult;
  usersPlain?: UsersResult;
  /** the step after which the app stopped answering signed-in requests, if it did */
  stuckAfter?: string;
}
interface UsersResult {
  completed: number;
  p50: number;
  p99: number;
  timeouts: number;
  errors: number;
  rps: number;
  bareRps: number;
  ratio: number;
  rows: number;
  bytes: number;
  sent: number;
  total?: string;
  /** set when the first request did not get 200 (0: no answer within 60 s) */
  status?: number;
}
/** the Users tab's first page (features/admin/api/user-lists.ts: USER_LIST_PAGE 50, pageQuery) */
const USERS_TAB_QUERY = "limit=50&offset=0";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/** 50 connections on `path` as staff, and on a bare node:http server sending the bytes it sent */
async function usersList(base: string, path: string, cookie: string, deps: ScenarioDeps, duration = SECONDS): Promise<UsersResult> {
  const headers = { cookie, "accept-encoding": BROWSER_ENCODING };
  const u = await rawGet(`${base}${path}`, headers);
  const plain = u.status === 200 ? await rawGet(`${base}${path}`, { cookie }) : u;
  if (u.status !== 200 || plain.status !== 200)
    return { completed: 0, p50: NaN, p99: NaN, timeouts: 0, errors: 1, rps: 0, bareRps: NaN, ratio: 0, rows: -1, bytes: 0, sent: 0, status: u.status || plain.status };
  let rows = -1;
  try {
    const parsed = JSON.parse(plain.body.toString("utf8")) as unknown;
    rows = Array.isArray(parsed) ? parsed.length : -1;
  } catch {
    /* not JSON */
  }
  const enc = u.headers["content-encoding"] ?? "";
  const bare = await startBareBytes(u.body, { "content-type": u.headers["content-type"] ?? "application/json", ...(enc ? { "content-encoding": enc } : {}) });
  const b = await cannon({ url: bare.url, headers, duration });
  const a = await cannon({ url: `${base}${path}`, headers, duration });
  await deps.stop(bare.child);
  return {
    completed: a.requests.total,
    p50: a.latency.p50,
    p99: a.latency.p99,
    timeouts: a.timeouts,
    errors: a.errors + a.non2xx,
    rps: a.requests.average,
    bareRps: b.requests.average,
    ratio: a.requests.average / b.requests.average,
    rows,
    bytes: plain.body.length,
    sent: u.body.length,
    total: plain.headers["x-total-count"],
  };
}

/** Does the app still answer a signed-in request within 15 s? */
async function answers(base: string, cookie: string): Promise<boolean> {
  return (await rawGet(`${base}/api/loads?limit=1`, { cookie }, 15_000)).status === 200;
}

interface Probe {
  rows: number;
  bytes: number;
  sent: number;
  ms: number;
  total?: string;
  status: number;
}

/** more users up to `total` (the admin and bench-1 included): approved carriers, one shared hash */
async function seedUsersTo(database: Database, total: number, hash: string): Promise<void> {
  const [{ n }] = await queryRows<{ n: string }>(database.db, sql`select count(*)::text as n from users`);
  const have = Number(n);
  if (have >= total) return;
  await database.db.execute(sql`
    insert into users (email, password, name, carrier_name, contact_number, role, is_approved)
    select 'bench-u' || g || '@example.com', ${hash}, 'Bench User ' || g, 'Bench Haulage ' || (g % 4000), '+44 7700 900000', 'carrier', true
    from generate_series(${have}::int, ${total - 1}::int) g
    on conflict (email) do nothing`);
}

export async function largeData(deps: ScenarioDeps): Promise<{ rows: TargetRow[]; charts: string[] }> {
  const label = (i: number) => `${LOAD_SIZES[i].toLocaleString("en-GB")} loads`;
  const what = {
    board: "carrier board page `limit=50`, 50 connections",
    search: `\`X-Total-Count\` for a text search at ${label(LOAD_SIZES.length - 1)}`,
    noLimit: "`GET /api/loads` without `limit` (any carrier)",
    users: (n: number) => `\`GET /api/users\` (${n.toLocaleString("en-GB")} users), 50 connections`,
    seed: `seed ${LOAD_SIZES[LOAD_SIZES.length - 1].toLocaleString("en-GB")} loads and ${USER_SIZES[USER_SIZES.length - 1].toLocaleString("en-GB")} users on PostgreSQL`,
  };
  if (!deps.pgAvailable) {
    const note = `skipped: no PostgreSQL at ${deps.pgUrl} (BENCH_DATABASE_URL)`;
    const skip = (w: string, target: string): TargetRow => ({ what: w, engine: "postgres", measured: "", target, met: null, note });
    return { rows: [skip(what.board, "≥ 0.6×, compressed"), skip(what.search, "≤ 5 ms"), skip(what.noLimit, "≤ 1,000 loads"), ...USER_SIZES.map((n) => skip(what.users(n), "paged, p50 ≤ 50 ms")), skip(what.seed, "< 2 min")], charts: [] };
  }
  const { log } = deps;
  const { database, databaseUrl, dataDir } = await freshScenarioDatabase({ pgUrl: deps.pgUrl, workDir: deps.workDir, dir: "large", name: DB_NAME });
  const steps: Step[] = [];
  try {
    await database.migrate();
    const hash = await hashPassword(deps.password);
    const [admin] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into users (email, password, name, carrier_name, role, is_admin, is_approved)
          values ('bench-admin@example.com', ${hash}, 'Bench Admin', 'Bench HQ', 'admin', true, true) returning id`,
    );
    const [carrier] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into users (email, password, name, carrier_name, contact_number, role, is_approved)
          values ('bench-1@example.com', ${hash}, 'Bench Carrier 1', 'Bench Haulage 1', '+44 7700 900000', 'carrier', true) returning id`,
    );
    const [adminCookie, carrierCookie] = await seedSessions(database, [admin.id, carrier.id]);
    let haveLoads = 0;
    let usedTerms = 0;

    for (let i = 0; i < LOAD_SIZES.length; i++) {
      const loads = LOAD_SIZES[i];
      const users = USER_SIZES[Math.min(i, USER_SIZES.length - 1)];
      log(`large: seeding to ${loads.toLocaleString("en-GB")} loads and ${users.toLocaleString("en-GB")} users`);
      const t0 = performance.now();
      await seedLoadsBulk(database, databaseUrl, haveLoads, loads - haveLoads);
      haveLoads = loads;
      await seedUsersTo(database, users, hash);
      await database.db.execute(sql`analyze users`);
      const step: Step = { loads, users, seedS: (performance.now() - t0) / 1000 };
      steps.push(step);
      // as a table that has lived a while: its visibility map set (index-only scans), not timed as seeding
      const tv = performance.now();
      await database.db.execute(sql`vacuum analyze loads`);
      log(`large: seeded in ${step.seedS.toFixed(1)} s (then vacuum ${((performance.now() - tv) / 1000).toFixed(1)} s); ${machineLoad()}`);

      const app = await deps.startApp({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
      try {
        // a) board page vs the same bytes from node:http
        const boardUrl = `${app.url}/api/loads?limit=50`;
        const raw = await rawGet(boardUrl, { cookie: carrierCookie });
        const sent = await rawGet(boardUrl, { cookie: carrierCookie, "accept-encoding": BROWSER_ENCODING });
        const encoding = sent.headers["content-encoding"] ?? "";
        const bareHeaders: Record<string, string> = { "content-type": sent.headers["content-type"] ?? "application/json" };
        if (encoding) bareHeaders["content-encoding"] = encoding;
        const bare = await startBareBytes(sent.body, bareHeaders);
        const headers = { cookie: carrierCookie, "accept-encoding": BROWSER_ENCODING };
        // the bare server first and last, the app between: a busy moment falls on both
        const b1 = await cannon({ url: bare.url, headers });
        const a = await cannon({ url: boardUrl, headers });
        const b2 = await cannon({ url: bare.url, headers });
        await deps.stop(bare.child);
        const bareRps = (b1.requests.average + b2.requests.average) / 2;
        step.board = { ratio: a.requests.average / bareRps, rps: a.requests.average, bareRps, p99: a.latency.p99, raw: raw.body.length, sent: sent.body.length, encoding };
        if (!step.stuckAfter && !(await answers(app.url, carrierCookie))) step.stuckAfter = "the board page";
        log(`large: board page ${a.requests.average.toFixed(0)} req/s vs bare ${bareRps.toFixed(0)} (${(step.board.ratio * 100).toFixed(0)}%), ${kb(raw.body.length)} → ${kb(sent.body.length)} ${encoding || "uncompressed"}`);

        // b) text search counts, a new term each time
        const numberMs: number[] = [];
        const cityMs: number[] = [];
        let totals = true;
        const timeSearch = async (term: string, into: number[]) => {
          const r = await rawGet(`${app.url}/api/loads?search=${encodeURIComponent(term)}&limit=1`, { cookie: adminCookie, "accept-encoding": BROWSER_ENCODING });
          if (r.status !== 200 || r.headers["x-total-count"] === undefined) totals = false;
          into.push(r.ms);
        };
        await timeSearch("warm-up", []);
        for (let k = 0; k < 20; k++) await timeSearch(String(10_000 + ((usedTerms++ * 7919) % 89_999)), numberMs); // 5 digits of a load number
        const cities = ["eds", "ristol", "anchest", "irmingh", "lasgo", "ardif", "ull", "eicest", "orwic", "xete", "ork", "erby"];
        for (const c of cities.slice((i * 6) % 12, (i * 6) % 12 + 6)) await timeSearch(c, cityMs);
        numberMs.sort((x, y) => x - y);
        cityMs.sort((x, y) => x - y);
        step.search = { numberMs, cityMs, totals };
        if (!step.stuckAfter && !(await answers(app.url, carrierCookie))) step.stuckAfter = "the text searches";
        log(`large: search count p50 ${ms(quantile(numberMs, 0.5))} (load number), ${ms(quantile(cityMs, 0.5))} (city)`);

        // c) without limit
        const probe = async (cookie: string): Promise<Probe> => {
          const plain = await rawGet(`${app.url}/api/loads`, { cookie });
          const zipped = await rawGet(`${app.url}/api/loads`, { cookie, "accept-encoding": BROWSER_ENCODING });
          let rows = -1;
          try {
            rows = (JSON.parse(plain.body.toString("utf8")) as unknown[]).length;
          } catch {
            /* not JSON: an error page */
          }
          return { rows, bytes: plain.body.length, sent: zipped.body.length, ms: plain.ms, total: plain.headers["x-total-count"], status: plain.status };
        };
        const carrierProbe = await probe(carrierCookie);
        const staffProbe = await probe(adminCookie);
        const rss = sampleRss(app.child.pid!);
        const t4 = performance.now();
        await Promise.all([carrierCookie, adminCookie, carrierCookie, adminCookie].map((c) => rawGet(`${app.url}/api/loads`, { cookie: c }).catch(() => null)));
        const fourMs = performance.now() - t4;
        const { before, peak } = rss.stop();
        step.noLimit = { carrier: carrierProbe, staff: staffProbe, fourMs, rssGrowth: peak - before };
        if (!step.stuckAfter && !(await answers(app.url, carrierCookie))) step.stuckAfter = "the requests without limit";
        log(`large: no limit: carrier ${carrierProbe.rows} loads ${mb(carrierProbe.bytes)} in ${ms(carrierProbe.ms)}; staff ${staffProbe.rows} loads ${mb(staffProbe.bytes)} in ${ms(staffProbe.ms)}`);

        // d) GET /api/users as staff: the Users tab's first page (what the web asks), and without parameters
        step.usersList = await usersList(app.url, `/api/users?${USERS_TAB_QUERY}`, adminCookie, deps);
        step.usersPlain = await usersList(app.url, "/api/users", adminCookie, deps, Math.max(2, Math.round(SECONDS / 2)));
        if (!step.stuckAfter && !(await answers(app.url, carrierCookie))) step.stuckAfter = "the users lists";
        if (step.stuckAfter) log(`large: the app stopped answering signed-in requests after ${step.stuckAfter} (GET /api/health still: ${(await rawGet(`${app.url}/api/health`, {}, 5000)).status})`);
        for (const [k, u] of [["tab page", step.usersList], ["no parameters", step.usersPlain]] as const)
          log(`large: users ${users}, ${k}: ${u.rps.toFixed(0)} req/s, p50 ${ms(u.p50)}, ${u.timeouts} timeouts, ${u.rows} rows, ${kb(u.bytes)}`);
      } finally {
        await deps.stop(app.child);
      }
    }
  } finally {
    await database.close();
  }

  const rows: TargetRow[] = [];
  const first = steps[0];
  const last = steps[steps.length - 1];
  const at = (s: Step) => `${s.loads.toLocaleString("en-GB")} loads`;
  for (const s of [first]) {
    const b = s.board!;
    rows.push({
      what: `${what.board} (${at(s)})`,
      engine: "postgres",
      measured: `${b.rps.toFixed(0)} req/s vs bare ${b.bareRps.toFixed(0)}, p99 ${ms(b.p99)}; ${kb(b.raw)} uncompressed, ${b.encoding ? `${kb(b.sent)} ${b.encoding}` : "sent uncompressed"}`,
      target: "≥ 0.6×, compressed",
      ratio: `${b.ratio.toFixed(2)}× bare node:http`,
      met: b.ratio >= 0.6 && !!b.encoding,
      note: steps.length > 1 ? `at ${at(last)}: ${last.board!.ratio.toFixed(2)}×` : undefined,
    });
  }
  {
    const s = last.search!;
    const n50 = quantile(s.numberMs, 0.5);
    const c50 = quantile(s.cityMs, 0.5);
    const worst = Math.max(n50, c50);
    rows.push({
      what: what.search,
      engine: "postgres",
      measured: `whole request with limit=1, p50: load number ${ms(n50)} (max ${ms(s.numberMs[s.numberMs.length - 1])}), city ${ms(c50)} (max ${ms(s.cityMs[s.cityMs.length - 1])})${s.totals ? "" : "; X-Total-Count missing!"}`,
      target: "≤ 5 ms",
      ratio: `${(worst / 5).toFixed(2)}× the target`,
      met: worst <= 5 && s.totals,
      note: steps.length > 1 ? `at ${at(first)}: ${ms(quantile(first.search!.numberMs, 0.5))} / ${ms(quantile(first.search!.cityMs, 0.5))}` : undefined,
    });
  }
  {
    const n = last.noLimit!;
    const worst = Math.max(n.carrier.rows, n.staff.rows);
    rows.push({
      what: `${what.noLimit} (${at(last)})`,
      engine: "postgres",
      measured: `carrier ${n.carrier.rows.toLocaleString("en-GB")} loads, ${mb(n.carrier.bytes)} (${mb(n.carrier.sent)} compressed) in ${ms(n.carrier.ms)}; staff ${n.staff.rows.toLocaleString("en-GB")} loads, ${mb(n.staff.bytes)} in ${ms(n.staff.ms)}; X-Total-Count ${n.staff.total ?? "none"}; four at once ${ms(n.fourMs)}, RSS +${n.rssGrowth.toFixed(0)} MB`,
      target: "≤ 1,000 loads",
      ratio: `${(worst / 1000).toFixed(2)}× the bound`,
      met: n.carrier.status === 200 && n.staff.status === 200 && worst >= 0 && worst <= 1000,
      note: steps.filter((x) => x.stuckAfter).map((x) => `at ${at(x)} the app stopped answering signed-in requests after ${x.stuckAfter} (health check still 200)`).join("; ") || undefined,
    });
  }
  for (const s of steps) {
    const u = s.usersList!;
    const p = s.usersPlain!;
    const paged = u.rows >= 0 && u.rows <= 50;
    rows.push({
      what: `${what.users(s.users)} (${at(s)})`,
      engine: "postgres",
      measured: u.status !== undefined
        ? `the Users tab's page (?${USERS_TAB_QUERY}): ${u.status === 0 ? "no answer within 60 s" : `status ${u.status}`}${s.stuckAfter ? ` (the app stopped answering signed-in requests after ${s.stuckAfter})` : ""}`
        :
        `the Users tab's page (?${USERS_TAB_QUERY}): ${u.rps.toFixed(0)} req/s (${u.completed} answered), p50 ${ms(u.p50)}, p99 ${ms(u.p99)}, ${u.timeouts} timeouts, ${u.errors} errors; ` +
        `${u.rows.toLocaleString("en-GB")} users${u.total ? ` of ${u.total}` : ""}, ${kb(u.bytes)} (${kb(u.sent)} sent)`,
      target: "paged, p50 ≤ 50 ms",
      ratio: `${u.ratio.toFixed(2)}× bare node:http`,
      met: paged && u.completed > 0 && u.p50 <= 50 && u.timeouts === 0,
      note: p.status !== undefined ? `without parameters: ${p.status === 0 ? "no answer within 60 s" : `status ${p.status}`}` : `without parameters: ${p.rows.toLocaleString("en-GB")} users${p.total ? ` of ${p.total}` : ""}, ${kb(p.bytes)} (${kb(p.sent)} sent), ${p.completed} answered, p50 ${ms(p.p50)}, ${p.timeouts} timeouts, ${p.ratio.toFixed(2)}× bare`,
    });
  }
  const seedTotal = steps.reduce((n, s) => n + s.seedS, 0);
  rows.push({
    what: what.seed,
    engine: "postgres",
    measured: `${seedTotal.toFixed(0)} s (${steps.map((s) => `${s.seedS.toFixed(0)} s to ${at(s)}`).join(", ")}; generate_series with every migration's triggers on; the loads' secondary indexes dropped and built again after)`,
    target: "< 2 min",
    ratio: `${(seedTotal / SEED_TARGET_S).toFixed(2)}× the target`,
    met: seedTotal < SEED_TARGET_S,
  });

  const charts = [
    writeChart(deps.root, {
      name: "large-board-page",
      title: "Carrier board page limit=50 vs bare node:http, same bytes",
      xLabel: "loads in the database",
      yLabel: "share of bare req/s",
      series: [{ label: "board ÷ bare", points: steps.map((s) => [s.loads, s.board!.ratio]) }],
      target: { y: 0.6, label: "target ≥ 0.6×" },
    }),
    writeChart(deps.root, {
      name: "large-search-count",
      title: "Text search with X-Total-Count (limit=1), p50",
      xLabel: "loads in the database",
      yLabel: "ms",
      series: [
        { label: "load number", points: steps.map((s) => [s.loads, quantile(s.search!.numberMs, 0.5)]) },
        { label: "city (1 in 12)", points: steps.map((s) => [s.loads, quantile(s.search!.cityMs, 0.5)]) },
      ],
      target: { y: 5, label: "target 5 ms" },
    }),
    writeChart(deps.root, {
      name: "large-no-limit",
      title: "GET /api/loads without limit: loads returned",
      xLabel: "loads in the database",
      yLabel: "loads in the response",
      series: [
        { label: "carrier", points: steps.map((s) => [s.loads, s.noLimit!.carrier.rows]) },
        { label: "staff", points: steps.map((s) => [s.loads, s.noLimit!.staff.rows]) },
      ],
      target: { y: 1000, label: "bound 1,000" },
    }),
    writeChart(deps.root, {
      name: "large-users",
      title: "GET /api/users, 50 connections, p50",
      xLabel: "users",
      yLabel: "ms",
      series: [
        { label: "tab page p50", points: steps.map((s) => [s.users, s.usersList!.p50]) },
        { label: "no params p50", points: steps.map((s) => [s.users, s.usersPlain!.p50]) },
      ],
      target: { y: 50, label: "target 50 ms" },
    }),
  ];
  return { rows, charts };
}
