// Uploads of signed paperwork (spec §5 "Paperwork upload", §9; contract
// POST /api/objects/upload and GET {objectPath}).
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
// server too, so access control and the download headers are the same for both
// stores.
import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { randomToken, sha256 } from "../../lib/crypto";
import { isStaffRole, UPLOAD_MAX_BYTES } from "../../../contract/constants";
import { isOwnLoad } from "../loads/load-visibility";
import { documentFileAccess } from "../companies/compliance.service";
import type { ObjectStore } from "./object-store";
import * as repo from "./objects.repository";
import { storageFaultError } from "./storage-faults";

export const UPLOAD_TTL_MS = 15 * 60 * 1000;
export const UPLOAD_PATH = "/api/objects/upload/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export const UPLOAD_MSG = {
  notFound: "Upload URL not found",
  otherUser: "This upload URL was issued to another user",
  used: "This upload URL has already been used",
  expired: "This upload URL has expired. Please try the upload again.",
  tooLarge: "File is too large. The maximum size is 10 MB.",
  wrongType: "Only PDF, JPG or PNG files can be uploaded.",
  interrupted: "The upload was interrupted. Please try again.",
  badPaperwork: "Signed paperwork must be a file you have uploaded",
} as const;

/** What a file is, by its first bytes (spec §5: PDF, JPG or PNG). */
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

/**
 * POST /api/objects/upload: a single-use upload ticket for the signed-in user, at
 * most UPLOAD_RATE.limit in any UPLOAD_RATE.windowMs. Count and insert run in one
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
}): Promise<{ uploadURL: string; objectPath: string }> {
  const { ctx, user, uploadPath = UPLOAD_PATH } = opts;
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

/** Spend the ticket and move the checked temp file into the store (the temp file is consumed either way). */
export async function keepUpload(opts: {
  ctx: AppContext;
  store: ObjectStore;
  row: { key: string; tokenHash: string };
  tempPath: string;
  received: { size: number; type: SniffedType };
  log: FastifyBaseLogger;
}): Promise<{ objectPath: string }> {
  const { ctx, store, row, tempPath, received, log } = opts;
  const won = await repo.markUploaded(ctx.db, {
    key: row.key,
    tokenHash: row.tokenHash,
    contentType: received.type.contentType,
    size: received.size,
    now: ctx.clock.now(),
  });
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

/** A filename safe in a Content-Disposition header whatever the load number holds. */
export function safeFilename(loadNumber: string | null, ext: string): string {
  const base = (loadNumber ?? "upload").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "").slice(0, 80) || "upload";
  return `POD-${base}.${ext}`;
}

/**
 * GET /objects/:key. Staff and the carrier of a load the file is attached to may
 * read it; a company document's file, staff and that company's members (the
 * companies module decides); before it is attached, only its uploader. Anyone else: 404, so the
 * caller learns nothing about which files exist (contract: 403/404).
 */
export async function openObject(opts: {
  ctx: AppContext;
  store: ObjectStore;
  user: UserRow | null;
  key: string;
  log: FastifyBaseLogger;
}): Promise<{ body: Readable; size: number | undefined; contentType: string; filename: string }> {
  const { ctx, store, user } = opts;
  if (!UUID.test(opts.key)) throw new AppError(404, "Not found");
  if (!user) throw new AppError(401, "Not signed in");
  const key = opts.key.toLowerCase();
  const row = await repo.findByKey(ctx.db, key);
  if (!row || !row.uploadedAt) throw new AppError(404, "Not found");
  const attached = await repo.loadsWithPaperwork(ctx.db, `/objects/${key}`);
  let loadNumber: string | null = null;
  let documentName: string | null = null;
  if (attached.length > 0) {
    const staff = isStaffRole(user);
    const load = attached.find((l) => staff || isOwnLoad(l, user));
    if (!load) throw new AppError(404, "Not found");
    loadNumber = load.loadNumber;
  } else {
    // a company document's file (issue 17): its company's members and staff, asked of that module
    const doc = await documentFileAccess({ db: ctx.db, objectPath: `/objects/${key}`, user });
    if (doc && !doc.allowed) throw new AppError(404, "Not found");
    if (doc) documentName = doc.filename;
    else if (row.ownerId !== user.id) throw new AppError(404, "Not found");
  }
  let stored: Awaited<ReturnType<ObjectStore["get"]>>;
  try {
    stored = await store.get(key);
  } catch (e) {
    throw storageFaultError(e, opts.log, { action: "read object", store: store.kind, key }) ?? e;
  }
  if (!stored) throw new AppError(404, "Not found");
  const contentType = row.contentType ?? "application/octet-stream";
  const filename = documentName ? `${documentName}.${extFor(row.contentType)}` : safeFilename(loadNumber, extFor(row.contentType));
  return { body: stored.body, size: stored.size ?? row.size ?? undefined, contentType, filename };
}

