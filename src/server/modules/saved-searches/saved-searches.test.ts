// Saved searches: own only (another
// user's id → 404), at most 20 a user (409 beyond), filters the board would take.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { signedIn } from "../../../../test/factories";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MSG, type SavedSearch } from "../../../contract/schemas/saved-search";

describe.each(ENGINES)("saved searches (%s)", (engine) => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, jobs: false });
    alice = (await signedIn(t.app, { carrierName: "Alice Haulage" })).cookie;
    bob = (await signedIn(t.app, { carrierName: "Bob Freight" })).cookie;
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it("saves, lists, edits and deletes a search with near filters and an alert setting", async () => {
    const filters = { search: "steel", weight: "gt10000", equipmentType: "Flatbed", pickupNear: { postcode: "ls1 4ap", miles: 50 }, deliveryNear: { postcode: "BS1", miles: 25 } };
    const created = await call(alice, "POST", "/api/saved-searches", { name: "  Leeds to Bristol ", filters, alert: "instant" });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json() as SavedSearch;
    expect(s).toMatchObject({ name: "Leeds to Bristol", alert: "instant", filters });
    expect(typeof s.id).toBe("string");

    const list = await call(alice, "GET", "/api/saved-searches");
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("1");
    expect((list.json() as SavedSearch[]).map((x) => x.id)).toEqual([s.id]);

    const edited = await call(alice, "PUT", `/api/saved-searches/${s.id}`, { alert: "daily" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Leeds to Bristol", alert: "daily", filters });
    const renamed = await call(alice, "PUT", `/api/saved-searches/${s.id}`, { name: "Yorkshire out", filters: { pickupNear: { postcode: "HG1", miles: 30 } } });
    expect(renamed.json()).toMatchObject({ name: "Yorkshire out", alert: "daily", filters: { pickupNear: { postcode: "HG1", miles: 30 } } });

    expect((await call(alice, "DELETE", `/api/saved-searches/${s.id}`)).statusCode).toBe(204);
    expect((await call(alice, "GET", "/api/saved-searches")).json()).toEqual([]);
    expect((await call(alice, "DELETE", `/api/saved-searches/${s.id}`)).statusCode).toBe(404);
  });

  it("another user's search is not found: not listed, not edited, not deleted", async () => {
    const s = (await call(alice, "POST", "/api/saved-searches", { name: "Mine", filters: {} })).json() as SavedSearch;
    expect(s.alert).toBe("off");
    expect((await call(bob, "GET", "/api/saved-searches")).json()).toEqual([]);
    const put = await call(bob, "PUT", `/api/saved-searches/${s.id}`, { name: "Stolen" });
    expect(put.statusCode).toBe(404);
    expect((await call(bob, "DELETE", `/api/saved-searches/${s.id}`)).statusCode).toBe(404);
    expect(((await call(alice, "GET", "/api/saved-searches")).json() as SavedSearch[])[0].name).toBe("Mine");
    expect((await call(bob, "PUT", "/api/saved-searches/not-a-uuid", { name: "x" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/saved-searches" })).statusCode).toBe(401);
    await call(alice, "DELETE", `/api/saved-searches/${s.id}`);
  });

  it("refuses filters the board would refuse: unknown postcode, miles outside 10–300, a bad band, an unknown key, no name", async () => {
    const bad = [
      { name: "x", filters: { pickupNear: { postcode: "ZZ9 9ZZ", miles: 50 } } },
      { name: "x", filters: { pickupNear: { postcode: "HELLO", miles: 50 } } },
      { name: "x", filters: { deliveryNear: { postcode: "LS1", miles: 5 } } },
      { name: "x", filters: { deliveryNear: { postcode: "LS1", miles: 301 } } },
      { name: "x", filters: { weight: "heavy" } },
      { name: "x", filters: { status: "lost" } },
      { name: "x", filters: { colour: "red" } },
      { name: "  ", filters: {} },
      { name: "x", filters: {}, alert: "hourly" },
    ];
    for (const body of bad) {
      const res = await call(alice, "POST", "/api/saved-searches", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call(alice, "POST", "/api/saved-searches", bad[0]);
    expect(unknown.json().error).toBe("Please enter a valid UK postcode");
    expect((await call(alice, "POST", "/api/saved-searches", bad[7])).json().error).toBe(SAVED_SEARCH_MSG.nameRequired);
    expect((await call(alice, "GET", "/api/saved-searches")).json()).toEqual([]);
  });

  it("at most 20 a user: the 21st is 409 and saves nothing, also when many arrive at once; deleting one makes room", async () => {
    const carol = (await signedIn(t.app, { carrierName: "Carol Cargo" })).cookie;
    // 25 at once: the cap is counted under a lock, never a 21st
    const results = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 5 }, (_, i) => call(carol, "POST", "/api/saved-searches", { name: `Lane ${i}`, filters: { search: `L${i}` } })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toBe(SAVED_SEARCH_MSG.tooMany);
    const list = await call(carol, "GET", "/api/saved-searches?limit=5");
    expect(list.headers["x-total-count"]).toBe(String(MAX_SAVED_SEARCHES));
    expect(list.json()).toHaveLength(5);
    // another user is not counted against
    expect((await call(bob, "POST", "/api/saved-searches", { name: "Bob's", filters: {} })).statusCode).toBe(201);
    const first = (list.json() as SavedSearch[])[0];
    expect((await call(carol, "DELETE", `/api/saved-searches/${first.id}`)).statusCode).toBe(204);
    expect((await call(carol, "POST", "/api/saved-searches", { name: "One more", filters: {} })).statusCode).toBe(201);
    expect((await call(carol, "POST", "/api/saved-searches", { name: "One too many", filters: {} })).statusCode).toBe(409);
  });
});
