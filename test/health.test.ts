import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "./helpers";
import { signedIn } from "./factories";
import { LOW_DISK_HEALTH } from "../src/server/modules/objects/disk-floor";

describe.each(ENGINES)("health and conventions on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  it("GET /api/health answers ok when the database answers", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("an unknown /api path is a 404 with the contract's error body", async () => {
    const res = await t.app.inject({ url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found" });
  });

  it("refuses a state-changing request from another site", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/login", headers: { origin: "https://evil.example" }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBeTypeOf("string");
  });

  it("sends security headers with a CSP that allows no inline script", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe.each(ENGINES)("values PostgreSQL cannot store on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  it("a NUL character in text is a 400, not a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { email: "nul@example.com", password: "Secret1!pass", name: "Nul\u0000Name", carrierName: "Nul Ltd", contactNumber: "+44 7700 900123" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTypeOf("string");
  });
});

describe.each(ENGINES)("a database that is gone on %s", (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // no job worker: the sign-in's mail job, caught mid-send when the database goes,
    // would keep trying to record its outcome (the runner's settle loop, minutes)
    // and hold up close(); these cases are about the HTTP answers alone
    t = await createTestApp({ engine, jobs: false });
    ({ cookie } = await signedIn(t.app));
    await t.testDb.database.close();
  });
  afterAll(() => t.close());

  it("answers 503 with Retry-After and the contract's error body, not 500", async () => {
    const res = await t.app.inject({ url: "/api/loads", headers: { cookie } });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it("GET /api/health says 503; GET /api/health/live still answers 200 without the database", async () => {
    const health = await t.app.inject({ url: "/api/health", headers: { cookie } });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: "unavailable" });
    const live = await t.app.inject({ url: "/api/health/live", headers: { cookie } });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
  });
});

describe.each(ENGINES)("a disk below the upload floor on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // a floor no disk meets: uploads are refused (modules/objects/disk-floor.ts)
    t = await createTestApp({ engine, config: { uploadMinFreeBytes: Number.MAX_SAFE_INTEGER } });
  });
  afterAll(() => t.close());

  it("GET /api/health still answers 200 (the database answers) and says uploads are refused; a ticket is 503 with Retry-After", async () => {
    const health = await t.app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok", uploads: LOW_DISK_HEALTH });
    const { cookie } = await signedIn(t.app);
    const ticket = await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } });
    expect(ticket.statusCode).toBe(503);
    expect(Number(ticket.headers["retry-after"])).toBeGreaterThan(0);
  });
});
