import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "./helpers";

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
