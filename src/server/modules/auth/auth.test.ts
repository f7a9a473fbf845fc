// Auth and account calls through the real app, on PGlite and PostgreSQL: who am I,
// signing in and out, and malformed bodies to every auth call. Registration is in
// auth-register.test.ts, forgotten and changed passwords in auth-password.test.ts; the
// shared calls in auth-test-support.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { PASSWORD, createCarrier, createUser, signedIn } from "../../../../test/factories";
import { sessions, users } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { authCalls, expectNoAuthSecrets } from "./auth-test-support";

describe.each(ENGINES)("auth and account on %s", (engine) => {
  const clock = new TestClock();
  let t: TestApp;
  const { seen, rawTokens, client, call, sidOf, cookieOf, whoAmI, nextAddress } = authCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(() => t.close());
  beforeEach(() => nextAddress());

  describe("GET /api/auth/user", () => {
    it("is 401 with an error body when signed out", async () => {
      const res = await call({ url: "/api/auth/user" });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "Not signed in" });
    });

    it("returns the signed-in user with the user record's fields and nothing secret", async () => {
      const { user, cookie } = await signedIn(t.app, { name: "Priya Shah" });
      const res = await whoAmI(cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ id: user.id, email: user.email, name: "Priya Shah", role: "carrier", isAdmin: false, isApproved: true });
      expect(Object.keys(body).sort()).toEqual(
        ["carrierName", "companyId", "compliance", "contactNumber", "createdAt", "email", "id", "isAdmin", "isApproved", "lastLoginAt", "name", "role", "updatedAt"].sort(),
      );
    });
  });

  describe("POST /api/login", () => {
    it("signs in: 200 user, an HttpOnly SameSite=Lax session cookie, lastLoginAt set", async () => {
      const user = await createCarrier(t.app);
      const res = await call({ method: "POST", url: "/api/login", payload: { email: user.email.toUpperCase(), password: PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, name: user.name, isAdmin: false });
      expect(res.json().lastLoginAt).toBe(clock.now().toISOString());
      const sid = sidOf(res)!;
      expect(sid.httpOnly).toBe(true);
      expect(sid.sameSite).toBe("Lax");
      expect(sid.path).toBe("/");
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row.lastLoginAt?.toISOString()).toBe(clock.now().toISOString());
      // only the SHA-256 of the cookie is stored
      const stored = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(stored.map((s) => s.id)).toEqual([sha256(sid.value)]);
      expect((await whoAmI(cookieOf(res))).statusCode).toBe(200);
    });

    it("answers a wrong password and an unknown email identically (401, same body)", async () => {
      const user = await createCarrier(t.app);
      const wrong = await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: "Wrong1!password" } });
      const unknown = await call({ method: "POST", url: "/api/login", payload: { email: "nobody-here@example.com", password: "Wrong1!password" } });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: "Invalid email or password" });
      expect(unknown.body).toBe(wrong.body);
      expect(sidOf(wrong)).toBeUndefined();
      expect(sidOf(unknown)).toBeUndefined();
    });

    it("refuses a pending account with 403 pending_approval, but only after the right password", async () => {
      const user = await createUser(t.app, { isApproved: false });
      const right = await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: PASSWORD } });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ error: "Your account is awaiting admin approval", message: "pending_approval" });
      expect(sidOf(right)).toBeUndefined();
      const wrong = await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: "Wrong1!password" } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: "Invalid email or password" });
    });

    it("gives a new session id on every sign-in and drops the one the browser brought (no fixation)", async () => {
      const user = await createCarrier(t.app);
      const first = await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: PASSWORD } });
      const second = await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: PASSWORD } });
      expect(sidOf(first)!.value).not.toBe(sidOf(second)!.value);
      // two browsers, two sessions
      expect((await whoAmI(cookieOf(first))).statusCode).toBe(200);
      expect((await whoAmI(cookieOf(second))).statusCode).toBe(200);
      // signing in again from the first browser replaces its session
      const again = await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: PASSWORD }, cookie: cookieOf(first) });
      expect(again.statusCode).toBe(200);
      expect(sidOf(again)!.value).not.toBe(sidOf(first)!.value);
      expect((await whoAmI(cookieOf(first))).statusCode).toBe(401);
      expect((await whoAmI(cookieOf(again))).statusCode).toBe(200);
      // a cookie value planted by an attacker is never adopted
      const planted = "sid=attacker-chosen-value";
      const fixed = await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: PASSWORD }, cookie: planted });
      expect(sidOf(fixed)!.value).not.toBe("attacker-chosen-value");
      expect((await whoAmI(planted)).statusCode).toBe(401);
    });

    it("validates the body with a plain message per field", async () => {
      const res = await call({ method: "POST", url: "/api/login", payload: { email: "not-an-email", password: "" } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { path: "email", message: "Please enter a valid email address" },
        { path: "password", message: "Password is required" },
      ]);
    });
  });

  describe("POST /api/logout", () => {
    it("destroys the session server-side and clears the cookie", async () => {
      const { user, cookie } = await signedIn(t.app);
      const res = await call({ method: "POST", url: "/api/logout", cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const cleared = sidOf(res)!;
      expect(cleared.value).toBe("");
      expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
      expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      // the old cookie, replayed, is worthless
      expect((await whoAmI(cookie)).statusCode).toBe(401);
    });

    it("is fine when not signed in", async () => {
      const res = await call({ method: "POST", url: "/api/logout" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    });
  });

  describe("malformed input", () => {
    const huge = "x".repeat(100 * 1024);
    const bodies: { label: string; payload?: string; contentType?: string }[] = [
      { label: "invalid JSON", payload: '{"email": "a@b.c", ', contentType: "application/json" },
      { label: "an array", payload: "[]", contentType: "application/json" },
      { label: "an array of objects", payload: '[{"email":"a@b.co","password":"x"}]', contentType: "application/json" },
      { label: "a number", payload: "42", contentType: "application/json" },
      { label: "a string", payload: '"hello"', contentType: "application/json" },
      { label: "null", payload: "null", contentType: "application/json" },
      {
        label: "numbers for strings",
        payload: JSON.stringify({ email: 1, password: 2, name: 3, carrierName: 4, contactNumber: 5, token: 6, newPassword: 7, currentPassword: 8 }),
        contentType: "application/json",
      },
      {
        label: "nulls for strings",
        payload: JSON.stringify({ email: null, password: null, token: null, newPassword: null, currentPassword: null }),
        contentType: "application/json",
      },
      {
        label: "100 KB strings",
        payload: JSON.stringify({ email: `${huge}@example.com`, password: huge, name: huge, carrierName: huge, contactNumber: huge, token: huge, newPassword: huge, currentPassword: huge }),
        contentType: "application/json",
      },
      {
        label: "objects for strings",
        payload: JSON.stringify({ email: { $ne: "" }, password: ["a"], token: { a: 1 }, newPassword: {}, currentPassword: [] }),
        contentType: "application/json",
      },
      { label: "unknown fields only", payload: JSON.stringify({ admin: true, "'; drop table users; --": 1 }), contentType: "application/json" },
      { label: "an empty JSON body", payload: "", contentType: "application/json" },
      { label: "no body at all" },
      { label: "a form-encoded body", payload: "email=a%40b.co&password=x", contentType: "application/x-www-form-urlencoded" },
    ];
    const calls = [
      { method: "POST", url: "/api/login" },
      { method: "POST", url: "/api/register" },
      { method: "POST", url: "/api/auth/forgot-password" },
      { method: "POST", url: "/api/auth/reset-password" },
      { method: "PATCH", url: "/api/users/:me/change-password" },
    ] as const;

    it.each(calls)("$method $url answers every malformed body with a 4xx {error}, never a 5xx", async ({ method, url }) => {
      const { user, cookie } = await signedIn(t.app);
      const before = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      for (const b of bodies) {
        // each body from its own address: the per-address allowances are not what this test is about
        client.address = `10.9.${client.seq % 250}.${bodies.indexOf(b) + 1}`;
        const res = await call({
          method,
          url: url.replace(":me", user.id),
          cookie,
          ...(b.payload !== undefined ? { payload: b.payload } : {}),
          headers: b.contentType ? { "content-type": b.contentType } : {},
        });
        expect(res.statusCode, `${b.label}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${b.label}: ${res.body}`).toBeLessThan(500);
        expect(typeof res.json().error, b.label).toBe("string");
      }
      // nothing about the account changed
      expect(await t.app.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual(before);
      expect((await whoAmI(cookie)).statusCode).toBe(200);
    });

    it("POST /api/logout never fails on a strange body", async () => {
      for (const b of bodies) {
        const res = await call({
          method: "POST",
          url: "/api/logout",
          ...(b.payload !== undefined ? { payload: b.payload } : {}),
          headers: b.contentType ? { "content-type": b.contentType } : {},
        });
        expect(res.statusCode, `${b.label}: ${res.body}`).toBeLessThan(500);
        expect(res.json()).toBeTypeOf("object");
      }
    });
  });

  // Runs last: walks every response above.
  it("no auth response carries a password, a hash, a reset token or its expiry", async () => {
    await expectNoAuthSecrets(t, seen, rawTokens, { responses: 100 });
  });
});
