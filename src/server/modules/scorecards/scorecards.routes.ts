// Scorecards: GET /api/companies/{id}/scorecard and GET /api/scorecard/network, the
// `siteWaiting` part of a load's details, and the reaction that keeps the fact rows
// from the event log (after commit: a scorecard never holds up or vetoes a change).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { idParam, parse } from "../../lib/validate";
import { requireUser } from "../../plugins/session";
import { scorecardQuerySchema } from "../../../contract/schemas/scorecard";
import { reactToScorecardEvent, SCORECARD_EVENT_TYPES } from "./scorecard-facts";
import { getCompanyScorecard, getNetworkScorecard, refreshSummaries, siteWaitingOfLoad } from "./scorecards.service";

export function registerScorecardReactions(ctx: AppContext): void {
  ctx.events.afterCommit({
    // also its job kind's name ("event:scorecards"): keep it
    name: "scorecards",
    types: SCORECARD_EVENT_TYPES,
    async handle(events, { tx }) {
      const touched = new Set<string>();
      for (const event of events) for (const id of await reactToScorecardEvent(tx, event)) touched.add(id);
      await refreshSummaries(tx, touched, ctx.clock.now());
    },
  });
}

export async function registerScorecardsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerScorecardReactions(ctx);
  ctx.loadDetailParts.register({
    field: "siteWaiting",
    read: ({ db, load, now }) => siteWaitingOfLoad({ db, load, now }),
  });

  // contract: staff any company's, its members their own; others 404; days 7–365
  app.get("/api/companies/:id/scorecard", async (req) => {
    const actor = requireUser(req);
    const companyId = idParam(req.params);
    const { days } = parse(scorecardQuerySchema, req.query);
    return getCompanyScorecard({ ctx, actor, companyId, days });
  });

  // contract: anyone signed in sees how the network treats carriers
  app.get("/api/scorecard/network", async (req) => {
    requireUser(req);
    const { days } = parse(scorecardQuerySchema, req.query);
    return getNetworkScorecard({ ctx, days });
  });
}
