// CSV load import, staff only:
//  POST /api/loads/import[?dryRun=true]  text/csv body → {valid, rows, errors, created}
//  GET  /api/loads/import/template.csv    the columns and an example row
// Its own scope: the only body it reads is text/csv, up to MAX_IMPORT_BYTES, and
// who may call is checked before a byte of the body is read.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../../context";
import { parse } from "../../../lib/validate";
import { requireStaff } from "../../../plugins/session";
import { IMPORT_PATH, IMPORT_TEMPLATE_PATH, MAX_IMPORT_BYTES, importQuerySchema } from "../../../../contract/schemas/load-import";
import { importLoads } from "./load-import.service";
import { importTemplateCsv } from "./import-template";

export async function registerLoadImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // text/csv (what the admin page sends, and curl --data-binary with -H "Content-Type: text/csv"); anything else is 415
    scope.addContentTypeParser(["text/csv", "application/csv"], { parseAs: "string", bodyLimit: MAX_IMPORT_BYTES }, (_req, body, done) => done(null, body));
    // staff before the body: a carrier's 10 MB is never read, and the answer is 401/403, not 415
    scope.addHook("preParsing", async (req: FastifyRequest) => {
      if (req.routeOptions.url === IMPORT_PATH) requireStaff(req);
    });

    scope.post(IMPORT_PATH, async (req, reply) => {
      const actor = requireStaff(req);
      const { dryRun } = parse(importQuerySchema, req.query);
      const text = typeof req.body === "string" ? req.body : "";
      const result = await importLoads({ ctx, actor, text, dryRun });
      if (dryRun) return result;
      // contract: all or none; a refused file says why in the usual error shape and the import's
      if (!result.valid) {
        const n = result.errors.length;
        return reply.status(400).send({
          error: `Nothing was imported: the file has ${n.toLocaleString("en-GB")} ${n === 1 ? "error" : "errors"}`,
          details: result.errors.slice(0, 100).map((e) => ({ path: `row ${e.row}: ${e.field}`, message: e.message })),
          ...result,
        });
      }
      return reply.status(201).send(result);
    });

    scope.get(IMPORT_TEMPLATE_PATH, async (req, reply) => {
      requireStaff(req);
      reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", 'attachment; filename="load-import-template.csv"')
        .header("Cache-Control", "private, no-store");
      return importTemplateCsv(ctx.clock.now());
    });
  });
}
