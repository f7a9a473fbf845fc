// The PUT that receives an upload's bytes, for the objects routes and for a
// module whose users prove who they are another way (the applicant's cookie,
// which the browser sends only under /api/registration): the same checks and
// the same store, the uploader found by that module.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { objectStoreOf, uploadTempDir } from "./object-store";
import { receiveUpload } from "./objects.upload";

/**
 * Routes in their own encapsulated scope whose only body parser hands the raw
 * request stream to the handler, so a 10 MB file is streamed to disk and never
 * held in memory, whatever Content-Type the browser sends.
 */
export async function rawBodyRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, _payload, done) => done(null, undefined));
    routes(scope);
  });
}

/** The request's Content-Length, when it states one. */
export function declaredLength(req: FastifyRequest): number | undefined {
  const header = req.headers["content-length"];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/** PUT `url` (ending in /:token): an upload ticket's file, for the user that `uploader` finds (or refuses) before the body is read. */
export async function registerUploadRoute(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { url: string; uploader: (req: FastifyRequest) => Promise<Pick<UserRow, "id">> },
): Promise<void> {
  const store = objectStoreOf(ctx);
  const tempDir = uploadTempDir(ctx.config);
  await rawBodyRoutes(app, (scope) => {
    // the token is in the path: keep request lines of this route out of the info log
    scope.put<{ Params: { token: string } }>(opts.url, { logLevel: "warn" }, async (req) => {
      const user = await opts.uploader(req);
      return receiveUpload({ ctx, store, tempDir, user, token: req.params.token, body: req.raw, contentLength: declaredLength(req), log: req.log });
    });
  });
}
