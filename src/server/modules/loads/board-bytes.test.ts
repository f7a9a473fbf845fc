// The board list is bounded (at most 1,000 without
// a limit, the true total in X-Total-Count, limit above 1,000 → 400), compressed when
// the client accepts br or gzip, and the carriers' shared page is built once per loads
// version and kept as bytes (board-page.ts); a carrier's own loads are read only when
// they hold any. Everything over the real app and database.
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoads, signedIn } from "../../../../test/factories";
import { loadFiltersSchema, type Load } from "../../../contract/schemas/load";
import { parse } from "../../lib/validate";
import { BoardList, toListQuery } from "./load-list";
import { PageBytes } from "../../plugins/page-bytes";
import { negotiateEncoding } from "../../plugins/compression";

type Session = Awaited<ReturnType<typeof signedIn>>;

const NEW_LOAD = {
  loadNumber: "FN-BYTES-1",
  pickupCity: "Tilbury",
  pickupZip: "RM18 7EH",
  pickupDate: "2026-11-24T09:00:00.000Z",
  pickupTimeType: "exact",
  deliveryCity: "Birmingham",
  deliveryZip: "B5 4BU",
  deliveryDate: "2026-11-24T15:00:00.000Z",
  deliveryTimeType: "exact",
  weight: 18500,
  distance: 185,
  price: 1250,
  equipmentType: "Flatbed",
  forsRequirement: "",
};

