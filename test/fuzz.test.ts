// Fuzz of every API route (no input, however malformed,
// produces a 500 or changes data it should not). For each route, FUZZ_CASES
// generated requests (default 300, which keeps `npm test` well under 15 minutes;
// `npm run fuzz` = 2500 per route, > 150,000 in all, and also demands that some
// cases of each route succeed) with hostile bodies, queries, path ids and headers, sent as admin,
// manager, carrier, a pending account and nobody. Every case must:
//  * never answer 5xx;
//  * when it answers 4xx, leave the data exactly as it was: a fingerprint of
//    every business table is taken before and after (see fingerprint());
//  * never show a password hash/field or reset token, and never show a carrier
//    (or anyone signed out) a private field of a load that is not theirs.
//
// PGlite by default: the fuzz is about input handling in our code, which is the
// same on both engines (the access matrix and the invariant tests run on
// PostgreSQL too), and PGlite needs no server. FUZZ_ENGINE=postgres (with
// TEST_DATABASE_URL) runs it on PostgreSQL. Failures are collected for the whole
// route and reported together with the seed (FUZZ_SEED reproduces a run); every
// route logs one line (cases, statuses, 5xx count, time) and the run ends with a
// total, the figures docs/reliability.md quotes.
//
// The routes are listed in test/fuzz-routes.ts (a new route goes at the end of ROUTES),
// the data they run against is made in test/fuzz-targets.ts.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";
import { createUser, login } from "./factories";
import { authAttempts } from "../src/server/db/schema";
import { MAY_HOLD_SECRET, checkLeaks } from "./fuzz-support";
import { contentType, cookieMangle, extraHeaders, origin, type FuzzBody } from "./fuzz-arbitraries";
import { SELF, actorArb, sessionFor, type FuzzActor } from "./fuzz-kit";
import { FINGERPRINT_TABLES, fingerprint, seedTargets, type Actors } from "./fuzz-targets";
import { ROUTES } from "./fuzz-routes";

