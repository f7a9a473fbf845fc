// POST /api/objects/upload, PUT /api/objects/upload/:token, GET /objects/:key
// (paperwork upload). Rules live in objects.service.ts
// and objects.upload.ts. Another module's upload route (the applicant's) is
// registered by that module with registerUploadRoute (upload-route.ts).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/session";
import { objectStoreOf, S3ObjectStore, uploadTempDir } from "./object-store";
import { openObject } from "./objects.service";
import { createUploadTicket, receiveUpload } from "./objects.upload";
import { sweepUnattachedUploads, uploadSweepJobKind } from "./objects.sweep";
import { parseContentRange, receiveChunk, uploadProgress } from "./objects.chunks";
import { declaredLength, rawBodyRoutes } from "./upload-route";

export async function registerObjectsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = objectStoreOf(ctx);
  const tempDir = uploadTempDir(ctx.config);
  app.addHook("onClose", async () => {
    if (store instanceof S3ObjectStore) store.destroy();
  });
  // uploads never attached to anything go within 1 h of their URL's expiry (objects.sweep.ts)
  ctx.jobs.register(uploadSweepJobKind(() => sweepUnattachedUploads({ db: ctx.db, store, now: ctx.clock.now(), log: app.log, tempDir })));

  app.post("/api/objects/upload", async (req) => {
    const user = requireUser(req);
    return createUploadTicket({ ctx, user });
  });

  // The upload itself, its body streamed to disk (upload-route.ts)
  await rawBodyRoutes(app, (scope) => {
    scope.put<{ Params: { token: string } }>(
      "/api/objects/upload/:token",
      // the token is in the path: keep request lines of this route out of the info log
      { logLevel: "warn" },
      async (req, reply) => {
        const user = requireUser(req);
        const contentLength = declaredLength(req);
        const range = req.headers["content-range"];
        if (range === undefined) return receiveUpload({ ctx, store, tempDir, user, token: req.params.token, body: req.raw, contentLength, log: req.log });
        // one chunk of a resumable upload (objects.chunks.ts): 202 with the new offset, 200 when complete
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
