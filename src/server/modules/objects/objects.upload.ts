// Receiving uploads (contract POST /api/objects/upload and the PUT of its
// uploadURL): single-use tickets, the size and type checks, the store.
//
// Flow: POST /api/objects/upload hands the signed-in user a single-use ticket
// (a random token; only its SHA-256 is stored) valid 15 minutes, as a relative
// uploadURL `/api/objects/upload/<token>`. The browser PUTs the file there with
// its session cookie. We stream the body to a temporary file on disk (never the
// whole body in memory), check the size (≤ 10485760 bytes) while it arrives and
// the type by its first bytes (PDF, JPEG or PNG, whatever the name or header
// says), and only then hand the file to the store (local disk or S3). A refused
// upload leaves nothing behind: the temp file is removed and the ticket is not
// spent, so the same URL may be retried until it expires.
//
// With S3 the bytes go through this same endpoint rather than a presigned PUT:
// a presigned PUT cannot carry a size limit, S3-compatible stores used in tests
// (s3rver) do not verify signatures at all, and single use and content checks
// must be ours anyway (toolchain-notes.md). Downloads are streamed through the
// server too (objects.service.ts openObject), so access control and the download
// headers are the same for both stores.
import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { randomToken, sha256 } from "../../lib/crypto";
import { UPLOAD_MAX_BYTES } from "../../../contract/constants";
import type { DbOrTx } from "../../db/client";
import { diskFloorOf } from "./disk-floor";
import type { ObjectStore } from "./object-store";
import * as repo from "./objects.repository";
import { storageFaultError } from "./storage-faults";

export const UPLOAD_TTL_MS = 15 * 60 * 1000;
export const UPLOAD_PATH = "/api/objects/upload/";
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export const UPLOAD_MSG = {
  notFound: "Upload URL not found",
  otherUser: "This upload URL was issued to another user",
  used: "This upload URL has already been used",
  expired: "This upload URL has expired. Please try the upload again.",
  tooLarge: "File is too large. The maximum size is 10 MB.",
  wrongType: "Only PDF, JPG or PNG files can be uploaded.",
  interrupted: "The upload was interrupted. Please try again.",
  badPaperwork: "Signed paperwork must be a file you have uploaded",
  overBudget: (budget: string) =>
    `Your uploads not yet attached to anything may hold at most ${budget} at once. Use or finish them, or wait until unused ones are removed, then try again.`,
} as const;

/** What a file is, by its first bytes (PDF, JPG or PNG only). */
export type SniffedType = { contentType: "application/pdf" | "image/jpeg" | "image/png"; ext: "pdf" | "jpg" | "png" };

export function sniffType(head: Buffer): SniffedType | null {
  if (head.length >= 5 && head.subarray(0, 5).toString("latin1") === "%PDF-") return { contentType: "application/pdf", ext: "pdf" };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { contentType: "image/jpeg", ext: "jpg" };
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return { contentType: "image/png", ext: "png" };
  return null;
}

export const extFor = (contentType: string | null): string =>
  contentType === "application/pdf" ? "pdf" : contentType === "image/jpeg" ? "jpg" : contentType === "image/png" ? "png" : "bin";

/** Per-user upload rate limit: upload URLs issued in a sliding window, counted in the database. */
export const UPLOAD_RATE = { limit: 30, windowMs: 10 * 60_000 } as const;

export const tooManyUploads = (retryAfterS: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return new AppError(429, `Too many uploads. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`).withHeaders({
    "Retry-After": String(retryAfterS),
  });
};

/** The contract's deadline for removing an unattached upload: within 1 hour of its ticket's expiry (objects.sweep.ts). */
const HELD_AT_MOST_AFTER_EXPIRY_MS = 60 * 60_000;