const CASES = Number(process.env.FUZZ_CASES ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ENGINE = process.env.FUZZ_ENGINE === "postgres" ? "postgres" : "pglite";

interface Failure {
  route: string;
  actor: FuzzActor;
  request: string;
  status: number;
  problem: string;
  response: string;
}

const short = (s: string, n = 240) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
function describeBody(b: FuzzBody): string {
  if (b.kind === "none") return "(no body)";
  if (b.kind === "raw") return `raw ${short(Buffer.isBuffer(b.text) ? `<${b.text.length} bytes>` : JSON.stringify(b.text), 160)}`;
  let s: string;
  try {
    s = JSON.stringify(b.value) ?? String(b.value);
  } catch {
    s = String(b.value);
  }
  return `json ${short(s, 300)}`;
}

/** One line a route for the run's summary. */
const tally: { route: string; cases: number; fiveXx: number; failures: number; ms: number; statuses: string }[] = [];

describe(`API fuzz on ${ENGINE}`, () => {
  let t: TestApp;
  const actors = {} as Actors;

  beforeAll(async () => {
    // no outbox worker: its background writes (a reset token stored minutes after the
    // request) would look like a change made by whatever request came next
    t = await createTestApp({ engine: ENGINE, jobs: false });
    const admin = await createUser(t.app, { role: "admin", isAdmin: true, carrierName: "Network Ops" });
    const manager = await createUser(t.app, { role: "manager", carrierName: "Network Ops" });
    const carrier = await createUser(t.app, { carrierName: "Fuzz Haulage Ltd" });
    const pending = await createUser(t.app, { isApproved: false, carrierName: "Pending Fuzz Ltd" });
    actors.admin = { user: admin, cookie: await login(t.app, admin.email) };
    actors.manager = { user: manager, cookie: await login(t.app, manager.email) };
    actors.carrier = { user: carrier, cookie: await login(t.app, carrier.email) };
    actors.pending = { user: pending, cookie: await sessionFor(t, pending.id) };
    actors.anonymous = { user: null };
  });
  afterAll(async () => {
    await t?.close();
    if (tally.length) {
      const sum = (k: "cases" | "fiveXx" | "failures" | "ms") => tally.reduce((a, r) => a + r[k], 0);
      console.log(
        `fuzz total on ${ENGINE}: ${tally.length} routes, ${sum("cases")} cases (${CASES} a route), ${sum("fiveXx")} × 5xx, ${sum("failures")} failures, ${(sum("ms") / 1000).toFixed(0)} s, FUZZ_SEED=${SEED}`,
      );
    }
  });


  // Found by this fuzz (kept as a plain regression test): a deeply nested JSON body
  // to the load calls that walk the body recursively before validation.
  it("deeply nested JSON to the load write calls is never a 500", async () => {
    const tg = await seedTargets(t, actors);
    const load = tg.availableIds[0];
    const bodies = {
      "array depth 100000": "[".repeat(100_000) + "]".repeat(100_000),
      "object depth 50000": '{"a":'.repeat(50_000) + "1" + "}".repeat(50_000),
      "field holding depth 50000": `{"pickupCity":${"[".repeat(50_000)}${"]".repeat(50_000)}}`,
    };
    const got: string[] = [];
    for (const [method, url] of [
      ["POST", "/api/loads"],
      ["PUT", `/api/loads/${load}`],
      ["PATCH", `/api/loads/${load}/accept`],
      ["PATCH", `/api/loads/${load}/status`],
    ] as const) {
      for (const [name, payload] of Object.entries(bodies)) {
        const res = await t.app.inject({ method, url, payload, headers: { cookie: actors.admin.cookie!, "content-type": "application/json" } });
        got.push(`${method} ${url.replace(load, ":id")} ${name}: ${res.statusCode}`);
      }
    }
    // unknown fields are ignored (contract), so an accept whose only field is a deep
    // object may succeed; what must never happen is a 5xx
    expect(got.filter((g) => /: 5\d\d$/.test(g))).toEqual([]);
    expect(got.filter((g) => /array depth/.test(g) && !/: 4\d\d$/.test(g))).toEqual([]);
  });

  for (const [i, route] of ROUTES.entries()) {
    it(
      `${route.method} ${route.path}: ${CASES} hostile requests, never a 5xx, no change on a 4xx, no leak`,
      async () => {
        const tg = await seedTargets(t, actors);
        await route.setup?.(t, tg);
        const caseArb = fc.record({
          actor: route.actors ?? actorArb,
          rc: route.cases(tg),
          contentType: route.contentType ?? contentType,
          origin,
          cookie: cookieMangle,
          headers: extraHeaders,
          method: route.method === "ANY" ? fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS") : fc.constant(route.method),
        });
        const seed = SEED + i;
        const started = Date.now();
        const cases = fc.sample(caseArb, { numRuns: CASES, seed });
        const failures: Failure[] = [];
        let statuses = new Map<number, number>();
        let before: Record<string, string> | null = null;

        for (const [n, c] of cases.entries()) {
          const who = actors[c.actor];
          let cookie = who.cookie;
          if (route.resetAuthEvery && n % route.resetAuthEvery === 0) {
            await t.app.ctx.db.delete(authAttempts);
            before = null;
          }
          if (route.throwaway && who.user) {
            cookie = await sessionFor(t, who.user.id);
            before = null;
          }
          if (route.applicantCookie && n % 4 !== 3) cookie = [cookie, route.applicantCookie()].filter(Boolean).join("; ");
          if (c.cookie.mode === "append" && cookie) cookie += c.cookie.extra;
          if (c.cookie.mode === "replace") cookie = c.cookie.cookie;

          const selfId = who.user && !(route.path === "/api/users/:id" && (c.actor === "admin" || c.actor === "manager")) ? who.user.id : tg.userIds[2];
          const path = c.rc.path.replace(SELF, selfId);
          const url = c.rc.query ? `${path}?${c.rc.query}` : path;
          const headers: Record<string, string> = { ...(c.headers as Record<string, string>), ...c.rc.headers };
          if (cookie) headers.cookie = cookie;
          if (c.origin) headers.origin = c.origin;
          let payload: string | Buffer | undefined;
          if (c.rc.body.kind === "json") {
            payload = (JSON.stringify(c.rc.body.value) ?? "null").replaceAll(`"${SELF}"`, `"${who.user?.id ?? randomUUID()}"`);
            if (c.contentType !== undefined) headers["content-type"] = c.contentType;
          } else if (c.rc.body.kind === "raw") {
            payload = c.rc.body.text;
            if (c.contentType !== undefined) headers["content-type"] = c.contentType;
          }
          const request = `${c.method} ${short(url, 200)} ${describeBody(c.rc.body)} ct=${headers["content-type"] ?? "-"} origin=${short(c.origin ?? "-", 40)} cookie=${c.cookie.mode}`;

          before ??= await fingerprint(t);
          let res: { statusCode: number; body: string };
          try {
            const r = await t.app.inject({ method: c.method as "GET", url, headers, ...(payload !== undefined ? { payload } : {}) });
            res = { statusCode: r.statusCode, body: r.body };
          } catch (err) {
            failures.push({ route: route.path, actor: c.actor, request, status: 0, problem: `inject threw: ${String(err)}`, response: "" });
            before = null;
            continue;
          }
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const fail = (problem: string) => failures.push({ route: route.path, actor: c.actor, request, status: res.statusCode, problem, response: short(res.body, 300) });

          if (res.statusCode >= 500) fail("5xx");
          const after = await fingerprint(t);
          if (res.statusCode >= 400 && res.statusCode < 500) {
            const changed = FINGERPRINT_TABLES.filter((k) => before![k] !== after[k]);
            if (changed.length) fail(`4xx changed data in ${changed.join(", ")}`);
          }
          before = after;

          const viewer = c.cookie.mode === "replace" ? null : who.user;
          const cheap = res.body.includes("$argon2") || /"password"\s*:\s*"/.test(res.body) || res.body.includes("passwordResetToken");
          const isStaffViewer = c.actor === "admin" || c.actor === "manager";
          if (cheap || (!isStaffViewer && (MAY_HOLD_SECRET.test(res.body) || res.body.includes('"pickupCity"')))) {
            try {
              await checkLeaks(t, c.actor === "pending" ? null : viewer, res);
            } catch (err) {
              fail(`leak: ${(err as Error).message.split("\n")[0]}`);
            }
          }
        }

        // one line a distinct problem (status + problem), with its first example
        const distinct = new Map<string, Failure & { count: number }>();
        for (const f of failures) {
          const key = `${f.status} ${f.problem}`;
          const seen = distinct.get(key);
          if (seen) seen.count++;
          else distinct.set(key, { ...f, count: 1 });
        }
        const report = [...distinct.values()].map((f) => `[${f.count}×] ${f.status} ${f.problem}\n    as ${f.actor}: ${f.request}\n    → ${f.response}`);
        const summary = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, k]) => `${s}:${k}`).join(" ");
        const fiveXx = [...statuses.entries()].filter(([s]) => s >= 500).reduce((a, [, k]) => a + k, 0);
        const ms = Date.now() - started;
        tally.push({ route: `${route.method} ${route.path}`, cases: cases.length, fiveXx, failures: failures.length, ms, statuses: summary });
        console.log(`fuzz ${route.method} ${route.path}: ${cases.length} cases, ${fiveXx} × 5xx, ${failures.length} failures, ${(ms / 1000).toFixed(1)} s; statuses ${summary}`);
        expect(report, `seed ${seed} (FUZZ_SEED=${SEED}); statuses ${summary}`).toEqual([]);
        // a fuzz that never gets past validation proves little: some cases must succeed.
        // Only on the long run: a few routes (POD) succeed in ~0.4 % of cases, so 300 may hold none.
        if (!route.neverSucceeds && route.path !== "/api/<unknown>" && CASES >= 1000) {
          const ok = [...statuses.entries()].filter(([s]) => s < 400).reduce((a, [, k]) => a + k, 0);
          expect(ok, `no 2xx/3xx at all for ${route.method} ${route.path}; statuses ${summary}`).toBeGreaterThan(0);
        }
        statuses = new Map();
      },
      600_000,
    );
  }
});
