// The world the users and admin tests run in: one app with an admin, a manager and a
// carrier signed in, calls that keep every response for the closing check that none
// carries a secret, and a wait for a mail in the SMTP sink.
import { expect } from "vitest";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { ParsedMail } from "mailparser";
import { createTestApp, type Engine, type SmtpSink, type TestApp } from "../../../../test/helpers";
import { signedIn } from "../../../../test/factories";
import { users } from "../../db/schema";

export type Signed = { user: typeof users.$inferSelect; cookie: string };

export async function mailTo(sink: SmtpSink, email: string, subject: RegExp, timeoutMs = 10_000): Promise<ParsedMail> {
  const start = Date.now();
  const match = (m: ParsedMail) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) => a.value.some((v) => v.address === email)) && subject.test(m.subject ?? "");
  for (;;) {
    const found = sink.messages.find(match);
    if (found) return found;
    if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${email} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A fresh app with the file's staff and carrier, signed in. */
export async function seedUsersWorld(engine: Engine): Promise<{ t: TestApp; admin: Signed; manager: Signed; carrier: Signed }> {
  const t = await createTestApp({ engine });
  const admin = await signedIn(t.app, { role: "admin", isAdmin: true, name: "Ada Admin", carrierName: "Flatbed Network HQ" });
  const manager = await signedIn(t.app, { role: "manager", name: "Max Manager", carrierName: "Flatbed Network HQ" });
  const carrier = await signedIn(t.app, { name: "Cara Carrier", carrierName: "Cara Haulage" });
  return { t, admin, manager, carrier };
}

/** Calls on the app `app()` returns; every response is kept in `seen`. */
export function recordingCalls(app: () => TestApp) {
  const seen: LightMyRequestResponse[] = [];
  const call = async (opts: InjectOptions & { cookie?: string }) => {
    const { cookie, ...rest } = opts;
    const res = await app().app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    seen.push(res);
    return res;
  };
  return { seen, call, get: (url: string, cookie?: string) => call({ url, cookie }) };
}

/** No response in `seen` (at least `atLeast` of them) carries a password, a hash or reset-token fields. */
export async function expectNoSecrets(t: TestApp, seen: LightMyRequestResponse[], atLeast: number): Promise<void> {
  expect(seen.length).toBeGreaterThan(atLeast);
  const hashes = (await t.app.ctx.db.select({ p: users.password }).from(users)).map((r) => r.p);
  for (const res of seen) {
    const where = `${res.raw.req.method} ${res.raw.req.url} → ${res.statusCode}`;
    expect(res.body, where).not.toContain("$argon2");
    expect(res.body, where).not.toContain("passwordResetToken");
    expect(res.body, where).not.toContain("passwordResetExpires");
    expect(res.body, where).not.toMatch(/"password"\s*:/);
    for (const h of hashes) expect(res.body, where).not.toContain(h);
  }
}
