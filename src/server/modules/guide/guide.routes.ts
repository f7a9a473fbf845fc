// GET /api/pdf/user-guide?version=1.0 (contract: signed in or not; the login
// page's Help opens it too). ?download=1 asks the browser to save it.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { parse } from "../../lib/validate";
import { USER_GUIDE_VERSION } from "../../../contract/constants";
import { getUserGuidePdf } from "./guide.service";

const querySchema = z.object({
  version: z.string().max(20).optional(),
  download: z.string().max(10).optional(),
});

export async function registerGuideRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/pdf/user-guide", async (req, reply) => {
    const q = parse(querySchema, req.query);
    const version = q.version || USER_GUIDE_VERSION;
    const pdf = await getUserGuidePdf({ version, productName: ctx.config.productName });
    if (!pdf) throw new AppError(404, `User guide version ${version} not found`);
    const download = q.download === "1" || q.download === "true";
    const filename = `user-guide-v${version}.pdf`;
    return reply
      .header("Content-Type", "application/pdf")
      .header("Content-Disposition", `${download ? "attachment" : "inline"}; filename="${filename}"`)
      .header("Cache-Control", "public, max-age=86400")
      .send(pdf);
  });
}
