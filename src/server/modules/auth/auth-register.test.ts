// Registration through the real app, on PGlite and PostgreSQL, with mail through a real
// SMTP sink: self-registration is always a pending carrier, staff create approved users,
// duplicates and every failing field, and mail that cannot be delivered.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createAdmin, createCarrier, createManager, signedIn } from "../../../../test/factories";
import { users } from "../../db/schema";
import { authCalls, expectNoAuthSecrets, mailTo, to } from "./auth-test-support";

describe.each(ENGINES)("auth and account on %s", (engine) => {
  const clock = new TestClock();
  let t: TestApp;
  const { seen, rawTokens, call, nextAddress } = authCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(() => t.close());
  beforeEach(() => nextAddress());

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

  // Runs last: walks every response above.
  it("no auth response carries a password, a hash, a reset token or its expiry", async () => {
    await expectNoAuthSecrets(t, seen, rawTokens, { responses: 10 });
  });
});
