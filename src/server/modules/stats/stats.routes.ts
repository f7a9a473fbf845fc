// GET /api/stats: the five tiles of the board.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/session";
import { money } from "../../lib/serialize";
import type { Stats } from "../../../contract/schemas/load";
import { countAvailable, selectOwnStats } from "./stats.repository";
import { PerVersionMemo } from "../loads/loads-version";
import { ukToday } from "../loads/load-visibility";
import { isStaffRole } from "../../../contract/constants";

export async function registerStatsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // polled every 15 s by every open board: whole-table figures once per change
  const shared = new PerVersionMemo<number | Awaited<ReturnType<typeof selectOwnStats>>>(16);
  app.get("/api/stats", async (req): Promise<Stats> => {
    const viewer = requireUser(req);
    const version = await ctx.loadsVersion.get(ctx.db);
    // contract expiry: a load leaves the count when its UK pickup day ends, with no write to mark it
    const today = ukToday(ctx.clock.now());
    const [available, own] = await Promise.all([
      shared.get(version, `available|${today.getTime()}`, () => countAvailable(ctx.db, today)) as Promise<number>,
      isStaffRole(viewer)
        ? (shared.get(version, "staff", () => selectOwnStats(ctx.db, viewer)) as ReturnType<typeof selectOwnStats>)
        : selectOwnStats(ctx.db, viewer),
    ]);
    const row = { available, ...own };
    return {
      available: Number(row.available),
      accepted: Number(row.accepted),
      approved: Number(row.approved),
      completed: Number(row.completed),
      totalEarnings: money(row.totalEarnings) ?? 0,
    };
  });
}
