// Runs every cell of the access policy (test/access-policy.ts): each route and
// scenario × each kind of caller, on every engine, through the real app. A
// request that changes state gets fresh data of its own, so cells never depend
// on each other. Every response is also checked for leaks:
//  * no password hash, password field or reset token, for anyone;
//  * for a carrier (and anyone signed out), every load in the body is one they
//    may know exists, and its postcode/address/contact/reference/PO number are
//    absent unless the load is theirs and approved or completed — checked field
//    by field AND by searching the raw body for the seeded secret strings.
//
// The rows live in test/access-policy.ts, their request builders in test/access-build*.ts
// and the shared fixtures in test/access-world.ts.
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "./helpers";
import { createUser, login } from "./factories";
import { loads, users } from "../src/server/db/schema";
import { queryRows } from "../src/server/db/client";
import { ACTORS, POLICY, allows, type PolicyCase } from "./access-policy";
import { checkLeaks } from "./fuzz-support";
import { BUILD } from "./access-build";
import { CARRIER_CO, OTHER_CO, newBid, newLoad, sessionFor, uploadFile, type World } from "./access-world";

/** The status line of an SSE stream over real HTTP (inject would wait for a stream that never ends). */
function streamStatus(port: number, url: string, cookie?: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, headers: cookie ? { cookie } : {} }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      const done = () => {
        req.destroy();
        resolve({ statusCode: res.statusCode ?? 0, body });
      };
      res.on("data", (c: string) => {
        body += c;
        if (res.statusCode === 200) done();
      });
      res.on("end", done);
    });
    req.on("error", (e) => (e.message.includes("socket hang up") ? undefined : reject(e)));
    req.setTimeout(5000, () => reject(new Error("no answer from the stream")));
    req.end();
  });
}

/** Registered routes from the router's own listing (HEAD and the web fallback left out). */
function registeredRoutes(t: TestApp): string[] {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const path = (depth > 0 ? stack[depth - 1] : "") + m[2];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? "").split(", ").filter(Boolean)) {
      if (method !== "HEAD" && path !== "*") out.add(`${method} ${path}`);
    }
  }
  return [...out].sort();
}

