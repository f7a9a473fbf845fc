// GET /metrics: off (404) unless configured; the token and the address list
// hold; each figure is scraped, moved by real requests, jobs and the live hooks,
// and scraped again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ENGINES, createTestApp, eventually, type TestApp } from "../../../test/helpers";
import { loadConfig } from "../config";
import { jobs } from "../db/schema";

const TOKEN = "metrics-token-for-tests-0123456789";
const AUTH = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample: `name` with exactly these labels; undefined when the scrape has none. */
function figure(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(got).length && wanted.every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe("metrics configuration", () => {
  it("is off unless METRICS_TOKEN or METRICS_ALLOW is set", () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metrics).toEqual({ token: TOKEN, allow: undefined });
    expect(loadConfig({ METRICS_ALLOW: " 10.0.0.0/8, ::1 " }).metrics).toEqual({ token: undefined, allow: ["10.0.0.0/8", "::1"] });
  });

  it("refuses a short token and an entry that is not an address or CIDR", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    for (const bad of ["10.0.0.0/33", "example.com", "10.0.0.0/255.0.0.0", "loopback"]) {
      expect(() => loadConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW/);
    }
  });
});

describe("metrics off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
  });
  afterAll(() => t.close());

  it("answers 404, and the live hooks do nothing", async () => {
    expect(t.app.ctx.metrics.enabled).toBe(false);
    t.app.ctx.metrics.openStreams = () => 2;
    t.app.ctx.metrics.eventLag.observe(0.1);
    const res = await t.app.inject({ method: "GET", url: "/metrics", headers: AUTH });
    expect(res.statusCode).toBe(404);
  });
});

describe("metrics behind an address list", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false, config: { metrics: { allow: ["10.0.0.0/8", "::1"] } } });
  });
  afterAll(() => t.close());

  it("serves the listed addresses only", async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: "GET", url: "/metrics", remoteAddress });
    expect((await from("127.0.0.1")).statusCode).toBe(403);
    expect((await from("11.0.0.1")).statusCode).toBe(403);
    expect((await from("10.20.30.40")).statusCode).toBe(200);
    expect((await from("::ffff:10.0.0.1")).statusCode).toBe(200);
    expect((await from("::1")).statusCode).toBe(200);
  });
});

describe.each(ENGINES)("metrics on %s", (engine) => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics", headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  beforeAll(async () => {
    // no job runner: queued jobs stay queued until the test has counted them
    t = await createTestApp({ engine, jobs: false, config: { metrics: { token: TOKEN } } });
  });
  afterAll(() => t.close());

  it("answers 401 without the token or with another, and never shows the token", async () => {
    for (const headers of [{}, { authorization: "Bearer not-the-metrics-token-at-all" }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(res.body).not.toContain(TOKEN);
    }
  });

  it("counts requests by route pattern and status, and times them", async () => {
    const loadId = "6f1c2b9e-3c1a-4d5e-9f00-123456789abc";
    const route = { method: "GET", route: "/api/health/live", status: "200" };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await t.app.inject({ method: "GET", url: `/api/loads/${loadId}?x=1` })).statusCode);
    expect(new Set(statuses).size).toBe(1);
    const byId = { method: "GET", route: "/api/loads/:id", status: String(statuses[0]) };
    const after = await scrape();

    const rose = (name: string, labels: Record<string, string>) => figure(after, name, labels)! - (figure(before, name, labels) ?? 0);
    expect(rose("loadboard_http_request_duration_seconds_count", route)).toBe(3);
    expect(rose("loadboard_http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toBe(3);
    expect(rose("loadboard_http_request_duration_seconds_count", byId)).toBe(2);
    expect(rose("loadboard_http_request_duration_seconds_sum", route)).toBeGreaterThan(0);
    // the pattern, never the URL: no ids or query strings become labels
    expect(after).not.toContain(loadId);
    expect(after).not.toContain("x=1");
  });

  it("reports the outbox's depth, oldest age, retries and failures per job kind", async () => {
    const before = await scrape();
    const db = t.app.ctx.db;
    const now = Date.now();
    const retryUntil = new Date(now + 86_400_000);
    await db.insert(jobs).values([
      { kind: "mail", payload: {}, retryUntil, createdAt: new Date(now - 90_000) },
      { kind: "mail", payload: {}, retryUntil, lastError: "SMTP: connection refused", attempts: 1 },
      { kind: "webhook", payload: {}, retryUntil, status: "failed", lastError: "HTTP 500", attempts: 9, doneAt: new Date() },
      { kind: "webhook", payload: {}, retryUntil, status: "done", doneAt: new Date() },
    ]);
    const after = await scrape();
    const rose = (name: string, kind: string) => figure(after, name, { kind })! - (figure(before, name, { kind }) ?? 0);
    expect(rose("loadboard_jobs_waiting", "mail")).toBe(2);
    expect(rose("loadboard_jobs_retrying", "mail")).toBe(1);
    expect(rose("loadboard_jobs_failed", "mail")).toBe(0);
    expect(rose("loadboard_jobs_failed", "webhook")).toBe(1);
    expect(rose("loadboard_jobs_waiting", "webhook")).toBe(0);
    expect(figure(after, "loadboard_jobs_oldest_waiting_seconds", { kind: "mail" })).toBeGreaterThanOrEqual(89);
    expect(figure(after, "loadboard_database_up")).toBe(1);
  });

  it("reports open streams and event lag through the hooks the live module calls", async () => {
    const before = await scrape();
    const streams = new Set(["a", "b", "c", "d"]);
    t.app.ctx.metrics.openStreams = () => streams.size;
    t.app.ctx.metrics.eventLag.observe(0.25);
    t.app.ctx.metrics.eventLag.observe(0.75);
    const after = await scrape();
    expect(figure(after, "loadboard_live_open_streams")).toBe(4);
    expect(figure(after, "loadboard_live_event_lag_seconds_count")! - (figure(before, "loadboard_live_event_lag_seconds_count") ?? 0)).toBe(2);
    expect(figure(after, "loadboard_live_event_lag_seconds_sum")! - (figure(before, "loadboard_live_event_lag_seconds_sum") ?? 0)).toBeCloseTo(1, 6);
    streams.delete("a");
    expect(figure(await scrape(), "loadboard_live_open_streams")).toBe(3);
  });

  it("reports the database pool in use and waiting", async () => {
    const pool = engine === "pglite" ? "pglite" : "reads";
    const before = await scrape();
    expect(figure(before, "loadboard_db_pool_waiting", { pool })).toBe(0);
    // PGlite is one connection, always counted in use (holding it would stall the scrape itself)
    if (engine === "pglite") return expect(figure(before, "loadboard_db_pool_in_use", { pool })).toBe(1);
    // a transaction held open keeps one more connection lent out while the scrape runs
    let release = () => {};
    let started = false;
    const held = t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started = true;
      await new Promise<void>((r) => (release = r));
    });
    await eventually(async () => started);
    const during = figure(await scrape(), "loadboard_db_pool_in_use", { pool });
    release();
    await held;
    expect(during).toBeGreaterThanOrEqual(figure(before, "loadboard_db_pool_in_use", { pool })! + 1);
  });

  it("reports process memory and event-loop delay", async () => {
    const text = await scrape();
    expect(figure(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(figure(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(figure(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
  });
});
