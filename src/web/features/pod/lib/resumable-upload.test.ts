// The POD's resumable upload client (resumable-upload.ts) against the
// real server over HTTP (fetch: Node has no XMLHttpRequest, as in the service
// worker). Only the page's origin and its cookie are added to each request.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../../test/helpers";
import { signedIn } from "../../../../../test/factories";
import { refusesFile } from "../../../lib/upload";
import { uploadResumable, type UploadTicket } from "./resumable-upload";

const pdfOfSize = (n: number) => {
  const body = Buffer.alloc(n);
  for (let i = 0; i < n; i++) body[i] = (i * 13 + 5) & 0xff;
  Buffer.from("%PDF-1.7\n").copy(body);
  return body;
};
const CHUNK = 64 * 1024;

describe.each(ENGINES)("uploadResumable on %s", (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let cookie: string;
  let base: string;
  const realFetch = globalThis.fetch;
  /** bytes of every chunk PUT the client sent */
  let sent: number[] = [];
  beforeAll(() => {
    globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = new URL(String(input), base);
      const headers = new Headers(init.headers);
      headers.set("cookie", cookie);
      if (init.method === "PUT" && init.body instanceof Blob) sent.push(init.body.size);
      return realFetch(url, { ...init, headers });
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });
  beforeEach(async () => {
    clock = new TestClock(new Date("2026-11-25T10:00:00Z"));
    t = await createTestApp({ engine, clock });
    cookie = (await signedIn(t.app)).cookie;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    sent = [];
  });
  afterEach(async () => {
    await t.close();
  });

  const opts = (ticket: UploadTicket | null, saved: UploadTicket[], progress: number[] = []) => ({
    ticket,
    saveTicket: async (u: UploadTicket) => void saved.push(u),
    onProgress: (f: number) => void progress.push(f),
    delays: [0],
    isOnline: () => true,
    chunkBytes: CHUNK,
  });
  const stored = async (objectPath: string) => Buffer.from(await (await fetch(objectPath)).arrayBuffer());

  it("sends the file in chunks, saving the ticket before the first byte and the offset after each chunk", async () => {
    const file = new Blob([pdfOfSize(CHUNK * 3 + 100)]);
    const saved: UploadTicket[] = [];
    const progress: number[] = [];
    const objectPath = await uploadResumable(file, opts(null, saved, progress));
    expect(sent).toEqual([CHUNK, CHUNK, CHUNK, 100]);
    expect(saved.map((s) => s.offset)).toEqual([0, CHUNK, CHUNK * 2, CHUNK * 3, file.size]);
    expect(saved.every((s) => s.objectPath === objectPath)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect((await stored(objectPath)).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
  });

  it("a resume asks the server how far it got and sends only the rest, with the same ticket", async () => {
    const bytes = pdfOfSize(CHUNK * 3 + 100);
    const file = new Blob([bytes]);
    const ticket = (await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } })).json() as UploadTicket;
    // two chunks reached the server before the connection went; the phone had saved only the first
    for (const start of [0, CHUNK]) {
      const r = await t.app.inject({ method: "PUT", url: ticket.uploadURL, headers: { cookie, "content-range": `bytes ${start}-${start + CHUNK - 1}/${bytes.length}` }, payload: bytes.subarray(start, start + CHUNK) });
      expect(r.statusCode).toBe(202);
    }
    const saved: UploadTicket[] = [];
    const objectPath = await uploadResumable(file, opts({ ...ticket, offset: CHUNK }, saved));
    expect(objectPath).toBe(ticket.objectPath);
    expect(sent).toEqual([CHUNK, 100]); // from byte 2 × CHUNK, not from 0 nor from the saved offset
    expect(saved[0].offset).toBe(CHUNK * 2);
    expect((await stored(objectPath)).equals(bytes)).toBe(true);
  });

  it("an expired ticket gets a new one; a finished upload whose answer was lost is not sent again", async () => {
    const file = new Blob([pdfOfSize(CHUNK + 10)]);
    const old = (await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } })).json() as UploadTicket;
    clock.advance(15 * 60_000 + 1);
    const saved: UploadTicket[] = [];
    const objectPath = await uploadResumable(file, opts({ ...old, offset: 0 }, saved));
    expect(objectPath).not.toBe(old.objectPath);
    expect(sent).toEqual([CHUNK, 10]);
    sent = [];
    // the same ticket again (its 200 never reached the phone): the server says it is complete
    expect(await uploadResumable(file, opts(saved.at(-2)!, []))).toBe(objectPath);
    expect(sent).toEqual([]);
  });

  it("a file the server refuses by content is final (415), not retried", async () => {
    const fake = new Blob([Buffer.concat([Buffer.from("just text, called paperwork.pdf\n"), Buffer.alloc(CHUNK * 2, 0x41)])]);
    const err = await uploadResumable(fake, opts(null, [])).catch((e: unknown) => e);
    expect(refusesFile(err)).toBe(true);
    expect(sent).toEqual([CHUNK]);
  });
});
