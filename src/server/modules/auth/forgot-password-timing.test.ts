// Forgot-password tells no one whether an account exists, by its answer or by its
// time (a security probe found 11 ms for a known email against 5 ms for an
// unknown one, because only the known one wrote a token on the request path).
// The request now does the same work for both: it queues one "password-reset"
// job; the lookup, the token and the mail happen in the job, after the answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createCarrier } from "../../../../test/factories";
import { jobs, users } from "../../db/schema";
import { PASSWORD_RESET_JOB } from "./auth.service";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

describe.each(ENGINES)("forgot-password on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // no outbox worker: what the request itself did stays visible
    t = await createTestApp({ engine, jobs: false });
  });
  afterAll(() => t?.close());

  let ip = 0;
  // a new client address each time: the per-address limit (20 an hour) is not what is measured
  const forgot = (email: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress: `198.51.100.${(ip++ % 250) + 1}` });

  it("does the same work on the request path whether or not the account exists: one job, no token yet", async () => {
    const user = await createCarrier(t.app);
    const before = await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, PASSWORD_RESET_JOB));
    const known = await forgot(user.email);
    const unknown = await forgot("nobody-here@example.com");
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(known.body);
    // the token is written by the job, after the answer: not on the request path
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordResetToken).toBeNull();
    const after = await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, PASSWORD_RESET_JOB));
    expect(after.length - before.length).toBe(2);
  });

  it("answers a known and an unknown email in the same time", async () => {
    const user = await createCarrier(t.app);
    for (let i = 0; i < 5; i++) await forgot(i % 2 ? user.email : "warm-up@example.com");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 40; i++) {
      // alternate, so a slow moment of the machine falls on both
      for (const [email, into] of i % 2 ? ([[user.email, known], [`ghost-${i}@example.com`, unknown]] as const) : ([[`ghost-${i}@example.com`, unknown], [user.email, known]] as const)) {
        const started = process.hrtime.bigint();
        expect((await forgot(email)).statusCode).toBe(200);
        into.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    const [k, u] = [median(known), median(unknown)];
    // before: 11 ms against 5 ms (2.2×). Now the same statements run for both; allow the noise of a
    // machine running another test file beside this one (8.0 against 5.9 ms seen), never a 2× gap.
    expect(Math.abs(k - u), `known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms`).toBeLessThan(Math.max(3, 0.5 * Math.min(k, u)));
  });
});
