// GET /api/insight?weeks=12 (the staff insight page): staff only (a carrier 403, signed out 401, as
// every staff call). Parse, call the service, reply.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { parse } from "../../lib/validate";
import { requireStaff } from "../../plugins/session";
import { insightQuerySchema, type Insight } from "../../../contract/schemas/insight";
import { PerVersionMemo } from "../loads/loads-version";
import { getInsight } from "./insight.service";

export async function registerInsightRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // a few staff look at a few period lengths: figures once per loads version and UK day
  const cache = new PerVersionMemo<Insight>(32);

  app.get("/api/insight", async (req): Promise<Insight> => {
    requireStaff(req);
    const query = parse(insightQuerySchema, req.query);
    const version = await ctx.loadsVersion.get(ctx.db);
    return getInsight({ db: ctx.db, query, now: ctx.clock.now(), memo: { version, cache } });
  });
}