describe.each(ENGINES)("access matrix on %s", (engine) => {
  const w = {} as World;

  beforeAll(async () => {
    w.t = await createTestApp({ engine });
    await w.t.app.listen({ port: 0, host: "127.0.0.1" });
    w.port = (w.t.app.server.address() as { port: number }).port;
    const app = w.t.app;
    const carrier = await createUser(app, { carrierName: CARRIER_CO, name: "Matrix Carrier" });
    const other = await createUser(app, { carrierName: OTHER_CO, name: "Rival Carrier" });
    const manager = await createUser(app, { role: "manager", carrierName: "Network Ops" });
    const admin = await createUser(app, { role: "admin", isAdmin: true, carrierName: "Network Ops" });
    const pending = await createUser(app, { isApproved: false, carrierName: `Pending ${randomUUID().slice(0, 6)} Ltd` });
    w.actors = {
      anonymous: { user: null },
      // an unapproved account cannot sign in, so its session is made directly
      pending: { user: pending, cookie: await sessionFor(w.t, pending.id) },
      carrier: { user: carrier, cookie: await login(app, carrier.email) },
      otherCarrier: { user: other, cookie: await login(app, other.email) },
      manager: { user: manager, cookie: await login(app, manager.email) },
      admin: { user: admin, cookie: await login(app, admin.email) },
    };
    // login stamped lastLoginAt: keep the rows current for the redaction rules
    for (const a of ACTORS) {
      const u = w.actors[a].user;
      if (u) [w.actors[a].user] = await app.ctx.db.select().from(users).where(eq(users.id, u.id));
    }
    w.seed = {
      available: await newLoad(w, "available"),
      ownAccepted: await newLoad(w, "ownAccepted"),
      ownApproved: await newLoad(w, "ownApproved"),
      ownCompleted: await newLoad(w, "ownCompleted"),
      otherApproved: await newLoad(w, "otherApproved"),
      cancelled: await newLoad(w, "cancelled"),
    };
    await newBid(w, w.seed.available.id, carrier.id);
    await newBid(w, w.seed.available.id, other.id);
    // paperwork: uploaded through the real upload call, attached to a load directly
    const ownPath = await uploadFile(w, w.actors.carrier.cookie!);
    const otherPath = await uploadFile(w, w.actors.otherCarrier.cookie!);
    await app.ctx.db.update(loads).set({ signedPaperworkUrl: ownPath }).where(eq(loads.id, w.seed.ownCompleted.id));
    await app.ctx.db.update(loads).set({ signedPaperworkUrl: otherPath }).where(eq(loads.id, w.seed.otherApproved.id));
    w.files = { ownLoad: ownPath, otherLoad: otherPath, unattached: await uploadFile(w, w.actors.carrier.cookie!) };
  });
  afterAll(async () => {
    await w.t?.close();
  });

  it("the policy has a row for every registered route, and every row names a registered route", () => {
    const routes = registeredRoutes(w.t);
    expect(routes.length).toBeGreaterThan(30);
    const covered = new Set(Object.values(POLICY).map((r) => `${r.method} ${r.path}`));
    expect(routes.filter((r) => !covered.has(r)), "routes without a policy row").toEqual([]);
    const unknown = [...covered].filter((r) => {
      if (r.includes("/api/no-such-call")) return false;
      const [method, url] = r.split(" ");
      return !w.t.app.hasRoute({ method: method as "GET", url });
    });
    expect(unknown, "policy rows naming no route").toEqual([]);
  });

  for (const [id, row] of Object.entries(POLICY) as [PolicyCase, (typeof POLICY)[PolicyCase]][]) {
    describe(`${row.method} ${row.path} — ${row.scenario} [${id}]`, () => {
      it.each(ACTORS)("as %s", async (actor) => {
        const req = await BUILD[id](w, actor);
        const who = req.as ?? w.actors[actor];
        const headers: Record<string, string> = { ...(req.headers ?? {}) };
        if (who.cookie) headers.cookie = who.cookie;
        let res: { statusCode: number; body: string };
        if (id === "live") {
          res = await streamStatus(w.port, req.url, who.cookie);
        } else {
          const r = await w.t.app.inject({
            method: (req.method ?? row.method) as "GET",
            url: req.url,
            headers,
            ...(req.body ? { payload: req.body } : req.payload !== undefined ? { payload: req.payload as object } : {}),
          });
          res = { statusCode: r.statusCode, body: r.body };
        }
        const expected = row.expect[actor];
        expect(
          allows(expected, res.statusCode),
          `${row.method} ${req.url} as ${actor}: expected ${JSON.stringify(expected)}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
        ).toBe(true);
        await checkLeaks(w.t, who.user, res);
        await req.check?.(res);
      });
    });
  }

  it("the leak check itself finds a planted private value, a hidden load and a hash (it can fail)", async () => {
    const carrier = w.actors.carrier.user!;
    const planted = [
      JSON.stringify({ note: w.seed.otherApproved.pickupZip }),
      JSON.stringify([{ id: w.seed.cancelled.id, loadNumber: "x", pickupCity: "Leeds", pickupZip: null }]),
      JSON.stringify({ id: w.seed.ownAccepted.id, loadNumber: "x", pickupCity: "Leeds", deliveryContact: "someone" }),
      JSON.stringify({ user: { password: "$argon2id$v=19$m=19456" } }),
    ];
    for (const body of planted) await expect(checkLeaks(w.t, carrier, { body })).rejects.toThrow();
    // while the carrier's own approved load may show its secrets
    await checkLeaks(w.t, carrier, { body: JSON.stringify({ zip: w.seed.ownApproved.pickupZip }) });
  });

  it("a carrier's board and details never show another company's loads or the private fields of unapproved ones", async () => {
    // the strongest redaction case in one place: the list as the carrier, against the seeded secrets
    const res = await w.t.app.inject({ url: "/api/loads", headers: { cookie: w.actors.carrier.cookie! } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; pickupZip: string | null; mandataNumber: string | null }[];
    const ids = new Set(list.map((l) => l.id));
    expect(ids.has(w.seed.available.id)).toBe(true);
    expect(ids.has(w.seed.ownApproved.id)).toBe(true);
    expect(ids.has(w.seed.otherApproved.id)).toBe(false);
    expect(ids.has(w.seed.cancelled.id)).toBe(false);
    expect(res.body).not.toContain(w.seed.available.pickupZip!);
    expect(res.body).not.toContain(w.seed.ownAccepted.mandataNumber!);
    expect(res.body).not.toContain(w.seed.otherApproved.mandataNumber!);
    // the carrier's own approved load shows its postcode and PO number
    const own = list.find((l) => l.id === w.seed.ownApproved.id)!;
    expect(own.pickupZip).toBe(w.seed.ownApproved.pickupZip);
    expect(own.mandataNumber).toBe(w.seed.ownApproved.mandataNumber);
    // sanity: the database really holds the secrets the test searches for
    const [n] = await queryRows<{ n: number }>(w.t.app.ctx.db, sql`select count(*)::int as n from loads where pickup_zip like 'ZZ9 %'`);
    expect(Number(n.n)).toBeGreaterThan(5);
  });
});
