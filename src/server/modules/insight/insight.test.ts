// GET /api/insight (the staff insight page): per UK week, loads posted, booked and completed, the share
// booked within 24 h, the median time to book and the spend, exact to the penny.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, createLoads, signedIn } from "../../../../test/factories";
import type { loads } from "../../db/schema";

type Session = Awaited<ReturnType<typeof signedIn>>;
type LoadOver = Partial<typeof loads.$inferInsert>;

/** Wed 25 Nov 2026, GMT: the current week is w/c Mon 23 Nov */
const NOW = new Date("2026-11-25T12:00:00Z");
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

/** a week with nothing in it: zeros, and no share or median (there is nothing to take one of) */
const EMPTY = { posted: 0, booked: 0, completed: 0, bookedWithin24h: null, bookedWithin24hCount: 0, medianHoursToBook: null, spend: 0 };

describe.each(ENGINES)("staff insight on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(NOW);
  let carrier: Session;
  let manager: Session;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    carrier = await signedIn(t.app, { carrierName: "Pennine Haulage Ltd" });
    manager = await signedIn(t.app, { role: "manager" });
    admin = await signedIn(t.app, { role: "admin", isAdmin: true });
  });
  afterAll(() => t?.close());

  const ask = (query: string, s: Session | null = manager) =>
    t.app.inject({ url: `/api/insight${query}`, headers: s ? { cookie: s.cookie } : {} });
  const insight = async (query: string, s: Session = manager) => {
    const res = await ask(query, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** a load posted at `created`; booked at `accepted` (status accepted unless said); completed at `completed` */
  const load = (created: string, o: { accepted?: string; completed?: string; price?: number } & LoadOver = {}) => {
    const { accepted, completed, price, ...over } = o;
    return createLoad(t.app, {
      createdAt: at(created),
      status: completed ? "completed" : accepted ? "accepted" : "available",
      acceptedBy: accepted ? carrier.user.id : null,
      acceptedByCarrier: accepted ? "Pennine Haulage Ltd" : null,
      acceptedAt: accepted ? at(accepted) : null,
      completedAt: completed ? at(completed) : null,
      price: price ?? 1000,
      ...over,
    });
  };

  it("gives exact figures per UK week, an empty week as zeros, and the period's totals", async () => {
    // w/c 26 Oct (before the period): posted Sun 1 Nov 23:00 GMT, booked 2 h later on Mon 2 Nov
    await load("2026-11-01T23:00:00Z", { accepted: "2026-11-02T01:00:00Z", status: "approved" });
    // w/c 2 Nov
    await load("2026-11-02T09:00:00Z", { accepted: "2026-11-02T11:00:00Z", completed: "2026-11-05T10:00:00Z", price: 0.1 }); // 2 h
    await load("2026-11-03T10:00:00Z", { accepted: "2026-11-04T16:00:00Z", completed: "2026-11-06T10:00:00Z", price: 0.2 }); // 30 h: not within 24 h
    await load("2026-11-04T08:00:00Z", { accepted: "2026-11-05T08:00:00Z", status: "approved", price: 500 }); // exactly 24 h: within
    await load("2026-11-05T11:00:00Z"); // never booked
    // booked within the hour, then cancelled: no booking (the booking time stays on the row)
    await load("2026-11-06T12:00:00Z", { accepted: "2026-11-06T13:00:00Z", status: "cancelled" });
    await load("2026-11-05T09:00:00Z", { accepted: "2026-11-19T09:00:00Z" }); // posted w/c 2 Nov, booked w/c 16 Nov: 336 h
    // w/c 9 Nov: nothing at all
    // w/c 16 Nov: from the first instant of Monday (00:00 GMT) to the last of Sunday
    await load("2026-11-16T00:00:00Z", { accepted: "2026-11-16T03:30:00Z", completed: "2026-11-18T15:00:00Z", price: 1234.56 }); // 3.5 h
    await load("2026-11-17T10:00:00Z", { accepted: "2026-11-17T11:30:00Z", completed: "2026-11-22T23:59:59Z", price: 999.99 }); // 1.5 h
    // w/c 23 Nov (this week, still running)
    await load("2026-11-23T10:00:00Z");

    const body = await insight("?weeks=4");
    expect(body).toEqual({
      weeks: 4,
      timeZone: "Europe/London",
      from: "2026-11-02",
      to: "2026-11-29",
      rows: [
        // posted 6, 2 booked within 24 h (2 h and exactly 24 h); booked by accepted_at: 2, 2, 24, 30 h → median 13
        { weekStart: "2026-11-02", posted: 6, booked: 4, completed: 2, bookedWithin24h: 0.3333, bookedWithin24hCount: 2, medianHoursToBook: 13, spend: 0.3 },
        { weekStart: "2026-11-09", ...EMPTY },
        // booked 1.5, 3.5 and 336 h → median 3.5; spend 1234.56 + 999.99
        { weekStart: "2026-11-16", posted: 2, booked: 3, completed: 2, bookedWithin24h: 1, bookedWithin24hCount: 2, medianHoursToBook: 3.5, spend: 2234.55 },
        { weekStart: "2026-11-23", ...EMPTY, posted: 1, bookedWithin24h: 0 },
      ],
      // the period's median is over all 7 bookings (1.5 2 2 3.5 24 30 336), not a median of the weeks'
      totals: { posted: 9, booked: 7, completed: 4, bookedWithin24h: 0.4444, bookedWithin24hCount: 4, medianHoursToBook: 3.5, spend: 2234.85 },
    });
  });

  it("sums money exactly in the database: ten £0.10 make £1.00, £0.10 + £0.20 make £0.30", async () => {
    // June 2026 (BST), far from the other tests' weeks; weeks of Mon 1, 8 and 15 Jun
    clock.set("2026-06-17T12:00:00Z");
    try {
      expect([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1].reduce((a, b) => a + b)).not.toBe(1); // what a float sum would send
      await createLoads(t.app, 10, (i) => ({
        createdAt: at("2026-06-01T08:00:00Z"),
        status: "completed",
        acceptedBy: carrier.user.id,
        acceptedAt: at("2026-06-01T09:00:00Z"),
        completedAt: new Date(at("2026-06-02T09:00:00Z").getTime() + i * HOUR),
        price: 0.1,
      }));
      await load("2026-06-08T08:00:00Z", { accepted: "2026-06-08T09:00:00Z", completed: "2026-06-09T09:00:00Z", price: 0.1 });
      await load("2026-06-08T08:00:00Z", { accepted: "2026-06-08T10:00:00Z", completed: "2026-06-09T10:00:00Z", price: 0.2 });
      // the largest prices a load can hold sum past its column's size without overflow
      for (let i = 0; i < 3; i++) await load("2026-06-15T08:00:00Z", { accepted: "2026-06-15T09:00:00Z", completed: "2026-06-16T09:00:00Z", price: 99_999_999.99, ratePerMile: null });

      const body = await insight("?weeks=3");
      expect(body.rows.map((r: { spend: number }) => r.spend)).toEqual([1, 0.3, 299_999_999.97]);
      expect(body.totals.spend).toBe(300_000_001.27);
      expect(body.rows.map((r: { completed: number }) => r.completed)).toEqual([10, 2, 3]);
      // every one booked an hour or two after posting
      expect(body.rows.map((r: { medianHoursToBook: number }) => r.medianHoursToBook)).toEqual([1, 1.5, 1]);
    } finally {
      clock.set(NOW);
    }
  });

  it("puts a load in the UK week it happened in, around Sunday/Monday midnight and the end of BST", async () => {
    // 2025: BST ends Sun 26 Oct 2025 at 01:00 UTC, so the week w/c Mon 20 Oct is 169 hours long
    clock.set("2025-10-29T12:00:00Z");
    try {
      await load("2025-10-12T22:59:59Z"); // Sun 12 Oct 23:59:59 BST: w/c 6 Oct, before the period
      await load("2025-10-12T23:00:00Z"); // Mon 13 Oct 00:00 BST (still Sunday in UTC): w/c 13 Oct
      await load("2025-10-19T22:59:00Z"); // Sun 19 Oct 23:59 BST: w/c 13 Oct
      // Mon 20 Oct 00:00 BST: w/c 20 Oct; booked Sun 26 Oct 01:30 BST (before the change), completed Sun 23:59 GMT
      await load("2025-10-19T23:00:00Z", { accepted: "2025-10-26T00:30:00Z", completed: "2025-10-26T23:59:00Z", price: 100 });
      // Sun 26 Oct 00:00 BST, booked Sun 23:00 GMT: 23 hours on the clock, 24 elapsed — within 24 h, and 24 h to book
      await load("2025-10-25T23:00:00Z", { accepted: "2025-10-26T23:00:00Z", status: "approved" });
      await load("2025-10-26T23:30:00Z"); // Sun 26 Oct 23:30 GMT: w/c 20 Oct
      // Mon 27 Oct 00:00 GMT: w/c 27 Oct, completed at once
      await load("2025-10-27T00:00:00Z", { accepted: "2025-10-27T00:00:00Z", completed: "2025-10-27T00:00:00Z", price: 50 });

      const body = await insight("?weeks=3");
      expect(body).toMatchObject({ from: "2025-10-13", to: "2025-11-02" });
      expect(body.rows).toEqual([
        { weekStart: "2025-10-13", ...EMPTY, posted: 2, bookedWithin24h: 0 },
        // booked 145.5 h (Mon 20 Oct 00:00 BST → Sun 26 Oct 01:30 BST) and 24 h → median 84.75
        { weekStart: "2025-10-20", posted: 3, booked: 2, completed: 1, bookedWithin24h: 0.3333, bookedWithin24hCount: 1, medianHoursToBook: 84.75, spend: 100 },
        { weekStart: "2025-10-27", posted: 1, booked: 1, completed: 1, bookedWithin24h: 1, bookedWithin24hCount: 1, medianHoursToBook: 0, spend: 50 },
      ]);
      expect(body.totals).toEqual({ posted: 6, booked: 3, completed: 2, bookedWithin24h: 0.3333, bookedWithin24hCount: 2, medianHoursToBook: 24, spend: 150 });

      // Mon 27 Oct 00:00 GMT is the first instant of a new week: it is the last row
      clock.set("2025-10-27T00:00:00Z");
      expect((await insight("?weeks=1")).rows).toEqual([{ weekStart: "2025-10-27", posted: 1, booked: 1, completed: 1, bookedWithin24h: 1, bookedWithin24hCount: 1, medianHoursToBook: 0, spend: 50 }]);
      // a second before, still Sunday in the UK
      clock.set("2025-10-26T23:59:59Z");
      expect((await insight("?weeks=1")).rows).toEqual([{ weekStart: "2025-10-20", posted: 3, booked: 2, completed: 1, bookedWithin24h: 0.3333, bookedWithin24hCount: 1, medianHoursToBook: 84.75, spend: 100 }]);
    } finally {
      clock.set(NOW);
    }
  });

  it("answers 12 weeks by default and up to 104, every week present, oldest first; a new load shows at once", async () => {
    const twelve = await insight("");
    expect(twelve).toMatchObject({ weeks: 12, from: "2026-09-07", to: "2026-11-29" });
    expect(twelve.rows.map((r: { weekStart: string }) => r.weekStart)).toEqual([
      "2026-09-07", "2026-09-14", "2026-09-21", "2026-09-28", "2026-10-05", "2026-10-12",
      "2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23",
    ]);
    // the load posted on Sun 1 Nov is in w/c 26 Oct
    expect(twelve.rows[7]).toEqual({ weekStart: "2026-10-26", ...EMPTY, posted: 1, bookedWithin24h: 1, bookedWithin24hCount: 1 });

    const most = await insight("?weeks=104");
    expect(most.rows).toHaveLength(104);
    expect(most.from).toBe("2024-12-02");
    // every load of every test is in the last two years
    expect(most.totals.posted).toBe(9 + 1 + 15 + 7);

    // figures are cached per loads version: a new load is a new version
    await load("2026-11-24T09:00:00Z", { accepted: "2026-11-24T10:00:00Z", completed: "2026-11-25T09:00:00Z", price: 12.34 });
    expect((await insight("?weeks=1")).rows).toEqual([
      { weekStart: "2026-11-23", posted: 2, booked: 1, completed: 1, bookedWithin24h: 0.5, bookedWithin24hCount: 1, medianHoursToBook: 1, spend: 12.34 },
    ]);
    expect((await insight("?weeks=1", admin)).totals.spend).toBe(12.34);
  });

  it("is for staff only: a carrier 403, signed out 401", async () => {
    const asCarrier = await ask("", carrier);
    expect(asCarrier.statusCode).toBe(403);
    expect(asCarrier.body).not.toMatch(/posted|spend/);
    expect((await ask("", null)).statusCode).toBe(401);
    expect((await ask("?weeks=abc", null)).statusCode).toBe(401);
  });

  it("400 for a number of weeks that is not a whole number from 1 to 104", async () => {
    for (const q of ["?weeks=0", "?weeks=105", "?weeks=-1", "?weeks=1.5", "?weeks=abc", "?weeks=", "?weeks=4&weeks=12", "?weeks=1e9"]) {
      const res = await ask(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toEqual({ error: "Please choose between 1 and 104 weeks", details: [{ path: "weeks", message: "Please choose between 1 and 104 weeks" }] });
    }
  });
});
