// Writes never queue behind reads: with every read connection busy
// (PostgreSQL) or a long queue of reads ahead of it (PGlite), a staff POST
// /api/loads still answers at once, through the real app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../test/helpers";
import { signedIn } from "../../../test/factories";
import { PriorityGate, asWriter } from "./write-priority";

type Session = Awaited<ReturnType<typeof signedIn>>;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("PriorityGate", () => {
  it("runs one at a time and lets a waiting writer go before waiting readers", async () => {
    const gate = new PriorityGate();
    const order: string[] = [];
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((r) => (release = r)), false);
    const readers = [1, 2, 3].map((i) => gate.run(async () => void order.push(`read ${i}`), false));
    const write = asWriter(() => gate.run(async () => void order.push("write")));
    expect(gate.waiting).toEqual({ writers: 1, readers: 3 });
    release();
    await Promise.all([first, ...readers, write]);
    expect(order).toEqual(["write", "read 1", "read 2", "read 3"]);
  });
});

describe.each(ENGINES)("write priority on %s", (engine) => {
  let t: TestApp;
  let staff: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    staff = await signedIn(t.app, { role: "manager" });
  });
  afterAll(() => t?.close());

  it("a staff POST /api/loads answers while the reads ahead of it still run", async () => {
    const db = t.app.ctx.db;
    // PostgreSQL: twenty 1-s reads hold all ten read connections and queue ten more;
    // PGlite: thirty 50-ms reads queue 1.5 s of work on its one connection
    const reads = engine === "postgres" ? Array.from({ length: 20 }, () => db.execute(sql`select pg_sleep(1)`)) : Array.from({ length: 30 }, () => db.execute(sql`select pg_sleep(0.05)`));
    const readsDone = Promise.all(reads).then(() => Date.now());
    await new Promise((r) => setTimeout(r, 100)); // the reads have their connections (or their places in the queue)
    const week = day(t.app.ctx.clock.now().getTime() + 7 * 86_400_000);
    const started = Date.now();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/loads",
      headers: { cookie: staff.cookie },
      payload: { pickupCity: "Leeds", deliveryCity: "Bristol", pickupDate: `${week}T09:00:00.000Z`, deliveryDate: `${week}T15:00:00.000Z`, price: 1500 },
    });
    const answered = Date.now();
    expect(res.statusCode, res.body).toBe(201);
    // without priority the write waited for every read queued before it: it answered after them
    const finished = await readsDone;
    expect(finished - answered).toBeGreaterThan(300);
    expect(answered - started).toBeLessThan((finished - started) / 2);
  });
});
