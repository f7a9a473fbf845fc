// Accepting a load (PATCH /api/loads/{id}/accept): exactly one
// of any number of simultaneous accepts wins, in one process, in two app instances
// on one database, and in two real server processes; pending bids are rejected in
// the same transaction; who/from/to is recorded.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { postgresOnly } from "../../../../test/skips";
import { createLoad, login, signedIn } from "../../../../test/factories";
import { buildApp, type App } from "../../app";
import { bids, loadEvents, loads, sessions, users } from "../../db/schema";
import { sha256, randomToken } from "../../lib/crypto";
import type { Load } from "../../../contract/schemas/load";

const NOT_AVAILABLE = { error: "Load is no longer available" };
const NOT_FOUND = { error: "Not found" };
/** A race's losers: every one 409 "Load is no longer available", whenever they asked (contract; docs/decisions/0005-accept-not-found.md, revised). */
const isLoserAnswer = (status: number, body: unknown) => status === 409 && JSON.stringify(body) === JSON.stringify(NOT_AVAILABLE);
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

type Session = Awaited<ReturnType<typeof signedIn>>;

describe.each(ENGINES)("accepting a load on %s", (engine) => {
  let t: TestApp;
  let carriers: Session[];
  let manager: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    manager = await signedIn(t.app, { role: "manager" });
    carriers = [];
    for (let i = 0; i < 24; i++) carriers.push(await signedIn(t.app, { name: `Driver ${i}`, carrierName: `Haulier ${i} Ltd` }));
  });
  afterAll(() => t?.close());

  const accept = (app: App, loadId: string, s: Session, userId: string | undefined = s.user.id) =>
    app.inject({ method: "PATCH", url: `/api/loads/${loadId}/accept`, headers: { cookie: s.cookie }, payload: userId ? { userId } : {} });

  it("accepts: 200, status accepted, acceptedBy the caller, acceptedByCarrier their company, acceptedAt set", async () => {
    const load = await createLoad(t.app);
    const res = await accept(t.app, load.id, carriers[0]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Load;
    expect(body).toMatchObject({ id: load.id, status: "accepted", acceptedBy: carriers[0].user.id, acceptedByCarrier: "Haulier 0 Ltd" });
    expect(body.acceptedAt).not.toBeNull();
    // the carrier keeps seeing it as their own
    const mine = await t.app.inject({ url: `/api/loads/${load.id}`, headers: { cookie: carriers[0].cookie } });
    expect(mine.json().status).toBe("accepted");
  });

  it("accepts without a userId in the body (the session names the carrier)", async () => {
    const load = await createLoad(t.app);
    const res = await accept(t.app, load.id, carriers[1], undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json().acceptedBy).toBe(carriers[1].user.id);
  });

  it("a load another company has taken is gone: 409 Load is no longer available, though GET now says 404; an unknown id is 404", async () => {
    const load = await createLoad(t.app);
    expect((await accept(t.app, load.id, carriers[2])).statusCode).toBe(200);
    const res = await accept(t.app, load.id, carriers[3]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(NOT_AVAILABLE);
    // no longer theirs to see on the board or by id
    const get = await t.app.inject({ url: `/api/loads/${load.id}`, headers: { cookie: carriers[3].cookie } });
    expect([get.statusCode, get.json()]).toEqual([404, NOT_FOUND]);
    const unknown = await accept(t.app, randomUUID(), carriers[3]);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, NOT_FOUND]);
    // approved and completed loads of another company too
    for (const status of ["approved", "completed"]) {
      const other = await createLoad(t.app, { status, acceptedBy: carriers[2].user.id, acceptedByCarrier: "Haulier 2 Ltd" });
      const r = await accept(t.app, other.id, carriers[3]);
      expect([r.statusCode, r.json()]).toEqual([409, NOT_AVAILABLE]);
    }
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.acceptedBy).toBe(carriers[2].user.id);
  });

  it("a load the caller can still see but no longer take is 409; the holder's own second accept is 200, unchanged (a double click)", async () => {
    const load = await createLoad(t.app);
    const first = await accept(t.app, load.id, carriers[2]);
    expect(first.statusCode).toBe(200);
    // a colleague at the same company sees the load as their company's
    const colleague = await signedIn(t.app, { carrierName: "Haulier 2 Ltd" });
    const res = await accept(t.app, load.id, colleague);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(NOT_AVAILABLE);
    const again = await accept(t.app, load.id, carriers[2]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const events = await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
    expect(events).toHaveLength(1);
    // staff see every load: a taken load is a 409 for them
    expect((await accept(t.app, load.id, manager)).statusCode).toBe(409);
  });

  it("a carrier cannot accept on behalf of someone else (403)", async () => {
    const load = await createLoad(t.app);
    const res = await accept(t.app, load.id, carriers[4], carriers[5].user.id);
    expect(res.statusCode).toBe(403);
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.status).toBe("available");
  });

  it("a load priced 0 cannot be accepted (409)", async () => {
    const load = await createLoad(t.app, { price: 0 });
    const res = await accept(t.app, load.id, carriers[4]);
    expect(res.statusCode).toBe(409);
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.status).toBe("available");
    expect(row.acceptedBy).toBeNull();
  });

  it.each(["approved", "completed"])("a %s load cannot be accepted (409)", async (status) => {
    const load = await createLoad(t.app, { status, acceptedBy: carriers[6].user.id, acceptedByCarrier: "Haulier 6 Ltd" });
    const res = await accept(t.app, load.id, carriers[6]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(NOT_AVAILABLE);
  });

  it("a cancelled load is gone (409 Load is no longer available); an unknown or malformed id is 404; a bad body is 400", async () => {
    const load = await createLoad(t.app, { status: "cancelled" });
    const cancelled = await accept(t.app, load.id, carriers[7]);
    expect([cancelled.statusCode, cancelled.json()]).toEqual([409, NOT_AVAILABLE]);
    expect((await accept(t.app, randomUUID(), carriers[7])).statusCode).toBe(404);
    expect((await accept(t.app, "nope", carriers[7])).statusCode).toBe(404);
    const bad = await t.app.inject({ method: "PATCH", url: `/api/loads/${(await createLoad(t.app)).id}/accept`, headers: { cookie: carriers[7].cookie }, payload: { userId: "me" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe("userId");
  });

  it("an unapproved account gets nowhere even with a session row (401)", async () => {
    const [pending] = await t.app.ctx.db
      .insert(users)
      .values({ email: `pending-${randomUUID()}@example.com`, password: "x", name: "Pending", carrierName: "Pending Ltd", isApproved: false })
      .returning();
    const token = randomToken();
    await t.app.ctx.db.insert(sessions).values({ id: sha256(token), userId: pending.id, expiresAt: new Date(Date.now() + 86_400_000) });
    const load = await createLoad(t.app);
    const res = await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/accept`, headers: { cookie: `sid=${token}` }, payload: { userId: pending.id } });
    expect(res.statusCode).toBe(401);
  });

  it("accepting rejects every pending bid in the same transaction and records who/from/to", async () => {
    const load = await createLoad(t.app);
    const bidders = carriers.slice(8, 11);
    for (const b of bidders) await t.app.ctx.db.insert(bids).values({ loadId: load.id, carrierId: b.user.id, bidAmount: 1100, status: "pending" });
    await t.app.ctx.db.insert(bids).values({ loadId: load.id, carrierId: carriers[11].user.id, bidAmount: 900, status: "rejected" });
    const other = await createLoad(t.app);
    await t.app.ctx.db.insert(bids).values({ loadId: other.id, carrierId: carriers[8].user.id, bidAmount: 1000, status: "pending" });

    const res = await accept(t.app, load.id, carriers[12]);
    expect(res.statusCode).toBe(200);
    const after = await t.app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id));
    expect(after).toHaveLength(4);
    expect(after.every((b) => b.status === "rejected")).toBe(true);
    // bids on other loads are untouched
    const [otherBid] = await t.app.ctx.db.select().from(bids).where(eq(bids.loadId, other.id));
    expect(otherBid.status).toBe("pending");

    const events = await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "accept", actorId: carriers[12].user.id, actorName: "Driver 12", fromStatus: "available", toStatus: "accepted" });
    const history = await t.app.inject({ url: `/api/loads/${load.id}/events`, headers: { cookie: manager.cookie } });
    expect(history.json()[0]).toMatchObject({ action: "accept", fromStatus: "available", toStatus: "accepted", actorName: "Driver 12" });
  });

  it("a refused accept leaves the pending bids pending", async () => {
    const load = await createLoad(t.app, { price: 0 });
    await t.app.ctx.db.insert(bids).values({ loadId: load.id, carrierId: carriers[13].user.id, bidAmount: 700, status: "pending" });
    expect((await accept(t.app, load.id, carriers[14])).statusCode).toBe(409);
    const [bid] = await t.app.ctx.db.select().from(bids).where(and(eq(bids.loadId, load.id)));
    expect(bid.status).toBe("pending");
    const events = await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
    expect(events).toEqual([]);
  });

  it("a 12-carrier accept race: exactly one 200, every loser 409 Load is no longer available", async () => {
    const load = await createLoad(t.app);
    const res = await Promise.all(carriers.slice(0, 12).map((c) => accept(t.app, load.id, c)));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const losers = res.filter((r) => r.statusCode !== 200);
    expect(losers).toHaveLength(11);
    for (const r of losers) expect([r.statusCode, r.json()], r.body).toEqual([409, NOT_AVAILABLE]);
    // and after the race, a late loser too
    const late = await accept(t.app, load.id, carriers[12]);
    expect([late.statusCode, late.json()]).toEqual([409, NOT_AVAILABLE]);
  });

  it("20+ simultaneous accepts by different carriers: exactly one 200, every loser 409", async () => {
    const load = await createLoad(t.app);
    await t.app.ctx.db.insert(bids).values({ loadId: load.id, carrierId: carriers[0].user.id, bidAmount: 1000, status: "pending" });
    const res = await Promise.all(carriers.map((c) => accept(t.app, load.id, c)));
    const ok = res.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of res.filter((x) => x.statusCode !== 200)) expect(isLoserAnswer(r.statusCode, r.json()), r.body).toBe(true);
    const winner = ok[0].json() as Load;
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
    expect(row.status).toBe("accepted");
    expect(row.acceptedBy).toBe(winner.acceptedBy);
    expect(row.acceptedByCarrier).toBe(carriers.find((c) => c.user.id === winner.acceptedBy)!.user.carrierName);
    const events = await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
    expect(events).toHaveLength(1);
    const [bid] = await t.app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id));
    expect(bid.status).toBe("rejected");
  });

  postgresOnly(engine).it("two app instances on one database: exactly one accept wins", async () => {
    const database2 = await t.testDb.reopen();
    const app2 = await buildApp({ config: t.config, database: database2, serveWeb: false });
    try {
      for (let round = 0; round < 3; round++) {
        const load = await createLoad(t.app);
        const res = await Promise.all(carriers.map((c, i) => accept(i % 2 ? app2 : t.app, load.id, c)));
        expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
        for (const r of res.filter((x) => x.statusCode !== 200)) expect(isLoserAnswer(r.statusCode, r.json()), r.body).toBe(true);
        const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
        expect(carriers.map((c) => c.user.id)).toContain(row.acceptedBy);
        const events = await t.app.ctx.db.select().from(loadEvents).where(eq(loadEvents.loadId, load.id));
        expect(events).toHaveLength(1);
      }
    } finally {
      await app2.close();
      await database2.close();
    }
  });

  postgresOnly(engine).describe("two real server processes", () => {
    const procs: ChildProcess[] = [];
    const urls: string[] = [];
    let dataDir = "";

    const startServer = (): Promise<string> =>
      new Promise((resolve, reject) => {
        // node itself with the tsx loader: the child's environment is only what is listed here
        const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
          cwd: ROOT,
          env: {
            DATABASE_URL: t.testDb.databaseUrl,
            DATA_DIR: dataDir,
            PORT: "0",
            HOST: "127.0.0.1",
            LOG_LEVEL: "silent",
            NODE_ENV: "test",
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        procs.push(child);
        let out = "";
        const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
        const onData = (d: Buffer) => {
          out += d.toString();
          const m = /running at (http:\/\/localhost:\d+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1].replace("localhost", "127.0.0.1"));
          }
        };
        child.stdout!.on("data", onData);
        child.stderr!.on("data", onData);
        child.on("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`server exited with ${code}: ${out}`));
        });
      });

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "lb-accept-"));
      urls.push(...(await Promise.all([startServer(), startServer()])));
    }, 120_000);

    afterAll(async () => {
      await Promise.all(
        procs.map(
          (p) =>
            new Promise<void>((resolve) => {
              if (p.exitCode !== null) return resolve();
              p.once("exit", () => resolve());
              p.kill("SIGTERM");
              setTimeout(() => p.kill("SIGKILL"), 10_000).unref();
            }),
        ),
      );
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("carriers racing over HTTP against both processes: exactly one 200", async () => {
      // sessions live in the database: a login through either process works on both
      const cookies = await Promise.all(carriers.map((c) => login(t.app, c.user.email)));
      for (let round = 0; round < 2; round++) {
        const load = await createLoad(t.app);
        const res = await Promise.all(
          carriers.map(async (c, i) => {
            const r = await fetch(`${urls[i % 2]}/api/loads/${load.id}/accept`, {
              method: "PATCH",
              headers: { cookie: cookies[i], "content-type": "application/json" },
              body: JSON.stringify({ userId: c.user.id }),
            });
            return { status: r.status, body: await r.json() };
          }),
        );
        expect(res.filter((r) => r.status === 200)).toHaveLength(1);
        for (const r of res.filter((x) => x.status !== 200)) expect(isLoserAnswer(r.status, r.body), JSON.stringify(r.body)).toBe(true);
        const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
        expect(row.acceptedBy).toBe(res.find((r) => r.status === 200)!.body.acceptedBy);
      }
    });
  });
});
