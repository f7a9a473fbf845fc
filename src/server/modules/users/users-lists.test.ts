// The users lists on PGlite and PostgreSQL: every list is bounded (limit ≤ 1,000;
// 1,000 without one) and the true total is in X-Total-Count; the Users, Carriers and
// Pending tabs page, sort and search on the server. An app of its own: it seeds over
// a thousand users.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createCarrier, createLoad, createUser, signedIn } from "../../../../test/factories";
import { users } from "../../db/schema";

describe.each(ENGINES)("users lists page, sort and search on %s", (engine) => {
  let t: TestApp;
  let staff: string;
  const get = (url: string) => t.app.inject({ url, headers: { cookie: staff } });
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return { rows: res.json() as Array<Record<string, unknown>>, total: Number(res.headers["x-total-count"]) };
  };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    staff = (await signedIn(t.app, { role: "manager", name: "Pat Pager", carrierName: "Network Ops" })).cookie;
  });
  afterAll(() => t.close());

  it("GET /api/users pages with the true total, sorts by every column and searches name, email and company", async () => {
    const d = (i: number) => new Date(Date.UTC(2025, 0, 1 + i));
    const seeded: (typeof users.$inferSelect)[] = [];
    for (let i = 0; i < 12; i++) {
      seeded.push(
        await createCarrier(t.app, {
          name: `Zed ${String.fromCharCode(97 + ((i * 5) % 12))} Pager`,
          email: `pager-${String(i).padStart(2, "0")}@paging.example`,
          carrierName: i % 3 === 0 ? "Paging Freight Ltd" : `Paging ${i} Ltd`,
          createdAt: d(i),
          lastLoginAt: i % 4 === 0 ? null : d(100 + i),
        }),
      );
    }
    // loads held by three of them: 3, 2 and 1 loads
    for (const [i, n] of [[5, 3], [7, 2], [2, 1]] as const) {
      for (let k = 0; k < n; k++) await createLoad(t.app, { status: "completed", price: 100 * (i + 1), acceptedBy: seeded[i].id, acceptedByCarrier: "x" });
    }

    // pages: 5 + 5 + 2, no overlap, no gap, the true total on each
    const ids: unknown[] = [];
    for (const offset of [0, 5, 10]) {
      const p = await page(`/api/users?search=paging.example&limit=5&offset=${offset}`);
      expect(p.total).toBe(12);
      expect(p.rows).toHaveLength(offset === 10 ? 2 : 5);
      ids.push(...p.rows.map((r) => r.id));
    }
    expect(new Set(ids).size).toBe(12);
    // newest first by default (contract)
    expect(ids[0]).toBe(seeded[11].id);
    expect(ids.at(-1)).toBe(seeded[0].id);
    expect((await page("/api/users?search=paging.example&limit=5&offset=50")).rows).toEqual([]);

    const order = async (sort: string) => (await page(`/api/users?search=paging.example&sort=${sort}`)).rows;
    const names = (await order("name")).map((r) => String(r.name));
    expect(names).toEqual([...names].sort());
    expect((await order("-name")).map((r) => r.name)).toEqual([...names].reverse());
    const emails = (await order("email")).map((r) => r.email);
    expect(emails).toEqual(seeded.map((u) => u.email));
    expect((await order("-loadsAccepted")).slice(0, 3).map((r) => [r.id, r.loadsAccepted])).toEqual([
      [seeded[5].id, 3],
      [seeded[7].id, 2],
      [seeded[2].id, 1],
    ]);
    expect((await order("-totalEarnings"))[0]).toMatchObject({ id: seeded[5].id, totalEarnings: 1800 });
    // the activity is right on a page that did not need it for its order
    expect((await order("createdAt")).find((r) => r.id === seeded[7].id)).toMatchObject({ loadsAccepted: 2, totalEarnings: 1600 });
    // "Never" signed in: last in either direction
    for (const sort of ["lastLoginAt", "-lastLoginAt"]) {
      const rows = await order(sort);
      expect(rows.slice(-3).map((r) => r.lastLoginAt), sort).toEqual([null, null, null]);
    }
    const byCompany = (await order("carrierName")).map((r) => String(r.carrierName).toLowerCase());
    expect(byCompany).toEqual([...byCompany].sort());

    // search: name, email and company, any case; pattern characters are literal
    expect((await page("/api/users?search=ZED%20A%20PAGER")).total).toBe(1);
    expect((await page("/api/users?search=PAGER-03@")).rows.map((r) => r.id)).toEqual([seeded[3].id]);
    expect((await page("/api/users?search=paging%20freight")).total).toBe(4);
    expect((await page("/api/users?search=%25")).total).toBe(0);
    expect((await page("/api/users?search=pager_0")).total).toBe(0);
  });

  it("GET /api/users/pending and /api/users/carrier page, sort and search too", async () => {
    for (let i = 0; i < 7; i++) {
      await createUser(t.app, { isApproved: false, name: `Penny ${i} Waiting`, carrierName: `Queue ${i} Haulage`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const first = await page("/api/users/pending?search=waiting&limit=3");
    expect(first.total).toBe(7);
    expect(first.rows.map((r) => r.name)).toEqual(["Penny 6 Waiting", "Penny 5 Waiting", "Penny 4 Waiting"]);
    expect((await page("/api/users/pending?search=waiting&limit=3&offset=6")).rows.map((r) => r.name)).toEqual(["Penny 0 Waiting"]);
    expect((await page("/api/users/pending?search=waiting&sort=name&limit=2")).rows.map((r) => r.name)).toEqual(["Penny 0 Waiting", "Penny 1 Waiting"]);
    expect((await page("/api/users/pending?search=queue%203")).rows.map((r) => r.name)).toEqual(["Penny 3 Waiting"]);

    // companies: 3 of them matched by name, one more only by a member's email
    await createCarrier(t.app, { carrierName: "Convoy Alpha", createdAt: new Date("2025-03-01T00:00:00Z") });
    await createCarrier(t.app, { carrierName: "Convoy Bravo", createdAt: new Date("2025-02-01T00:00:00Z") });
    const big = await createCarrier(t.app, { carrierName: "Convoy Charlie", createdAt: new Date("2025-01-01T00:00:00Z") });
    await createCarrier(t.app, { carrierName: "Quiet Ltd", email: "dispatch@convoy-mail.example" });
    await createLoad(t.app, { status: "completed", price: 5000, acceptedBy: big.id, acceptedByCarrier: "Convoy Charlie" });
    const all = await page("/api/users/carrier?search=convoy");
    expect(all.total).toBe(4);
    const two = await page("/api/users/carrier?search=convoy&limit=2&offset=1");
    expect(two.total).toBe(4);
    expect(two.rows.map((r) => r.carrierName)).toEqual(all.rows.slice(1, 3).map((r) => r.carrierName));
    // past the last page: no rows, and still the true total
    expect(await page("/api/users/carrier?search=convoy&limit=2&offset=10")).toEqual({ rows: [], total: 4 });
    expect((await page("/api/users/carrier?search=%25_")).total).toBe(0);
    expect((await page("/api/users/carrier?search=convoy&sort=-totalEarnings&limit=1")).rows[0]).toMatchObject({ carrierName: "Convoy Charlie", totalEarnings: 5000 });
    expect((await page("/api/users/carrier?search=convoy%20&sort=carrierName")).rows.map((r) => r.carrierName)).toEqual(["Convoy Alpha", "Convoy Bravo", "Convoy Charlie", "Quiet Ltd"]);
    expect((await page("/api/users/carrier?search=convoy&sort=-joinedAt")).rows.map((r) => r.carrierName).slice(1)).toEqual(["Convoy Alpha", "Convoy Bravo", "Convoy Charlie"]);
  });

  it("no list is unbounded: without a limit at most 1,000 rows and the true total; a limit above 1,000 or a bad sort is a 400", async () => {
    const base = await createUser(t.app, { isApproved: false });
    const values = Array.from({ length: 1001 }, (_, i) => ({
      email: `bulk-${i}@bulk.example`,
      password: base.password,
      name: `Bulk ${i}`,
      carrierName: `Bulk ${i} Ltd`,
      contactNumber: "+44 7700 900123",
      role: "carrier",
      isApproved: false,
    }));
    await t.app.ctx.db.insert(users).values(values);
    for (const url of ["/api/users?search=bulk", "/api/users/pending?search=bulk", "/api/users/carrier?search=bulk"]) {
      const p = await page(url);
      expect(p.rows, url).toHaveLength(1000);
      expect(p.total, url).toBe(1001);
      expect((await page(`${url}&limit=1000&offset=1000`)).rows, url).toHaveLength(1);
      for (const bad of ["limit=1001", "limit=0", "limit=x", "offset=-1", "sort=password", "sort=--name"]) {
        const res = await get(`${url}&${bad}`);
        expect(res.statusCode, `${url}&${bad}`).toBe(400);
        expect(res.json().error).toBeTypeOf("string");
      }
    }
  });
});
