// A stream that reconnects names the last version it saw (Last-Event-ID) and is
// first sent, in order, every change it missed, as its user may see it, then live
// ones; only a version older than the log keeps is told to refetch. And a stream
// follows its user: a change of role or company ends it within a second, and
// nothing the user may no longer see is sent before it ends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, lte } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { openStream, type StreamEvent } from "../../../../test/live-stream";
import { loadChanges, loads } from "../../db/schema";
import { loadsVersion } from "../loads/loads.repository";
import { buildApp } from "../../app";

type Session = Awaited<ReturnType<typeof signedIn>>;

const loadEvents = (events: StreamEvent[]) =>
  events.filter((e) => e.event === "load").map((e) => ({ id: Number(e.id), data: JSON.parse(e.data) as { version: number; id: string; load: { id: string } | null } }));

describe.each(ENGINES)("live replay on %s", (engine) => {
  let t: TestApp;
  let port: number;
  let staff: Session;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
    staff = await signedIn(t.app, { role: "manager" });
  });
  afterAll(() => t.close());

  async function readyVersion(stream: ReturnType<typeof openStream>): Promise<number> {
    await stream.waitFor((e) => e.event === "ready");
    const ready = stream.events.find((e) => e.event === "ready")!;
    const version = (JSON.parse(ready.data) as { version: number }).version;
    // the ready event carries the version as its id too, so a reconnect after no change names it
    expect(ready.id).toBe(String(version));
    return version;
  }

  it("sends a reconnecting stream what it missed, in order and redacted for it, then live changes, with no refetch", async () => {
    const carrier = await signedIn(t.app, { carrierName: "Replay Haulage Ltd" });
    const first = openStream(port, carrier.cookie);
    const v0 = await readyVersion(first);
    const a = await createLoad(t.app);
    await first.waitFor((e) => e.event === "load" && e.id === String(v0 + 1));
    first.close();

    // while it is away: a new load, another carrier takes the first, a third load is created and deleted
    const b = await createLoad(t.app);
    const other = await signedIn(t.app, { carrierName: "Someone Else Ltd" });
    const res = await t.app.inject({ method: "PATCH", url: `/api/loads/${a.id}/accept`, headers: { cookie: other.cookie } });
    expect(res.statusCode).toBe(200);
    const c = await createLoad(t.app);
    await t.app.ctx.db.delete(loads).where(eq(loads.id, c.id));
    // a stream that stays open shows when the server has read every change so far
    const watcher = openStream(port, staff.cookie);
    const now = await readyVersion(watcher);
    const final = await loadsVersion(t.app.ctx.db);
    if (now < final) await watcher.waitFor((e) => e.event === "load" && Number(e.id) >= final);
    watcher.close();

    const again = openStream(port, carrier.cookie, { lastEventId: v0 + 1 });
    const at = await readyVersion(again);
    const replayed = loadEvents(again.events);
    expect(replayed.map((e) => e.id)).toEqual(Array.from({ length: at - v0 - 1 }, (_, i) => v0 + 2 + i));
    expect(replayed.every((e) => e.data.version === e.id)).toBe(true);
    // each as GET /api/loads/{id} answers this carrier now: b on the board, a taken by another (off their board), c gone
    const last = (id: string) => replayed.filter((e) => e.data.id === id).at(-1)!.data;
    expect(last(b.id).load?.id).toBe(b.id);
    expect(last(a.id).load).toBeNull();
    expect((await t.app.inject({ url: `/api/loads/${a.id}`, headers: { cookie: carrier.cookie } })).statusCode).toBe(404);
    expect(last(c.id).load).toBeNull();
    // the replay comes before ready, and nothing asks for a refetch
    const readyAt = again.events.findIndex((e) => e.event === "ready");
    expect(again.events.slice(readyAt).filter((e) => e.event === "load")).toEqual([]);
    expect(again.events.filter((e) => e.event === "resync")).toEqual([]);

    const d = await createLoad(t.app);
    await again.waitFor((e) => e.event === "load" && JSON.parse(e.data).id === d.id, 1500);
    expect(loadEvents(again.events).at(-1)!.id).toBe(at + 1);
    again.close();
  });

  /** A second app on the same database, as a process started after the changes: it has sent none of them, so it replays from the log. */
  async function freshProcess(): Promise<{ port: number; close: () => Promise<void> }> {
    const app = await buildApp({ config: t.config, database: t.app.ctx.database, serveWeb: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    return { port: (app.server.address() as { port: number }).port, close: () => app.close() };
  }

  it("a process that did not send the missed changes replays them from the log; one older than the log keeps is told to refetch", async () => {
    const carrier = await signedIn(t.app);
    const s = openStream(port, carrier.cookie);
    const v0 = await readyVersion(s);
    s.close();
    const a = await createLoad(t.app);
    const b = await createLoad(t.app);
    const other = await freshProcess();
    try {
      const again = openStream(other.port, carrier.cookie, { lastEventId: v0 });
      await again.waitFor((e) => e.event === "ready");
      expect(loadEvents(again.events).map((e) => [e.id, e.data.id])).toEqual([
        [v0 + 1, a.id],
        [v0 + 2, b.id],
      ]);
      expect(again.events.map((e) => e.event)).toEqual(["load", "load", "ready"]);
      again.close();
      // what the log's pruning does to changes past a day and 10,000 newer ones
      await t.app.ctx.db.delete(loadChanges).where(lte(loadChanges.version, v0 + 1));
      const gone = openStream(other.port, carrier.cookie, { lastEventId: v0 });
      await gone.waitFor((e) => e.event === "ready");
      expect(gone.events.map((e) => e.event)).toEqual(["resync", "ready"]);
      gone.close();
    } finally {
      await other.close();
    }
  });

  it("ends a carrier's stream within a second of staff moving them to another company, sending nothing of the old company's in between", async () => {
    const carrier = await signedIn(t.app, { carrierName: "Moving Freight Ltd" });
    const s = openStream(port, carrier.cookie);
    await readyVersion(s);
    const held = await createLoad(t.app, { status: "approved", acceptedBy: null, acceptedByCarrier: "Moving Freight Ltd", pickupReference: "REF-SECRET-1" });
    await s.waitFor((e) => e.event === "load" && JSON.parse(e.data).id === held.id);
    // while a member, they see the company's booking in full
    expect(JSON.stringify(loadEvents(s.events).at(-1)!.data.load)).toContain("REF-SECRET-1");
    const movedAt = Date.now();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${carrier.user.id}`,
      headers: { cookie: staff.cookie },
      payload: { carrierName: "New Home Haulage Ltd" },
    });
    expect(res.statusCode).toBe(200);
    // a change of the old company's load right after: never sent to the moved user
    await t.app.ctx.db.update(loads).set({ pickupReference: "REF-SECRET-2" }).where(eq(loads.id, held.id));
    const took = await s.waitEnded(1_000);
    expect(Date.now() - movedAt).toBeLessThan(1_500);
    expect(took).toBeLessThanOrEqual(1_000);
    expect(s.events.some((e) => e.data.includes("REF-SECRET-2"))).toBe(false);
    // reconnecting, they see with their new rights: the load as any other carrier sees it
    const again = openStream(port, carrier.cookie, { lastEventId: Number(loadEvents(s.events).at(-1)!.id) });
    await again.waitFor((e) => e.event === "ready");
    expect(again.events.some((e) => e.data.includes("REF-SECRET"))).toBe(false);
    again.close();
  });

  it("ends a demoted manager's stream, and their next one is a carrier's", async () => {
    const manager = await signedIn(t.app, { role: "manager" });
    const s = openStream(port, manager.cookie);
    await readyVersion(s);
    const load = await createLoad(t.app, { pickupZip: "BD1 1AA" });
    await s.waitFor((e) => e.event === "load" && JSON.parse(e.data).id === load.id);
    expect(loadEvents(s.events).at(-1)!.data.load).toMatchObject({ pickupZip: "BD1 1AA" });
    const res = await t.app.inject({ method: "PUT", url: `/api/users/${manager.user.id}`, headers: { cookie: staff.cookie }, payload: { role: "carrier" } });
    expect(res.statusCode).toBe(200);
    await t.app.ctx.db.update(loads).set({ deliveryZip: "BS1 2AA" }).where(eq(loads.id, load.id));
    await s.waitEnded(1_000);
    expect(s.events.some((e) => e.data.includes("BS1 2AA"))).toBe(false);
    const again = openStream(port, manager.cookie, { lastEventId: Number(loadEvents(s.events).at(-1)!.id) });
    // the change made after the demotion: replayed, or sent live if the server had not read it yet
    await again.waitFor((e) => e.event === "load" && JSON.parse(e.data).id === load.id);
    const replayed = loadEvents(again.events).filter((e) => e.data.id === load.id);
    expect(replayed.length).toBeGreaterThan(0);
    // a carrier's view of an available load: no addresses
    for (const e of replayed) expect(e.data.load).toMatchObject({ pickupZip: null });
    again.close();
  });
});
