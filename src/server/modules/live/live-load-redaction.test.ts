// The load in `event: load` is exactly what
// GET /api/loads/{id} gives that stream's user (load-visibility.ts): a carrier never
// sees an available load's postcodes, the holding company's members see them once it
// is approved, everyone else gets null once it is off their board, and a cancelled
// load is null to every carrier. Own data (stats) is announced to its owners only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createUser, login, signedIn } from "../../../../test/factories";
import { openStream } from "../../../../test/live-stream";
import type { Load } from "../../../contract/schemas/load";

const inAMonth = (h: number) => new Date(Date.now() + 30 * 86_400_000 + h * 3600_000).toISOString();

describe.each(ENGINES)("event: load redaction on %s", (engine) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it("staff see all, carriers the redacted card, the holder's company its addresses after approval, a cancelled load is null", async () => {
    const staff = await signedIn(t.app, { role: "admin", isAdmin: true });
    const a1 = await signedIn(t.app, { carrierName: "Acme Haulage Ltd" });
    const a2user = await createUser(t.app, { carrierName: "Acme Haulage Ltd" });
    const a2 = { user: a2user, cookie: await login(t.app, a2user.email) };
    const b = await signedIn(t.app);
    const who = { staff, a1, a2, b };
    const streams = Object.fromEntries(Object.entries(who).map(([k, u]) => [k, openStream(port, u.cookie)])) as Record<keyof typeof who, ReturnType<typeof openStream>>;
    for (const s of Object.values(streams)) await s.waitFor((e) => e.event === "ready");
    const start = JSON.parse(streams.b.events.find((e) => e.event === "ready")!.data).version as number;

    /** each stream's `event: load` of this version, once all four have it */
    const at = async (version: number) => {
      const out = {} as Record<keyof typeof who, { id: string; load: Load | null }>;
      for (const [k, s] of Object.entries(streams)) {
        await s.waitFor((e) => e.event === "load" && JSON.parse(e.data).version === version, 2000);
        out[k as keyof typeof who] = JSON.parse(s.events.find((e) => e.event === "load" && JSON.parse(e.data).version === version)!.data);
      }
      return out;
    };
    /** what GET /api/loads/{id} gives this user: the event must carry the same, or null for a 404 */
    const fetched = async (u: { cookie: string }, id: string) => {
      const res = await t.app.inject({ url: `/api/loads/${id}`, headers: { cookie: u.cookie } });
      return res.statusCode === 404 ? null : (res.json() as Load);
    };
    const sameAsGet = async (ev: Record<keyof typeof who, { id: string; load: Load | null }>, id: string) => {
      for (const [k, u] of Object.entries(who)) expect(ev[k as keyof typeof who].load, k).toEqual(await fetched(u, id));
    };

    const posted = await t.app.inject({
      method: "POST",
      url: "/api/loads",
      headers: { cookie: staff.cookie },
      payload: { loadNumber: "", pickupCity: "Tilbury", pickupZip: "RM18 7EH", pickupAddress: "Dock 4", deliveryCity: "Leeds", deliveryZip: "LS1 4AP", pickupDate: inAMonth(0), deliveryDate: inAMonth(5), price: 900, distance: 200, equipmentType: "Flatbed" },
    });
    expect(posted.statusCode).toBe(201);
    const id = (posted.json() as Load).id;
    let ev = await at(start + 1);
    expect(ev.staff.load?.pickupZip).toBe("RM18 7EH");
    for (const k of ["a1", "a2", "b"] as const) {
      expect(ev[k].load?.pickupZip, k).toBeNull();
      expect(ev[k].load?.pickupAddress, k).toBeNull();
    }
    await sameAsGet(ev, id);

    // a1 accepts: their company sees it (still without addresses), b no longer does
    expect((await t.app.inject({ method: "PATCH", url: `/api/loads/${id}/accept`, headers: { cookie: a1.cookie }, payload: { userId: a1.user.id } })).statusCode).toBe(200);
    ev = await at(start + 2);
    expect(ev.a1.load?.status).toBe("accepted");
    expect(ev.a2.load?.status).toBe("accepted");
    expect(ev.a2.load?.pickupZip).toBeNull();
    expect(ev.b.load).toBeNull();
    await sameAsGet(ev, id);
    // the holders' own stats changed: announced to them, not to b
    await streams.a2.waitFor((e) => e.event === "change" && JSON.parse(e.data).topics.includes("stats"), 1000);
    await streams.staff.waitFor((e) => e.event === "change" && JSON.parse(e.data).topics.includes("stats"), 1000);
    expect(streams.b.events.filter((e) => e.event === "change" && JSON.parse(e.data).topics.includes("stats"))).toEqual([]);

    // approved: the holding company's members see the addresses
    const approve = await t.app.inject({ method: "PATCH", url: `/api/loads/${id}/status`, headers: { cookie: staff.cookie }, payload: { status: "approved", userId: staff.user.id } });
    expect(approve.statusCode).toBe(200);
    ev = await at(start + 3);
    expect(ev.a1.load?.pickupZip).toBe("RM18 7EH");
    expect(ev.a2.load?.pickupZip).toBe("RM18 7EH");
    expect(ev.b.load).toBeNull();
    await sameAsGet(ev, id);

    // cancelled: null to every carrier
    const cancel = await t.app.inject({ method: "PATCH", url: `/api/loads/${id}/status`, headers: { cookie: staff.cookie }, payload: { status: "cancelled", userId: staff.user.id, reason: "test" } });
    expect(cancel.statusCode).toBe(200);
    const versions = streams.b.events.filter((e) => e.event === "load").map((e) => JSON.parse(e.data).version as number);
    ev = await at(versions[versions.length - 1] > start + 3 ? versions[versions.length - 1] : start + 4);
    expect(ev.staff.load?.status).toBe("cancelled");
    for (const k of ["a1", "a2", "b"] as const) expect(ev[k].load, k).toBeNull();
    await sameAsGet(ev, id);

    // every stream saw every version, in order, once
    for (const [k, s] of Object.entries(streams)) {
      const seen = s.events.filter((e) => e.event === "load").map((e) => JSON.parse(e.data).version as number);
      expect(seen, k).toEqual(Array.from({ length: seen.length }, (_, i) => start + 1 + i));
      s.close();
    }
  });
});
