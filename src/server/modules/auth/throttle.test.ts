// Throttling of sign-in, registration and forgot-password:
// counted in the database, so every process on one database counts the same.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { postgresOnly } from "../../../../test/skips";
import { PASSWORD, createCarrier, createManager, login } from "../../../../test/factories";
import { buildApp } from "../../app";
import { authAttempts } from "../../db/schema";
import { ConfigError, loadConfig, parseTrustProxy } from "../../config";
import { pruneAttempts, recordAttempt, REGISTER_PER_ADDRESS } from "./throttle";

const MINUTE = 60_000;
const TOO_MANY = { error: "Too many attempts. Please try again later." };

describe.each(ENGINES)("throttling on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock();
  let address = "";
  let seq = 0;

  const inject = (opts: InjectOptions) => t.app.inject({ remoteAddress: address, ...opts });
  const signIn = (email: string, password: string, from = address) =>
    t.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress: from });

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    seq++;
    address = `192.0.2.${seq}`;
  });

  it("after 10 failed sign-ins for one email, even the right password gets 429 until 15 minutes pass", async () => {
    const user = await createCarrier(t.app);
    for (let i = 0; i < 10; i++) {
      // spread over addresses: this is the per-email rule
      const res = await signIn(user.email, "Wrong1!password", `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(user.email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    // the email's case does not get round it
    expect((await signIn(user.email.toUpperCase(), PASSWORD)).statusCode).toBe(429);
    // another account from the same address is not affected
    const other = await createCarrier(t.app);
    expect((await signIn(other.email, PASSWORD)).statusCode).toBe(200);

    clock.advance(14 * MINUTE);
    expect((await signIn(user.email, PASSWORD)).statusCode).toBe(429);
    clock.advance(1 * MINUTE + 1000);
    const res = await signIn(user.email, PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it("failures for an email that has no account are counted the same way", async () => {
    const email = `nobody-${seq}@example.com`;
    for (let i = 0; i < 10; i++) expect((await signIn(email, "Wrong1!password")).statusCode).toBe(401);
    expect((await signIn(email, "Wrong1!password")).statusCode).toBe(429);
  });

  it("nine failures leave the tenth attempt open", async () => {
    const user = await createCarrier(t.app);
    for (let i = 0; i < 9; i++) expect((await signIn(user.email, "Wrong1!password")).statusCode).toBe(401);
    expect((await signIn(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("after 50 failures from one client address, that address gets 429 for any account", async () => {
    for (let i = 0; i < 50; i++) {
      const res = await signIn(`spray-${seq}-${i}@example.com`, "Wrong1!password");
      expect(res.statusCode).toBe(401);
    }
    const user = await createCarrier(t.app);
    const blocked = await signIn(user.email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    // the same account from another address is fine
    expect((await signIn(user.email, PASSWORD, "203.0.113.77")).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1000);
    expect((await signIn(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("forgot-password: 20 requests an hour from one address, the 21st is a 429", async () => {
    const user = await createCarrier(t.app);
    for (let i = 0; i < 20; i++) {
      const res = await inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const blocked = await inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    // malformed requests count too, and are refused as well
    expect((await inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: "x" } })).statusCode).toBe(429);
    // another address is not affected
    const elsewhere = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email }, remoteAddress: "203.0.113.9" });
    expect(elsewhere.statusCode).toBe(200);
    clock.advance(60 * MINUTE + 1000);
    expect((await inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } })).statusCode).toBe(200);
  });

  it("wrong current passwords in change-password count as failed sign-ins of that email", async () => {
    const user = await createCarrier(t.app);
    const cookie = await login(t.app, user.email);
    const change = (currentPassword: string) =>
      inject({
        method: "PATCH",
        url: `/api/users/${user.id}/change-password`,
        payload: { currentPassword, newPassword: "Fresh2!Password" },
        headers: { cookie },
      });
    for (let i = 0; i < 10; i++) expect((await change("Guess1!guess")).statusCode).toBe(400);
    const blocked = await change(PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect((await signIn(user.email, PASSWORD, "203.0.113.99")).statusCode).toBe(429);
    clock.advance(15 * MINUTE + 1000);
    expect((await change(PASSWORD)).statusCode).toBe(200);
  });

  it("registration: 200 requests an hour from one address, then 429", async () => {
    // 199 requests already counted for this address; the 200th (malformed: those count too) still passes
    const now = clock.now();
    await t.app.ctx.db
      .insert(authAttempts)
      .values(Array.from({ length: 199 }, () => ({ kind: REGISTER_PER_ADDRESS.kind, key: address, createdAt: now })));
    const last = await inject({ method: "POST", url: "/api/register", payload: { email: "not-valid" } });
    expect(last.statusCode).toBe(400);
    const blocked = await inject({
      method: "POST",
      url: "/api/register",
      payload: { email: `reg-${seq}@example.com`, password: "Haulage1!Go", name: "R", carrierName: "R Ltd", contactNumber: "01134960000" },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    clock.advance(60 * MINUTE + 1000);
    const later = await inject({
      method: "POST",
      url: "/api/register",
      payload: { email: `reg-${seq}@example.com`, password: "Haulage1!Go", name: "R", carrierName: "R Ltd", contactNumber: "01134960000" },
    });
    expect(later.statusCode).toBe(201);
  });

  it("registration through the API: each request counts", async () => {
    for (let i = 0; i < 200; i++) {
      const res = await inject({ method: "POST", url: "/api/register", payload: [] });
      expect(res.statusCode).toBe(400);
    }
    expect((await inject({ method: "POST", url: "/api/register", payload: [] })).statusCode).toBe(429);
  });

  it("staff creating users are not counted: 201 carriers in a row from one address all 201; self-registration from there is still limited", async () => {
    const staff = await login(t.app, (await createManager(t.app)).email);
    for (let i = 0; i < 201; i++) {
      const res = await inject({
        method: "POST",
        url: "/api/register",
        headers: { cookie: staff },
        payload: { email: `onboard-${seq}-${i}@example.com`, password: "Haulage1!Go", name: `Driver ${i}`, carrierName: `Onboarded ${i} Ltd`, contactNumber: "01134960000" },
      });
      expect(res.statusCode, `carrier ${i + 1}: ${res.body}`).toBe(201);
    }
    const counted = await t.app.ctx.db.select().from(authAttempts).where(sql`${authAttempts.kind} = ${REGISTER_PER_ADDRESS.kind} and ${authAttempts.key} = ${address}`);
    expect(counted).toEqual([]);
    // the same address without the staff session: counted, 200 then 429
    for (let i = 0; i < 200; i++) expect((await inject({ method: "POST", url: "/api/register", payload: [] })).statusCode).toBe(400);
    expect((await inject({ method: "POST", url: "/api/register", payload: [] })).statusCode).toBe(429);
  }, 300_000); // 201 password hashes

  it("old counter rows are pruned", async () => {
    const now = clock.now();
    await recordAttempt(t.app.ctx.db, REGISTER_PER_ADDRESS, "old-row-test", new Date(now.getTime() - 61 * MINUTE));
    await recordAttempt(t.app.ctx.db, REGISTER_PER_ADDRESS, "new-row-test", now);
    await pruneAttempts(t.app.ctx.db, now);
    const keys = await t.app.ctx.db
      .select({ key: authAttempts.key })
      .from(authAttempts)
      .where(sql`${authAttempts.key} in ('old-row-test', 'new-row-test')`);
    expect(keys.map((k) => k.key)).toEqual(["new-row-test"]);
  });

  postgresOnly(engine).it("two app instances on one database count the same failures", async () => {
    const secondDb = await t.testDb.reopen();
    const second = await buildApp({ config: t.config, database: secondDb, clock, serveWeb: false });
    await second.ready();
    try {
      const user = await createCarrier(t.app);
      const on = (app: typeof second, password: string) =>
        app.inject({ method: "POST", url: "/api/login", payload: { email: user.email, password }, remoteAddress: address });
      for (let i = 0; i < 5; i++) expect((await on(t.app, "Wrong1!password")).statusCode).toBe(401);
      for (let i = 0; i < 5; i++) expect((await on(second, "Wrong1!password")).statusCode).toBe(401);
      expect((await on(t.app, PASSWORD)).statusCode).toBe(429);
      expect((await on(second, PASSWORD)).statusCode).toBe(429);
      // and a session made by one instance is honoured by the other
      clock.advance(15 * MINUTE + 1000);
      const res = await on(second, PASSWORD);
      expect(res.statusCode).toBe(200);
      const sid = res.cookies.find((c) => c.name === "sid")!.value;
      const me = await t.app.inject({ url: "/api/auth/user", headers: { cookie: `sid=${sid}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await second.close();
      second.ctx.mail.close();
      await secondDb.close();
    }
  });
});

