// Upload budgets (nobody fills the disk): a user's
// uploads not yet attached hold at most 100 MB at once, partial chunks counted,
// 429 beyond; unattached uploads and partial chunks are deleted within 1 hour of
// their ticket's expiry; below the disk floor new uploads are refused with 503
// and Retry-After. (The applicant's 4 tickets: registration.test.ts; /api/health's
// word on the floor: test/health.test.ts.)
import { existsSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { testConfig, type Config } from "../../config";
import { objects, uploadChunks } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/crypto";
import { createDiskFloor, DISK_CHECK_EVERY_MS, LOW_DISK_MSG } from "./disk-floor";
import { createObjectStore, uploadTempDir } from "./object-store";
import { insertUploadTicket } from "./objects.repository";
import { SWEEP_AFTER_EXPIRY_MS, SWEEP_EVERY_MS, sweepUnattachedUploads } from "./objects.sweep";
import { UPLOAD_TTL_MS } from "./objects.upload";

/** A PDF of exactly n bytes. */
const pdf = (n: number) => {
  const body = Buffer.alloc(n, 0x20);
  Buffer.from("%PDF-1.7\n").copy(body);
  return body;
};
const POD = {
  pickupSignedBy: "Sam Loader",
  pickupSignedDate: "2026-11-24T09:05:00.000Z",
  deliverySignedBy: "Dee Receiver",
  deliverySignedDate: "2026-11-24T15:10:00.000Z",
};
const quiet = { info: () => {}, warn: () => {} };
const keyOf = (objectPath: string) => objectPath.slice("/objects/".length);
const T0 = new Date("2026-11-25T10:00:00Z");

describe.each(ENGINES)("upload budgets on %s", (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const start = async (config: Partial<Config> = {}) => {
    const clock = new TestClock(T0);
    const app = await createTestApp({ engine, clock, config });
    t = app;
    const carrier = await signedIn(app.app);
    const call = (method: "GET" | "POST" | "PUT", url: string, payload?: Buffer, headers: Record<string, string> = {}) =>
      app.app.inject({ method, url, headers: { cookie: carrier.cookie, ...headers }, ...(payload ? { payload } : {}) });
    const ticket = async () => {
      const res = await call("POST", "/api/objects/upload");
      expect(res.statusCode).toBe(200);
      return res.json() as { uploadURL: string; objectPath: string };
    };
    const rows = (paths: string[]) => app.app.ctx.db.select().from(objects).where(inArray(objects.key, paths.map(keyOf)));
    const chunksOf = async (objectPath: string) => (await app.app.ctx.db.select().from(uploadChunks).where(eq(uploadChunks.objectKey, keyOf(objectPath)))).length;
    return { t: app, clock, carrier, call, ticket, rows, chunksOf };
  };

  it("the default budget is the contract's 100 MB", () => {
    expect(testConfig().uploadBudgetBytes).toBe(100 * 1024 * 1024);
  });

  it("a user's unattached uploads hold at most the budget: a file beyond it and then a ticket are 429; attaching one makes room", async () => {
    const { t, carrier, call, ticket, rows } = await start({ uploadBudgetBytes: 1000 });
    const a = await ticket();
    expect((await call("PUT", a.uploadURL, pdf(400))).statusCode).toBe(200);
    const b = await ticket();
    expect((await call("PUT", b.uploadURL, pdf(400))).statusCode).toBe(200);
    // 800 held: a ticket is still given, but a 400-byte file would make 1200
    const c = await ticket();
    const over = await call("PUT", c.uploadURL, pdf(400));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: expect.stringContaining("at most 1000 bytes") });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    const [unspent] = await rows([c.objectPath]);
    expect(unspent.uploadedAt).toBeNull();
    expect(existsSync(join(t.config.dataDir, "objects", keyOf(c.objectPath)))).toBe(false);
    // the same URL takes a file that fits: 1000 held, the budget full
    expect((await call("PUT", c.uploadURL, pdf(200))).statusCode).toBe(200);
    const full = await call("POST", "/api/objects/upload");
    expect(full.statusCode).toBe(429);
    expect(Number(full.headers["retry-after"])).toBeGreaterThan(0);

    // attached to a load by POD, an upload no longer counts
    const load = await createLoad(t.app, { status: "approved", acceptedBy: carrier.user.id, acceptedByCarrier: carrier.user.carrierName, mandataNumber: "PO-2026-00001" });
    const pod = await call("PUT", `/api/loads/${load.id}/pod`, Buffer.from(JSON.stringify({ ...POD, signedPaperworkUrl: a.objectPath })), { "content-type": "application/json" });
    expect(pod.statusCode).toBe(200);
    expect((await call("POST", "/api/objects/upload")).statusCode).toBe(200);
  });

  it("partial chunks count: a resumable upload's held chunks leave that much less room, and a declared total beyond the budget is refused at its first chunk", async () => {
    const { call, ticket, rows, chunksOf } = await start({ uploadBudgetBytes: 1000 });
    const chunked = (url: string, body: Buffer, range: string) => call("PUT", url, body, { "content-type": "application/octet-stream", "content-range": `bytes ${range}` });
    // a total beyond the room left is refused at its first chunk: nothing held
    const tooBig = await ticket();
    expect((await chunked(tooBig.uploadURL, pdf(1200).subarray(0, 100), "0-99/1200")).statusCode).toBe(429);
    expect(await chunksOf(tooBig.objectPath)).toBe(0);

    const file = pdf(600);
    const resumable = await ticket();
    expect((await chunked(resumable.uploadURL, file.subarray(0, 300), "0-299/600")).statusCode).toBe(202);
    // 300 bytes of chunks held: an 800-byte file does not fit beside them, a 700-byte one does
    const other = await ticket();
    expect((await call("PUT", other.uploadURL, pdf(800))).statusCode).toBe(429);
    expect((await call("PUT", other.uploadURL, pdf(700))).statusCode).toBe(200);
    // 1000 held: no ticket, and the resumable upload's own rest would take it over
    expect((await call("POST", "/api/objects/upload")).statusCode).toBe(429);
    expect((await chunked(resumable.uploadURL, file.subarray(300), "300-599/600")).statusCode).toBe(429);
    const [held] = await rows([resumable.objectPath]);
    expect(held.uploadedAt).toBeNull();
    expect(await chunksOf(resumable.objectPath)).toBe(1);
  });

  it("uploads and chunks never attached are deleted within 1 hour of their ticket's expiry, at every sweep schedule", async () => {
    // the latest a process sweeps after the grace: two sweep intervals (10 to 20 minutes) and the runner's minute
    expect(SWEEP_AFTER_EXPIRY_MS + 2 * SWEEP_EVERY_MS + 60_000).toBeLessThanOrEqual(60 * 60_000);
    const { t, clock, call, ticket, rows, chunksOf } = await start();
    const store = createObjectStore(t.config);
    const sweep = () => sweepUnattachedUploads({ db: t.app.ctx.db, store, now: clock.now(), log: quiet, tempDir: uploadTempDir(t.config) });
    const finished = await ticket();
    expect((await call("PUT", finished.uploadURL, pdf(500))).statusCode).toBe(200);
    const partial = await ticket();
    const file = pdf(600);
    expect((await call("PUT", partial.uploadURL, file.subarray(0, 300), { "content-type": "application/octet-stream", "content-range": "bytes 0-299/600" })).statusCode).toBe(202);
    const unused = await ticket();
    const paths = [finished.objectPath, partial.objectPath, unused.objectPath];

    // the URLs expire at T0 + 15 min; a sweep soon after keeps them (a POD being sent may still attach them)
    clock.set(new Date(T0.getTime() + UPLOAD_TTL_MS + SWEEP_AFTER_EXPIRY_MS - 60_000));
    expect((await sweep()).deleted).toBe(0);
    // the last sweep before the hour is up (one interval at most before it) deletes them all
    clock.set(new Date(T0.getTime() + UPLOAD_TTL_MS + 60 * 60_000 - 2 * SWEEP_EVERY_MS));
    expect((await sweep()).deleted).toBe(3);
    expect(await rows(paths)).toEqual([]);
    expect(await chunksOf(partial.objectPath)).toBe(0);
    expect(existsSync(join(t.config.dataDir, "objects", keyOf(finished.objectPath)))).toBe(false);
  });

  it("below the disk floor new uploads are refused with 503 and Retry-After: tickets, files and chunks", async () => {
    const { t, carrier, call } = await start({ uploadMinFreeBytes: Number.MAX_SAFE_INTEGER });
    const refused = await call("POST", "/api/objects/upload");
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: LOW_DISK_MSG });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await t.app.ctx.db.select().from(objects).where(eq(objects.ownerId, carrier.user.id))).toEqual([]);
    // a ticket issued before the disk filled: its PUT and its chunks are refused too, the ticket unspent
    const token = randomToken(32);
    const key = randomUUID();
    await insertUploadTicket(t.app.ctx.db, { key, ownerId: carrier.user.id, tokenHash: sha256(token), expiresAt: new Date(T0.getTime() + UPLOAD_TTL_MS), now: T0 });
    const put = await call("PUT", `/api/objects/upload/${token}`, pdf(300));
    expect(put.statusCode).toBe(503);
    expect(Number(put.headers["retry-after"])).toBeGreaterThan(0);
    const part = await call("PUT", `/api/objects/upload/${token}`, pdf(300).subarray(0, 100), { "content-type": "application/octet-stream", "content-range": "bytes 0-99/300" });
    expect(part.statusCode).toBe(503);
    const [row] = await t.app.ctx.db.select().from(objects).where(eq(objects.key, key));
    expect(row.uploadedAt).toBeNull();
  });
});

describe("the disk floor's check", () => {
  it("asks the file system at most once every couple of seconds; S3 (no directory) and a floor of 0 never refuse", async () => {
    let asked = 0;
    let free = 500;
    const floor = createDiskFloor({ dir: "/data/objects", minFreeBytes: 1000, free: async () => (asked++, free) });
    expect(await Promise.all([floor.refusing(), floor.refusing(), floor.refusing()])).toEqual([true, true, true]);
    expect(asked).toBe(1);
    free = 5000;
    expect(await floor.refusing()).toBe(true); // cached
    await expect(floor.assertRoom()).rejects.toMatchObject({ status: 503, headers: { "Retry-After": expect.any(String) } });
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + DISK_CHECK_EVERY_MS + 1;
      expect(await floor.refusing()).toBe(false);
    } finally {
      Date.now = realNow;
    }
    expect(asked).toBe(2);
    for (const f of [createDiskFloor({ dir: null, minFreeBytes: 1000, free: async () => 0 }), createDiskFloor({ dir: "/data/objects", minFreeBytes: 0, free: async () => 0 })]) {
      expect(await f.refusing()).toBe(false);
    }
  });
});
