// Fault suite, SMTP row: a real server process on PostgreSQL whose SMTP
// server is stopped. Held means: forgot-password and the bulk send answer at once
// (no SMTP on a request path), the bulk send says what it queued and never counts
// mail as sent that was not, nothing is dropped while the relay is away (30 s; 3
// minutes with FAULTS_LONG=1, long enough for the back-off to pass 2 minutes), and
// once it answers again every message is delivered within 2 minutes (contract, 503
// row), each exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ParsedMail } from "mailparser";
import { createTestDatabase, startSmtpSink, type SmtpSink, type TestDatabase } from "../helpers";
import { freePort, httpLogin, startServerProcess, type ServerProcess } from "../process";
import { NO_POSTGRES, skipWhen } from "../skips";
import { hashPassword } from "../../src/server/lib/crypto";
import { loads, users } from "../../src/server/db/schema";
import { LONG, PASSWORD, assertAlive, call, sleep, until } from "./support";

const DOWN_MS = LONG ? 180_000 : 30_000;

const addressesOf = (ms: ParsedMail[]) =>
  ms.flatMap((m) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address ?? "")));

describe("an SMTP server that is stopped, on PostgreSQL", skipWhen(!process.env.TEST_DATABASE_URL, NO_POSTGRES), () => {
  let t: TestDatabase;
  let server: ServerProcess;
  let relay: SmtpSink | null = null;
  let smtpPort: number;
  let staffCookie: string;
  let pendingId: string;
  const carriers = Array.from({ length: 4 }, (_, i) => `c${i}@example.com`);

  beforeAll(async () => {
    t = await createTestDatabase("postgres");
    const hash = await hashPassword(PASSWORD);
    await t.database.db.insert(users).values([
      { email: "ops@example.com", password: hash, name: "Ops", role: "manager", isApproved: true },
      ...carriers.map((email, i) => ({ email, password: hash, name: `Carrier ${i}`, carrierName: `Haulage ${i} Ltd`, isApproved: true })),
    ]);
    const [pending] = await t.database.db
      .insert(users)
      .values({ email: "applicant@example.com", password: hash, name: "Applicant", carrierName: "New Haulage Ltd", isApproved: false })
      .returning();
    pendingId = pending.id;
    await t.database.db.insert(loads).values({ loadNumber: "FN-2026-950", pickupCity: "York", deliveryCity: "Derby", price: 650, distance: 90, pickupDate: new Date(Date.now() + 86_400_000) });
    await t.database.close();
    // the relay the server is configured with is not there
    smtpPort = await freePort();
    server = await startServerProcess({
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.databaseUrl!,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: "http://loads.example.test",
      LOG_LEVEL: "warn",
    });
    staffCookie = await httpLogin(server.url, "ops@example.com", PASSWORD);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.kill("SIGTERM");
      await server.exited;
    }
    await relay?.close();
    await t?.drop();
  });

  it("answers at once, counts nothing as sent, drops nothing, and delivers everything once within 2 minutes of the relay's return", { timeout: DOWN_MS + 180_000 }, async () => {
    const reset = await call(server.url, "POST", "/api/auth/forgot-password", undefined, { email: carriers[0] });
    expect(reset.status).toBe(200);
    expect(reset.ms).toBeLessThan(1_000);

    const bulk = await call(server.url, "POST", "/api/admin/send-available-loads-email", staffCookie);
    expect(bulk.status).toBe(200);
    expect(bulk.ms).toBeLessThan(2_000);
    const { batchId, ...counts } = bulk.json as { batchId: string; successCount: number; totalLoads: number; queued: number };
    expect(counts).toEqual({ successCount: 4, totalLoads: 1, queued: 4 });

    const approve = await call(server.url, "POST", `/api/users/${pendingId}/approve`, staffCookie);
    expect(approve.status).toBe(200);
    expect(approve.ms).toBeLessThan(2_000);

    // while the relay is away: tried, waiting, never delivered, never failed
    const progress = async () => (await call(server.url, "GET", `/api/admin/mail/batches/${batchId}`, staffCookie)).json as Record<string, number>;
    await until(async () => (await progress()).retrying === 4, 20_000, "the batch is tried and waits for the relay");
    const started = Date.now();
    while (Date.now() - started < DOWN_MS) {
      const p = await progress();
      expect(p).toMatchObject({ total: 4, queued: 4, delivered: 0, failed: 0 });
      const failed = await call(server.url, "GET", "/api/admin/mail?status=failed", staffCookie);
      expect(failed.json).toEqual([]);
      await sleep(5_000);
    }
    const waiting = await call(server.url, "GET", "/api/admin/mail?status=queued", staffCookie);
    const queued = waiting.json as { lastError: string }[];
    expect(queued).toHaveLength(6);
    for (const m of queued) expect(m.lastError).toMatch(/^SMTP server unreachable: /);

    // the relay is back on the address the server knows
    relay = await startSmtpSink({ port: smtpPort });
    const ms = await until(async () => relay!.messages.length >= 6, 120_000, "every message delivered after the relay's return");
    console.log(`SMTP down ${DOWN_MS / 1000} s: 6 messages delivered ${ms} ms after the relay answered again`);
    expect(ms).toBeLessThan(120_000);
    await sleep(3_000); // a repeat would have come by now
    expect(addressesOf(relay.messages).sort()).toEqual([...carriers, carriers[0], "applicant@example.com"].sort());
    expect(new Set(relay.messages.map((m) => m.messageId)).size).toBe(6);
    expect(await progress()).toMatchObject({ total: 4, queued: 0, delivered: 4, failed: 0 });
    assertAlive(server);
  });
});
