// Uploads and downloads of signed paperwork (POST /api/objects/upload, GET {objectPath}).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { loads, objects } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { UPLOAD_MAX_BYTES } from "../../../contract/constants";
import { receiveToFile, sniffType } from "./objects.upload";
import { pbkdf2 } from "node:crypto";
import { promisify } from "node:util";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a6b6f1e50000000049454e44ae426082",
  "hex",
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1), Buffer.from([0xff, 0xd9])]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** A PDF of exactly n bytes: the magic bytes, then padding. */
const pdfOfSize = (n: number) => Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(n - 9, 0x20)]);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("sniffType: by content, never by name", () => {
  it("recognises PDF, JPEG and PNG magic bytes and nothing else", () => {
    expect(sniffType(PDF)?.contentType).toBe("application/pdf");
    expect(sniffType(JPEG)?.contentType).toBe("image/jpeg");
    expect(sniffType(PNG)?.contentType).toBe("image/png");
    expect(sniffType(Buffer.from("hello, I am a text file.pdf"))).toBeNull();
    expect(sniffType(Buffer.from("%PD"))).toBeNull();
    expect(sniffType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00]))).toBeNull();
    expect(sniffType(Buffer.from("GIF89a.........."))).toBeNull();
    expect(sniffType(Buffer.alloc(0))).toBeNull();
  });
});

