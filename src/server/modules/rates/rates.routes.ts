// GET /api/rates/lane:
// any signed-in user; parse, call the service, reply.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { parse } from "../../lib/validate";
import { requireUser } from "../../plugins/session";
import { laneRateQuerySchema, type LaneRate } from "../../../contract/schemas/rate";
import { PerVersionMemo } from "../loads/loads-version";
import { getLaneRate } from "./rates.service";
import type { LaneFigures } from "./rates.repository";

export async function registerRatesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // asked on every pause in typing in the load form and every bid dialog opened:
  // a lane's figures are read once per loads version, whoever asks
  const cache = new PerVersionMemo<LaneFigures>(2_000);

  app.get("/api/rates/lane", async (req): Promise<LaneRate> => {
    const viewer = requireUser(req);
    const query = parse(laneRateQuerySchema, req.query);
    const version = await ctx.loadsVersion.get(ctx.db);
    return getLaneRate({ db: ctx.db, viewer, query, now: ctx.clock.now(), memo: { version, cache } });
  });
}
