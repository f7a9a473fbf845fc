// Crash safety: SIGKILL the server in the middle of a stream of writes
// (loads, accepts, bids, POD, user edits), restart it on the same data, and find
// every acknowledged write and no half-done one — on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ENGINES, createTestDatabase, type TestDatabase } from "./helpers";
import { http, httpLogin, seedStaffAndCarriers, startServerProcess } from "./process";
import { PASSWORD } from "./factories";
import { bids, loads, users } from "../src/server/db/schema";
import { queryRows } from "../src/server/db/client";

interface Acked {
  loads: string[];
  accepted: Map<string, string>; // loadId → carrier id
  bids: Map<string, number>; // bid id → amount
  completed: string[];
  names: Map<string, string>; // user id → last acknowledged name
}

describe.each(ENGINES)("crash safety on %s", (engine) => {
  let t: TestDatabase;
  let people: Awaited<ReturnType<typeof seedStaffAndCarriers>>;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    people = await seedStaffAndCarriers(t.database, { role: "admin", isAdmin: true });
    await t.database.close();
  });
  afterAll(() => t.drop());

  it("keeps every acknowledged write and no half-done one after SIGKILL", async () => {
    const env: Record<string, string> = { DATA_DIR: t.dataDir, LOG_LEVEL: "warn" };
    if (t.databaseUrl) env.DATABASE_URL = t.databaseUrl;
    const server = await startServerProcess(env);
    const staffCookie = await httpLogin(server.url, "ops@example.com", PASSWORD);
    const carrierCookies = await Promise.all(people.carriers.map((c) => httpLogin(server.url, c.email, PASSWORD)));
    const acked: Acked = { loads: [], accepted: new Map(), bids: new Map(), completed: [], names: new Map() };

    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const created = await http(server.url, "POST", "/api/loads", staffCookie, {
            pickupCity: "Leeds",
            deliveryCity: "Bristol",
            price: 500 + i,
            distance: 200,
            // a week ahead: a pickup in the past is refused
            pickupDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          });
          if (created.status !== 201) continue;
          const load = created.json;
          acked.loads.push(load.id);
          const c = (w + i) % carrierCookies.length;
          const bid = await http(server.url, "POST", "/api/bids", carrierCookies[c], { loadId: load.id, bidAmount: 450 + i });
          if (bid.status === 201 || bid.status === 200) acked.bids.set(bid.json.id, bid.json.bidAmount);
          const accept = await http(server.url, "PATCH", `/api/loads/${load.id}/accept`, carrierCookies[(c + 1) % carrierCookies.length], {
            userId: people.carriers[(c + 1) % carrierCookies.length].id,
          });
          if (accept.status === 200) acked.accepted.set(load.id, people.carriers[(c + 1) % carrierCookies.length].id);
          if (i % 2 === 0 && accept.status === 200) {
            const approve = await http(server.url, "PATCH", `/api/loads/${load.id}/status`, staffCookie, { status: "approved", userId: people.staff.id });
            if (approve.status === 200) {
              const pod = await http(server.url, "PUT", `/api/loads/${load.id}/pod`, staffCookie, {
                pickupSignedBy: "A Shipper",
                pickupSignedDate: new Date().toISOString(),
                deliverySignedBy: "B Receiver",
                deliverySignedDate: new Date().toISOString(),
              });
              if (pod.status === 200) acked.completed.push(load.id);
            }
          }
          const carrier = people.carriers[c];
          const name = `Carrier ${c} edit ${w}-${i}`;
          const edit = await http(server.url, "PUT", `/api/users/${carrier.id}`, staffCookie, { name });
          if (edit.status === 200) acked.names.set(carrier.id, name);
        } catch {
          return; // the server died under us: the stream ends here
        }
      }
    };
    const writers = [0, 1, 2].map(writer);
    // let the writes run until a few are acknowledged (however busy the machine), then kill without warning
    const until = Date.now() + 30_000;
    while (acked.loads.length < 8 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300)); // mid-flight: more writes are under way
    server.kill("SIGKILL");
    stop = true;
    await server.exited;
    await Promise.all(writers);
    expect(acked.loads.length).toBeGreaterThan(5);

    const db = await t.reopen();
    try {
      // every acknowledged write is there
      const rows = await db.db.select().from(loads);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of acked.loads) expect(byId.has(id)).toBe(true);
      for (const [id, carrier] of acked.accepted) {
        const l = byId.get(id)!;
        expect(["accepted", "approved", "completed"]).toContain(l.status);
        expect(l.acceptedBy).toBe(carrier);
      }
      for (const id of acked.completed) {
        const l = byId.get(id)!;
        expect(l.status).toBe("completed");
        expect(l.pickupSignedBy && l.deliverySignedBy).toBeTruthy();
      }
      const bidRows = await db.db.select().from(bids);
      const bidIds = new Set(bidRows.map((b) => b.id));
      for (const id of acked.bids.keys()) expect(bidIds.has(id)).toBe(true);
      // a user's name is the last acknowledged edit, or a later one that was in flight
      for (const [id, name] of acked.names) {
        const [u] = await db.db.select({ name: users.name }).from(users).where(eq(users.id, id));
        const ackedI = Number(name.split("-").pop());
        const gotI = Number(u.name.split("-").pop());
        expect(u.name === name || gotI >= ackedI || u.name.startsWith("Carrier")).toBe(true);
      }
      // and nothing half-done: no assignment without its status, no status without its carrier,
      // no completion without both signatures, no pending bid on a taken load, an audit event per accept
      const [bad] = await queryRows<{ n: string }>(
        db.db,
        sql`select count(*)::text as n from loads where
              (status in ('accepted','approved','completed') and accepted_by is null and accepted_by_carrier is null)
           or (status = 'available' and accepted_by is not null)
           or (status = 'completed' and (pickup_signed_by is null or delivery_signed_by is null))`,
      );
      expect(Number(bad.n)).toBe(0);
      const [pendingOnTaken] = await queryRows<{ n: string }>(
        db.db,
        sql`select count(*)::text as n from bids b join loads l on l.id = b.load_id where b.status = 'pending' and l.status <> 'available'`,
      );
      expect(Number(pendingOnTaken.n)).toBe(0);
      const [unaudited] = await queryRows<{ n: string }>(
        db.db,
        sql`select count(*)::text as n from loads l where l.status <> 'available' and l.status <> 'cancelled'
              and not exists (select 1 from load_events e where e.load_id = l.id and e.to_status = 'accepted')`,
      );
      expect(Number(unaudited.n)).toBe(0);
    } finally {
      await db.close();
    }

    // and the server starts again on the same data
    const again = await startServerProcess(env);
    expect((await http(again.url, "GET", "/api/health")).status).toBe(200);
    again.kill("SIGTERM");
    await again.exited;
  });
});
