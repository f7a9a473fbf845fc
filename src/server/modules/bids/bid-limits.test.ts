// Bids no load could fetch are refused with the rule named: above £1,000,000, or
// above 10 times the load's listed price when it has one; nothing is stored.
// On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createCarrier, createLoad, login } from "../../../../test/factories";
import { bids } from "../../db/schema";
import { BID_LIMIT_MSG } from "../../../contract/bid-limits";

const NOW = new Date("2026-11-20T10:00:00Z");

describe.each(ENGINES)("bid limits on %s", (engine) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock: new TestClock(NOW) });
    cookie = await login(t.app, (await createCarrier(t.app)).email);
  });
  afterAll(async () => {
    await t?.close();
  });

  const bid = (loadId: string, bidAmount: number) => t.app.inject({ method: "POST", url: "/api/bids", headers: { cookie }, payload: { loadId, bidAmount } });
  const stored = async (loadId: string) => (await t.app.ctx.db.select().from(bids).where(eq(bids.loadId, loadId))).map((b) => Number(b.bidAmount));

  it("a listed load takes up to 10 times its price, to the penny, and refuses a penny more naming the rule", async () => {
    const load = await createLoad(t.app, { price: 680 });
    const over = await bid(load.id, 6800.01);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      error: "A bid can be at most 10 times the listed price (10 × £680.00 = £6,800.00)",
      details: [{ path: "bidAmount", message: BID_LIMIT_MSG.overListed(680) }],
    });
    expect(await stored(load.id)).toEqual([]);
    expect((await bid(load.id, 6800)).statusCode).toBe(201);
    expect(await stored(load.id)).toEqual([6800]);
  });

  it("no bid above £1,000,000, even on a load with no listed price", async () => {
    const free = await createLoad(t.app, { price: 0 });
    const over = await bid(free.id, 1_000_000.01);
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe("A bid can be at most £1,000,000");
    expect(over.json().details).toEqual([{ path: "bidAmount", message: BID_LIMIT_MSG.overMax }]);
    // with no listed price there is no 10× rule: only the cap
    expect((await bid(free.id, 1_000_000)).statusCode).toBe(201);
    const dear = await createLoad(t.app, { price: 500_000 });
    expect((await bid(dear.id, 1_000_001)).json().error).toBe(BID_LIMIT_MSG.overMax);
  });
});
