// Resumable uploads (pause and resume; objects.chunks.ts):
// PUT {uploadURL} with Content-Range appends a chunk, GET/HEAD answers the held
// offset, the last chunk runs the single PUT's content and size checks.
import { existsSync, readdirSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { signedIn } from "../../../../test/factories";
import { objects, uploadChunks } from "../../db/schema";
import { UPLOAD_MAX_BYTES } from "../../../contract/constants";
import { createObjectStore } from "./object-store";
import { sweepUnattachedUploads } from "./objects.sweep";

/** A PDF of n bytes with varied content, so a misplaced byte shows. */
const pdfOfSize = (n: number) => {
  const body = Buffer.alloc(n);
  for (let i = 0; i < n; i++) body[i] = (i * 31 + 7) & 0xff;
  Buffer.from("%PDF-1.7\n").copy(body);
  return body;
};
const CHUNK = 256 * 1024;

function filesLeft(t: TestApp): string[] {
  const out: string[] = [];
  for (const dir of [join(t.config.dataDir, "objects"), join(t.config.dataDir, "upload-tmp")]) {
    if (existsSync(dir)) out.push(...readdirSync(dir));
  }
  return out;
}

describe.each(ENGINES)("resumable uploads on %s", (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let cookie: string;
  beforeEach(async () => {
    clock = new TestClock(new Date("2026-11-25T10:00:00Z"));
    t = await createTestApp({ engine, clock });
    cookie = (await signedIn(t.app)).cookie;
  });
  afterEach(async () => {
    await t.close();
  });

  const ticket = async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as { uploadURL: string; objectPath: string };
  };
  const chunk = (url: string, file: Buffer, start: number, end: number, total = file.length) =>
    t.app.inject({ method: "PUT", url, headers: { cookie, "content-type": "application/octet-stream", "content-range": `bytes ${start}-${end}/${total}` }, payload: file.subarray(start, end + 1) });
  const offset = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["upload-offset"]).toBe(String(res.json().offset));
    return res.json() as { offset: number; complete: boolean; objectPath: string | null };
  };
  const chunksHeld = async (objectPath: string) => (await t.app.ctx.db.select().from(uploadChunks).where(eq(uploadChunks.objectKey, objectPath.slice(9)))).length;

  it("chunks sent in order complete the object, byte for byte; HEAD and GET tell the offset", async () => {
    const file = pdfOfSize(CHUNK * 3 + 1234);
    const { uploadURL, objectPath } = await ticket();
    expect(await offset(uploadURL)).toMatchObject({ offset: 0, complete: false });
    for (let start = 0; start < file.length; start += CHUNK) {
      const end = Math.min(start + CHUNK, file.length) - 1;
      const res = await chunk(uploadURL, file, start, end);
      if (end + 1 < file.length) {
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ offset: end + 1 });
        expect(res.headers["upload-offset"]).toBe(String(end + 1));
        const head = await t.app.inject({ method: "HEAD", url: uploadURL, headers: { cookie } });
        expect(head.headers["upload-offset"]).toBe(String(end + 1));
        // nothing is an object before the last chunk
        expect((await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } })).statusCode).toBe(404);
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ objectPath });
      }
    }
    const get = await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } });
    expect(get.statusCode).toBe(200);
    expect(get.headers["content-type"]).toBe("application/pdf");
    expect(get.rawPayload.equals(file)).toBe(true);
    expect(await chunksHeld(objectPath)).toBe(0);
    const [row] = await t.app.ctx.db.select().from(objects).where(eq(objects.key, objectPath.slice(9)));
    expect(row.size).toBe(file.length);
    // a finished upload still answers its offset (a resume whose last answer was lost learns it is done)
    expect(await offset(uploadURL)).toEqual({ offset: file.length, length: file.length, complete: true, objectPath });
    // and stays single use
    expect((await chunk(uploadURL, file, 0, CHUNK - 1)).statusCode).toBe(409);
    expect((await t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie }, payload: file })).statusCode).toBe(409);
  });

  it("a chunk that does not start at the held offset is 409 with the offset, and changes nothing", async () => {
    const file = pdfOfSize(CHUNK * 2 + 10);
    const { uploadURL, objectPath } = await ticket();
    const skip = await chunk(uploadURL, file, CHUNK, CHUNK * 2 - 1);
    expect(skip.statusCode).toBe(409);
    expect(skip.headers["upload-offset"]).toBe("0");
    expect(skip.json().offset).toBe("0");
    expect((await chunk(uploadURL, file, 0, CHUNK - 1)).statusCode).toBe(202);
    const again = await chunk(uploadURL, file, 0, CHUNK - 1); // a repeat of a chunk already held
    expect(again.statusCode).toBe(409);
    expect(again.headers["upload-offset"]).toBe(String(CHUNK));
    // another total than the held chunks declared
    expect((await chunk(uploadURL, file, CHUNK, CHUNK * 2 - 1, file.length + 1)).statusCode).toBe(409);
    expect(await chunksHeld(objectPath)).toBe(1);
    // a malformed range
    const bad = await t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-range": "bytes 5-2/10" }, payload: Buffer.alloc(4) });
    expect(bad.statusCode).toBe(400);
    expect((await chunk(uploadURL, file, CHUNK, CHUNK * 2 - 1)).statusCode).toBe(202);
    expect((await chunk(uploadURL, file, CHUNK * 2, file.length - 1)).statusCode).toBe(200);
  });

  it("a fake PDF sent in chunks is 415 and nothing is kept; so is one whose last chunk completes the check", async () => {
    const fake = Buffer.concat([Buffer.from("Not a PDF at all, only text called paperwork.pdf\n"), Buffer.alloc(CHUNK * 2, 0x41)]);
    const a = await ticket();
    const first = await chunk(a.uploadURL, fake, 0, CHUNK - 1);
    expect(first.statusCode).toBe(415);
    expect(first.json().error).toBe("Only PDF, JPG or PNG files can be uploaded.");
    expect(await chunksHeld(a.objectPath)).toBe(0);
    // a first chunk of 4 bytes cannot be sniffed yet: the assembled file is checked with the last chunk
    const tiny = Buffer.from("%PDX-not-really");
    const b = await ticket();
    expect((await chunk(b.uploadURL, tiny, 0, 3)).statusCode).toBe(202);
    const last = await chunk(b.uploadURL, tiny, 4, tiny.length - 1);
    expect(last.statusCode).toBe(415);
    expect(await chunksHeld(b.objectPath)).toBe(0);
    expect(filesLeft(t)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: b.objectPath, headers: { cookie } })).statusCode).toBe(404);
    // the ticket is unspent, as after a refused single PUT: the right file may follow
    const pdf = pdfOfSize(100);
    expect((await chunk(b.uploadURL, pdf, 0, 99)).statusCode).toBe(200);
  });

  it("the size limit holds across chunks: a total over 10 MB is 413 and the chunks go", async () => {
    const { uploadURL, objectPath } = await ticket();
    const big = pdfOfSize(CHUNK);
    const over = await t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-range": `bytes 0-${CHUNK - 1}/${UPLOAD_MAX_BYTES + 1}` }, payload: big });
    expect(over.statusCode).toBe(413);
    expect(await chunksHeld(objectPath)).toBe(0);
    // exactly the limit in 1 MB chunks is taken
    const file = pdfOfSize(UPLOAD_MAX_BYTES);
    const MB = 1024 * 1024;
    let last = 0;
    for (let start = 0; start < file.length; start += MB) last = (await chunk(uploadURL, file, start, Math.min(start + MB, file.length) - 1)).statusCode;
    expect(last).toBe(200);
    // a chunk over 1 MB is refused (chunks are held in memory)
    const b = await ticket();
    expect((await chunk(b.uploadURL, file, 0, MB)).statusCode).toBe(413);
  });

  it("a chunk cut off mid-way keeps nothing of it; the resume continues from the held offset", async () => {
    const file = pdfOfSize(CHUNK * 2 + 500);
    const { uploadURL, objectPath } = await ticket();
    expect((await chunk(uploadURL, file, 0, CHUNK - 1)).statusCode).toBe(202);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    // the connection drops after 100 KB of the second chunk
    await new Promise<void>((resolve) => {
      const req = request({ host: "127.0.0.1", port, method: "PUT", path: uploadURL, headers: { cookie, "content-length": CHUNK, "content-range": `bytes ${CHUNK}-${CHUNK * 2 - 1}/${file.length}` } });
      req.on("error", () => resolve());
      req.write(file.subarray(CHUNK, CHUNK + 100_000), () => setTimeout(() => (req.destroy(), resolve()), 100));
    });
    await new Promise((r) => setTimeout(r, 200));
    expect((await offset(uploadURL)).offset).toBe(CHUNK);
    expect(await chunksHeld(objectPath)).toBe(1);
    expect((await chunk(uploadURL, file, CHUNK, CHUNK * 2 - 1)).statusCode).toBe(202);
    expect((await chunk(uploadURL, file, CHUNK * 2, file.length - 1)).statusCode).toBe(200);
    const get = await t.app.inject({ method: "GET", url: objectPath, headers: { cookie } });
    expect(get.rawPayload.equals(file)).toBe(true);
  });

  it("the ticket's rules hold for chunks: expiry 410, another user 403; a single PUT still works", async () => {
    const file = pdfOfSize(CHUNK + 10);
    const { uploadURL } = await ticket();
    expect((await chunk(uploadURL, file, 0, CHUNK - 1)).statusCode).toBe(202);
    const other = await signedIn(t.app);
    const theirs = await t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie: other.cookie, "content-range": `bytes ${CHUNK}-${file.length - 1}/${file.length}` }, payload: file.subarray(CHUNK) });
    expect(theirs.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: uploadURL, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: uploadURL })).statusCode).toBe(401);
    clock.advance(15 * 60_000 + 1);
    expect((await chunk(uploadURL, file, CHUNK, file.length - 1)).statusCode).toBe(410);
    expect((await t.app.inject({ method: "GET", url: uploadURL, headers: { cookie } })).statusCode).toBe(410);
    // the contract's one PUT of the whole file, unchanged
    const single = await ticket();
    const put = await t.app.inject({ method: "PUT", url: single.uploadURL, headers: { cookie }, payload: file });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ objectPath: single.objectPath });
    expect((await t.app.inject({ method: "GET", url: single.objectPath, headers: { cookie } })).rawPayload.equals(file)).toBe(true);
  });

  it("an abandoned upload's chunks go with its ticket in the upload sweep", async () => {
    const file = pdfOfSize(CHUNK + 10);
    const { uploadURL, objectPath } = await ticket();
    expect((await chunk(uploadURL, file, 0, CHUNK - 1)).statusCode).toBe(202);
    clock.advance(25 * 60 * 60_000);
    const log = { info: () => {}, warn: () => {} };
    const swept = await sweepUnattachedUploads({ db: t.app.ctx.db, store: createObjectStore(t.config), now: clock.now(), log });
    expect(swept.deleted).toBe(1);
    expect(await chunksHeld(objectPath)).toBe(0);
  });
});