/**
 * The upload budget: a user's uploads not yet attached
 * hold at most config.uploadBudgetBytes (100 MB) at once, finished files by their
 * size and uploads in progress by the chunks held (repo.heldUploadBytes). A ticket
 * is refused once nothing more fits; a file's PUT, or a chunk, that would take the
 * total over the budget is refused before it is kept (the ticket stays unspent), so
 * asking for many tickets first gets round nothing. 429, Retry-After: when the
 * oldest of them is removed at the latest (or sooner, once it is used).
 */
async function assertWithinBudget(
  ctx: AppContext,
  db: DbOrTx,
  ownerId: string,
  opts: { adding: number; except?: string; ticket?: boolean },
): Promise<void> {
  const budget = ctx.config.uploadBudgetBytes;
  const held = await repo.heldUploadBytes(db, ownerId, { except: opts.except });
  const over = opts.ticket ? held.bytes >= budget : held.bytes + opts.adding > budget;
  if (!over) return;
  const now = ctx.clock.now().getTime();
  const freeAt = held.oldestExpiry ? held.oldestExpiry.getTime() + HELD_AT_MOST_AFTER_EXPIRY_MS : now + 60_000;
  const size = budget >= 1024 * 1024 ? `${Math.round(budget / (1024 * 1024))} MB` : `${budget} bytes`;
  throw new AppError(429, UPLOAD_MSG.overBudget(size)).withHeaders({
    "Retry-After": String(Math.max(1, Math.ceil((freeAt - now) / 1000))),
  });
}

/**
 * POST /api/objects/upload: a single-use upload ticket for the signed-in user, at
 * most UPLOAD_RATE.limit in any UPLOAD_RATE.windowMs, none while the user's
 * unattached uploads fill their budget, none (503) while the disk is below its floor. Count and insert run in one
 * transaction behind a per-user advisory lock, so simultaneous requests in any
 * number of processes are counted one after another: exactly the limit is issued,
 * never more and never fewer (insert-then-count let a burst refuse every request).
 * One over the limit is answered 429 with Retry-After = when the oldest ticket in
 * the window leaves it.
 */
export async function createUploadTicket(opts: {
  ctx: AppContext;
  user: Pick<UserRow, "id">;
  /** where the file is PUT: the session's path, or the applicant's (registration.service, whose cookie is sent only under /api/registration) */
  uploadPath?: string;
  /** in the ticket's transaction, after the rate limit: another module's own limit (the applicant's 4 tickets, registration.service) */
  beforeIssue?: (tx: DbOrTx) => Promise<void>;
}): Promise<{ uploadURL: string; objectPath: string }> {
  const { ctx, user, uploadPath = UPLOAD_PATH } = opts;
  await diskFloorOf(ctx).assertRoom();
  const now = ctx.clock.now();
  const token = randomToken(32);
  const key = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await repo.lockUploadsOf(tx, user.id);
    const issued = await repo.ticketsIssuedSince(tx, user.id, new Date(now.getTime() - UPLOAD_RATE.windowMs));
    if (issued.n >= UPLOAD_RATE.limit) {
      const freeAt = (issued.oldest ?? now).getTime() + UPLOAD_RATE.windowMs;
      throw tooManyUploads(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
    }
    await opts.beforeIssue?.(tx);
    await assertWithinBudget(ctx, tx, user.id, { adding: 0, ticket: true });
    await repo.insertUploadTicket(tx, {
      key,
      ownerId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS),
      now,
    });
  });
  // Relative: it works behind any proxy or dev server on the page's own origin.
  return { uploadURL: `${uploadPath}${token}`, objectPath: `/objects/${key}` };
}

/**
 * Where an arriving upload is written. A seam for the fault tests only: they point
 * it at /dev/full, so the real write stream fails with the kernel's ENOSPC.
 */
export const uploadDisk = {
  createTempFile: (path: string): Writable => createWriteStream(path, { flags: "wx" }),
};

/**
 * Stream a request body to `tempPath`, refusing it (413/415) as soon as it is too
 * large or its first bytes are not a PDF, JPEG or PNG. On refusal the rest of the
 * body is discarded (not buffered) so the client still reads our answer.
 */
