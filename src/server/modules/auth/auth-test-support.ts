// Shared by the auth and account tests: calls from a client address that changes per
// test (so one test's attempts never throttle another's), every response kept for the
// closing check that none carries a secret, and waits for mail in the SMTP sink.
import { expect } from "vitest";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { ParsedMail } from "mailparser";
import type { SmtpSink, TestApp } from "../../../../test/helpers";
import { users } from "../../db/schema";

export const NEW_PASSWORD = "Fresh2!Password";

/** Wait until a mail matching `pred` has arrived at the sink. */
export async function mailTo(sink: SmtpSink, pred: (m: ParsedMail) => boolean, timeoutMs = 10_000): Promise<ParsedMail> {
  const start = Date.now();
  for (;;) {
    const found = sink.messages.find(pred);
    if (found) return found;
    if (Date.now() - start > timeoutMs) throw new Error("expected mail did not arrive");
    await new Promise((r) => setTimeout(r, 25));
  }
}
export const recipient = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));
export const to = (email: string, subject?: RegExp) => (m: ParsedMail) =>
  recipient(m).includes(email) && (!subject || subject.test(m.subject ?? ""));

/** Calls on the app `app()` returns; `client.address` is the address they come from. */
export function authCalls(app: () => TestApp) {
  /** every response of the file's scenarios, for the no-secrets check at the end */
  const seen: LightMyRequestResponse[] = [];
  const rawTokens: string[] = [];
  const client = { address: "10.0.0.1", seq: 1 };
  const sink = () => app().sink;

  const call = async (opts: InjectOptions & { cookie?: string }) => {
    const { cookie, ...rest } = opts;
    const res = await app().app.inject({
      remoteAddress: client.address,
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
  /** a fresh client address: call before each test */
  const nextAddress = () => {
    client.seq++;
    client.address = `10.0.${Math.floor(client.seq / 250)}.${client.seq % 250}`;
  };
  return { seen, rawTokens, client, sink, call, sidOf, cookieOf, whoAmI, resetTokenFor, nextAddress };
}

/**
 * No response in `seen` carries a password, a hash, a reset token or its expiry. At
 * least `responses` responses were seen, and `tokens` raw reset tokens looked for.
 */
export async function expectNoAuthSecrets(
  t: TestApp,
  seen: LightMyRequestResponse[],
  rawTokens: string[],
  atLeast: { responses: number; tokens?: number },
): Promise<void> {
  expect(seen.length).toBeGreaterThan(atLeast.responses);
  if (atLeast.tokens !== undefined) expect(rawTokens.length).toBeGreaterThan(atLeast.tokens);
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
}
