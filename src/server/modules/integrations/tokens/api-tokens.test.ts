// Scoped API tokens: admins make them, the token
// is shown once and only its hash kept, each scope opens its calls and no other,
// revocation and the 120-a-minute limit hold across app instances (and, on
// PostgreSQL, across two real processes), and answers match the OpenAPI document.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../../test/helpers";
import { createAdmin, createCarrier, createLoad, createManager, login } from "../../../../../test/factories";
import { openApiChecker, type OpenApiChecker } from "../../../../../test/openapi-check";
import { postgresOnly } from "../../../../../test/skips";
import { http, httpLogin, startServerProcess, type ServerProcess } from "../../../../../test/process";
import { buildApp, type App } from "../../../app";
import { apiTokens, bids, loads, users } from "../../../db/schema";
import { MSG } from "../../../../contract/messages";
import { sha256 } from "../../../lib/crypto";
import { API_SCOPES, type ApiScope } from "../../../../contract/schemas/integration";
import { ukDayKey } from "../../../../contract/wall-clock";

const WEEK_AHEAD = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const newLoadBody = () => ({ pickupCity: "Leeds", deliveryCity: "Bristol", pickupDate: `${WEEK_AHEAD()}T09:00:00.000Z`, deliveryDate: `${WEEK_AHEAD()}T15:00:00.000Z`, price: 1500 });

