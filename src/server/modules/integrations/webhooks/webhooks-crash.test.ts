// Exactly once across processes and restarts: real server processes deliver to a receiver on 127.0.0.1; the one
// holding a delivery is SIGKILLed mid-delivery (the receiver has the request and
// has not answered). Another process takes the delivery over once its lease runs
// out (JOB_LEASE_SECONDS=3) and sends it under the same webhook-id; every event is
// answered 2xx exactly once, signatures valid (standardwebhooks). On PostgreSQL the
// second process runs beside the first; PGlite allows one process at a time, so
// there the second starts on the same data after the kill.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestDatabase, type TestDatabase } from "../../../../../test/helpers";
import { http, httpLogin, seedStaffAndCarriers, startServerProcess, type ServerProcess } from "../../../../../test/process";
import { PASSWORD } from "../../../../../test/factories";
import { signatureValid, startReceiver, type Receiver } from "./webhook-test-support";

describe.each(ENGINES)("webhook delivery exactly once across processes on %s", (engine) => {
  let t: TestDatabase;
  let rx: Receiver;
  const procs: ServerProcess[] = [];
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await seedStaffAndCarriers(t.database, { role: "admin", isAdmin: true });
    await t.database.close();
    rx = await startReceiver();
  });
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.kill("SIGKILL");
    await rx?.close();
    await t.drop();
  });

  it("a SIGKILL mid-delivery neither loses nor doubles an event", async () => {
    const env: Record<string, string> = { DATA_DIR: t.dataDir, LOG_LEVEL: "warn", WEBHOOK_ALLOW_PRIVATE: "true", JOB_LEASE_SECONDS: "3" };
    if (t.databaseUrl) env.DATABASE_URL = t.databaseUrl;
    const a = await startServerProcess(env);
    procs.push(a);
    const cookieA = await httpLogin(a.url, "ops@example.com", PASSWORD);
    const hook = await http(a.url, "POST", "/api/admin/webhooks", cookieA, { url: rx.url, events: ["load.created"] });
    expect(hook.status).toBe(201);
    const secret: string = hook.json.secret;

    // the first request is held unanswered; the rest are answered at once
    let first = true;
    rx.answer = () => {
      if (first) {
        first = false;
        return "hang";
      }
      return 200;
    };
    const postLoads = async (url: string, cookie: string, from: number, n: number) => {
      const ids: string[] = [];
      for (let i = from; i < from + n; i++) {
        const res = await http(url, "POST", "/api/loads", cookie, {
          pickupCity: "Leeds",
          deliveryCity: "Bristol",
          price: 500 + i,
          distance: 200,
          pickupDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        });
        expect(res.status).toBe(201);
        ids.push(res.json.id);
      }
      return ids;
    };
    const loads = await postLoads(a.url, cookieA, 0, 6);
    // A has the first delivery in hand (held) and has sent the other five; it records
    // each 2xx in the moment after it (the at-least-once window, docs/decisions/0021-webhooks.md):
    // give it that moment, so the kill lands on the held delivery alone
    await rx.waitFor((got) => got.length >= 6);
    await new Promise((r) => setTimeout(r, 1_000));

    let b: ServerProcess | null = null;
    // two processes at once: B runs beside A while A holds the delivery (its claim
    // keeps B off it until A's lease runs out)
    if (engine === "postgres") procs.push((b = await startServerProcess(env)));
    a.kill("SIGKILL"); // mid-delivery: the receiver holds A's request, unanswered
    await a.exited;
    rx.release(); // the socket died with A: nothing is answered
    if (!b) procs.push((b = await startServerProcess(env)));
    const cookieB = await httpLogin(b.url, "ops@example.com", PASSWORD);
    loads.push(...(await postLoads(b.url, cookieB, 6, 4)));

    const answered = () => rx.received.filter((r) => r.answered === 200);
    await rx.waitFor(() => new Set(answered().map((r) => r.id)).size >= loads.length, 60_000);
    await new Promise((r) => setTimeout(r, 4_000)); // a lease's worth more: nothing else arrives
    const ok = answered();
    if (ok.length !== loads.length) console.log(rx.received.map((r) => `${r.id} ${r.answered} ${JSON.parse(r.body).data.price}`).join("\n"));
    expect(ok).toHaveLength(loads.length); // each answered 2xx once
    expect(new Set(ok.map((r) => r.id)).size).toBe(loads.length);
    expect(ok.map((r) => JSON.parse(r.body).data.id).sort()).toEqual([...loads].sort());
    for (const r of rx.received) expect(signatureValid(secret, r)).toBe(true);
    // the held one came again under the same webhook-id, with the same body
    const held = rx.received[0];
    expect(held.answered).toBeNull();
    const again = ok.find((r) => r.id === held.id);
    expect(again?.body).toBe(held.body);

    b.kill("SIGTERM");
    await b.exited;
  }, 120_000);
});
