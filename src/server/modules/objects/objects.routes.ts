// POST /api/objects/upload, PUT /api/objects/upload/:token, GET /objects/:key
// (contract "Loads"; spec §5 paperwork upload). Rules live in objects.service.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/session";
import { requireApplicant } from "../registration/registration.service";
import { createObjectStore, S3ObjectStore, uploadTempDir } from "./object-store";
import { createUploadTicket, openObject, receiveUpload } from "./objects.service";
import { sweepUnattachedUploads, uploadSweepJobKind } from "./objects.sweep";
import { parseContentRange, receiveChunk, uploadProgress } from "./objects.chunks";

export async function registerObjectsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = createObjectStore(ctx.config);
  const tempDir = uploadTempDir(ctx.config);
  app.addHook("onClose", async () => {
    if (store instanceof S3ObjectStore) store.destroy();
  });
  // uploads never attached to a load go 24 h after their URL was issued (objects.sweep.ts)
  ctx.jobs.register(uploadSweepJobKind(() => sweepUnattachedUploads({ db: ctx.db, store, now: ctx.clock.now(), log: app.log, tempDir })));

  app.post("/api/objects/upload", async (req) => {
    const user = requireUser(req);
    return createUploadTicket({ ctx, user });
  });

  // The upload itself: its own encapsulated scope whose only body parser hands
  // the raw request stream to the handler, so a 10 MB file is streamed to disk
  // and never held in memory, whatever Content-Type the browser sends.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, _payload, done) => done(null, undefined));
    scope.put<{ Params: { token: string } }>(
      "/api/objects/upload/:token",
      // the token is in the path: keep request lines of this route out of the info log
      { logLevel: "warn" },
      async (req, reply) => {
        const user = requireUser(req);
        const header = req.headers["content-length"];
        const contentLength = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
        const range = req.headers["content-range"];
        if (range === undefined) return receiveUpload({ ctx, store, tempDir, user, token: req.params.token, body: req.raw, contentLength, log: req.log });
        // one chunk of a resumable upload (issue 21; objects.chunks.ts): 202 with the new offset, 200 when complete
        const done = await receiveChunk({ ctx, store, tempDir, user, token: req.params.token, range: parseContentRange(range), body: req.raw, contentLength, log: req.log });
        if (done.status === 202) reply.header("Upload-Offset", String(done.body.offset));
        return reply.status(done.status).send(done.body);
      },
    );
    // How far a resumable upload is (GET, and HEAD by Fastify's exposeHeadRoutes): the bytes held.
    scope.get<{ Params: { token: string } }>("/api/objects/upload/:token", { logLevel: "warn" }, async (req, reply) => {
      const progress = await uploadProgress({ ctx, user: requireUser(req), token: req.params.token });
      return reply.header("Upload-Offset", String(progress.offset)).header("Cache-Control", "no-store").send(progress);
    });
    // A pending applicant's file (registration with documents, issue 17): the same
    // checks and store, authenticated by the applicant cookie, which the browser
    // sends only under /api/registration (registration.service.ts).
    scope.put<{ Params: { token: string } }>("/api/registration/upload/:token", { logLevel: "warn" }, async (req) => {
      const applicant = await requireApplicant(ctx, req);
      const header = req.headers["content-length"];
      const contentLength = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
      return receiveUpload({ ctx, store, tempDir, user: applicant, token: req.params.token, body: req.raw, contentLength, log: req.log });
    });
  });

  app.get<{ Params: { key: string } }>("/objects/:key", async (req, reply) => {
    const file = await openObject({ ctx, store, user: req.user, key: req.params.key, log: req.log });
    reply
      .header("Content-Type", file.contentType)
      .header("Content-Disposition", `attachment; filename="${file.filename}"`)
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, no-store");
    if (file.size !== undefined) reply.header("Content-Length", file.size);
    return reply.send(file.body);
  });

  // Anything deeper under /objects/ names no object (and must not fall through to the web app).
  app.get("/objects/*", async (_req, reply) => reply.status(404).send({ error: "Not found" }));
}
