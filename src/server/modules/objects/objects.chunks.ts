// Resumable uploads (paperwork photos pause and resume across a lost
// connection; docs/decisions/0004-uploads-and-pod.md "Resumable"). The contract's one
// PUT of the whole file is unchanged (objects.upload.ts receiveUpload); a PUT
// with `Content-Range: bytes start-end/total` to the same uploadURL is a chunk:
//
// * a chunk must start at the bytes held (else 409 with `Upload-Offset`), so a
//   resume never leaves a gap or sends a byte twice; held chunks live in
//   `upload_chunks` (migration 0017), so any process takes the next one;
// * a chunk is kept only when all its bytes arrived: an aborted chunk is
//   dropped and the client resends it from the held offset;
// * the first chunk's bytes are sniffed at once (415 without sending the rest)
//   and a total over 10485760 bytes is 413 at once; either drops the chunks;
// * the last chunk streams the held chunks and its own bytes through the same
//   checks as a single PUT (receiveToFile: size and type by content), and the
//   file is kept exactly as a single PUT's (keepUpload: spends the ticket, then
//   the store's put). 413/415 there drop every chunk: nothing kept.
//
// GET (and HEAD) on the uploadURL answers the bytes held: `Upload-Offset`.
// Ticket rules (15 minutes, one file, the owner only, the per-user rate limit)
// are the ticket's and unchanged; held chunks count against the owner's upload
// budget (objects.upload.ts), and an abandoned upload's chunks go with its row
// in the upload sweep (ON DELETE CASCADE), within 1 hour of the ticket's expiry.
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { UPLOAD_MAX_BYTES } from "../../../contract/constants";
import type { ObjectStore } from "./object-store";
import * as repo from "./objects.repository";
import { diskFloorOf } from "./disk-floor";
import { assertArrivingFits, assertChunkFits, keepUpload, openTicket, receiveChecked, sniffType, UPLOAD_MSG } from "./objects.upload";

/** The largest chunk taken (the web client sends 256 KiB): a chunk is held in memory before it is kept. */
export const MAX_CHUNK_BYTES = 1024 * 1024;
const RANGE = /^bytes (\d{1,9})-(\d{1,9})\/(\d{1,9})$/;

export const CHUNK_MSG = {
  badRange: "Content-Range must be bytes start-end/total",
  chunkTooLarge: "Each part of an upload may be at most 1 MB",
  wrongOffset: "This part does not start where the upload stands",
  otherTotal: "This part belongs to an upload of another size",
  incomplete: "The part arrived incomplete. Please send it again.",
} as const;

export type ContentRange = { start: number; end: number; total: number };

export function parseContentRange(header: string): ContentRange {
  const m = RANGE.exec(header.trim());
  if (!m) throw new AppError(400, CHUNK_MSG.badRange);
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (start > end || end >= total) throw new AppError(400, CHUNK_MSG.badRange);
  return { start, end, total };
}

const wrongOffset = (offset: number, message: string = CHUNK_MSG.wrongOffset) =>
  new AppError(409, message, undefined, { offset: String(offset) }).withHeaders({ "Upload-Offset": String(offset) });

/** GET/HEAD {uploadURL}: how many bytes are held (all of them once the upload is complete). */
export async function uploadProgress(opts: { ctx: AppContext; user: Pick<UserRow, "id">; token: string }) {
  const row = await openTicket(opts.ctx, opts.user, opts.token, { allowUsed: true });
  if (row.uploadedAt) return { offset: row.size ?? 0, length: row.size ?? 0, complete: true, objectPath: `/objects/${row.key}` };
  const held = await repo.heldOffset(opts.ctx.db, row.key);
  return { offset: held.offset, length: held.total, complete: false, objectPath: null };
}

/** Read exactly `length` bytes of a chunk's body (≤ MAX_CHUNK_BYTES), else 400: nothing of it is kept. */
async function readChunk(body: Readable, length: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const part of body as AsyncIterable<Buffer>) {
      size += part.length;
      if (size > length) break;
      parts.push(part);
    }
  } catch {
    throw new AppError(400, CHUNK_MSG.incomplete);
  }
  if (size !== length) throw new AppError(400, CHUNK_MSG.incomplete);
  return Buffer.concat(parts, size);
}