/**
 * An upload named by another module's record (a company document, issue 17), in
 * that record's transaction: it must be a finished upload of `user`'s own that is
 * attached to nothing yet (no load, no other record). Its row is locked and marked
 * attached here, so the sweep of never-attached uploads (objects.sweep.ts) either
 * skips it or has deleted it already, and two records can never claim one file.
 * Returns the objectPath, or null when the upload cannot be used.
 */
export async function attachOwnUpload(opts: { db: DbOrTx; objectPath: string; user: Pick<UserRow, "id"> }): Promise<string | null> {
  const m = /^\/objects\/([0-9a-f-]{36})$/i.exec(opts.objectPath.trim());
  if (!m || !UUID.test(m[1])) return null;
  const key = m[1].toLowerCase();
  const row = await repo.findByKey(opts.db, key, { lock: true });
  if (!row || !row.uploadedAt || row.ownerId !== opts.user.id || row.attachedAt) return null;
  if ((await repo.loadsWithPaperwork(opts.db, `/objects/${key}`)).length > 0) return null;
  await repo.markAttached(opts.db, key);
  return `/objects/${key}`;
}

/**
 * The record that named these files is going (an applicant's documents with the
 * rejected account, or one replaced by a newer of its kind), in that record's
 * transaction: the files are unattached again, so the sweep of unattached uploads
 * (objects.sweep.ts) deletes them once their grace period has passed, as any other.
 */
export async function releaseUploads(opts: { db: DbOrTx; objectPaths: string[] }): Promise<void> {
  const keys = opts.objectPaths.map((p) => /^\/objects\/([0-9a-f-]{36})$/i.exec(p)?.[1]?.toLowerCase()).filter((k): k is string => !!k && UUID.test(k));
  await repo.unmarkAttached(opts.db, keys);
}

/**
 * The POD call's signedPaperworkUrl (contract): the objectPath or the uploadURL,
 * relative or absolute. Returns the objectPath to store. It must name a finished
 * upload of the caller (staff: of anyone), or be the load's current paperwork.
 * Call it in the POD transaction: the upload's row is locked and marked attached
 * there, so the sweep of never-attached uploads (objects.sweep.ts) either skips it
 * or has deleted it already (then: 400, upload again), never deletes it under us.
 */
export async function resolvePaperwork(opts: {
  db: DbOrTx;
  ref: string;
  user: UserRow;
  currentPath: string | null;
}): Promise<string> {
  let path = opts.ref.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      throw badPaperwork();
    }
  }
  if (opts.currentPath && path === opts.currentPath) return path;
  let row: repo.ObjectRow | undefined;
  const objectMatch = /^\/objects\/([0-9a-f-]{36})$/i.exec(path);
  if (objectMatch && UUID.test(objectMatch[1])) {
    row = await repo.findByKey(opts.db, objectMatch[1].toLowerCase(), { lock: true });
  } else if (path.startsWith(UPLOAD_PATH) && TOKEN.test(path.slice(UPLOAD_PATH.length))) {
    row = await repo.findByTokenHash(opts.db, sha256(path.slice(UPLOAD_PATH.length)), { lock: true });
  }
  if (!row || !row.uploadedAt) throw badPaperwork();
  if (row.ownerId !== opts.user.id && !isStaffRole(opts.user)) throw badPaperwork();
  // a company document's file (issue 17) never doubles as paperwork: it would reach the load's carrier
  if (row.attachedAt && (await documentFileAccess({ db: opts.db, objectPath: `/objects/${row.key}`, user: opts.user }))) throw badPaperwork();
  await repo.markAttached(opts.db, row.key);
  return `/objects/${row.key}`;
}

const badPaperwork = () =>
  new AppError(400, UPLOAD_MSG.badPaperwork, [{ path: "signedPaperworkUrl", message: UPLOAD_MSG.badPaperwork }]);
