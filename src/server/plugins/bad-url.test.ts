// A URL with bad percent-encoding (security probe: GET /api/loads/%ff) answers in
// the contract's error shape {"error": …} with 400, signed in or not, like every
// other refusal, and not Fastify's own {statusCode, code, error, message}.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { signedIn } from "../../../test/factories";

describe("bad URL encoding", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("is a 400 in the contract's error shape, for any method and path", async () => {
    const { cookie } = await signedIn(t.app);
    for (const [method, url] of [
      ["GET", "/api/loads/%ff"],
      ["GET", "/api/loads/%E0%A4%A"],
      ["PATCH", "/api/loads/%ff/accept"],
      ["GET", "/objects/%c0"],
      ["GET", "/api/nope/%zz%ff"],
    ] as const) {
      for (const headers of [{}, { cookie }]) {
        const res = await t.app.inject({ method, url, headers, ...(method === "PATCH" ? { payload: {} } : {}) });
        expect(res.statusCode, url).toBe(400);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.json(), url).toEqual({ error: "Bad request: the address is not valid" });
      }
    }
  });
});