describe("receiveToFile: a refused body leaves no file", () => {
  // CI once found a .part left after a 415: the caller's rm() ran before the
  // write stream's open (in libuv's thread pool) had created the file. Here the
  // pool is kept busy so the open is still pending when the body is refused; the
  // refusal must wait for the file to be closed, so a removal at once is final.
  it.each([
    ["415, a text file", Buffer.from("plain text, not a PDF"), 415, 1024],
    ["415, an empty body", Buffer.alloc(0), 415, 1024],
    ["413, too large", pdfOfSize(64), 413, 32],
  ])("%s", async (_name, body, status, max) => {
    const dir = mkdtempSync(join(tmpdir(), "receive-"));
    try {
      const busy = Array.from({ length: 4 }, () => promisify(pbkdf2)("x", "y", 200_000, 32, "sha256"));
      const tempPath = join(dir, "x.part");
      const err = await receiveToFile(Readable.from([body]), tempPath, max).catch((e: { status?: number }) => e);
      expect(err).toMatchObject({ status });
      rmSync(tempPath, { force: true });
      await Promise.all(busy);
      await new Promise((r) => setTimeout(r, 20));
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Every file under the local store and the upload temp dir. */
function filesLeft(t: TestApp): string[] {
  const out: string[] = [];
  for (const dir of [join(t.config.dataDir, "objects"), join(t.config.dataDir, "upload-tmp")]) {
    if (existsSync(dir)) out.push(...readdirSync(dir).map((f) => join(dir, f)));
  }
  return out;
}

async function ticket(t: TestApp, cookie: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { uploadURL: string; objectPath: string };
}

function put(t: TestApp, cookie: string | undefined, url: string, body: Buffer | Readable, contentType = "application/octet-stream") {
  return t.app.inject({
    method: "PUT",
    url,
    headers: { ...(cookie ? { cookie } : {}), "content-type": contentType },
    payload: body,
  });
}

describe.each(ENGINES)("uploads on %s", (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeEach(async () => {
    clock = new TestClock(new Date("2026-11-23T10:00:00Z"));
    t = await createTestApp({ engine, clock });
  });
  afterEach(async () => {
    await t.close();
  });

  it("a signed-in user gets a single-use upload URL; only the token's hash is stored", async () => {
    const anon = await t.app.inject({ method: "POST", url: "/api/objects/upload" });
    expect(anon.statusCode).toBe(401);

    const { user, cookie } = await signedIn(t.app);
    const { uploadURL, objectPath } = await ticket(t, cookie);
    expect(uploadURL).toMatch(/^\/api\/objects\/upload\/[A-Za-z0-9_-]{43}$/);
    expect(objectPath).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    const key = objectPath.slice("/objects/".length);
    expect(key).toMatch(UUID_RE);
    const token = uploadURL.split("/").pop()!;
    const [row] = await t.app.ctx.db.select().from(objects).where(eq(objects.key, key));
    expect(row.ownerId).toBe(user.id);
    expect(row.uploadTokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.uploadExpiresAt.getTime()).toBe(clock.now().getTime() + 15 * 60_000);
    expect(row.uploadedAt).toBeNull();
  });

  it("stores a PNG and gives it back to its uploader with the right headers", async () => {
    const { cookie } = await signedIn(t.app);
    const { uploadURL, objectPath } = await ticket(t, cookie);
    // the browser's own Content-Type is ignored: the type comes from the bytes
    const up = await put(t, cookie, uploadURL, PNG, "application/pdf");
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ objectPath });

    const get = await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } });
    expect(get.statusCode).toBe(200);
    expect(get.headers["content-type"]).toBe("image/png");
    expect(get.headers["content-disposition"]).toBe('attachment; filename="POD-upload.png"');
    expect(get.headers["x-content-type-options"]).toBe("nosniff");
    expect(get.rawPayload.equals(PNG)).toBe(true);
    expect(filesLeft(t)).toEqual([join(t.config.dataDir, "objects", objectPath.slice(9))]);
  });

  it("refuses a text file named .pdf with 415, keeps nothing, and the URL can be retried", async () => {
    const { cookie } = await signedIn(t.app);
    const { uploadURL, objectPath } = await ticket(t, cookie);
    const res = await put(t, cookie, `${uploadURL}?name=paperwork.pdf`, Buffer.from("This is not a PDF, only a text file called paperwork.pdf\n"), "application/pdf");
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe("Only PDF, JPG or PNG files can be uploaded.");
    expect(filesLeft(t)).toEqual([]);
    const [row] = await t.app.ctx.db.select().from(objects).where(eq(objects.key, objectPath.slice(9)));
    expect(row.uploadedAt).toBeNull();
    expect((await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } })).statusCode).toBe(404);

    // an empty body is no file either
    expect((await put(t, cookie, uploadURL, Buffer.alloc(0))).statusCode).toBe(415);

    const retry = await put(t, cookie, uploadURL, JPEG, "image/jpeg");
    expect(retry.statusCode).toBe(200);
    const get = await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } });
    expect(get.headers["content-type"]).toBe("image/jpeg");
  });

  it("accepts exactly 10485760 bytes and refuses 10485761 with 413, leaving no partial file", async () => {
    const { cookie } = await signedIn(t.app);
    const big = await ticket(t, cookie);
    const tooBig = await put(t, cookie, big.uploadURL, pdfOfSize(UPLOAD_MAX_BYTES + 1), "application/pdf");
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe("File is too large. The maximum size is 10 MB.");
    expect(filesLeft(t)).toEqual([]);

    // the same refusal when no Content-Length announces the size (a streamed, chunked body)
    const streamed = await put(t, cookie, big.uploadURL, Readable.from(chunks(pdfOfSize(UPLOAD_MAX_BYTES + 1), 64 * 1024)), "application/pdf");
    expect(streamed.statusCode).toBe(413);
    expect(filesLeft(t)).toEqual([]);
    const [row] = await t.app.ctx.db.select().from(objects).where(eq(objects.key, big.objectPath.slice(9)));
    expect(row.uploadedAt).toBeNull();

    const ok = await put(t, cookie, big.uploadURL, pdfOfSize(UPLOAD_MAX_BYTES), "application/pdf");
    expect(ok.statusCode).toBe(200);
    const get = await t.app.inject({ method: "GET", url: big.objectPath, headers: { cookie } });
    expect(get.rawPayload.length).toBe(UPLOAD_MAX_BYTES);
    expect(get.headers["content-length"]).toBe(String(UPLOAD_MAX_BYTES));
  });

  it("refuses an expired upload URL with 410 and a used one with 409", async () => {
    const { cookie } = await signedIn(t.app);
    const a = await ticket(t, cookie);
    clock.advance(15 * 60_000 + 1000);
    const expired = await put(t, cookie, a.uploadURL, PNG);
    expect(expired.statusCode).toBe(410);
    expect(filesLeft(t)).toEqual([]);

    const b = await ticket(t, cookie);
    clock.advance(14 * 60_000);
    expect((await put(t, cookie, b.uploadURL, PNG)).statusCode).toBe(200);
    const reused = await put(t, cookie, b.uploadURL, PDF);
    expect(reused.statusCode).toBe(409);
    // the first file is untouched
    const get = await t.app.inject({ method: "GET", url: b.objectPath, headers: { cookie } });
    expect(get.rawPayload.equals(PNG)).toBe(true);
  });

  it("of two simultaneous uploads to one URL exactly one is kept", async () => {
    const { cookie } = await signedIn(t.app);
    const { uploadURL, objectPath } = await ticket(t, cookie);
    const results = await Promise.all([put(t, cookie, uploadURL, PNG), put(t, cookie, uploadURL, PDF)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200) === results[0] ? PNG : PDF;
    const get = await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } });
    expect(get.rawPayload.equals(winner)).toBe(true);
    expect(filesLeft(t)).toHaveLength(1);
  });

  it("only the user who asked for the URL may use it", async () => {
    const owner = await signedIn(t.app);
    const other = await signedIn(t.app);
    const { uploadURL } = await ticket(t, owner.cookie);
    expect((await put(t, undefined, uploadURL, PNG)).statusCode).toBe(401);
    expect((await put(t, other.cookie, uploadURL, PNG)).statusCode).toBe(403);
    expect((await put(t, owner.cookie, "/api/objects/upload/not-a-real-token-at-all-000000", PNG)).statusCode).toBe(404);
    expect((await put(t, owner.cookie, "/api/objects/upload/..%2F..%2Fetc", PNG)).statusCode).toBe(404);
    expect(filesLeft(t)).toEqual([]);
    expect((await put(t, owner.cookie, uploadURL, PNG)).statusCode).toBe(200);
  });

  it("download: staff and the load's carrier get the file, everyone else 404 (anonymous 401)", async () => {
    const carrier = await signedIn(t.app);
    const other = await signedIn(t.app);
    const staff = await signedIn(t.app, { role: "manager" });
    const { uploadURL, objectPath } = await ticket(t, carrier.cookie);
    expect((await put(t, carrier.cookie, uploadURL, PDF)).statusCode).toBe(200);
    const get = (cookie?: string) => t.app.inject({ method: "GET", url: objectPath, headers: cookie ? { cookie } : {} });

    // before it is attached to a load: its uploader only
    expect((await get(carrier.cookie)).statusCode).toBe(200);
    expect((await get(staff.cookie)).statusCode).toBe(404);
    expect((await get(other.cookie)).statusCode).toBe(404);

    await createLoad(t.app, {
      loadNumber: "FN-2026-077",
      status: "completed",
      acceptedBy: carrier.user.id,
      acceptedByCarrier: carrier.user.carrierName,
      signedPaperworkUrl: objectPath,
    });
    const staffGet = await get(staff.cookie);
    expect(staffGet.statusCode).toBe(200);
    expect(staffGet.headers["content-type"]).toBe("application/pdf");
    expect(staffGet.headers["content-disposition"]).toBe('attachment; filename="POD-FN-2026-077.pdf"');
    expect(staffGet.rawPayload.equals(PDF)).toBe(true);
    expect((await get(carrier.cookie)).statusCode).toBe(200);
    expect((await get(other.cookie)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(401);

    // a colleague at the same company sees their company's load (by carrier name)
    const colleague = await signedIn(t.app, { carrierName: carrier.user.carrierName });
    expect((await get(colleague.cookie)).statusCode).toBe(200);

    // the load moves to another carrier: the first one loses access
    await t.app.ctx.db.update(loads).set({ acceptedBy: other.user.id, acceptedByCarrier: other.user.carrierName }).where(eq(loads.signedPaperworkUrl, objectPath));
    expect((await get(other.cookie)).statusCode).toBe(200);
    expect((await get(carrier.cookie)).statusCode).toBe(404);
  });

  it("object keys that are not UUIDs, and path traversal attempts, are 404", async () => {
    const staff = await signedIn(t.app, { role: "admin", isAdmin: true });
    for (const url of [
      "/objects/..%2F..%2Fetc%2Fpasswd",
      "/objects/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
      "/objects/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/objects/../../etc/passwd",
      "/objects/not-a-uuid",
      "/objects/00000000-0000-0000-0000-000000000000",
      "/objects/00000000-0000-0000-0000-000000000000/../../db",
      "/objects/.tmp",
      "/objects/",
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: staff.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("root:");
    }
  });

  it("a browser-style fetch PUT over real HTTP works with the session cookie, and an oversized stream gets 413", async () => {
    const { cookie } = await signedIn(t.app);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const a = await ticket(t, cookie);
    const res = await fetch(base + a.uploadURL, { method: "PUT", body: new Blob([PNG], { type: "image/png" }), headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ objectPath: a.objectPath });

    const b = await ticket(t, cookie);
    const tooBig = pdfOfSize(UPLOAD_MAX_BYTES + 100_000);
    const stream = Readable.toWeb(Readable.from(chunks(tooBig, 256 * 1024))) as ReadableStream;
    const refused = await fetch(base + b.uploadURL, { method: "PUT", body: stream, headers: { cookie }, duplex: "half" } as RequestInit);
    expect(refused.status).toBe(413);
    expect(filesLeft(t)).toHaveLength(1);
  });
});

function* chunks(buf: Buffer, size: number) {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

// S3-compatible storage (S3_BUCKET): s3rver in process. It checks no signatures and
// no sizes (toolchain-notes.md), so every refusal below is our own code's.
describe("uploads on S3-compatible storage (s3rver)", () => {
  let s3rver: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let dir: string;
  let endpoint: string;
  let s3: S3Client;
  let t: TestApp;
  const bucket = "pod-paperwork";

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "s3rver-"));
    // @ts-expect-error s3rver ships no type declarations
    const s3rverModule: unknown = await import("s3rver");
    const { default: S3rver } = s3rverModule as {
      default: new (o: Record<string, unknown>) => typeof s3rver;
    };
    s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
    const { port } = await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    t = await createTestApp({
      config: { s3: { bucket, endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } },
    });
  });
  afterAll(async () => {
    await t?.close();
    s3?.destroy();
    await s3rver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const keysInBucket = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key);

  it("stores the upload in the bucket, not on local disk, and serves it back", async () => {
    const { cookie } = await signedIn(t.app);
    const { uploadURL, objectPath } = await ticket(t, cookie);
    expect((await put(t, cookie, uploadURL, PNG, "image/png")).statusCode).toBe(200);
    expect(await keysInBucket()).toContain(`objects${objectPath.slice("/objects".length)}`);
    expect(filesLeft(t)).toEqual([]);
    const get = await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } });
    expect(get.statusCode).toBe(200);
    expect(get.headers["content-type"]).toBe("image/png");
    expect(get.rawPayload.equals(PNG)).toBe(true);
  });

  it("a resumable upload in chunks reaches the bucket whole only with its last chunk", async () => {
    const { cookie } = await signedIn(t.app);
    const { uploadURL, objectPath } = await ticket(t, cookie);
    const file = pdfOfSize(300_000);
    const part = (start: number, end: number) =>
      t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-range": `bytes ${start}-${end}/${file.length}` }, payload: file.subarray(start, end + 1) });
    expect((await part(0, 199_999)).statusCode).toBe(202);
    expect(await keysInBucket()).not.toContain(`objects${objectPath.slice("/objects".length)}`);
    expect((await part(200_000, file.length - 1)).statusCode).toBe(200);
    expect(await keysInBucket()).toContain(`objects${objectPath.slice("/objects".length)}`);
    expect(filesLeft(t)).toEqual([]);
    const get = await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } });
    expect(get.rawPayload.equals(file)).toBe(true);
  });

  it("refuses a wrong type (415) and an oversized file (413) with nothing reaching the bucket", async () => {
    const { cookie } = await signedIn(t.app);
    const before = await keysInBucket();
    const a = await ticket(t, cookie);
    expect((await put(t, cookie, a.uploadURL, Buffer.from("plain text pretending to be a pdf"), "application/pdf")).statusCode).toBe(415);
    expect((await put(t, cookie, a.uploadURL, pdfOfSize(UPLOAD_MAX_BYTES + 1), "application/pdf")).statusCode).toBe(413);
    expect(await keysInBucket()).toEqual(before);
    expect(filesLeft(t)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: a.objectPath, headers: { cookie } })).statusCode).toBe(404);
    // a used URL stays used with S3 too
    expect((await put(t, cookie, a.uploadURL, PDF)).statusCode).toBe(200);
    expect((await put(t, cookie, a.uploadURL, PDF)).statusCode).toBe(409);
  });
});
