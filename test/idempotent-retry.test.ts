// The web app's keyed requests (src/web/lib/api.ts fetchIdempotent) against the
// real server: one key per user action, sent again with the same key after a lost
// connection or a 503, so an answer lost on the way back still means one bid.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "./helpers";
import { createLoad, signedIn } from "./factories";
import { bids } from "../src/server/db/schema";
import { fetchIdempotent, newIdempotencyKey } from "../src/web/lib/api";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

describe("fetchIdempotent", () => {
  it("makes a new 32-hex key per action", () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{32}$/);
  });

  it("sends the same key again after a lost connection or a 503, and not after any other answer", async () => {
    const seen: string[] = [];
    const answers: (Response | Error)[] = [new TypeError("fetch failed"), new Response("", { status: 503 }), new Response("{}", { status: 201 })];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get("Idempotency-Key")!);
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    }) as typeof fetch;
    const res = await fetchIdempotent("/api/bids", { method: "POST" }, "k-1", [0, 0]);
    expect(res.status).toBe(201);
    expect(seen).toEqual(["k-1", "k-1", "k-1"]);

    seen.length = 0;
    answers.push(new Response('{"error":"Load is no longer available"}', { status: 409 }));
    expect((await fetchIdempotent("/api/bids", { method: "POST" }, "k-2", [0, 0])).status).toBe(409);
    expect(seen).toEqual(["k-2"]);

    // past the last delay the failure is the caller's
    answers.push(new TypeError("fetch failed"), new TypeError("fetch failed"), new TypeError("fetch failed"));
    await expect(fetchIdempotent("/api/bids", { method: "POST" }, "k-3", [0, 0])).rejects.toThrow("fetch failed");
  });
});

describe("an answer lost on the way back, against the real server", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t?.close());

  it("the bid is made once and the retry gets its first answer", async () => {
    const carrier = await signedIn(t.app);
    const load = await createLoad(t.app);
    let calls = 0;
    // the first request reaches the server and is answered, but the answer never arrives
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls++;
      const res = await realFetch(url, init);
      if (calls === 1) {
        await res.arrayBuffer();
        throw new TypeError("fetch failed");
      }
      return res;
    }) as typeof fetch;
    const res = await fetchIdempotent(
      `${base}/api/bids`,
      { method: "POST", headers: { "Content-Type": "application/json", cookie: carrier.cookie }, body: JSON.stringify({ loadId: load.id, bidAmount: 875 }) },
      newIdempotencyKey(),
      [0],
    );
    expect(calls).toBe(2);
    expect(res.status).toBe(201); // the first answer: a new bid, not "updated"
    expect(res.headers.get("idempotent-replayed")).toBe("true");
    expect(await t.app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id))).toHaveLength(1);
  });
});
