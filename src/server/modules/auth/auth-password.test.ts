// Passwords through the real app, on PGlite and PostgreSQL, with mail through a real SMTP
// sink: a forgotten password reset by a mailed single-use link, and a signed-in user
// changing their own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { PASSWORD, createCarrier, login, signedIn } from "../../../../test/factories";
import { users } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { NEW_PASSWORD, authCalls, expectNoAuthSecrets, mailTo, to } from "./auth-test-support";

describe.each(ENGINES)("auth and account on %s", (engine) => {
  const clock = new TestClock();
  let t: TestApp;
  const { seen, rawTokens, call, whoAmI, resetTokenFor, nextAddress } = authCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(() => t.close());
  beforeEach(() => nextAddress());

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

  // Runs last: walks every response above.
  it("no auth response carries a password, a hash, a reset token or its expiry", async () => {
    await expectNoAuthSecrets(t, seen, rawTokens, { responses: 30, tokens: 5 });
  });
});
