// GET /api/export/{loads,users,carriers,bids}.csv:
// staff only (a carrier 403, signed out 401, as every staff call), each taking the
// query of the list call behind its tab (contract/schemas/export.ts). The rows,
// the CSV rules and the streaming are in exports.service.ts and export-registry.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireStaff } from "../../plugins/session";
import { EXPORT_KINDS, exportPath } from "../../../contract/schemas/export";
import { checkExportQuery, openExport, type OpenExportOptions } from "./exports.service";
import { registerOwnExports } from "./export-registry";

/** Tuning for tests only: small batches, and a look at each one as it is read. */
export type ExportRouteOptions = Pick<OpenExportOptions, "batchRows" | "onBatch">;

export async function registerExportsRoutes(app: FastifyInstance, ctx: AppContext, opts: ExportRouteOptions = {}): Promise<void> {
  registerOwnExports(ctx);
  for (const kind of EXPORT_KINDS) {
    app.get(exportPath(kind), async (req, reply) => {
      const viewer = requireStaff(req);
      // HEAD (Fastify answers it with this handler): the headers, without reading a row
      const { fileName, stream } =
        req.method === "HEAD"
          ? { ...(await checkExportQuery({ ctx, kind, rawQuery: req.query })), stream: null }
          : await openExport({ ctx, viewer, kind, rawQuery: req.query, ...opts });
      reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${fileName}"`)
        // staff data: never kept by a browser or a proxy
        .header("Cache-Control", "private, no-store");
      // a stream that errors after the first byte makes Fastify destroy the connection
      // (reply.send of a stream): the download fails rather than looking complete
      return reply.send(stream ?? "");
    });
  }
}
