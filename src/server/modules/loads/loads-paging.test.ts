// No list silently truncates: on a board of 1,200 loads the list answers
// at most 1,000 rows without a limit, with the true total in X-Total-Count; a limit
// above 1,000 is refused; staff find a load from two years ago by number, by city
// and by paging; every sort of the contract orders the whole set, id as tie-break.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoads, signedIn } from "../../../../test/factories";
import { loadEvents, loadViews, loads, type LoadRow } from "../../db/schema";
import { LOAD_SORTS, type Load, type LoadSort } from "../../../contract/schemas/load";

type Session = Awaited<ReturnType<typeof signedIn>>;

const OLDEST = { loadNumber: "FN-2024-0042", pickupCity: "Penzance", deliveryCity: "Lerwick" };
const DAY = 86_400_000;

/** The contract's orders written out independently of the server's code. */
function contractOrder(sort: LoadSort): (a: LoadRow, b: LoadRow) => number {
  const desc = sort.startsWith("-");
  const field = sort.replace(/^-/, "") as "pickupDate" | "price" | "ratePerMile" | "distance" | "createdAt";
  const value = (l: LoadRow): number | null => {
    const v = l[field];
    return v == null ? null : v instanceof Date ? v.getTime() : Number(v);
  };
  return (a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va !== vb) {
      if (va === null) return 1; // no value: last, either way
      if (vb === null) return -1;
      return desc ? vb - va : va - vb;
    }
    return a.id < b.id ? -1 : 1;
  };
}

