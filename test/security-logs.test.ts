// No secret or token in logs (read back from the log itself), and cookie flags
// behind a TLS-terminating proxy (TRUST_PROXY).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { createTestApp, type TestApp } from "./helpers";
import { PASSWORD, createAdmin, createCarrier } from "./factories";

describe("logs", () => {
  let t: TestApp;
  let log = "";
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        log += String(chunk);
        cb();
      },
    });
    t = await createTestApp({ config: { logLevel: "trace" }, logStream: stream });
  });
  afterAll(() => t.close());

  it("never contain a password, hash, session id or reset token", async () => {
    const carrier = await createCarrier(t.app);
    const login = await t.app.inject({ method: "POST", url: "/api/login", payload: { email: carrier.email, password: PASSWORD } });
    const session = login.cookies.find((c) => c.name === "sid")!.value;
    await t.app.inject({ url: "/api/auth/user", headers: { cookie: `sid=${session}` } });
    await t.app.inject({ method: "POST", url: "/api/login", payload: { email: carrier.email, password: "Wrong1!password" } });
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: carrier.email } });
    const mail = await t.sink.waitFor(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(String(mail.at(-1)!.text))![1];
    await t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "Another1!pass" } });
    const upload = await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie: `sid=${session}` } });
    // an error path too: a 500 would log the error; a 400 logs the request
    await t.app.inject({ method: "POST", url: "/api/register", payload: "{bad json", headers: { "content-type": "application/json" } });

    expect(log.length).toBeGreaterThan(1000); // the log was written at all
    for (const secret of [PASSWORD, "Wrong1!password", "Another1!pass", session, token, carrier.password, "$argon2"]) {
      expect(log.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false);
    }
    const uploadToken = (upload.json() as { uploadURL?: string }).uploadURL?.split("/").pop();
    if (uploadToken) expect(log.includes(uploadToken)).toBe(false);
  });
});

describe("cookie flags behind a TLS proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: 1 } });
  });
  afterAll(() => t.close());

  it("marks the session cookie Secure, HttpOnly and SameSite=Lax when the proxy says https", async () => {
    const admin = await createAdmin(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" },
      payload: { email: admin.email, password: PASSWORD },
    });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  it("does not mark it Secure over plain http", async () => {
    const admin = await createAdmin(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/login", payload: { email: admin.email, password: PASSWORD } });
    expect(String(res.headers["set-cookie"])).not.toMatch(/Secure/i);
  });
});
