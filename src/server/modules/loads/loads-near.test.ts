// GET /api/loads?pickupNear=LS1&pickupMiles=50: loads whose pickup (delivery) district centroid lies within the radius
// of the given postcode's district, matched on the load's postcode on the server
// while a carrier's answer still hides it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import type { LoadRow } from "../../db/schema";
import { loadPostcodeTable, parsePostcode, locate } from "../distance/postcodes";
import { districtsWithin, haversineMiles } from "../distance/distance.service";

describe.each(ENGINES)("near filters on GET /api/loads (%s)", (engine) => {
  let t: TestApp;
  let carrier: string;
  let staff: string;
  const clock = new TestClock(new Date("2026-11-20T06:00:00Z"));
  const L: Record<string, LoadRow> = {};

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    carrier = (await signedIn(t.app, { carrierName: "Acme Haulage" })).cookie;
    staff = (await signedIn(t.app, { role: "manager" })).cookie;
    // Leeds (LS1), Harrogate (HG1, ~14 miles from LS1), Manchester (M1, ~36), Bristol (BS1, ~170)
    L.leeds = await createLoad(t.app, { pickupZip: "LS1 4AP", deliveryZip: "BS1 4DJ" });
    L.harrogate = await createLoad(t.app, { pickupZip: "HG1 2AA", deliveryZip: "M1 1AA" });
    L.manchester = await createLoad(t.app, { pickupZip: "M1 1AA", deliveryZip: "LS1 4AP" });
    L.bristol = await createLoad(t.app, { pickupZip: "BS1 4DJ", deliveryZip: "BS1 5TR" });
    L.nowhere = await createLoad(t.app, { pickupZip: null, deliveryZip: null });
    // taken by someone else: never on a carrier's board, near or not
    L.taken = await createLoad(t.app, { pickupZip: "LS1 1AA", status: "accepted", acceptedByCarrier: "Other Ltd" });
  });
  afterAll(() => t.close());

  const get = (qs: string, cookie = carrier, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/loads?${qs}`, headers: { cookie, ...headers } });
  const ids = async (qs: string, cookie = carrier) => {
    const res = await get(qs, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: string; pickupZip: string | null }[];
    expect(res.headers["x-total-count"]).toBe(String(body.length));
    return new Set(body.map((l) => l.id));
  };
  const set = (...names: string[]) => new Set(names.map((n) => L[n].id));

  it("pickupNear matches loads whose pickup district is within the radius, measured between district centroids", async () => {
    expect(await ids("pickupNear=LS1&pickupMiles=10")).toEqual(set("leeds"));
    expect(await ids("pickupNear=LS1&pickupMiles=20")).toEqual(set("leeds", "harrogate"));
    expect(await ids("pickupNear=ls1%204ap&pickupMiles=50")).toEqual(set("leeds", "harrogate", "manchester"));
    expect(await ids("pickupNear=LS1&pickupMiles=300")).toEqual(set("leeds", "harrogate", "manchester", "bristol"));
  });

  it("deliveryNear works the same way, and both together must both hold", async () => {
    expect(await ids("deliveryNear=BS1&deliveryMiles=10")).toEqual(set("leeds", "bristol"));
    expect(await ids("pickupNear=LS1&pickupMiles=20&deliveryNear=BS1&deliveryMiles=10")).toEqual(set("leeds"));
    // with the other filters too
    expect(await ids("pickupNear=LS1&pickupMiles=50&search=nothing-like-this")).toEqual(set());
  });

  it("staff get the same matches, the taken load included", async () => {
    expect(await ids("pickupNear=LS1&pickupMiles=10", staff)).toEqual(set("leeds", "taken"));
  });

  it("a carrier is matched on the load's postcode but still never sees it", async () => {
    const res = await get("pickupNear=LS1&pickupMiles=10");
    const [load] = res.json() as { id: string; pickupZip: string | null; deliveryZip: string | null; pickupAddress: string | null }[];
    expect(load.id).toBe(L.leeds.id);
    expect(load.pickupZip).toBeNull();
    expect(load.deliveryZip).toBeNull();
    expect(load.pickupAddress).toBeNull();
    expect(res.body).not.toContain("LS1 4AP");
  });

  it("an unknown or malformed postcode, or miles outside 10–300, is a 400 that says so", async () => {
    for (const qs of ["pickupNear=ZZ9%209ZZ&pickupMiles=50", "pickupNear=HELLO&pickupMiles=50", "deliveryNear=12345"]) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error).toBe("Please enter a valid UK postcode");
    }
    for (const qs of ["pickupNear=LS1&pickupMiles=5", "pickupNear=LS1&pickupMiles=301", "deliveryNear=LS1&deliveryMiles=ten"]) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBe(400);
    }
    expect((await get("pickupNear=LS1&pickupMiles=5")).json().error).toMatch(/Miles must be between 10 and 300/);
  });

  it("a postcode without miles means 50 miles; a blank postcode is no filter", async () => {
    expect(await ids("pickupNear=LS1")).toEqual(set("leeds", "harrogate", "manchester"));
    expect(await ids("pickupNear=&pickupMiles=10")).toEqual(set("leeds", "harrogate", "manchester", "bristol", "nowhere"));
  });

  it("the near filters are part of the ETag: another radius is another list, the same one answers 304", async () => {
    const a = await get("pickupNear=LS1&pickupMiles=10");
    const b = await get("pickupNear=LS1&pickupMiles=20");
    const c = await get("pickupNear=LS1&pickupMiles=10&deliveryNear=BS1&deliveryMiles=10");
    expect(new Set([a.headers.etag, b.headers.etag, c.headers.etag]).size).toBe(3);
    expect(a.json()).toHaveLength(1);
    expect(b.json()).toHaveLength(2);
    const again = await get("pickupNear=LS1&pickupMiles=10", carrier, { "if-none-match": String(a.headers.etag) });
    expect(again.statusCode).toBe(304);
    // the district is what counts: LS1 4AP and LS1 ask for the same list
    expect((await get("pickupNear=LS1%204AP&pickupMiles=10")).headers.etag).toBe(a.headers.etag);
  });

  it("Loads with Bids takes the near filters too", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/loads/with-bids?pickupNear=ZZ9&pickupMiles=50", headers: { cookie: staff } });
    expect(res.statusCode).toBe(400);
  });
});

describe("districtsWithin", () => {
  it("is exactly the districts whose centroid is within the radius of the district's centroid", async () => {
    const table = (await loadPostcodeTable("data/uk-outcodes.csv"))!;
    for (const [outward, miles] of [
      ["LS1", 10],
      ["LS1", 50],
      ["SW1A", 25],
      ["AB10", 300],
      ["TR1", 120],
    ] as const) {
      const centre = locate(table, parsePostcode(outward)!)!;
      const expected = [...table.outcodes].filter(([, p]) => haversineMiles(centre, p) <= miles).map(([code]) => code);
      const got = districtsWithin(table, outward, miles)!;
      expect(new Set(got), `${outward} ${miles}`).toEqual(new Set([...expected, outward]));
      expect(got.length).toBeGreaterThan(0);
    }
    expect(districtsWithin(table, "ZZ9", 50)).toBeNull();
  });
});