export function receiveToFile(stream: Readable, tempPath: string, max = UPLOAD_MAX_BYTES): Promise<{ size: number; type: SniffedType }> {
  return new Promise((resolve, reject) => {
    const out = uploadDisk.createTempFile(tempPath);
    let size = 0;
    let head = Buffer.alloc(0);
    let type: SniffedType | null = null;
    let settled = false;
    let ended = false;

    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      stream.off("data", onData);
      stream.resume();
      // Reject only once the file is closed: createWriteStream opens lazily, so a
      // caller's rm() could otherwise run before the open creates the file and
      // leave a .part behind (seen in CI on a refused 415).
      if (out.closed) reject(err);
      else {
        out.once("close", () => reject(err));
        out.destroy();
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return fail(new AppError(413, UPLOAD_MSG.tooLarge));
      if (!type) {
        if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8 - head.length)]);
        if (head.length >= 8) {
          type = sniffType(head);
          if (!type) return fail(new AppError(415, UPLOAD_MSG.wrongType));
        }
      }
      if (!out.write(chunk)) {
        stream.pause();
        out.once("drain", () => !settled && stream.resume());
      }
    };
    stream.on("data", onData);
    stream.on("end", () => {
      ended = true;
      if (settled) return;
      type ??= sniffType(head);
      if (!type) return fail(new AppError(415, UPLOAD_MSG.wrongType));
      const t = type;
      // a write that failed after the last chunk (ENOSPC on the final flush) reaches
      // this callback before the 'error' event: the file is incomplete, never a success
      out.end((err?: Error | null) => {
        if (err) return fail(err);
        if (settled) return;
        settled = true;
        resolve({ size, type: t });
      });
    });
    stream.on("error", () => fail(new AppError(400, UPLOAD_MSG.interrupted)));
    stream.on("close", () => {
      if (!ended) fail(new AppError(400, UPLOAD_MSG.interrupted));
    });
    out.on("error", (e) => fail(e));
  });
}

/**
 * The ticket behind an upload URL, for its owner: unknown → 404, another user's →
 * 403, used → 409 (the resource is in the wrong state), expired → 410 Gone.
 */
export async function openTicket(ctx: AppContext, user: Pick<UserRow, "id">, token: string, opts: { allowUsed?: boolean } = {}): Promise<repo.ObjectRow & { tokenHash: string }> {
  if (!TOKEN.test(token)) throw new AppError(404, UPLOAD_MSG.notFound);
  const tokenHash = sha256(token);
  const row = await repo.findByTokenHash(ctx.db, tokenHash);
  if (!row) throw new AppError(404, UPLOAD_MSG.notFound);
  // the ticket is the signed-in requester's only (a leaked URL is useless to anyone else)
  if (row.ownerId !== user.id) throw new AppError(403, UPLOAD_MSG.otherUser);
  if (row.uploadedAt) {
    if (opts.allowUsed) return { ...row, tokenHash };
    throw new AppError(409, UPLOAD_MSG.used);
  }
  if (ctx.clock.now().getTime() > row.uploadExpiresAt.getTime()) throw new AppError(410, UPLOAD_MSG.expired);
  return { ...row, tokenHash };
}

/** PUT /api/objects/upload/:token (and the applicant's PUT /api/registration/upload/:token) */
export async function receiveUpload(opts: {
  ctx: AppContext;
  store: ObjectStore;
  tempDir: string;
  user: Pick<UserRow, "id">;
  token: string;
  body: Readable;
  contentLength: number | undefined;
  log: FastifyBaseLogger;
}): Promise<{ objectPath: string }> {
  const row = await openTicket(opts.ctx, opts.user, opts.token);
  if (opts.contentLength !== undefined && opts.contentLength > UPLOAD_MAX_BYTES) throw new AppError(413, UPLOAD_MSG.tooLarge);
  // refused before a byte is read: a disk below its floor, a file the budget has no room for
  await diskFloorOf(opts.ctx).assertRoom();
  await assertArrivingFits(opts.ctx, row, opts.contentLength ?? 0);
  const tempPath = await receiveChecked({ ...opts, key: row.key });
  return keepUpload({ ...opts, row, tempPath: tempPath.path, received: tempPath });
}

