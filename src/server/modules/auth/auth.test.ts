// Auth and account calls through the real app, on PGlite and PostgreSQL, with
// mail through a real SMTP sink.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { ParsedMail } from "mailparser";
import { ENGINES, TestClock, createTestApp, type SmtpSink, type TestApp } from "../../../../test/helpers";
import { PASSWORD, createAdmin, createCarrier, createManager, createUser, login, signedIn } from "../../../../test/factories";
import { sessions, users } from "../../db/schema";
import { sha256 } from "../../lib/crypto";

const NEW_PASSWORD = "Fresh2!Password";

/** Wait until a mail matching `pred` has arrived at the sink. */
async function mailTo(sink: SmtpSink, pred: (m: ParsedMail) => boolean, timeoutMs = 10_000): Promise<ParsedMail> {
  const start = Date.now();
  for (;;) {
    const found = sink.messages.find(pred);
    if (found) return found;
    if (Date.now() - start > timeoutMs) throw new Error("expected mail did not arrive");
    await new Promise((r) => setTimeout(r, 25));
  }
}
const recipient = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));
const to = (email: string, subject?: RegExp) => (m: ParsedMail) =>
  recipient(m).includes(email) && (!subject || subject.test(m.subject ?? ""));

describe.each(ENGINES)("auth and account on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock();
  /** every response of this file's scenarios, for the no-secrets check at the end */
  const seen: LightMyRequestResponse[] = [];
  const rawTokens: string[] = [];
  /** a fresh client address per test, so one test's attempts never throttle another's */
  let address = "10.0.0.1";
  let addressSeq = 1;

  const call = async (opts: InjectOptions & { cookie?: string }) => {
    const { cookie, ...rest } = opts;
    const res = await t.app.inject({
      remoteAddress: address,
      ...rest,
      headers: { ...(rest.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    seen.push(res);
    return res;
  };
  const sidOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === "sid");
  const cookieOf = (res: LightMyRequestResponse) => `sid=${sidOf(res)!.value}`;
  const whoAmI = (cookie: string) => call({ url: "/api/auth/user", cookie });

  /** Ask for a reset and return the raw token from the link in the mail. */
  const resetTokenFor = async (email: string): Promise<{ token: string; link: URL }> => {
    const before = sink().messages.length;
    const res = await call({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(sink(), (m) => sink().messages.indexOf(m) >= before && to(email, /reset/i)(m));
    const href = /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/.exec(mail.text ?? "")?.[0];
    expect(href).toBeTruthy();
    const link = new URL(href!);
    const token = link.searchParams.get("token")!;
    rawTokens.push(token);
    return { token, link };
  };
  const sink = () => t.sink;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    addressSeq++;
    address = `10.0.${Math.floor(addressSeq / 250)}.${addressSeq % 250}`;
  });

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

  describe("POST /api/register", () => {
    const form = (over: Record<string, unknown> = {}) => ({
      email: `new-${Math.random().toString(36).slice(2, 10)}@example.com`,
      password: "Haulage1!Go",
      name: "Nadia Brook",
      carrierName: "Brook Transport Ltd",
      contactNumber: "+44 (0)113 496-0000",
      ...over,
    });

    it("self-registration is always a pending carrier, whatever role and isAdmin say, and tells applicant and staff", async () => {
      const admin = await createAdmin(t.app);
      const manager = await createManager(t.app);
      const pendingManager = await createManager(t.app, { isApproved: false });
      const body = form({ role: "admin", isAdmin: true, email: `Mixed-${Date.now()}@Example.com` });
      const res = await call({ method: "POST", url: "/api/register", payload: body });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ email: body.email.toLowerCase(), name: "Nadia Brook", role: "carrier", isAdmin: false, isApproved: false });
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, created.id));
      expect(row).toMatchObject({ role: "carrier", isAdmin: false, isApproved: false });
      expect(row.password).toMatch(/^\$argon2id\$/);
      // applicant and every approved staff user are emailed; pending staff are not
      await mailTo(t.sink, to(created.email));
      await mailTo(t.sink, to(admin.email));
      await mailTo(t.sink, to(manager.email));
      expect(t.sink.messages.some(to(pendingManager.email))).toBe(false);
      // and the account cannot sign in yet
      const signIn = await call({ method: "POST", url: "/api/login", payload: { email: body.email, password: body.password } });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().message).toBe("pending_approval");
    });

    it("ignores fields a client must not set (isApproved, id, reset token)", async () => {
      const body = form({ isApproved: true, id: "00000000-0000-0000-0000-000000000001", passwordResetToken: "x", lastLoginAt: "2020-01-01" });
      const res = await call({ method: "POST", url: "/api/register", payload: body });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ isApproved: false, lastLoginAt: null });
      expect(res.json().id).not.toBe("00000000-0000-0000-0000-000000000001");
    });

    it("a signed-in carrier registering someone still makes a pending carrier", async () => {
      const { cookie } = await signedIn(t.app);
      const res = await call({ method: "POST", url: "/api/register", payload: form({ role: "manager" }), cookie });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ role: "carrier", isApproved: false, isAdmin: false });
    });

    it("staff create approved users with the given role; only an admin creates an admin", async () => {
      const manager = await signedIn(t.app, { role: "manager" });
      const admin = await signedIn(t.app, { role: "admin", isAdmin: true });

      const carrier = await call({ method: "POST", url: "/api/register", payload: form(), cookie: manager.cookie });
      expect(carrier.statusCode).toBe(201);
      expect(carrier.json()).toMatchObject({ role: "carrier", isApproved: true, isAdmin: false });

      const mgr = await call({ method: "POST", url: "/api/register", payload: form({ role: "manager" }), cookie: manager.cookie });
      expect(mgr.statusCode).toBe(201);
      expect(mgr.json()).toMatchObject({ role: "manager", isApproved: true, isAdmin: false });

      const byManagerAdmin = form({ role: "admin" });
      const refused = await call({ method: "POST", url: "/api/register", payload: byManagerAdmin, cookie: manager.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBeTypeOf("string");
      const refusedFlag = await call({ method: "POST", url: "/api/register", payload: form({ isAdmin: true }), cookie: manager.cookie });
      expect(refusedFlag.statusCode).toBe(403);
      expect(await t.app.ctx.db.select().from(users).where(eq(users.email, byManagerAdmin.email))).toEqual([]);

      const newAdmin = await call({ method: "POST", url: "/api/register", payload: form({ role: "admin" }), cookie: admin.cookie });
      expect(newAdmin.statusCode).toBe(201);
      expect(newAdmin.json()).toMatchObject({ role: "admin", isAdmin: true, isApproved: true });
      // isAdmin goes with the admin role
      const flagged = await call({ method: "POST", url: "/api/register", payload: form({ role: "carrier", isAdmin: true }), cookie: admin.cookie });
      expect(flagged.statusCode).toBe(201);
      expect(flagged.json()).toMatchObject({ role: "admin", isAdmin: true });

      // a staff-created account can sign in at once
      const created = carrier.json();
      const signIn = await call({ method: "POST", url: "/api/login", payload: { email: created.email, password: "Haulage1!Go" } });
      expect(signIn.statusCode).toBe(200);
    });

    it("refuses a duplicate email, whatever its case, with 409", async () => {
      const existing = await createCarrier(t.app);
      const res = await call({ method: "POST", url: "/api/register", payload: form({ email: existing.email.toUpperCase() }) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "An account with this email already exists" });
    });

    it("lists every failing field with its message", async () => {
      const res = await call({
        method: "POST",
        url: "/api/register",
        payload: { email: "nope", password: "short", name: "N", carrierName: "", contactNumber: "12ab", role: "boss" },
      });
      expect(res.statusCode).toBe(400);
      const messages = res.json().details.map((d: { path: string; message: string }) => `${d.path}: ${d.message}`);
      expect(messages).toEqual(
        expect.arrayContaining([
          "email: Please enter a valid email address",
          "password: Password must be at least 8 characters long",
          "password: Password must contain at least one uppercase letter",
          "password: Password must contain at least one number",
          "password: Password must contain at least one special character (@$!%*?&)",
          "carrierName: Carrier name is required",
          "contactNumber: Please enter a valid contact number",
        ]),
      );
      expect(messages.some((m: string) => m.startsWith("role:"))).toBe(true);
    });

    it("succeeds even when mail cannot be delivered", async () => {
      t.sink.failNext(1000);
      try {
        const body = form();
        const started = Date.now();
        const res = await call({ method: "POST", url: "/api/register", payload: body });
        expect(res.statusCode).toBe(201);
        // the relay's trouble does not hold the request
        expect(Date.now() - started).toBeLessThan(2000);
        const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, body.email));
        expect(row.isApproved).toBe(false);
      } finally {
        t.sink.failNext(0);
      }
    });
  });

  describe("forgot and reset password", () => {
    it("answers the same for an unknown email and a known one", async () => {
      const user = await createCarrier(t.app);
      const known = await call({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
      const unknown = await call({ method: "POST", url: "/api/auth/forgot-password", payload: { email: "ghost@example.com" } });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      await mailTo(t.sink, to(user.email, /reset/i));
      expect(t.sink.messages.some(to("ghost@example.com"))).toBe(false);
    });

    it("stores only the SHA-256 of the token, valid one hour, and mails a link to PUBLIC_URL/reset-password", async () => {
      const user = await createCarrier(t.app);
      const { token, link } = await resetTokenFor(user.email);
      expect(link.origin + link.pathname).toBe("http://localhost:5000/reset-password");
      expect(token.length).toBeGreaterThanOrEqual(32);
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row.passwordResetToken).toBe(sha256(token));
      expect(row.passwordResetToken).not.toContain(token);
      expect(row.passwordResetExpires!.getTime()).toBe(clock.now().getTime() + 60 * 60_000);
    });

    it("the mailed link resets the password, ends every session, mails a notice and is single use", async () => {
      const { user, cookie } = await signedIn(t.app);
      const other = await login(t.app, user.email);
      const { link } = await resetTokenFor(user.email);
      const token = link.searchParams.get("token")!;

      const res = await call({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: NEW_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      // every session of that user is gone
      expect((await whoAmI(cookie)).statusCode).toBe(401);
      expect((await whoAmI(other)).statusCode).toBe(401);
      // the new password works, the old one does not
      expect((await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: NEW_PASSWORD } })).statusCode).toBe(200);
      expect((await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: PASSWORD } })).statusCode).toBe(401);
      await mailTo(t.sink, to(user.email, /changed/i));
      // the token is cleared: a second use fails
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row.passwordResetToken).toBeNull();
      expect(row.passwordResetExpires).toBeNull();
      const again = await call({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "Another3$Pass" } });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe("The password reset link is invalid or expired.");
    });

    it("a token expires after one hour", async () => {
      const user = await createCarrier(t.app);
      const { token: early } = await resetTokenFor(user.email);
      clock.advance(59 * 60_000);
      const inTime = await call({ method: "POST", url: "/api/auth/reset-password", payload: { token: early, newPassword: NEW_PASSWORD } });
      expect(inTime.statusCode).toBe(200);

      const { token: late } = await resetTokenFor(user.email);
      clock.advance(60 * 60_000 + 1000);
      const tooLate = await call({ method: "POST", url: "/api/auth/reset-password", payload: { token: late, newPassword: "Another3$Pass" } });
      expect(tooLate.statusCode).toBe(400);
      expect(tooLate.json().error).toBe("The password reset link is invalid or expired.");
      expect((await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: NEW_PASSWORD } })).statusCode).toBe(200);
    });

    it("a newer request replaces the older token", async () => {
      const user = await createCarrier(t.app);
      const { token: first } = await resetTokenFor(user.email);
      const { token: second } = await resetTokenFor(user.email);
      expect((await call({ method: "POST", url: "/api/auth/reset-password", payload: { token: first, newPassword: NEW_PASSWORD } })).statusCode).toBe(400);
      expect((await call({ method: "POST", url: "/api/auth/reset-password", payload: { token: second, newPassword: NEW_PASSWORD } })).statusCode).toBe(200);
    });

    it("a weak password is a 400 with details and does not use up the token", async () => {
      const user = await createCarrier(t.app);
      const { token } = await resetTokenFor(user.email);
      const weak = await call({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "password" } });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().details).toEqual(
        expect.arrayContaining([{ path: "newPassword", message: "Password must contain at least one uppercase letter" }]),
      );
      const ok = await call({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: NEW_PASSWORD } });
      expect(ok.statusCode).toBe(200);
    });

    it("an unknown or missing token is a 400", async () => {
      const unknown = await call({ method: "POST", url: "/api/auth/reset-password", payload: { token: "made-up-token", newPassword: NEW_PASSWORD } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toBe("The password reset link is invalid or expired.");
      const missing = await call({ method: "POST", url: "/api/auth/reset-password", payload: { newPassword: NEW_PASSWORD } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual([{ path: "token", message: "Reset token is required" }]);
    });
  });

  describe("PATCH /api/users/{id}/change-password", () => {
    const path = (id: string) => `/api/users/${id}/change-password`;

    it("is 401 signed out and 403 for another user's id (even for staff)", async () => {
      const victim = await createCarrier(t.app);
      const payload = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
      expect((await call({ method: "PATCH", url: path(victim.id), payload })).statusCode).toBe(401);
      const admin = await signedIn(t.app, { role: "admin", isAdmin: true });
      const res = await call({ method: "PATCH", url: path(victim.id), payload, cookie: admin.cookie });
      expect(res.statusCode).toBe(403);
      // the victim's password is unchanged
      await login(t.app, victim.email);
    });

    it("a wrong current password is a 400 on currentPassword; a weak new one a 400 with details", async () => {
      const { user, cookie } = await signedIn(t.app);
      const wrong = await call({ method: "PATCH", url: path(user.id), payload: { currentPassword: "Nope1!nope", newPassword: NEW_PASSWORD }, cookie });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        error: "Current password is incorrect",
        details: [{ path: "currentPassword", message: "Current password is incorrect" }],
      });
      const weak = await call({ method: "PATCH", url: path(user.id), payload: { currentPassword: PASSWORD, newPassword: "alllowercase1!" }, cookie });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().details).toEqual([{ path: "newPassword", message: "Password must contain at least one uppercase letter" }]);
      const empty = await call({ method: "PATCH", url: path(user.id), payload: { newPassword: NEW_PASSWORD }, cookie });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details).toEqual([{ path: "currentPassword", message: "Current password is required" }]);
      await login(t.app, user.email);
    });

    it("changes the password, keeps the current session, ends the others and mails a notice", async () => {
      const { user, cookie } = await signedIn(t.app);
      const otherDevice = await login(t.app, user.email);
      const res = await call({ method: "PATCH", url: path(user.id), payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      expect((await whoAmI(cookie)).statusCode).toBe(200);
      expect((await whoAmI(otherDevice)).statusCode).toBe(401);
      expect((await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: PASSWORD } })).statusCode).toBe(401);
      expect((await call({ method: "POST", url: "/api/login", payload: { email: user.email, password: NEW_PASSWORD } })).statusCode).toBe(200);
      await mailTo(t.sink, to(user.email, /changed/i));
    });

    it("a path id that is not a UUID is a 404", async () => {
      const { cookie } = await signedIn(t.app);
      const res = await call({ method: "PATCH", url: path("not-a-uuid"), payload: {}, cookie });
      expect(res.statusCode).toBe(404);
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
        address = `10.9.${addressSeq % 250}.${bodies.indexOf(b) + 1}`;
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
    expect(seen.length).toBeGreaterThan(50);
    expect(rawTokens.length).toBeGreaterThan(5);
    const hashes = (await t.app.ctx.db.select({ p: users.password }).from(users)).map((r) => r.p);
    const keysOf = (v: unknown, out: string[] = []): string[] => {
      if (Array.isArray(v)) v.forEach((x) => keysOf(x, out));
      else if (v && typeof v === "object") {
        for (const [k, x] of Object.entries(v)) {
          out.push(k);
          keysOf(x, out);
        }
      }
      return out;
    };
    for (const res of seen) {
      const where = `${res.raw.req.method} ${res.raw.req.url} → ${res.statusCode}`;
      const text = res.body + JSON.stringify(res.headers);
      expect(text, where).not.toContain("$argon2");
      expect(text, where).not.toContain("passwordResetToken");
      expect(text, where).not.toContain("passwordResetExpires");
      expect(text, where).not.toContain("password_reset");
      for (const token of rawTokens) expect(text, where).not.toContain(token);
      for (const h of hashes) expect(text, where).not.toContain(h);
      // a success body never has a password field; error bodies may *name* the field in details
      if (res.statusCode < 400 && res.body) {
        const keys = keysOf(res.json());
        expect(keys.filter((k) => /password/i.test(k)), where).toEqual([]);
        expect(res.body, where).not.toMatch(/"password"\s*:/);
      }
    }
  });
});
