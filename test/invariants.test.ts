// Random sequences of real API actions by random actors (carriers of two
// companies, a manager, an admin): accept, bid, update bid, award bid, reject
// bid, status changes, reset, POD, edit load, copy. After every sequence the
// data must satisfy these invariants, checked on the loads of that sequence
// only so that fast-check can shrink a failure to a minimal sequence:
//
//  I1 one carrier: a load that is accepted, approved or completed has a carrier
//     (acceptedBy or acceptedByCarrier); an available load has none; when
//     acceptedBy is set, acceptedByCarrier names that user's company (or name).
//  I2 signatories: a load with both pickupSignedBy and deliverySignedBy set is
//     completed. (Staff "Mark Complete" may complete a load without POD,
//     so the converse is not required; completed is final in the state
//     machine, so "is or was completed" is the same as "is completed".) And a
//     load completed through POD (audit reason "POD completed") still has both.
//  I3 no pending bid on a load that is accepted, approved or completed (every
//     way into accepted — accept, award, assign — rejects the pending bids, and
//     bids are refused on loads that are not available).
//  I4 at most one accepted bid per load.
//  (Counter-offers and their answers are among the actions: a countered bid is an
//  open bid, so I3 covers it too.)
//  I5 every status change has an audit event: per load, the events that carry a
//     status form an unbroken chain — the first is the create/copy into
//     `available`, each next event starts from the status the one before ended
//     in, and the last ends in the load's current status.
//  plus: no action ever answers 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { inArray, sql } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "./helpers";
import { createUser, login } from "./factories";
import { queryRows } from "../src/server/db/client";
import { bids, type UserRow } from "../src/server/db/schema";
import { LOAD_STATUSES } from "../src/contract/constants";

const RUNS = Number(process.env.INVARIANT_RUNS ?? 25);

type Who = "c1" | "c2" | "c3" | "manager" | "admin";
const WHO: Who[] = ["c1", "c2", "c3", "manager", "admin"];
const STAFF: Who[] = ["manager", "admin"];

type Action =
  | { k: "accept"; load: number; who: Who }
  | { k: "bid"; load: number; who: Who; amount: number }
  | { k: "award"; bid: number; who: Who }
  | { k: "rejectBid"; bid: number; who: Who }
  | { k: "counter"; bid: number; who: Who; amount: number }
  | { k: "answer"; bid: number; accept: boolean }
  | { k: "status"; load: number; who: Who; status: (typeof LOAD_STATUSES)[number]; assignee: Who }
  | { k: "reset"; load: number; who: Who }
  | { k: "pod"; load: number; who: Who }
  | { k: "edit"; load: number; who: Who; sign: "none" | "pickup" | "both"; price: number }
  | { k: "copy"; load: number; who: Who };

const load = fc.nat({ max: 20 });
const anyone = fc.constantFrom(...WHO);
const staff = fc.constantFrom(...STAFF);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant("accept" as const), load, who: anyone }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant("bid" as const), load, who: anyone, amount: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("award" as const), bid: fc.nat({ max: 20 }), who: staff }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("rejectBid" as const), bid: fc.nat({ max: 20 }), who: staff }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("counter" as const), bid: fc.nat({ max: 20 }), who: staff, amount: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("answer" as const), bid: fc.nat({ max: 20 }), accept: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant("status" as const), load, who: staff, status: fc.constantFrom(...LOAD_STATUSES), assignee: anyone }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("reset" as const), load, who: staff }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("pod" as const), load, who: anyone }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("edit" as const), load, who: staff, sign: fc.constantFrom("none" as const, "pickup" as const, "both" as const), price: fc.integer({ min: 0, max: 3000 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("copy" as const), load, who: staff }) },
);

