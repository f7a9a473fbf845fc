// GET /api/users pages over 5,001 users (bounded, the true total in
// X-Total-Count, limit above 1,000 → 400), searched on the server, and the page is
// kept per version of what it shows: an unchanged page is 304 by ETag and the same
// bytes for every staff member; a change to a user, a held load or a company
// document shows at once. Over the real app and database.
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { users } from "../../db/schema";
import type { UserWithStats } from "../../../contract/schemas/user";

type Session = Awaited<ReturnType<typeof signedIn>>;
const BULK = 5_000;

describe.each(ENGINES)("the Users tab's list on %s (5,001 users)", (engine) => {
  let t: TestApp;
  let staff: Session;
  let other: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    staff = await signedIn(t.app, { role: "manager", name: "Mo Manager" });
    const hash = staff.user.password;
    for (let from = 0; from < BULK; from += 1_000) {
      await t.app.ctx.db.insert(users).values(
        Array.from({ length: 1_000 }, (_, k) => {
          const i = from + k;
          return {
            email: `driver-${String(i).padStart(4, "0")}@fleet.example`,
            password: hash,
            name: `Driver ${String(i).padStart(4, "0")}`,
            carrierName: `Fleet ${String(i % 700).padStart(3, "0")} Ltd`,
            role: "carrier",
            isApproved: true,
            createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
          };
        }),
      );
    }
    other = await signedIn(t.app, { role: "admin", name: "Ada Admin" });
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, who: Session, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { cookie: who.cookie, ...headers } });

  it("pages: 50 at a time with the true total, 1,000 without a limit, limit=1001 refused", async () => {
    const page = await get("/api/users?limit=50&offset=100&sort=name", staff);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe(String(BULK + 2));
    const rows = page.json() as UserWithStats[];
    expect(rows.length).toBe(50);
    // "Ada Admin" sorts first, then the drivers
    expect(rows[0].name).toBe("Driver 0099");
    expect(rows.every((u) => !("password" in u))).toBe(true);
    const all = await get("/api/users", staff);
    expect((all.json() as unknown[]).length).toBe(1000);
    expect(all.headers["x-total-count"]).toBe(String(BULK + 2));
    const tooMany = await get("/api/users?limit=1001", staff);
    expect(tooMany.statusCode).toBe(400);
    expect((tooMany.json() as { details: { path: string }[] }).details.map((d) => d.path)).toContain("limit");
  });

  it("searches on the server, case ignored, with the total of the matches", async () => {
    const res = await get("/api/users?limit=10&search=fLEET%20012%20", staff);
    const rows = res.json() as UserWithStats[];
    // Fleet 012 Ltd: drivers 12, 712, 1412, … (i % 700 = 12)
    expect(res.headers["x-total-count"]).toBe(String(Math.ceil((BULK - 12) / 700)));
    expect(rows.every((u) => u.carrierName === "Fleet 012 Ltd")).toBe(true);
  });

  it("an unchanged page is 304 and the same bytes for every staff member; a change shows at once", async () => {
    const url = "/api/users?limit=50&sort=-createdAt";
    const first = await get(url, staff, { "accept-encoding": "br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toMatch(/Accept-Encoding/i);
    const byOther = await get(url, other, { "accept-encoding": "br" });
    expect(Buffer.compare(first.rawPayload, byOther.rawPayload)).toBe(0);
    expect(byOther.headers.etag).toBe(first.headers.etag);
    expect((await get(url, staff, { "if-none-match": String(first.headers.etag) })).statusCode).toBe(304);

    // a user renamed (any write to users): new ETag, new bytes
    const newest = (JSON.parse(brotliDecompressSync(first.rawPayload).toString("utf8")) as UserWithStats[])[0];
    await t.app.ctx.db.update(users).set({ name: "Renamed Person" }).where(eq(users.id, newest.id));
    const renamed = await get(url, staff, { "if-none-match": String(first.headers.etag) });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json() as UserWithStats[])[0].name).toBe("Renamed Person");

    // a load completed by them (loads counter): their activity changes at once
    const holder = await signedIn(t.app, { name: "Hal Holder", carrierName: "Holder Co" });
    const before = await get(url, staff);
    expect((before.json() as UserWithStats[])[0]).toMatchObject({ id: holder.user.id, loadsAccepted: 0, totalEarnings: 0 });
    await createLoad(t.app, { status: "completed", acceptedBy: holder.user.id, acceptedByCarrier: "Holder Co", price: 1234.5 });
    const after = await get(url, staff, { "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect((after.json() as UserWithStats[])[0]).toMatchObject({ id: holder.user.id, loadsAccepted: 1, totalEarnings: 1234.5 });

    // a write to companies or their documents (companies counter): the version moves
    const v1 = (await get(url, staff)).headers.etag;
    await t.app.ctx.db.execute(sql`update companies set name = name`);
    const v2 = (await get(url, staff)).headers.etag;
    expect(v2).not.toBe(v1);
  });
});
