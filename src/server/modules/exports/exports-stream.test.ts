// Streaming of the CSV exports (streamed, so
// 100,000 rows need no more memory than 100; the 100,000-load figure is the
// bench's, bench/export.ts). Here, on 2,000 loads read in batches of 50: the
// keyset batches join up into exactly the list's order for every sort; the file
// leaves in many chunks before the reads are done; a client that stops reading
// stops the reads; and a database failure part-way cuts the download instead of
// ending it as if complete.
import { request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoads, signedIn } from "../../../../test/factories";
import { registerErrorHandler } from "../../plugins/errors";
import { registerSessions } from "../../plugins/session";
import { LOAD_SORTS, type Load } from "../../../contract/schemas/load";
import { registerExportsRoutes } from "./exports.routes";
import { openExport } from "./exports.service";
import { csvObjects } from "./csv-test-support";

const LOADS = 2_000;
const BATCH = 50;

interface Got {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
  chunks: number;
  /** the response ended as a whole HTTP message (false: the connection was cut) */
  complete: boolean;
}

describe.each(ENGINES)("streamed CSV exports on %s", (engine) => {
  let t: TestApp;
  let staffCookie: string;
  let staffUser: Awaited<ReturnType<typeof signedIn>>["user"];
  let server: FastifyInstance;
  let base: string;
  let batches = 0;
  let onBatch: ((n: number) => Promise<void>) | null = null;
  /** the response being sent, and how many bytes of it had left when each batch was read */
  let sending: ServerResponse | null = null;
  let sentAtBatch: number[] = [];
  /** a kept-alive socket has carried earlier answers */
  let sentBefore = 0;

  /** GET over real HTTP, counting chunks as they arrive. */
  function fetchExport(path: string): Promise<Got> {
    return new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { headers: { cookie: staffCookie } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (d: Buffer) => parts.push(d));
        const done = () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString("utf8"), chunks: parts.length, complete: res.complete });
        res.on("end", done);
        res.on("error", done);
        res.on("aborted", () => undefined);
      });
      req.on("error", reject);
      req.end();
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ engine, jobs: false, clock: new TestClock(new Date("2026-11-25T10:00:00Z")) });
    ({ cookie: staffCookie, user: staffUser } = await signedIn(t.app, { role: "admin", isAdmin: true }));
    const day = Date.UTC(2026, 11, 1, 9);
    await createLoads(t.app, LOADS, (i) => ({
      loadNumber: `ST-${String(i).padStart(5, "0")}`,
      status: i % 10 === 9 ? "completed" : "available",
      // ties on the hour and on price; some without a pickup date or a rate (they sort last)
      pickupDate: i % 50 === 0 ? null : new Date(day + Math.floor(i / 4) * 3_600_000),
      price: 500 + (i % 97),
      ratePerMile: i % 13 === 0 ? null : 1 + (i % 31) / 10,
      distance: i % 17 === 0 ? null : 50 + (i % 400),
      createdAt: new Date(Date.UTC(2026, 10, 1) + (i % 600) * 60_000),
    }));
    // the exports routes alone, with small batches and a look at each read
    server = Fastify({ logger: false });
    await server.register(cookie);
    registerErrorHandler(server);
    registerSessions(server, t.app.ctx);
    server.addHook("onRequest", async (_req, reply) => {
      sending = reply.raw;
      sentBefore = reply.raw.socket?.bytesWritten ?? 0;
      sentAtBatch = [];
    });
    await registerExportsRoutes(server, t.app.ctx, {
      batchRows: BATCH,
      onBatch: async (n) => {
        batches = n;
        sentAtBatch[n] = (sending?.socket?.bytesWritten ?? 0) - sentBefore;
        await onBatch?.(n);
      },
    });
    await server.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it("reads in batches that join up into exactly the list's order, for every sort, with ties and empty values", async () => {
    for (const sort of LOAD_SORTS) {
      // the last 300 of 1,000 loads, in batches of 50: cursors inside runs of ties and before the loads without a value
      const q = `search=ST-00&status=available,completed&sort=${sort}&offset=700`;
      const listed = (await t.app.inject({ url: `/api/loads?${q}&limit=1000`, headers: { cookie: staffCookie } })).json() as Load[];
      const got = await fetchExport(`/api/export/loads.csv?${q}`);
      expect(got.status).toBe(200);
      expect(csvObjects(got.body).map((r) => r["Load Number"]), sort).toEqual(listed.map((l) => l.loadNumber));
      expect(listed.length).toBe(300);
    }
    // a page across a batch boundary, as the list pages
    const page = (await t.app.inject({ url: "/api/loads?sort=-ratePerMile&limit=250&offset=4000", headers: { cookie: staffCookie } })).json() as Load[];
    const got = await fetchExport("/api/export/loads.csv?sort=-ratePerMile&limit=250&offset=4000");
    expect(csvObjects(got.body).map((r) => r["Load Number"])).toEqual(page.map((l) => l.loadNumber));
  });

  it("sends 2,000 loads as a chunked stream whose first bytes leave before most of the reads", async () => {
    // (measured where the server writes: client and server share this process, so the client may read late)
    const got = await fetchExport("/api/export/loads.csv");
    expect(got.status).toBe(200);
    expect(got.complete).toBe(true);
    expect(got.headers["transfer-encoding"]).toBe("chunked");
    expect(got.headers["content-length"]).toBeUndefined();
    expect(csvObjects(got.body)).toHaveLength(LOADS);
    // 40 reads of 50 plus the one that finds the end
    expect(batches).toBe(LOADS / BATCH + 1);
    expect(got.chunks).toBeGreaterThan(10);
    // the headers and rows were on the wire while the reads went on, and kept going out between them
    const half = LOADS / BATCH / 2;
    expect(sentAtBatch[3]).toBeGreaterThan(0);
    expect(sentAtBatch[half]).toBeGreaterThan(sentAtBatch[3]);
    expect(sentAtBatch[half]).toBeLessThan(Buffer.byteLength(got.body));
  });

  it("reads no further than the client has taken: a reader that stops holds the database reads back", async () => {
    let read = 0;
    const { stream } = await openExport({
      ctx: t.app.ctx,
      viewer: staffUser,
      kind: "loads",
      rawQuery: {},
      batchRows: BATCH,
      onBatch: (n) => {
        read = n;
      },
    });
    // take one chunk, then stop reading for a while
    const first = await new Promise<Buffer>((resolve) => stream.once("data", (d: Buffer) => (stream.pause(), resolve(d))));
    expect(first.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    await new Promise((r) => setTimeout(r, 150));
    const whilePaused = read;
    // at most the stream buffers' worth (16 KB and a few rows) ahead of the reader, not the 40 batches
    expect(whilePaused, "batches read while the reader waited").toBeLessThanOrEqual(5);
    let bytes = first.length;
    stream.resume();
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
    expect(read).toBe(LOADS / BATCH + 1);
    expect(bytes).toBeGreaterThan(LOADS * 100);
  });

  it("cuts the download when the database fails part-way, so the file cannot pass for complete", async () => {
    onBatch = async (n) => {
      // after the third read the table is gone: the fourth read fails as a database error
      if (n === 3) await t.app.ctx.db.execute(sql`alter table loads rename to loads_gone`);
    };
    let got: Got;
    try {
      got = await fetchExport("/api/export/loads.csv");
    } finally {
      onBatch = null;
      await t.app.ctx.db.execute(sql`alter table loads_gone rename to loads`);
    }
    expect(got.status).toBe(200);
    expect(got.complete).toBe(false);
    const lines = got.body.split("\r\n");
    // the rows of the reads that worked, and not one more: no final record delimiter to end them cleanly
    expect(lines.length - 1).toBeLessThan(LOADS);
    expect(lines.length).toBeGreaterThan(2);
    // the server carries on: the next export is whole
    const again = await fetchExport("/api/export/loads.csv?search=ST-0000");
    expect(again.complete).toBe(true);
    expect(csvObjects(again.body)).toHaveLength(10);
  });
});