describe.each(ENGINES)("a board of 1,200 loads on %s", (engine) => {
  let t: TestApp;
  let staff: Session;
  let carrier: Session;
  let all: LoadRow[];
  let oldest: LoadRow;

  beforeAll(async () => {
    // before the earliest pickup below: every available load is still on the carriers' board (not expired)
    t = await createTestApp({ engine, clock: new TestClock(new Date("2026-06-01T08:00:00Z")) });
    staff = await signedIn(t.app, { role: "manager" });
    carrier = await signedIn(t.app, { carrierName: "Kernow Haulage" });
    const now = Date.UTC(2026, 10, 1, 9);
    all = await createLoads(t.app, 1200, (i) => {
      if (i === 1199) {
        // two years ago, completed by another company: only staff see it
        return { ...OLDEST, status: "completed", acceptedByCarrier: "Old Cornish Freight", pickupDate: new Date(Date.UTC(2024, 9, 15, 9)), createdAt: new Date(Date.UTC(2024, 9, 1)) };
      }
      const price = 500 + ((i * 37) % 3000);
      const distance = i % 50 === 0 ? null : 50 + ((i * 13) % 600);
      return {
        status: i % 10 === 9 ? "completed" : "available",
        acceptedByCarrier: i % 10 === 9 ? (i % 20 === 9 ? "Kernow Haulage" : "Other Co") : null,
        // pickups six hours apart going back, some without a date, some on the same hour
        pickupDate: i % 97 === 0 ? null : new Date(now - Math.floor(i / 2) * 6 * 3_600_000),
        price,
        distance,
        ratePerMile: distance ? Math.round((price / distance) * 100) / 100 : null,
        createdAt: new Date(now - 30 * DAY + Math.floor(i / 3) * 60_000),
      };
    });
    oldest = all.find((l) => l.loadNumber === OLDEST.loadNumber)!;
  });
  afterAll(() => t.close());

  async function get(url: string, who: Session = staff) {
    const res = await t.app.inject({ url, headers: { cookie: who.cookie } });
    const ok = res.statusCode === 200;
    return {
      status: res.statusCode,
      body: (ok ? res.json() : []) as Load[],
      error: (ok ? undefined : res.json()) as { details?: unknown } | undefined,
      total: Number(res.headers["x-total-count"]),
    };
  }

  it("without a limit answers 1,000 loads with the true total, for staff and for a carrier", async () => {
    const s = await get("/api/loads");
    expect(s.status).toBe(200);
    expect(s.body).toHaveLength(1000);
    expect(s.total).toBe(1200);
    const visible = all.filter((l) => l.status === "available" || l.acceptedByCarrier === "Kernow Haulage").length;
    expect(visible).toBeGreaterThan(1000);
    const c = await get("/api/loads", carrier);
    expect(c.body).toHaveLength(1000);
    expect(c.total).toBe(visible);
  });

  it("refuses a limit above 1,000 (400) and answers a limit of 1,000", async () => {
    const over = await get("/api/loads?limit=1001");
    expect(over.status).toBe(400);
    expect(over.error?.details).toEqual([expect.objectContaining({ path: "limit" })]);
    expect((await get("/api/loads?limit=5000", carrier)).status).toBe(400);
    const max = await get("/api/loads?limit=1000&offset=1000");
    expect(max.body).toHaveLength(200);
    expect(max.total).toBe(1200);
  });

  it("finds the load from two years ago by its number, its pickup city and its delivery city", async () => {
    for (const q of [OLDEST.loadNumber, "fn-2024-00", "penzance", "LERWICK"]) {
      const found = await get(`/api/loads?search=${encodeURIComponent(q)}&limit=50`);
      expect(found.body.map((l) => l.id), q).toEqual([oldest.id]);
      expect(found.total, q).toBe(1);
    }
    // a carrier of another company does not see it at all
    expect((await get(`/api/loads?search=penzance`, carrier)).body).toEqual([]);
  });

  it("pages through all 1,200 loads, 50 at a time, to the oldest on the last page", async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 1200; offset += 50) {
      const page = await get(`/api/loads?limit=50&offset=${offset}`);
      expect(page.total).toBe(1200);
      expect(page.body).toHaveLength(50);
      seen.push(...page.body.map((l) => l.id));
    }
    expect(new Set(seen).size).toBe(1200);
    // newest pickup first, loads without a pickup date last: the oldest dated one closes the dated run
    const dated = seen.filter((id) => all.find((l) => l.id === id)!.pickupDate);
    expect(dated.at(-1)).toBe(oldest.id);
    // soonest pickup first puts it on top
    expect((await get("/api/loads?limit=1&sort=pickupDate")).body[0].id).toBe(oldest.id);
  });

  it.each(LOAD_SORTS)("sort=%s orders the whole set as the contract says, ties broken by id", async (sort) => {
    const first = await get(`/api/loads?sort=${sort}`);
    const rest = await get(`/api/loads?sort=${sort}&limit=1000&offset=1000`);
    expect(first.total).toBe(1200);
    const expected = [...all].sort(contractOrder(sort)).map((l) => l.id);
    expect([...first.body, ...rest.body].map((l) => l.id)).toEqual(expected);
    // a carrier's list (shared available loads merged with their own) keeps the same order
    const mine = await get(`/api/loads?sort=${sort}&limit=300&offset=100`, carrier);
    const visible = [...all].filter((l) => l.status === "available" || l.acceptedByCarrier === "Kernow Haulage").sort(contractOrder(sort));
    expect(mine.body.map((l) => l.id)).toEqual(visible.slice(100, 400).map((l) => l.id));
  });

  it("the default order is newest pickup first, and an unknown sort is refused", async () => {
    expect((await get("/api/loads?limit=100")).body.map((l) => l.id)).toEqual((await get("/api/loads?limit=100&sort=-pickupDate")).body.map((l) => l.id));
    expect((await get("/api/loads?sort=loadNumber")).status).toBe(400);
  });

  it("an ETag names the sort: the same page in another order is not a 304", async () => {
    const a = await t.app.inject({ url: "/api/loads?limit=10", headers: { cookie: staff.cookie } });
    const b = await t.app.inject({ url: "/api/loads?limit=10&sort=price", headers: { cookie: staff.cookie, "if-none-match": a.headers.etag as string } });
    expect(b.statusCode).toBe(200);
  });

  it("bounds a load's views and history the same way: 1,000 at most, the total in X-Total-Count", async () => {
    const load = all[0];
    const at = Date.UTC(2026, 9, 1);
    await t.app.ctx.db.insert(loadViews).values(Array.from({ length: 1100 }, (_, i) => ({ loadId: load.id, userId: carrier.user.id, viewedAt: new Date(at + i * 1000) })));
    await t.app.ctx.db
      .insert(loadEvents)
      .values(Array.from({ length: 1050 }, (_, i) => ({ loadId: load.id, action: "edit", fromStatus: "available", toStatus: "available", createdAt: new Date(at + i * 1000) })));
    const views = await get(`/api/loads/${load.id}/views`);
    expect(views.body).toHaveLength(1000);
    expect(views.total).toBe(1100);
    const lastViews = await get(`/api/loads/${load.id}/views?limit=10&offset=1095`);
    expect(lastViews.body).toHaveLength(5);
    // newest first: the last page holds the first views
    expect((lastViews.body as unknown as { viewedAt: string }[]).at(-1)!.viewedAt).toBe(new Date(at).toISOString());
    const events = await get(`/api/loads/${load.id}/events`);
    expect(events.body).toHaveLength(1000);
    expect(events.total).toBe(1050);
    expect((await get(`/api/loads/${load.id}/events?limit=1001`)).status).toBe(400);
    expect((await get(`/api/loads/${load.id}/views?limit=1001`)).status).toBe(400);
  });

  it("keeps the 1,200 loads in the table (the seed is what the tests think it is)", async () => {
    expect(await t.app.ctx.db.$count(loads)).toBe(1200);
  });
});
