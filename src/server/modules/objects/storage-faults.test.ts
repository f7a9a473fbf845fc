// Storage faults answered clearly: a full disk → 507, an unreachable S3
// → 503 with Retry-After, each with a message a carrier understands, logged as an
// error for the operator, and nothing half-written: the same upload URL works
// once the store is back. The faults are real: the kernel's ENOSPC from
// /dev/full, a closed port, an S3 that answers 503, an S3 that never answers.
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { createTestApp, ENGINES, type TestApp } from "../../../../test/helpers";
import { signedIn } from "../../../../test/factories";
import { objects } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { S3ObjectStore } from "./object-store";
import { uploadDisk } from "./objects.upload";
import { classifyStorageError, STORAGE_MSG } from "./storage-faults";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a6b6f1e50000000049454e44ae426082",
  "hex",
);

/** Log lines written by the app, parsed. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  return { lines, stream };
}

function filesLeft(t: TestApp): string[] {
  const out: string[] = [];
  for (const dir of [join(t.config.dataDir, "objects"), join(t.config.dataDir, "upload-tmp")]) {
    if (existsSync(dir)) out.push(...readdirSync(dir));
  }
  return out;
}

async function ticket(t: TestApp, cookie: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { uploadURL: string; objectPath: string };
}

const put = (t: TestApp, cookie: string, url: string, body = PNG) =>
  t.app.inject({ method: "PUT", url, headers: { cookie, "content-type": "image/png" }, payload: body });

async function uploadRow(t: TestApp, objectPath: string) {
  const [row] = await t.app.ctx.db.select().from(objects).where(eq(objects.key, objectPath.slice("/objects/".length)));
  return row;
}

describe("classifyStorageError", () => {
  it("tells a full store, an unreachable store and everything else apart", () => {
    const errno = (code: string) => Object.assign(new Error(code), { code });
    expect(classifyStorageError(errno("ENOSPC"))).toBe("full");
    expect(classifyStorageError(errno("EDQUOT"))).toBe("full");
    expect(classifyStorageError({ name: "XMinioStorageFull", $metadata: { httpStatusCode: 507 } })).toBe("full");
    expect(classifyStorageError(errno("ECONNREFUSED"))).toBe("unreachable");
    expect(classifyStorageError(errno("EROFS"))).toBe("unreachable");
    expect(classifyStorageError({ name: "TimeoutError", code: "ETIMEDOUT" })).toBe("unreachable");
    expect(classifyStorageError({ name: "Unknown", $metadata: { httpStatusCode: 500 } })).toBe("unreachable");
    expect(classifyStorageError(new Error("wrapped", { cause: errno("ECONNRESET") }))).toBe("unreachable");
    // not storage faults: a bug, a refused input, a missing key, a denied bucket
    expect(classifyStorageError(new TypeError("x is undefined"))).toBeNull();
    expect(classifyStorageError(new AppError(415, "Only PDF, JPG or PNG files can be uploaded."))).toBeNull();
    expect(classifyStorageError({ name: "NoSuchKey", $metadata: { httpStatusCode: 404 } })).toBeNull();
    expect(classifyStorageError({ name: "AccessDenied", $metadata: { httpStatusCode: 403 } })).toBeNull();
  });
});

describe.each(ENGINES)("a full disk during an upload on %s", (engine) => {
  let t: TestApp;
  let log: ReturnType<typeof logCapture>;
  const realCreateTempFile = uploadDisk.createTempFile;
  beforeEach(async () => {
    log = logCapture();
    t = await createTestApp({ engine, config: { logLevel: "error" }, logStream: log.stream });
  });
  afterEach(async () => {
    uploadDisk.createTempFile = realCreateTempFile;
    await t.close();
  });

  it("answers 507 with a plain message and Retry-After, logs the cause, keeps nothing, and the same URL works once space is freed", async () => {
    const { cookie } = await signedIn(t.app);
    const { uploadURL, objectPath } = await ticket(t, cookie);
    // the disk is full: the real write stream, pointed at /dev/full, gets ENOSPC from the kernel
    uploadDisk.createTempFile = () => createWriteStream("/dev/full");

    const res = await put(t, cookie, uploadURL);
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ error: STORAGE_MSG.full });
    expect(res.json().error).toBe("Storage is full — please try again later");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(filesLeft(t)).toEqual([]);
    expect((await uploadRow(t, objectPath)).uploadedAt).toBeNull();
    const logged = log.lines.find((l) => l.storageFault === "full");
    expect(logged).toMatchObject({ level: 50, storageFault: "full", action: "receive upload" });
    expect(JSON.stringify(logged)).toContain("ENOSPC");
    expect((await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } })).statusCode).toBe(404);
    // a larger file fails part-way through, not on the last flush: the same answer
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const big = await put(t, cookie, uploadURL, pdf);
    expect(big.statusCode).toBe(507);
    expect(filesLeft(t)).toEqual([]);

    // space freed: the same single-use URL still works (the ticket was not spent)
    uploadDisk.createTempFile = realCreateTempFile;
    const retry = await put(t, cookie, uploadURL);
    expect(retry.statusCode).toBe(200);
    const get = await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } });
    expect(get.rawPayload.equals(PNG)).toBe(true);
  });
});

// ------------------------------------------------------------------ S3

type S3rver = { run(): Promise<{ port: number }>; close(): Promise<void> };
async function startS3rver(directory: string, port = 0): Promise<{ server: S3rver; port: number }> {
  // @ts-expect-error s3rver ships no type declarations
  const mod: unknown = await import("s3rver");
  const { default: S3rverClass } = mod as { default: new (o: Record<string, unknown>) => S3rver };
  const server = new S3rverClass({ port, address: "127.0.0.1", silent: true, directory });
  const started = await server.run();
  return { server, port: started.port };
}

const s3Config = (endpoint: string) => ({ bucket: "pod-paperwork", endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });

async function closedPort(): Promise<number> {
  const s = createTcpServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe("S3 unreachable", () => {
  let dir: string;
  let s3rver: S3rver | undefined;
  let port: number;
  let t: TestApp;
  let log: ReturnType<typeof logCapture>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "s3rver-faults-"));
    ({ server: s3rver, port } = await startS3rver(dir));
    const s3 = new S3Client({ region: "us-east-1", endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
    await s3.send(new CreateBucketCommand({ Bucket: "pod-paperwork" }));
    s3.destroy();
    log = logCapture();
    t = await createTestApp({ config: { s3: s3Config(`http://127.0.0.1:${port}`), logLevel: "error" }, logStream: log.stream });
  });
  afterAll(async () => {
    await t?.close();
    await s3rver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("s3rver stopped: uploads and downloads answer 503 with Retry-After; after it returns, the same URL works", async () => {
    const { cookie } = await signedIn(t.app);
    const stored = await ticket(t, cookie);
    expect((await put(t, cookie, stored.uploadURL)).statusCode).toBe(200);

    await s3rver!.close();
    s3rver = undefined;
    const { uploadURL, objectPath } = await ticket(t, cookie);
    const started = Date.now();
    const res = await put(t, cookie, uploadURL);
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.json()).toEqual({ error: STORAGE_MSG.unreachable });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(filesLeft(t)).toEqual([]);
    expect((await uploadRow(t, objectPath)).uploadedAt).toBeNull();
    expect(log.lines.find((l) => l.storageFault === "unreachable")).toMatchObject({ level: 50, action: "store upload", store: "s3" });

    const download = await t.app.inject({ method: "GET", url: stored.objectPath, headers: { cookie } });
    expect(download.statusCode).toBe(503);
    expect(download.json()).toEqual({ error: STORAGE_MSG.unreachable });

    // S3 is back on the same address: the unspent URL works and the old file is still there
    ({ server: s3rver } = await startS3rver(dir, port));
    expect((await put(t, cookie, uploadURL)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } })).rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: stored.objectPath, headers: { cookie } })).statusCode).toBe(200);
  });
});

describe("S3 failing in other ways", () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
  });

  it("an endpoint on a closed port, or one that answers 503, is a 503 for the carrier", async () => {
    const answers503 = createHttpServer((req, res) => {
      req.resume();
      res.statusCode = 503;
      res.end("<Error><Code>ServiceUnavailable</Code><Message>Please reduce your request rate.</Message></Error>");
    });
    servers.push(answers503);
    await new Promise<void>((r) => answers503.listen(0, "127.0.0.1", r));
    const endpoints = [`http://127.0.0.1:${await closedPort()}`, `http://127.0.0.1:${(answers503.address() as AddressInfo).port}`];
    for (const endpoint of endpoints) {
      const t = await createTestApp({ config: { s3: s3Config(endpoint) } });
      try {
        const { cookie } = await signedIn(t.app);
        const { uploadURL, objectPath } = await ticket(t, cookie);
        const res = await put(t, cookie, uploadURL);
        expect(res.statusCode, endpoint).toBe(503);
        expect(res.json()).toEqual({ error: STORAGE_MSG.unreachable });
        expect(res.headers["retry-after"]).toBeDefined();
        expect((await uploadRow(t, objectPath)).uploadedAt).toBeNull();
        expect(filesLeft(t)).toEqual([]);
      } finally {
        await t.close();
      }
    }
  });

  it("an S3 that accepts the connection and never answers times out as unreachable, and the temp file goes", async () => {
    const sockets: import("node:net").Socket[] = [];
    const silent = createTcpServer((socket) => {
      sockets.push(socket);
      socket.on("data", () => {});
    });
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const dir = mkdtempSync(join(tmpdir(), "s3-silent-"));
    const store = new S3ObjectStore(s3Config(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`), { connectMs: 300, idleMs: 300 });
    try {
      const temp = join(dir, "upload.part");
      writeFileSync(temp, PNG);
      const started = Date.now();
      const err = await store.putFile("00000000-0000-4000-8000-000000000001", temp, { contentType: "image/png", size: PNG.length }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(classifyStorageError(err)).toBe("unreachable");
      expect(existsSync(temp)).toBe(false);
    } finally {
      store.destroy();
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
