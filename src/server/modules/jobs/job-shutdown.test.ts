// Shutdown with stuck jobs keeps its 10 s: a real server process holds a mail on
// an SMTP relay that accepts and never answers and a webhook on a receiver that
// never answers; on SIGTERM it exits 0 within 10 s, and both jobs are still there
// to be retried (their attempt recorded), neither lost nor marked sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { ENGINES, createTestDatabase, type TestDatabase } from "../../../../test/helpers";
import { PASSWORD } from "../../../../test/factories";
import { http, httpLogin, seedStaffAndCarriers, startServerProcess, type ServerProcess } from "../../../../test/process";
import { jobs } from "../../db/schema";
import { startTarpit, type Tarpit } from "../../mail/smtp-tarpit-test-support";
import { startReceiver, type Receiver } from "../integrations/webhooks/webhook-test-support";

describe.each(ENGINES)("shutdown with stuck jobs on %s", (engine) => {
  let t: TestDatabase;
  let tarpit: Tarpit;
  let rx: Receiver;
  let server: ServerProcess | null = null;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await seedStaffAndCarriers(t.database, { role: "admin", isAdmin: true });
    await t.database.close(); // the server process owns the database
    tarpit = await startTarpit();
    rx = await startReceiver();
    rx.answer = () => "hang";
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.kill("SIGKILL");
    await rx?.close();
    await tarpit?.close();
    await t?.drop();
  });

  it("exits 0 within 10 s while a mail and a webhook wait on silent services, and both are kept for a retry", async () => {
    const env: Record<string, string> = { DATA_DIR: t.dataDir, LOG_LEVEL: "warn", WEBHOOK_ALLOW_PRIVATE: "true", SMTP_URL: tarpit.url };
    if (t.databaseUrl) env.DATABASE_URL = t.databaseUrl;
    server = await startServerProcess(env);
    const cookie = await httpLogin(server.url, "ops@example.com", PASSWORD);
    expect((await http(server.url, "POST", "/api/admin/webhooks", cookie, { url: rx.url, events: ["load.created"] })).status).toBe(201);
    const load = await http(server.url, "POST", "/api/loads", cookie, {
      pickupCity: "Leeds",
      deliveryCity: "Bristol",
      price: 500,
      distance: 200,
      pickupDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(load.status).toBe(201);
    expect((await http(server.url, "POST", "/api/auth/forgot-password", undefined, { email: "ops@example.com" })).status).toBe(200);
    // both are in hand: the relay holds the mail's connection, the receiver the webhook's request
    await rx.waitFor((got) => got.length >= 1, 20_000);
    await expect.poll(() => tarpit.accepted(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    const t0 = performance.now();
    server.kill("SIGTERM");
    const code = await server.exited;
    const took = performance.now() - t0;
    console.log(`${engine}: exited ${code} ${Math.round(took)} ms after SIGTERM with two stuck jobs`);
    expect(took).toBeLessThan(10_000);
    expect(code).toBe(0);

    const database = await t.reopen();
    try {
      const rows = await database.db.select().from(jobs).where(inArray(jobs.kind, ["mail", "webhook"]));
      expect(rows.map((r) => r.kind).sort()).toEqual(["mail", "webhook"]);
      for (const r of rows) {
        // told to give up at shutdown: the attempt is recorded and the job waits for its retry
        expect(r).toMatchObject({ status: "pending", attempts: 1 });
        expect(r.lastError).toContain("shutting down");
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
