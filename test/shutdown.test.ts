// Graceful shutdown: on SIGTERM the server stops accepting, finishes the
// requests in flight, closes the database and exits 0 within 10 s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helpers";
import { startServerProcess } from "./process";

describe("graceful shutdown", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    await t.database.close(); // the server process owns the embedded database
  });
  afterAll(() => t.drop());

  it("finishes in-flight requests, refuses new ones and exits 0 within 10 s", async () => {
    const server = await startServerProcess({ DATA_DIR: t.dataDir, ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "Secret1!pass" });
    // sign-ins are slow on purpose (argon2): twenty of them are in flight when SIGTERM lands
    const inFlight = Array.from({ length: 20 }, () =>
      fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "boss@example.com", password: "Secret1!pass" }),
      }).then((r) => r.status),
    );
    // long enough for all twenty to reach the server, short enough that most are still being answered
    await new Promise((r) => setTimeout(r, 150));
    const t0 = Date.now();
    server.kill("SIGTERM");
    const statuses = await Promise.all(inFlight);
    const code = await server.exited;
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(code).toBe(0);
    // every request that was accepted got a real answer, none was cut off
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
