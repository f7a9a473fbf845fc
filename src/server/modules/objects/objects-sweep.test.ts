// Housekeeping of uploads: uploads never attached to a load are
// deleted within 1 h of their upload URL's expiry (file and row, disk and S3,
// once across processes, never under a POD that is attaching them), and upload
// URLs are rate-limited per user, counted in the database.
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { createTestApp, ENGINES, eventually, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { postgresOnly } from "../../../../test/skips";
import { buildApp } from "../../app";
import { objects } from "../../db/schema";
import { createObjectStore, S3ObjectStore, uploadTempDir, type ObjectStore } from "./object-store";
import { resolvePaperwork, UPLOAD_RATE } from "./objects.service";
import { queueJobs } from "../jobs/jobs.service";
import { SWEEP_EVERY_MS, sweepUnattachedUploads, UNATTACHED_GRACE_MS, UPLOAD_SWEEP_JOB, uploadSweepJobKind } from "./objects.sweep";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a6b6f1e50000000049454e44ae426082",
  "hex",
);
const POD = {
  pickupSignedBy: "Sam Loader",
  pickupSignedDate: "2026-11-24T09:05:00.000Z",
  deliverySignedBy: "Dee Receiver",
  deliverySignedDate: "2026-11-24T15:10:00.000Z",
};
const quiet = { info: () => {}, warn: () => {} };
const keyOf = (objectPath: string) => objectPath.slice("/objects/".length);

async function ticket(t: TestApp, cookie: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { uploadURL: string; objectPath: string };
}

async function upload(t: TestApp, cookie: string) {
  const tk = await ticket(t, cookie);
  const res = await t.app.inject({ method: "PUT", url: tk.uploadURL, headers: { cookie, "content-type": "image/png" }, payload: PNG });
  expect(res.statusCode).toBe(200);
  return tk;
}

async function rowsFor(t: TestApp, paths: string[]) {
  const rows = await t.app.ctx.db.select({ key: objects.key }).from(objects).where(inArray(objects.key, paths.map(keyOf)));
  return new Set(rows.map((r) => `/objects/${r.key}`));
}