/** PUT {uploadURL} with Content-Range: one chunk; the last one completes the upload. */
export async function receiveChunk(opts: {
  ctx: AppContext;
  store: ObjectStore;
  tempDir: string;
  user: Pick<UserRow, "id">;
  token: string;
  range: ContentRange;
  body: Readable;
  contentLength: number | undefined;
  log: FastifyBaseLogger;
}): Promise<{ status: 200; body: { objectPath: string } } | { status: 202; body: { offset: number } }> {
  const { ctx, range } = opts;
  const row = await openTicket(ctx, opts.user, opts.token);
  const length = range.end - range.start + 1;
  if (range.total > UPLOAD_MAX_BYTES) {
    await repo.deleteChunks(ctx.db, row.key);
    throw new AppError(413, UPLOAD_MSG.tooLarge);
  }
  if (length > MAX_CHUNK_BYTES) throw new AppError(413, CHUNK_MSG.chunkTooLarge);
  if (opts.contentLength !== undefined && opts.contentLength !== length) throw new AppError(400, CHUNK_MSG.badRange);
  // the disk floor and the owner's budget (the whole file it declares) before a byte is read
  await diskFloorOf(ctx).assertRoom();
  await assertArrivingFits(ctx, row, range.total);
  // before a byte of the body is read: a resume from the wrong place is told where to start
  const held = await repo.heldOffset(ctx.db, row.key);
  if (held.total !== null && held.total !== range.total) throw wrongOffset(held.offset, CHUNK_MSG.otherTotal);
  if (held.offset !== range.start) throw wrongOffset(held.offset);

  if (range.end + 1 < range.total) {
    const data = await readChunk(opts.body, length);
    // not a PDF, JPEG or PNG: refused at the first chunk, not after the whole file
    if (range.start === 0 && data.length >= 8 && !sniffType(data.subarray(0, 8))) {
      await repo.deleteChunks(ctx.db, row.key);
      throw new AppError(415, UPLOAD_MSG.wrongType);
    }
    await ctx.db.transaction(async (tx) => {
      // the owner's lock first (as a ticket and a finished upload take it), then the budget
      // with every byte they hold, so uploads side by side cannot pass it together
      await assertChunkFits(ctx, tx, row.ownerId, data.length);
      // the ticket row locked: two chunks for one offset are taken one after the other
      const locked = await repo.findByKey(tx, row.key, { lock: true });
      if (!locked || locked.uploadedAt) throw new AppError(409, UPLOAD_MSG.used);
      const now = await repo.heldOffset(tx, row.key);
      if (now.offset !== range.start) throw wrongOffset(now.offset);
      await repo.insertChunk(tx, { key: row.key, start: range.start, total: range.total, data });
    });
    return { status: 202, body: { offset: range.end + 1 } };
  }

  // The last chunk: the held chunks, then this body, through the single PUT's checks.
  const starts = await repo.chunkStarts(ctx.db, row.key);
  let expected = 0;
  for (const c of starts) {
    if (c.start !== expected) throw wrongOffset(expected);
    expected += c.length;
  }
  if (expected !== range.start) throw wrongOffset(expected);
  const db = ctx.db;
  let tail = 0;
  const assembled = Readable.from(
    (async function* () {
      for (const c of starts) {
        const data = await repo.chunkData(db, row.key, c.start);
        if (!data) throw new Error("chunk gone");
        yield data;
      }
      for await (const part of opts.body as AsyncIterable<Buffer>) {
        tail += part.length;
        if (tail > length) throw new Error("longer than its Content-Range");
        yield part;
      }
    })(),
    { objectMode: false },
  );
  let received;
  try {
    received = await receiveChecked({ tempDir: opts.tempDir, key: row.key, body: assembled, log: opts.log });
  } catch (e) {
    // refused by content or size: nothing is kept, the chunks go too
    if (e instanceof AppError && (e.status === 413 || e.status === 415)) await repo.deleteChunks(ctx.db, row.key);
    else if (e instanceof AppError && e.status === 400) throw new AppError(400, CHUNK_MSG.incomplete);
    throw e;
  }
  if (received.size !== range.total) {
    await rm(received.path, { force: true });
    throw new AppError(400, CHUNK_MSG.incomplete);
  }
  const kept = await keepUpload({ ctx, store: opts.store, row, tempPath: received.path, received, log: opts.log });
  await repo.deleteChunks(ctx.db, row.key);
  return { status: 200, body: kept };
}