describe("throttling behind a proxy (TRUST_PROXY)", () => {
  // configured as an operator writes it, through loadConfig (TRUST_PROXY=1
  // used to trust every X-Forwarded-For hop, so forged left-most hops escaped the limits)
  const PROXY = "10.1.1.1";
  let hops: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    hops = await createTestApp({ config: { trustProxy: loadConfig({ TRUST_PROXY: "1" }).trustProxy } });
    listed = await createTestApp({ config: { trustProxy: loadConfig({ TRUST_PROXY: `${PROXY}, 10.9.0.0/16` }).trustProxy } });
  });
  afterAll(async () => {
    await hops?.close();
    await listed?.close();
  });

  /** A request through the proxy: the client's own (possibly forged) header, the proxy's hop appended. */
  const via = (app: TestApp, client: string, forged: string[], opts: InjectOptions, socket = PROXY) =>
    app.app.inject({ ...opts, remoteAddress: socket, headers: { "x-forwarded-for": [...forged, client].join(", ") } });
  const forgotPassword = { method: "POST" as const, url: "/api/auth/forgot-password", payload: { email: "someone@example.com" } };

  it("counts the X-Forwarded-For client address, not the proxy's", async () => {
    for (let i = 0; i < 20; i++) expect((await via(hops, "203.0.113.10", [], forgotPassword)).statusCode).toBe(200);
    expect((await via(hops, "203.0.113.10", [], forgotPassword)).statusCode).toBe(429);
    // another client behind the same proxy is not affected
    expect((await via(hops, "203.0.113.11", [], forgotPassword)).statusCode).toBe(200);
  });

  it("TRUST_PROXY=1: 50 failed sign-ins from one address give 429, though each forges a different left-most hop", async () => {
    const client = "203.0.113.50";
    const signIn = (i: number, email = `forger-${i}@example.com`, password = "Wrong1!password") =>
      via(hops, client, [`198.51.100.${i + 1}`, `192.0.2.${(i * 7) % 250}`], { method: "POST", url: "/api/login", payload: { email, password } });
    for (let i = 0; i < 50; i++) expect((await signIn(i)).statusCode).toBe(401);
    const user = await createCarrier(hops.app);
    const blocked = await signIn(50, user.email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    // the forged hop a blocked client names is not blamed either: it can still sign in
    const named = await via(hops, "198.51.100.1", [], { method: "POST", url: "/api/login", payload: { email: user.email, password: PASSWORD } });
    expect(named.statusCode).toBe(200);
  });

  it("TRUST_PROXY=1: forged hops do not reset the forgot-password or registration limits", async () => {
    const client = "203.0.113.60";
    for (let i = 0; i < 20; i++) expect((await via(hops, client, [`198.51.100.${i + 1}`], forgotPassword)).statusCode).toBe(200);
    expect((await via(hops, client, ["198.51.100.200"], forgotPassword)).statusCode).toBe(429);

    const now = new Date();
    await hops.app.ctx.db
      .insert(authAttempts)
      .values(Array.from({ length: 200 }, () => ({ kind: REGISTER_PER_ADDRESS.kind, key: "203.0.113.61", createdAt: now })));
    const register = await via(hops, "203.0.113.61", ["198.51.100.9"], { method: "POST", url: "/api/register", payload: { email: "not-valid" } });
    expect(register.statusCode).toBe(429);
  });

  it("a list of proxy addresses: only those hops are proxies; a client that is not one is counted by its socket", async () => {
    const client = "203.0.113.70";
    for (let i = 0; i < 20; i++) expect((await via(listed, client, [`198.51.100.${i + 1}`], forgotPassword)).statusCode).toBe(200);
    expect((await via(listed, client, ["198.51.100.99"], forgotPassword)).statusCode).toBe(429);
    // two listed proxies in a row (a CIDR of the list): the client is the hop before them
    const chained = (forged: string) =>
      listed.app.inject({ ...forgotPassword, remoteAddress: PROXY, headers: { "x-forwarded-for": `${forged}, 203.0.113.71, 10.9.4.2` } });
    for (let i = 0; i < 20; i++) expect((await chained(`198.51.100.${i + 1}`)).statusCode).toBe(200);
    expect((await chained("198.51.100.99")).statusCode).toBe(429);
    // straight from an address that is not a listed proxy: its header names nobody
    const direct = (forged: string) => via(listed, forged, [], forgotPassword, "192.0.2.99");
    for (let i = 0; i < 20; i++) expect((await direct(`198.51.100.${i + 1}`)).statusCode).toBe(200);
    expect((await direct("198.51.100.99")).statusCode).toBe(429);
  });
});

describe("TRUST_PROXY in the configuration", () => {
  it("is a hop count or a list of proxy addresses, never 'trust every hop'", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    for (const off of ["", "0", "false", "no"]) expect(parseTrustProxy(off)).toBe(false);
    // true/yes were documented as "set behind a proxy": one hop, for compatibility
    for (const one of ["1", "true", "yes", "TRUE"]) expect(parseTrustProxy(one)).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.1, 10.2.0.0/16 ,fd00::/8,loopback")).toEqual(["10.0.0.1", "10.2.0.0/16", "fd00::/8", "loopback"]);
    expect(parseTrustProxy("10.0.0.0/255.0.0.0")).toEqual(["10.0.0.0/255.0.0.0"]);
    for (const bad of ["banana", "10.0.0.1,nope", "10.0.0.0/33", "10.0.0.1/8/8", "999", ","]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
});
