// No list silently truncates: every list of bids answers at most 1,000
// rows, with the true total in X-Total-Count, and pages with limit/offset; the
// admin's Loads with Bids list (GET /api/loads/with-bids) is paged, sorted and
// searched in the database, with the lowest pending bid and the bid count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, createLoads, createUser, signedIn } from "../../../../test/factories";
import { bids, type LoadRow } from "../../db/schema";
import type { BidWithCarrier, LoadWithPendingBids, OwnBid } from "../../../contract/schemas/bid";

type Session = Awaited<ReturnType<typeof signedIn>>;

describe.each(ENGINES)("bounded bid lists on %s", (engine) => {
  let t: TestApp;
  let staff: Session;
  let carrier: Session;
  let busy: LoadRow;
  let board: LoadRow[];

  beforeAll(async () => {
    t = await createTestApp({ engine });
    staff = await signedIn(t.app, { role: "admin", isAdmin: true });
    carrier = await signedIn(t.app, { carrierName: "Busy Bidder Ltd" });
    // 1,100 decided bids by one carrier on one load (only a pending bid is one per carrier and load)
    busy = await createLoad(t.app, { loadNumber: "FN-2026-BUSY" });
    const at = Date.UTC(2026, 9, 1);
    await t.app.ctx.db.insert(bids).values(
      Array.from({ length: 1100 }, (_, i) => ({
        loadId: busy.id,
        carrierId: carrier.user.id,
        bidAmount: 1000 + i,
        status: "rejected",
        createdAt: new Date(at + i * 1000),
        updatedAt: new Date(at + i * 1000),
      })),
    );
    // 60 available loads with pending bids, for the Loads with Bids list
    board = await createLoads(t.app, 60, (i) => ({
      pickupCity: i === 59 ? "Penzance" : "Leeds",
      pickupDate: new Date(Date.UTC(2026, 10, 1) - i * 86_400_000),
      price: 1000 + i * 10,
    }));
    const bidders = await Promise.all([0, 1, 2].map(() => createUser(t.app)));
    await t.app.ctx.db.insert(bids).values(
      board.flatMap((l, i) =>
        bidders.slice(0, 1 + (i % 3)).map((b, k) => ({ loadId: l.id, carrierId: b.id, bidAmount: 900 + i + k * 50, status: "pending" })),
      ),
    );
    // a rejected bid does not make a load "with bids"; nor does a pending bid on a taken load
    const quiet = await createLoad(t.app, { loadNumber: "FN-2026-QUIET" });
    await t.app.ctx.db.insert(bids).values({ loadId: quiet.id, carrierId: bidders[0].id, bidAmount: 1, status: "rejected" });
    const taken = await createLoad(t.app, { loadNumber: "FN-2026-TAKEN", status: "accepted", acceptedByCarrier: "Someone Ltd" });
    await t.app.ctx.db.insert(bids).values({ loadId: taken.id, carrierId: bidders[0].id, bidAmount: 1, status: "pending" });
  });
  afterAll(() => t.close());

  async function get<T>(url: string, who: Session = staff) {
    const res = await t.app.inject({ url, headers: { cookie: who.cookie } });
    return { status: res.statusCode, body: res.json() as T, total: Number(res.headers["x-total-count"]) };
  }

  it("GET /api/user/bids answers 1,000 at most with the true total, and pages", async () => {
    const first = await get<OwnBid[]>("/api/user/bids", carrier);
    expect(first.body).toHaveLength(1000);
    expect(first.total).toBe(1100);
    // newest first: the last page ends with the first bid
    const last = await get<OwnBid[]>("/api/user/bids?limit=50&offset=1050", carrier);
    expect(last.body).toHaveLength(50);
    expect(last.body.at(-1)!.bidAmount).toBe(1000);
    expect(last.body[0]).toMatchObject({ loadNumber: "FN-2026-BUSY", loadStatus: "available" });
    expect((await get("/api/user/bids?limit=1001", carrier)).status).toBe(400);
  });

  it("GET /api/loads/{id}/bids answers 1,000 at most with the true total, and pages", async () => {
    const first = await get<BidWithCarrier[]>(`/api/loads/${busy.id}/bids`);
    expect(first.body).toHaveLength(1000);
    expect(first.total).toBe(1100);
    const rest = await get<BidWithCarrier[]>(`/api/loads/${busy.id}/bids?limit=1000&offset=1000`);
    expect(rest.body).toHaveLength(100);
    expect(new Set([...first.body, ...rest.body].map((b) => b.id)).size).toBe(1100);
    expect((await get(`/api/loads/${busy.id}/bids?limit=1001`)).status).toBe(400);
  });

  it("GET /api/admin/bids answers 1,000 at most with the true total, and pages", async () => {
    const all = 1100 + board.length * 2 + 2;
    const first = await get<BidWithCarrier[]>("/api/admin/bids");
    expect(first.body).toHaveLength(1000);
    expect(first.total).toBe(all);
    const tail = await get<BidWithCarrier[]>(`/api/admin/bids?limit=10&offset=${all - 3}`);
    expect(tail.body).toHaveLength(3);
    expect((await get("/api/admin/bids?limit=1001")).status).toBe(400);
    expect((await get("/api/admin/bids?offset=-1")).status).toBe(400);
  });

  it("GET /api/loads/with-bids lists available loads with pending bids: paged, with the total, lowest bid and count", async () => {
    const page = await get<LoadWithPendingBids[]>("/api/loads/with-bids?limit=25&offset=25");
    expect(page.status).toBe(200);
    expect(page.total).toBe(60);
    expect(page.body).toHaveLength(25);
    // newest pickup first, like every load list
    expect(page.body.map((r) => r.load.id)).toEqual(board.slice(25, 50).map((l) => l.id));
    for (const r of page.body) {
      const i = board.findIndex((l) => l.id === r.load.id);
      expect(r).toMatchObject({ bidCount: 1 + (i % 3), lowestBid: 900 + i });
      // staff see every field
      expect(r.load.pickupZip).toBe("LS1 4AP");
    }
  });

  it("GET /api/loads/with-bids sorts and searches over the whole set; carriers are refused", async () => {
    const cheapest = await get<LoadWithPendingBids[]>("/api/loads/with-bids?sort=price&limit=1");
    expect(cheapest.body[0].load.id).toBe(board[0].id);
    const dearest = await get<LoadWithPendingBids[]>("/api/loads/with-bids?sort=-price&limit=1");
    expect(dearest.body[0].load.id).toBe(board[59].id);
    const found = await get<LoadWithPendingBids[]>("/api/loads/with-bids?search=penzance");
    expect(found.body.map((r) => r.load.id)).toEqual([board[59].id]);
    expect(found.total).toBe(1);
    expect((await get("/api/loads/with-bids?search=FN-2026-QUIET")).total).toBe(0);
    expect((await get("/api/loads/with-bids?search=FN-2026-TAKEN")).total).toBe(0);
    expect((await get("/api/loads/with-bids?limit=1001")).status).toBe(400);
    expect((await get("/api/loads/with-bids", carrier)).status).toBe(403);
  });
});