describe.each(ENGINES)("API tokens on %s", (engine) => {
  let t: TestApp;
  let app: App;
  let check: OpenApiChecker;
  let adminCookie: string;
  let adminId: string;
  const clock = new TestClock();
  let log = "";
  const logStream = new Writable({
    write(chunk, _e, cb) {
      log += String(chunk);
      cb();
    },
  });

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false, config: { logLevel: "trace" }, logStream });
    app = t.app;
    check = await openApiChecker(app);
    const admin = await createAdmin(app, { name: "Ada Admin" });
    adminId = admin.id;
    adminCookie = await login(app, admin.email);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A call whose answer must also match the OpenAPI document. */
  async function call(a: App, o: { method?: string; url: string; route: string; token?: string; cookie?: string; payload?: object; headers?: Record<string, string> }) {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.cookie) headers.cookie = o.cookie;
    const res = await a.inject({ method: (o.method ?? "GET") as "GET", url: o.url, headers, ...(o.payload ? { payload: o.payload } : {}) });
    const body = res.body ? (res.headers["content-type"]?.toString().startsWith("application/json") ? res.json() : res.body) : "";
    if (res.statusCode !== 304 && !String(res.headers["content-type"] ?? "").startsWith("text/csv")) {
      expect(check.problems(o.method ?? "GET", o.route, res.statusCode, body), `${o.method ?? "GET"} ${o.url} ${res.statusCode}`).toEqual([]);
    }
    return res;
  }

  async function makeToken(scopes: ApiScope[], extra: object = {}, a: App = app): Promise<{ id: string; token: string }> {
    const res = await call(a, { method: "POST", url: "/api/admin/api-tokens", route: "/api/admin/api-tokens", cookie: adminCookie, payload: { name: `T ${scopes.join(" ")}`, scopes, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it("admins only; the token shown once, only its SHA-256 kept, never listed", async () => {
    const manager = await createManager(app);
    const carrier = await createCarrier(app);
    for (const cookie of [await login(app, manager.email), await login(app, carrier.email)]) {
      const res = await call(app, { method: "POST", url: "/api/admin/api-tokens", route: "/api/admin/api-tokens", cookie, payload: { name: "x", scopes: ["loads:read"] } });
      expect(res.statusCode).toBe(403);
      expect((await call(app, { url: "/api/admin/api-tokens", route: "/api/admin/api-tokens", cookie })).statusCode).toBe(403);
    }
    expect((await call(app, { url: "/api/admin/api-tokens", route: "/api/admin/api-tokens" })).statusCode).toBe(401);

    const created = await makeToken(["loads:read"]);
    expect(created.token).toMatch(/^lbt_[A-Za-z0-9_-]{43}$/);
    const [row] = await app.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await call(app, { url: "/api/admin/api-tokens", route: "/api/admin/api-tokens", cookie: adminCookie });
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBeDefined();
    const listed = (list.json() as { id: string; lastUsedAt: string | null; createdBy: string }[]).find((x) => x.id === created.id)!;
    expect(listed).toMatchObject({ lastUsedAt: null, createdBy: "Ada Admin", scopes: ["loads:read"] });
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(row.tokenHash);

    const bad = await call(app, { method: "POST", url: "/api/admin/api-tokens", route: "/api/admin/api-tokens", cookie: adminCookie, payload: { name: " ", scopes: ["loads:delete"] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path).sort()).toEqual(["name", "scopes.0"]);
  });

  it("Done-when: GET /api/loads works with loads:read, POST /api/loads is 403 without loads:write; last used is stamped", async () => {
    await createLoad(app);
    const { id, token } = await makeToken(["loads:read"]);
    const get = await call(app, { url: "/api/loads", route: "/api/loads", token });
    expect(get.statusCode).toBe(200);
    expect((get.json() as unknown[]).length).toBeGreaterThan(0);
    const post = await call(app, { method: "POST", url: "/api/loads", route: "/api/loads", token, payload: newLoadBody() });
    expect(post.statusCode).toBe(403);
    expect(post.json().error).toBe("This API token does not allow this call");
    const [row] = await app.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row.lastUsedAt?.getTime()).toBe(clock.now().getTime());
  });

  it("every scope opens its own calls and refuses another's", async () => {
    const load = await createLoad(app);
    const carrier = await createCarrier(app);
    const [bid] = await app.ctx.db.insert(bids).values({ loadId: load.id, carrierId: carrier.id, bidAmount: 900, status: "pending" }).returning();
    type Case = { method: string; url: string; route: string; payload?: object; status: number };
    const allowed: Record<ApiScope, Case> = {
      "loads:read": { method: "GET", url: `/api/loads/${load.id}`, route: "/api/loads/:id", status: 200 },
      "loads:write": { method: "POST", url: "/api/loads", route: "/api/loads", payload: newLoadBody(), status: 201 },
      "bids:read": { method: "GET", url: `/api/loads/${load.id}/bids`, route: "/api/loads/:id/bids", status: 200 },
      "bids:write": { method: "POST", url: `/api/bids/${bid.id}/reject`, route: "/api/bids/:id/reject", status: 200 },
      "users:read": { method: "GET", url: "/api/users", route: "/api/users", status: 200 },
      "claims:read": { method: "GET", url: "/api/waiting-claims?status=pending", route: "/api/waiting-claims", status: 200 },
      "trucks:read": { method: "GET", url: "/api/trucks", route: "/api/trucks", status: 200 },
    };
    for (const scope of API_SCOPES) {
      const { token } = await makeToken([scope]);
      const ok = allowed[scope];
      const res = await call(app, { ...ok, token });
      expect(res.statusCode, `${scope} → ${ok.method} ${ok.url}: ${res.body.slice(0, 200)}`).toBe(ok.status);
      // every other scope's call is refused
      for (const other of API_SCOPES.filter((s) => s !== scope)) {
        const c = allowed[other];
        const refused = await call(app, { ...c, token });
        expect(refused.statusCode, `${scope} → ${c.method} ${c.url}`).toBe(403);
      }
    }
  });

  it("never by token: the account, the tokens themselves, settings — even with every scope", async () => {
    const { token } = await makeToken([...API_SCOPES]);
    const never = [
      { method: "GET", url: "/api/auth/user", route: "/api/auth/user" },
      { method: "GET", url: "/api/admin/api-tokens", route: "/api/admin/api-tokens" },
      { method: "POST", url: "/api/admin/api-tokens", route: "/api/admin/api-tokens", payload: { name: "more", scopes: ["loads:read"] } },
      { method: "PATCH", url: `/api/users/${adminId}/change-password`, route: "/api/users/:id/change-password", payload: { currentPassword: "x", newPassword: "Another1!pass" } },
      { method: "GET", url: "/api/admin/invoice-settings", route: "/api/admin/invoice-settings" },
      { method: "GET", url: "/api/notifications", route: "/api/notifications" },
    ];
    for (const c of never) {
      const res = await call(app, { ...c, token });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
      expect(res.json().error).toBe("This call cannot be made with an API token");
    }
    // the public document stays readable by a client that sends its token everywhere
    expect((await call(app, { url: "/api/openapi.json", route: "/api/openapi.json", token })).statusCode).toBe(200);
    expect((await call(app, { url: "/api/health", route: "/api/health", token })).statusCode).toBe(200);
  });

  it("bearer skips the cookie's Origin check and nothing else; a cookie sent alongside is ignored", async () => {
    const { token } = await makeToken(["loads:write"]);
    const foreign = { origin: "https://evil.example" };
    const byToken = await call(app, { method: "POST", url: "/api/loads", route: "/api/loads", token, headers: foreign, payload: newLoadBody() });
    expect(byToken.statusCode).toBe(201);
    // the same with the admin's cookie instead: still refused
    const byCookie = await call(app, { method: "POST", url: "/api/loads", route: "/api/loads", cookie: adminCookie, headers: foreign, payload: newLoadBody() });
    expect(byCookie.statusCode).toBe(403);
    // validation still runs
    expect((await call(app, { method: "POST", url: "/api/loads", route: "/api/loads", token, payload: { price: -5 } })).statusCode).toBe(400);
    // an out-of-scope token with the admin's cookie: the cookie lends it nothing
    const { token: readOnly } = await makeToken(["users:read"]);
    const mixed = await call(app, { method: "GET", url: "/api/loads", route: "/api/loads", token: readOnly, cookie: adminCookie });
    expect(mixed.statusCode).toBe(403);
    // a wrong or malformed token: 401 with WWW-Authenticate, whatever the cookie
    for (const bad of ["lbt_nope", "not-even-a-token", "a b c"]) {
      const res = await call(app, { url: "/api/loads", route: "/api/loads", token: bad, cookie: adminCookie });
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
    }
  });

  it("the Origin check is skipped only once the token is valid: a bogus or malformed bearer header lends a cross-site cookie request nothing", async () => {
    const foreign = { origin: "https://evil.example" };
    const count = async () => (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(loads))[0].n;
    const before = await count();
    for (const authorization of ["Bearer x", "Bearer lbt_nope", "Bearer a b c", "Bearer", "bearer  "]) {
      const res = await call(app, { method: "POST", url: "/api/loads", route: "/api/loads", cookie: adminCookie, headers: { ...foreign, authorization }, payload: newLoadBody() });
      expect(res.statusCode, `${authorization}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ error: MSG.crossSite });
    }
    // without the header: the same 403
    const plain = await call(app, { method: "POST", url: "/api/loads", route: "/api/loads", cookie: adminCookie, headers: foreign, payload: newLoadBody() });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ error: MSG.crossSite });
    const logout = await call(app, { method: "POST", url: "/api/logout", route: "/api/logout", cookie: adminCookie, headers: { ...foreign, authorization: "Bearer x" } });
    expect(logout.statusCode).toBe(403);
    expect(await count()).toBe(before);
    // a valid token: accepted from anywhere
    const { token } = await makeToken(["loads:write"]);
    const byToken = await call(app, { method: "POST", url: "/api/loads", route: "/api/loads", token, cookie: adminCookie, headers: foreign, payload: newLoadBody() });
    expect(byToken.statusCode, byToken.body).toBe(201);
    // same-site with a bogus token: the token's own 401, as before
    const sameSite = await call(app, { method: "POST", url: "/api/loads", route: "/api/loads", token: "lbt_nope", cookie: adminCookie, payload: newLoadBody() });
    expect(sameSite.statusCode).toBe(401);
  });

  it("expiry: the last day given works, the next does not; a past day is refused; a demoted maker's token stops", async () => {
    const today = ukDayKey(clock.now());
    const past = await call(app, { method: "POST", url: "/api/admin/api-tokens", route: "/api/admin/api-tokens", cookie: adminCookie, payload: { name: "old", scopes: ["loads:read"], expiresOn: "2020-01-01" } });
    expect(past.statusCode).toBe(400);
    const { token } = await makeToken(["loads:read"], { expiresOn: today });
    expect((await call(app, { url: "/api/loads", route: "/api/loads", token })).statusCode).toBe(200);
    const saved = clock.now();
    clock.advance(36 * 3600_000);
    try {
      expect((await call(app, { url: "/api/loads", route: "/api/loads", token })).statusCode).toBe(401);
    } finally {
      clock.set(saved);
    }
    // made by another admin who is then demoted to manager
    const other = await createAdmin(app);
    const otherCookie = await login(app, other.email);
    const res = await app.inject({ method: "POST", url: "/api/admin/api-tokens", headers: { cookie: otherCookie }, payload: { name: "theirs", scopes: ["loads:read"] } });
    const theirs = res.json().token as string;
    expect((await call(app, { url: "/api/loads", route: "/api/loads", token: theirs })).statusCode).toBe(200);
    await app.ctx.db.update(users).set({ role: "manager", isAdmin: false }).where(eq(users.id, other.id));
    expect((await call(app, { url: "/api/loads", route: "/api/loads", token: theirs })).statusCode).toBe(401);
  });

  it("revocation is immediate, on this app and on a second app on the same database", async () => {
    const second = await buildApp({ config: t.config, database: t.testDb.database, clock, serveWeb: false, logStream });
    await second.ready();
    try {
      const { id, token } = await makeToken(["loads:read"]);
      expect((await call(second, { url: "/api/loads", route: "/api/loads", token })).statusCode).toBe(200);
      expect((await call(app, { url: "/api/loads", route: "/api/loads", token })).statusCode).toBe(200);
      const del = await call(app, { method: "DELETE", url: `/api/admin/api-tokens/${id}`, route: "/api/admin/api-tokens/:id", cookie: adminCookie });
      expect(del.statusCode).toBe(204);
      expect((await call(second, { url: "/api/loads", route: "/api/loads", token })).statusCode).toBe(401);
      expect((await call(app, { url: "/api/loads", route: "/api/loads", token })).statusCode).toBe(401);
      expect((await call(app, { method: "DELETE", url: `/api/admin/api-tokens/${id}`, route: "/api/admin/api-tokens/:id", cookie: adminCookie })).statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });

  it("120 requests a minute a token across two apps, then 429 with Retry-After; the next minute opens again", async () => {
    const second = await buildApp({ config: t.config, database: t.testDb.database, clock, serveWeb: false, logStream });
    await second.ready();
    try {
      const { token } = await makeToken(["users:read"]);
      const start = clock.now();
      for (let i = 0; i < 120; i++) {
        const res = await (i % 2 ? second : app).inject({ url: "/api/users?limit=1", headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, `request ${i + 1}`).toBe(200);
        if (i === 59) clock.advance(20_000);
      }
      for (const a of [app, second]) {
        const res = await call(a, { url: "/api/users?limit=1", route: "/api/users", token });
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers["retry-after"])).toBe(40);
      }
      clock.set(new Date(start.getTime() + 60_001));
      expect((await call(second, { url: "/api/users?limit=1", route: "/api/users", token })).statusCode).toBe(200);
      // another token has its own allowance
      const { token: other } = await makeToken(["users:read"]);
      expect((await call(app, { url: "/api/users?limit=1", route: "/api/users", token: other })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("never logs a token or its hash", async () => {
    const { token } = await makeToken(["loads:read"]);
    await app.inject({ url: "/api/loads?limit=1", headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: "POST", url: "/api/loads", headers: { authorization: `Bearer ${token}` }, payload: {} });
    await app.inject({ url: "/api/loads", headers: { authorization: `Bearer ${token}x` } });
    expect(log.length).toBeGreaterThan(1000);
    expect(log.includes(token)).toBe(false);
    expect(log.includes(token.slice(4, 20))).toBe(false);
    expect(log.includes(sha256(token))).toBe(false);
  });

  postgresOnly(engine).it(
    "two real processes: revoked on one, refused by the other at once; 120 a minute counted across both",
    async () => {
      const env = { DATABASE_URL: t.testDb.databaseUrl!, DATA_DIR: t.testDb.dataDir, NODE_ENV: "test", LOG_LEVEL: "warn", SMTP_URL: t.sink.url, PUBLIC_URL: "http://localhost:5000" };
      let a: ServerProcess | undefined;
      let b: ServerProcess | undefined;
      try {
        [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
        const admin = await createAdmin(app);
        await app.ctx.db.execute(sql`select 1`);
        const cookieA = await httpLogin(a.url, admin.email, "Secret1!pass");
        const made = await http(a.url, "POST", "/api/admin/api-tokens", cookieA, { name: "proc", scopes: ["loads:read"] });
        expect(made.status).toBe(201);
        const bearer = (url: string) => fetch(`${url}/api/loads?limit=1`, { headers: { authorization: `Bearer ${made.json.token}` } });
        let ok = 0;
        for (let i = 0; i < 120; i++) if ((await bearer(i % 2 ? b.url : a.url)).status === 200) ok++;
        expect(ok).toBe(120);
        for (const p of [a, b]) {
          const res = await bearer(p.url);
          expect(res.status).toBe(429);
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        }
        // revoke through A; B refuses the very next request
        const other = await http(a.url, "POST", "/api/admin/api-tokens", cookieA, { name: "proc2", scopes: ["loads:read"] });
        const use = (url: string) => fetch(`${url}/api/loads?limit=1`, { headers: { authorization: `Bearer ${other.json.token}` } });
        expect((await use(b.url)).status).toBe(200);
        expect((await http(a.url, "DELETE", `/api/admin/api-tokens/${other.json.id}`, cookieA)).status).toBe(204);
        expect((await use(b.url)).status).toBe(401);
        expect((await use(a.url)).status).toBe(401);
      } finally {
        a?.kill();
        b?.kill();
        await Promise.all([a?.exited, b?.exited]);
      }
    },
    120_000,
  );
});
