// The objects module's face: serving a stored file to whoever may open it, and
// the files in use (attached to a load as its paperwork or to another module's
// record, released again). Receiving uploads is objects.upload.ts; who may open
// a file that a record names is the rule of that record's module (object-access.ts).
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { sha256 } from "../../lib/crypto";
import { isStaffRole } from "../../../contract/constants";
import type { ObjectStore } from "./object-store";
import * as repo from "./objects.repository";
import { extFor, TOKEN, UPLOAD_MSG, UPLOAD_PATH, UUID } from "./objects.upload";
import { storageFaultError } from "./storage-faults";

// what other modules use of the objects module
export type { FileAccess, FileAccessQuery, ObjectAccessRule } from "./object-access";
export { createUploadTicket, UPLOAD_RATE } from "./objects.upload";
export { registerUploadRoute } from "./upload-route";

/** The download name of POD paperwork (and of an upload attached to nothing): safe in a Content-Disposition header whatever the load number holds. */
export function podFilename(loadNumber: string | null): string {
  const base = (loadNumber ?? "upload").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "").slice(0, 80) || "upload";
  return `POD-${base}`;
}

/**
 * GET /objects/:key. A file that a record names (a load's paperwork, a company
 * document) may be opened by whom that record's module says (its rule in
 * ctx.objectAccess); before it is attached, only by its uploader. Anyone else:
 * 404, so the caller learns nothing about which files exist (contract: 403/404).
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
  // a file that a record names: that record's module decides; an upload attached to nothing yet: its uploader only
  const access = await ctx.objectAccess.mayOpen({ db: ctx.db, viewer: user, objectPath: `/objects/${key}` });
  if (access ? !access.allowed : row.ownerId !== user.id) throw new AppError(404, "Not found");
  let stored: Awaited<ReturnType<ObjectStore["get"]>>;
  try {
    stored = await store.get(key);
  } catch (e) {
    throw storageFaultError(e, opts.log, { action: "read object", store: store.kind, key }) ?? e;
  }
  if (!stored) throw new AppError(404, "Not found");
  const contentType = row.contentType ?? "application/octet-stream";
  const filename = `${access?.filename ?? podFilename(null)}.${extFor(row.contentType)}`;
  return { body: stored.body, size: stored.size ?? row.size ?? undefined, contentType, filename };
}

/**
 * An upload named by another module's record (a company document), in
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
  if (await repo.isLoadPaperwork(opts.db, `/objects/${key}`)) return null;
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
  // a company document's file never doubles as paperwork: it would reach the load's carrier
  if (row.attachedAt && (await repo.isDocumentFile(opts.db, `/objects/${row.key}`))) throw badPaperwork();
  await repo.markAttached(opts.db, row.key);
  return `/objects/${row.key}`;
}

const badPaperwork = () =>
  new AppError(400, UPLOAD_MSG.badPaperwork, [{ path: "signedPaperworkUrl", message: UPLOAD_MSG.badPaperwork }]);