describe.each(ENGINES)("load and bid invariants under random action sequences on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-23T08:00:00Z"));
  const users = {} as Record<Who, { user: UserRow; cookie: string }>;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    const make = async (who: Who, over: Parameters<typeof createUser>[1]) => {
      const user = await createUser(t.app, over);
      users[who] = { user, cookie: await login(t.app, user.email) };
    };
    await make("c1", { carrierName: "Alpha Haulage Ltd" });
    await make("c2", { carrierName: "Beta Freight Ltd" });
    // c3 works for c1's company: their loads are shared by company name
    await make("c3", { carrierName: "Alpha Haulage Ltd" });
    await make("manager", { role: "manager", carrierName: "Network Ops" });
    await make("admin", { role: "admin", isAdmin: true, carrierName: "Network Ops" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (who: Who, method: string, url: string, payload?: unknown) => {
    clock.advance(1000); // one action a second: audit events order exactly
    return t.app.inject({ method: method as "GET", url, headers: { cookie: users[who].cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  };

  async function runSequence(actions: Action[]): Promise<{ loadIds: string[]; log: string[] }> {
    const loadIds: string[] = [];
    const log: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call("admin", "POST", "/api/loads", { pickupCity: "Leeds", deliveryCity: "Bristol", price: 1000, distance: 100 });
      expect(res.statusCode, res.body).toBe(201);
      loadIds.push(res.json().id);
    }
    for (const a of actions) {
      const loadId = "load" in a ? loadIds[a.load % loadIds.length] : "";
      let res;
      switch (a.k) {
        case "accept":
          res = await call(a.who, "PATCH", `/api/loads/${loadId}/accept`, { userId: users[a.who].user.id });
          break;
        case "bid":
          res = await call(a.who, "POST", "/api/bids", { loadId, bidAmount: a.amount });
          break;
        case "award":
        case "rejectBid": {
          const rows = await t.app.ctx.db.select({ id: bids.id }).from(bids).where(inArray(bids.loadId, loadIds)).orderBy(bids.createdAt, bids.id);
          if (!rows.length) continue;
          const bidId = rows[a.bid % rows.length].id;
          res = await call(a.who, "POST", `/api/bids/${bidId}/${a.k === "award" ? "accept" : "reject"}`);
          break;
        }
        case "counter":
        case "answer": {
          const rows = await t.app.ctx.db.select({ id: bids.id, carrierId: bids.carrierId }).from(bids).where(inArray(bids.loadId, loadIds)).orderBy(bids.createdAt, bids.id);
          if (!rows.length) continue;
          const bid = rows[a.bid % rows.length];
          if (a.k === "counter") res = await call(a.who, "POST", `/api/bids/${bid.id}/counter`, { amount: a.amount, expiresInMinutes: 5 });
          else {
            // the bidder answers (the clock moves a second an action: some offers lapse first)
            const bidder = WHO.find((w) => users[w].user.id === bid.carrierId)!;
            res = await call(bidder, "POST", `/api/bids/${bid.id}/${a.accept ? "accept-counter" : "decline-counter"}`);
          }
          break;
        }
        case "status":
          res = await call(a.who, "PATCH", `/api/loads/${loadId}/status`, {
            status: a.status,
            userId: users[a.who].user.id,
            ...(a.status === "accepted" ? { acceptedBy: users[a.assignee].user.id } : {}),
          });
          break;
        case "reset":
          res = await call(a.who, "PATCH", `/api/loads/${loadId}/reset-to-available`);
          break;
        case "pod":
          res = await call(a.who, "PUT", `/api/loads/${loadId}/pod`, {
            pickupSignedBy: "Pat Pickup",
            pickupSignedDate: "2026-11-22T09:30:00.000Z",
            deliverySignedBy: "Dee Delivery",
            deliverySignedDate: "2026-11-22T15:30:00.000Z",
          });
          break;
        case "edit":
          res = await call(a.who, "PUT", `/api/loads/${loadId}`, {
            pickupCity: "Leeds",
            deliveryCity: "York",
            price: a.price,
            distance: 100,
            ...(a.sign !== "none" ? { pickupSignedBy: "Staff Pickup", pickupSignedDate: "2026-11-22T09:30:00.000Z" } : {}),
            ...(a.sign === "both" ? { deliverySignedBy: "Staff Delivery", deliverySignedDate: "2026-11-22T15:30:00.000Z" } : {}),
          });
          break;
        case "copy":
          res = await call(a.who, "POST", `/api/loads/${loadId}/copy`);
          if (res.statusCode === 201) loadIds.push(res.json().id);
          break;
      }
      log.push(`${JSON.stringify(a)} → ${res.statusCode}`);
      expect(res.statusCode, `5xx for ${JSON.stringify(a)}: ${res.body}`).toBeLessThan(500);
    }
    return { loadIds, log };
  }

  /** Every invariant, on the given loads; returns the violations found. */
  async function violations(loadIds: string[]): Promise<string[]> {
    const db = t.app.ctx.db;
    const ids = sql.join(
      loadIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const out: string[] = [];
    const q = async (name: string, query: ReturnType<typeof sql>) => {
      const rows = await queryRows<Record<string, unknown>>(db, query);
      for (const r of rows) out.push(`${name}: ${JSON.stringify(r)}`);
    };
    await q(
      "I1 one carrier",
      sql`select l.load_number, l.status, l.accepted_by, l.accepted_by_carrier, u.carrier_name as user_company from loads l left join users u on u.id = l.accepted_by
          where l.id in (${ids}) and (
            (l.status in ('accepted','approved','completed') and l.accepted_by is null and l.accepted_by_carrier is null)
            or (l.status = 'available' and (l.accepted_by is not null or l.accepted_by_carrier is not null))
            or (l.accepted_by is not null and l.accepted_by_carrier is distinct from coalesce(u.carrier_name, u.name)))`,
    );
    await q(
      "I2 both signatories but not completed",
      sql`select load_number, status, pickup_signed_by, delivery_signed_by from loads
          where id in (${ids}) and pickup_signed_by is not null and delivery_signed_by is not null and status <> 'completed'`,
    );
    await q(
      "I2 completed by POD but a signatory missing",
      sql`select l.load_number, l.status from loads l where l.id in (${ids})
          and exists (select 1 from load_events e where e.load_id = l.id and e.to_status = 'completed' and e.reason = 'POD completed')
          and (l.pickup_signed_by is null or l.delivery_signed_by is null)`,
    );
    await q(
      "I3 pending or countered bid on a taken load",
      sql`select l.load_number, l.status, b.id as bid, b.status as bid_status from bids b join loads l on l.id = b.load_id
          where l.id in (${ids}) and b.status in ('pending', 'countered') and l.status in ('accepted','approved','completed')`,
    );
    await q(
      "I4 more than one accepted bid",
      sql`select l.load_number, l.status, count(*)::int as accepted_bids from bids b join loads l on l.id = b.load_id
          where l.id in (${ids}) and b.status = 'accepted' group by l.load_number, l.status having count(*) > 1`,
    );
    await q(
      "I5 audit chain broken",
      sql`with ev as (
            select e.load_id, e.action, e.from_status, e.to_status,
                   lag(e.to_status) over (partition by e.load_id order by e.created_at, e.id) as prev_to,
                   row_number() over (partition by e.load_id order by e.created_at, e.id) as n,
                   row_number() over (partition by e.load_id order by e.created_at desc, e.id desc) as rn
            from load_events e where e.load_id in (${ids}) and e.to_status is not null)
          select l.load_number, l.status, ev.n, ev.action, ev.from_status, ev.to_status, ev.prev_to
          from ev join loads l on l.id = ev.load_id
          where (ev.n = 1 and (ev.action not in ('create','copy') or ev.to_status <> 'available'))
             or (ev.n > 1 and ev.from_status is distinct from ev.prev_to)
             or (ev.rn = 1 and ev.to_status <> l.status)`,
    );
    await q(
      "I5 load without any audit event",
      sql`select l.load_number from loads l where l.id in (${ids}) and not exists (select 1 from load_events e where e.load_id = l.id)`,
    );
    return out;
  }

  it("hold after every random sequence of accepts, bids, awards, status changes, resets, POD, edits and copies", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 5, maxLength: 35 }), async (actions) => {
        const { loadIds, log } = await runSequence(actions);
        const found = await violations(loadIds);
        expect(found, `after:\n  ${log.join("\n  ")}`).toEqual([]);
      }),
      { numRuns: RUNS * 2, interruptAfterTimeLimit: 150_000, markInterruptAsFailure: false },
    );
  }, 300_000);

  // Deterministic sequences for the cases a random run may take a while to reach.
  it("I4: a load reset after an award and then awarded again has one accepted bid", async () => {
    const { loadIds, log } = await runSequence([
      { k: "bid", load: 0, who: "c1", amount: 900 },
      { k: "award", bid: 0, who: "admin" },
      { k: "reset", load: 0, who: "admin" },
      { k: "bid", load: 0, who: "c2", amount: 800 },
      { k: "award", bid: 1, who: "manager" },
    ]);
    expect(await violations(loadIds), log.join("\n")).toEqual([]);
  });

  it("I3, I4: a counter-offer accepted by its bidder books the load at that amount and closes every other open bid", async () => {
    const { loadIds, log } = await runSequence([
      { k: "bid", load: 0, who: "c1", amount: 900 },
      { k: "bid", load: 0, who: "c2", amount: 950 },
      { k: "counter", bid: 0, who: "manager", amount: 925 },
      { k: "counter", bid: 1, who: "admin", amount: 930 },
      { k: "answer", bid: 1, accept: false },
      { k: "answer", bid: 0, accept: true },
    ]);
    expect(log.map((l) => l.split(" → ")[1])).toEqual(["201", "201", "200", "200", "200", "200"]);
    expect(await violations(loadIds), log.join("\n")).toEqual([]);
    const rows = await t.app.ctx.db.select({ status: bids.status, amount: bids.bidAmount }).from(bids).where(inArray(bids.loadId, [loadIds[0]])).orderBy(bids.createdAt, bids.id);
    expect(rows).toEqual([{ status: "accepted", amount: 925 }, { status: "rejected", amount: 950 }]);
  });

  it("I2: staff editing both signatories onto a load that is not completed", async () => {
    const { loadIds, log } = await runSequence([
      { k: "accept", load: 0, who: "c1" },
      { k: "status", load: 0, who: "admin", status: "approved", assignee: "c1" },
      { k: "edit", load: 0, who: "admin", sign: "both", price: 1000 },
      { k: "edit", load: 1, who: "manager", sign: "both", price: 1000 },
    ]);
    expect(await violations(loadIds), log.join("\n")).toEqual([]);
  });

  it("the invariant check itself finds a broken load (it can fail)", async () => {
    const { loadIds } = await runSequence([{ k: "accept", load: 0, who: "c1" }]);
    // break it behind the API's back: an accepted load with no carrier and no audit of the change
    await t.app.ctx.db.execute(sql`update loads set accepted_by = null, accepted_by_carrier = null, status = 'approved' where id = ${loadIds[0]}`);
    const found = await violations(loadIds);
    expect(found.some((f) => f.startsWith("I1"))).toBe(true);
    expect(found.some((f) => f.startsWith("I5 audit chain"))).toBe(true);
  });
});