describe.each(ENGINES)("sweep of uploads never attached on %s", (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let store: ObjectStore;
  beforeEach(async () => {
    clock = new TestClock(new Date("2026-11-24T16:00:00Z"));
    t = await createTestApp({ engine, clock });
    store = createObjectStore(t.config);
  });
  afterEach(() => t.close());

  const sweep = () => sweepUnattachedUploads({ db: t.app.ctx.db, store, now: clock.now(), log: quiet, tempDir: uploadTempDir(t.config) });
  const fileExists = (objectPath: string) => existsSync(join(t.config.dataDir, "objects", keyOf(objectPath)));

  it("deletes file and row 45 minutes after the URL was issued (30 after it expired); attached, named and younger uploads stay", async () => {
    const carrier = await signedIn(t.app);
    const load = await createLoad(t.app, { status: "approved", acceptedBy: carrier.user.id, acceptedByCarrier: carrier.user.carrierName, mandataNumber: "PO-2026-00001" });
    const abandoned = await upload(t, carrier.cookie); // uploaded, never attached
    const unused = await ticket(t, carrier.cookie); // URL issued, never used
    const attached = await upload(t, carrier.cookie);
    const pod = await t.app.inject({ method: "PUT", url: `/api/loads/${load.id}/pod`, headers: { cookie: carrier.cookie }, payload: { ...POD, signedPaperworkUrl: attached.objectPath } });
    expect(pod.statusCode).toBe(200);
    // named by a load but written without POD (data from before attached_at existed)
    const named = await upload(t, carrier.cookie);
    await createLoad(t.app, { status: "completed", acceptedBy: carrier.user.id, acceptedByCarrier: carrier.user.carrierName, signedPaperworkUrl: named.objectPath });

    clock.advance(UNATTACHED_GRACE_MS - 60_000);
    const younger = await upload(t, carrier.cookie);
    expect(await sweep()).toMatchObject({ deleted: 0 });

    clock.advance(2 * 60_000);
    expect(await sweep()).toMatchObject({ deleted: 2 });
    const all = [abandoned, unused, attached, named, younger].map((u) => u.objectPath);
    expect(await rowsFor(t, all)).toEqual(new Set([attached.objectPath, named.objectPath, younger.objectPath]));
    expect(fileExists(abandoned.objectPath)).toBe(false);
    for (const kept of [attached, named, younger]) expect(fileExists(kept.objectPath)).toBe(true);
    expect((await t.app.inject({ url: abandoned.objectPath, headers: { cookie: carrier.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: attached.objectPath, headers: { cookie: carrier.cookie } })).statusCode).toBe(200);
    // a swept upload can no longer be attached
    const late = await t.app.inject({ method: "PUT", url: `/api/loads/${load.id}/pod`, headers: { cookie: carrier.cookie }, payload: { ...POD, signedPaperworkUrl: abandoned.objectPath } });
    expect(late.statusCode).toBe(400);

    // paperwork replaced later stays: it was attached once (a record of what was signed)
    const replacement = await upload(t, carrier.cookie);
    expect((await t.app.inject({ method: "PUT", url: `/api/loads/${load.id}/pod`, headers: { cookie: carrier.cookie }, payload: { ...POD, signedPaperworkUrl: replacement.objectPath } })).statusCode).toBe(200);
    clock.advance(UNATTACHED_GRACE_MS + 60_000);
    await sweep();
    expect(await rowsFor(t, [attached.objectPath, replacement.objectPath, younger.objectPath])).toEqual(new Set([attached.objectPath, replacement.objectPath]));
    expect(fileExists(younger.objectPath)).toBe(false);
  });

  it("removes temp files left by a process that died mid-upload, not uploads in progress", async () => {
    const dir = uploadTempDir(t.config);
    const old = join(dir, "00000000-0000-4000-8000-000000000001.a.part");
    const fresh = join(dir, "00000000-0000-4000-8000-000000000002.b.part");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(dir, { recursive: true });
    writeFileSync(old, "x");
    writeFileSync(fresh, "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await sweep()).toMatchObject({ tempFiles: 1 });
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  postgresOnly(engine).it("two processes sweeping at once delete each upload once; an upload POD is attaching right now is kept", async () => {
    const carrier = await signedIn(t.app);
    const uploads = [];
    for (let i = 0; i < 60; i++) {
      uploads.push(await ticket(t, carrier.cookie));
      clock.advance(UPLOAD_RATE.windowMs / UPLOAD_RATE.limit); // within the rate limit
    }
    const attaching = await upload(t, carrier.cookie);
    clock.advance(UNATTACHED_GRACE_MS + 60_000);

    const database2 = await t.testDb.reopen();
    try {
      // the POD transaction holds the upload's row while the sweeps run
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const pod = t.app.ctx.db.transaction(async (tx) => {
        await resolvePaperwork({ db: tx, ref: attaching.objectPath, user: carrier.user, currentPath: null });
        locked();
        await held;
      });
      await isLocked;
      const [a, b] = await Promise.all([
        sweepUnattachedUploads({ db: t.app.ctx.db, store, now: clock.now(), log: quiet }),
        sweepUnattachedUploads({ db: database2.db, store, now: clock.now(), log: quiet }),
      ]);
      release();
      await pod;
      expect(a.deleted + b.deleted).toBe(60);
      expect(await rowsFor(t, [...uploads, attaching].map((u) => u.objectPath))).toEqual(new Set([attaching.objectPath]));
      expect(fileExists(attaching.objectPath)).toBe(true);
      // attached now: later sweeps keep it too
      expect((await sweepUnattachedUploads({ db: t.app.ctx.db, store, now: clock.now(), log: quiet })).deleted).toBe(0);
    } finally {
      await database2.close();
    }
  });
});

describe("the uploads-sweep job kind", () => {
  afterEach(() => vi.useRealTimers());

  it("its watch sweeps once every 10 to 20 minutes per process, never at start", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let sweeps = 0;
    const kind = uploadSweepJobKind(async () => sweeps++);
    await kind.watch!.run();
    expect(sweeps).toBe(0);
    vi.setSystemTime(Date.now() + SWEEP_EVERY_MS - 1000);
    await kind.watch!.run();
    expect(sweeps).toBe(0);
    vi.setSystemTime(Date.now() + SWEEP_EVERY_MS + 2000);
    await kind.watch!.run();
    await kind.watch!.run();
    expect(sweeps).toBe(1);
  });

  it("is registered by the objects module: a queued sweep job deletes an abandoned upload", async () => {
    const clock = new TestClock(new Date("2026-11-24T16:00:00Z"));
    const t = await createTestApp({ clock });
    try {
      const carrier = await signedIn(t.app);
      const abandoned = await upload(t, carrier.cookie);
      clock.advance(UNATTACHED_GRACE_MS + 60_000);
      await queueJobs({ db: t.app.ctx.db, now: clock.now(), jobs: [{ kind: UPLOAD_SWEEP_JOB, payload: {} }] });
      await eventually(async () => (await rowsFor(t, [abandoned.objectPath])).size === 0, 10_000);
      expect(existsSync(join(t.config.dataDir, "objects", keyOf(abandoned.objectPath)))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe("sweep with S3 (s3rver)", () => {
  type S3rver = { run(): Promise<{ port: number }>; close(): Promise<void> };
  let dir: string;
  let s3rver: S3rver | undefined;
  let port: number;
  let s3: S3Client;
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-24T16:00:00Z"));
  const bucket = "pod-paperwork";
  const start = async (p = 0) => {
    // @ts-expect-error s3rver ships no type declarations
    const mod: unknown = await import("s3rver");
    const { default: S3rverClass } = mod as { default: new (o: Record<string, unknown>) => S3rver };
    s3rver = new S3rverClass({ port: p, address: "127.0.0.1", silent: true, directory: dir });
    port = (await s3rver.run()).port;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "s3rver-sweep-"));
    await start();
    const endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    t = await createTestApp({ clock, config: { s3: { bucket, endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } } });
  });
  afterAll(async () => {
    await t?.close();
    s3?.destroy();
    await s3rver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const keysInBucket = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key);

  it("deletes the object from the bucket; with S3 down nothing is lost and the next sweep finishes the job", async () => {
    const store = createObjectStore(t.config) as S3ObjectStore;
    try {
      const carrier = await signedIn(t.app);
      const abandoned = await upload(t, carrier.cookie);
      expect(await keysInBucket()).toContain(`objects/${keyOf(abandoned.objectPath)}`);
      clock.advance(UNATTACHED_GRACE_MS + 60_000);

      await s3rver!.close();
      const down = await sweepUnattachedUploads({ db: t.app.ctx.db, store, now: clock.now(), log: quiet });
      expect(down.deleted).toBe(0);
      expect(await rowsFor(t, [abandoned.objectPath])).toEqual(new Set([abandoned.objectPath]));

      await start(port);
      const up = await sweepUnattachedUploads({ db: t.app.ctx.db, store, now: clock.now(), log: quiet });
      expect(up.deleted).toBe(1);
      expect(await keysInBucket()).not.toContain(`objects/${keyOf(abandoned.objectPath)}`);
      expect(await rowsFor(t, [abandoned.objectPath])).toEqual(new Set());
    } finally {
      store.destroy();
    }
  });
});

describe.each(ENGINES)("per-user upload rate limit on %s", (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = new TestClock(new Date("2026-11-24T16:00:00Z"));
    t = await createTestApp({ engine, clock });
  });
  afterAll(() => t?.close());

  const post = (app: TestApp["app"], cookie: string) => app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } });

  it(`${UPLOAD_RATE.limit} upload URLs in ${UPLOAD_RATE.windowMs / 60_000} minutes, then 429 with Retry-After until the window moves on; other users are not held up`, async () => {
    const carrier = await signedIn(t.app);
    const other = await signedIn(t.app);
    for (let i = 0; i < UPLOAD_RATE.limit; i++) {
      expect((await post(t.app, carrier.cookie)).statusCode).toBe(200);
      clock.advance(1000);
    }
    const refused = await post(t.app, carrier.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: "Too many uploads. Please try again in 10 minutes." });
    // the oldest URL leaves the window 600 s after it was issued, 30 s ago
    expect(refused.headers["retry-after"]).toBe(String(UPLOAD_RATE.windowMs / 1000 - UPLOAD_RATE.limit));
    const rows = await t.app.ctx.db.select({ key: objects.key }).from(objects).where(eq(objects.ownerId, carrier.user.id));
    expect(rows).toHaveLength(UPLOAD_RATE.limit);
    expect((await post(t.app, other.cookie)).statusCode).toBe(200);

    clock.advance(Number(refused.headers["retry-after"]) * 1000);
    expect((await post(t.app, carrier.cookie)).statusCode).toBe(200);
    expect((await post(t.app, carrier.cookie)).statusCode).toBe(429);
  });

  postgresOnly(engine).it("is counted across processes: exactly the limit is issued, however the requests are spread", async () => {
    const database2 = await t.testDb.reopen();
    const app2 = await buildApp({ config: t.config, database: database2, serveWeb: false, clock });
    try {
      const carrier = await signedIn(t.app);
      const res = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i % 2 ? app2 : t.app, carrier.cookie)));
      const ok = res.filter((r) => r.statusCode === 200).length;
      // counted one after another under a per-user lock: exactly the limit, never a burst refused whole
      expect(ok).toBe(UPLOAD_RATE.limit);
      expect(res.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
      const rows = await t.app.ctx.db.select({ key: objects.key }).from(objects).where(eq(objects.ownerId, carrier.user.id));
      expect(rows).toHaveLength(ok);
    } finally {
      await app2.close();
      await database2.close();
    }
  });
});