describe("Accept-Encoding negotiation", () => {
  it("prefers br, honours q=0 and *, and says identity when nothing fits", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe.each(ENGINES)("bounded, compressed, shared board pages on %s", (engine) => {
  let t: TestApp;
  let staff: Session;
  let carrierA: Session;
  let carrierB: Session;
  let holder: Session;
  const clock = new TestClock(new Date("2026-11-20T08:00:00Z"));

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    staff = await signedIn(t.app, { role: "manager" });
    carrierA = await signedIn(t.app, { carrierName: "Alpha Haulage" });
    carrierB = await signedIn(t.app, { carrierName: "Beta Haulage" });
    holder = await signedIn(t.app, { carrierName: "Holder Haulage" });
    // 1,001 available loads, then one completed by Holder Haulage (only they and staff see it)
    await createLoads(t.app, 1001, (i) => ({ pickupDate: new Date(Date.UTC(2026, 11, 1) + i * 60_000), price: 500 + i }));
    await createLoads(t.app, 1, () => ({ status: "completed", acceptedBy: holder.user.id, acceptedByCarrier: "Holder Haulage", pickupDate: new Date(Date.UTC(2027, 0, 1)), pickupZip: "LS1 4AP" }));
  });
  afterAll(() => t.close());

  const get = (url: string, who: Session, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { cookie: who.cookie, ...headers } });

  it("a carrier's request without a limit returns 1,000 loads and the true total", async () => {
    const res = await get("/api/loads", carrierA);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Load[]).length).toBe(1000);
    expect(res.headers["x-total-count"]).toBe("1001");
    // the holder sees their completed load too: 1,002 in all, still 1,000 sent
    const mine = await get("/api/loads", holder);
    expect((mine.json() as Load[]).length).toBe(1000);
    expect(mine.headers["x-total-count"]).toBe("1002");
  });

  it("limit=1001 is refused in the contract's validation shape; 1,000 is the most", async () => {
    const res = await get("/api/loads?limit=1001", carrierA);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; details: { path: string; message: string }[] };
    expect(body.details.map((d) => d.path)).toContain("limit");
    expect(body.error).toBeTruthy();
    const max = await get("/api/loads?limit=1000&offset=1", carrierA);
    expect(max.statusCode).toBe(200);
    expect((max.json() as Load[]).length).toBe(1000);
  });

  it("Accept-Encoding br and gzip give bodies that decode to the same JSON, with Vary and the same ETag", async () => {
    const url = "/api/loads?limit=50&sort=price";
    const plain = await get(url, carrierA);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const br = await get(url, carrierA, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers["x-total-count"]).toBe("1001");
    const fromBr = brotliDecompressSync(br.rawPayload).toString("utf8");
    expect(fromBr).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await get(url, carrierA, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString("utf8")).toBe(plain.body);
    // a carrier with loads of their own (a merged page, not the shared bytes) is compressed too
    const held = await get("/api/loads?limit=50&sort=-pickupDate", holder, { "accept-encoding": "br" });
    expect(held.headers["content-encoding"]).toBe("br");
    const heldLoads = JSON.parse(brotliDecompressSync(held.rawPayload).toString("utf8")) as Load[];
    expect(heldLoads[0].status).toBe("completed");
    // their own completed load shows its postcode (redaction as before)
    expect(heldLoads[0].pickupZip).toBe("LS1 4AP");
    expect(heldLoads.slice(1).every((l) => l.status === "available" && l.pickupZip === null)).toBe(true);
    // a matching If-None-Match is 304 with no body in any encoding
    const again = await get(url, carrierA, { "accept-encoding": "br", "if-none-match": String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("other JSON lists over 1 KB are compressed, small answers are not", async () => {
    const users = await get("/api/users", staff, { "accept-encoding": "br" });
    const size = Buffer.byteLength(JSON.stringify(JSON.parse(brotliDecompressSync(users.rawPayload).toString("utf8"))));
    expect(size).toBeGreaterThan(1024);
    expect(users.headers["content-encoding"]).toBe("br");
    const me = await get("/api/auth/user", carrierA, { "accept-encoding": "br" });
    expect(me.headers["content-encoding"]).toBeUndefined();
    expect((me.json() as { id: string }).id).toBe(carrierA.user.id);
  });

  it("every carrier without loads of their own is answered from the same bytes, rebuilt once a load is posted", async () => {
    const url = "/api/loads?limit=50&sort=-pickupDate";
    const a = await get(url, carrierA, { "accept-encoding": "br" });
    const b = await get(url, carrierB, { "accept-encoding": "br" });
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    // the bytes are one object kept per version (the page is built once for every carrier)
    const board = new BoardList(t.app.ctx.db);
    const query = toListQuery(parse(loadFiltersSchema, { limit: "50", sort: "-pickupDate" }), clock.now());
    const version = await t.app.ctx.loadsVersion.get(t.app.ctx.db);
    const first = await board.list(carrierA.user, query, version);
    const second = await board.list(carrierB.user, query, version);
    expect(first.body).toBeInstanceOf(PageBytes);
    expect(second.body).toBe(first.body);
    expect(await (second.body as PageBytes).encodedAs("gzip")).toBe(await (first.body as PageBytes).encodedAs("gzip"));
    // a carrier who holds a load gets their own merged page, never the shared bytes
    const held = await board.list(holder.user, query, version);
    expect(typeof held.body).toBe("string");

    // staff post a load picked up later than any: the next page (any carrier) has it first
    const posted = await t.app.inject({
      method: "POST",
      url: "/api/loads",
      headers: { cookie: staff.cookie },
      payload: { ...NEW_LOAD, pickupDate: "2027-02-01T09:00:00.000Z", deliveryDate: "2027-02-01T15:00:00.000Z" },
    });
    expect(posted.statusCode).toBe(201);
    const after = await get(url, carrierB, { "accept-encoding": "br" });
    expect(Buffer.compare(after.rawPayload, b.rawPayload)).not.toBe(0);
    expect(after.headers.etag).not.toBe(b.headers.etag);
    const page = JSON.parse(brotliDecompressSync(after.rawPayload).toString("utf8")) as Load[];
    expect(page[0].loadNumber).toBe("FN-BYTES-1");
    expect(page[0].pickupZip).toBeNull();
    expect(after.headers["x-total-count"]).toBe("1002");
    const nextVersion = await t.app.ctx.loadsVersion.get(t.app.ctx.db);
    expect(nextVersion).not.toBe(version);
    expect((await board.list(carrierA.user, query, nextVersion)).body).not.toBe(first.body);
  });

  it("a carrier who takes a load gets it on their own page at once; others keep the shared one", async () => {
    const taker = await signedIn(t.app, { carrierName: "Taker Haulage" });
    const before = (await get("/api/loads?limit=5&sort=price", taker)).json() as Load[];
    const target = before[0];
    const accept = await t.app.inject({ method: "PATCH", url: `/api/loads/${target.id}/accept`, headers: { cookie: taker.cookie }, payload: { userId: taker.user.id } });
    expect(accept.statusCode).toBe(200);
    const mine = await get("/api/loads?limit=5&sort=price", taker);
    const mineLoads = mine.json() as Load[];
    expect(mineLoads[0].id).toBe(target.id);
    expect(mineLoads[0].status).toBe("accepted");
    // accepted, not approved: postcodes still hidden
    expect(mineLoads[0].pickupZip).toBeNull();
    const others = (await get("/api/loads?limit=5&sort=price", carrierA)).json() as Load[];
    expect(others.map((l) => l.id)).not.toContain(target.id);
    expect(Number(mine.headers["x-total-count"])).toBe(Number((await get("/api/loads?limit=5", carrierA)).headers["x-total-count"]) + 1);
  });

  it("the live stream is never compressed, whatever the client accepts", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as { port: number }).port;
    const res = await new Promise<{ headers: Record<string, unknown>; first: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/api/live", headers: { cookie: carrierA.cookie, "accept-encoding": "br, gzip" } }, (r) => {
        r.setEncoding("utf8");
        r.once("data", (chunk: string) => {
          resolve({ headers: r.headers, first: chunk });
          req.destroy();
        });
      });
      req.on("error", reject);
      req.end();
    });
    expect(String(res.headers["content-type"])).toMatch(/text\/event-stream/);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.first).toMatch(/^(:|event:|retry:|data:)/m);
  });
});