/** Stream `body` to a temp file with the size and content checks (413/415); nothing left behind on refusal. */
export async function receiveChecked(opts: {
  tempDir: string;
  key: string;
  body: Readable;
  log: FastifyBaseLogger;
}): Promise<{ path: string; size: number; type: SniffedType }> {
  mkdirSync(opts.tempDir, { recursive: true });
  const tempPath = join(opts.tempDir, `${opts.key}.${randomUUID()}.part`);
  try {
    return { path: tempPath, ...(await receiveToFile(opts.body, tempPath)) };
  } catch (e) {
    await rm(tempPath, { force: true });
    // a full (or failing) disk under the temp dir: 507/503 with a message, not a 500
    throw storageFaultError(e, opts.log, { action: "receive upload", store: "upload-tmp", key: opts.key }) ?? e;
  }
}

/** Before the body of a file (or of one of its chunks) is read: would `bytes` more of this upload fit the owner's budget? */
export async function assertArrivingFits(ctx: AppContext, row: Pick<repo.ObjectRow, "key" | "ownerId">, bytes: number): Promise<void> {
  if (row.ownerId) await assertWithinBudget(ctx, ctx.db, row.ownerId, { adding: bytes, except: row.key });
}

/** In a chunk's transaction, behind the owner's lock: this chunk's bytes beside everything the owner holds (its upload's earlier chunks too). */
export async function assertChunkFits(ctx: AppContext, tx: DbOrTx, ownerId: string | null, bytes: number): Promise<void> {
  if (!ownerId) return;
  await repo.lockUploadsOf(tx, ownerId);
  await assertWithinBudget(ctx, tx, ownerId, { adding: bytes });
}

/**
 * Spend the ticket and move the checked temp file into the store (the temp file is
 * consumed either way). The budget is checked again here, behind the owner's lock
 * with the spending, so uploads finishing side by side cannot pass it together.
 */
export async function keepUpload(opts: {
  ctx: AppContext;
  store: ObjectStore;
  row: { key: string; tokenHash: string; ownerId: string | null };
  tempPath: string;
  received: { size: number; type: SniffedType };
  log: FastifyBaseLogger;
}): Promise<{ objectPath: string }> {
  const { ctx, store, row, tempPath, received, log } = opts;
  let won: boolean;
  try {
    won = await ctx.db.transaction(async (tx) => {
      if (row.ownerId) {
        await repo.lockUploadsOf(tx, row.ownerId);
        await assertWithinBudget(ctx, tx, row.ownerId, { adding: received.size, except: row.key });
      }
      return repo.markUploaded(tx, {
        key: row.key,
        tokenHash: row.tokenHash,
        contentType: received.type.contentType,
        size: received.size,
        now: ctx.clock.now(),
      });
    });
  } catch (e) {
    await rm(tempPath, { force: true });
    throw e;
  }
  if (!won) {
    await rm(tempPath, { force: true });
    throw new AppError(409, UPLOAD_MSG.used);
  }
  try {
    await store.putFile(row.key, tempPath, { contentType: received.type.contentType, size: received.size });
  } catch (e) {
    // nothing half-written: no temp file, the ticket unspent, so the same URL works once space is freed
    await rm(tempPath, { force: true });
    await repo.unmarkUploaded(ctx.db, row.key);
    throw storageFaultError(e, log, { action: "store upload", store: store.kind, key: row.key }) ?? e;
  }
  return { objectPath: `/objects/${row.key}` };
}
