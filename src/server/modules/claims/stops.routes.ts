// Stops on a booked load: POST /api/loads/{id}/stops/{pickup|delivery}/arrival and
// /departure, PUT /api/loads/{id}/stops/{stop} (staff correction), GET
// /api/loads/{id}/stops/positions (staff), and `stops` on GET /api/loads/{id}.
// Also registered here: clearing stops when a load is handed back (in its
// transaction), the stop_recorded notices and the 30-day sweep of positions.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { ORDER } from "../../events/event-bus";
import { idParam, parse } from "../../lib/validate";
import { requireStaff, requireUser } from "../../plugins/session";
import { stopCorrectionSchema, stopEventSchema, type Stop } from "../../../contract/schemas/claim";
import { assertStopsAllowed, clearStopsOf, correctStop, listPositions, recordStop, stopsForViewer } from "./stops.service";
import { isStop, notFound, type StopKind } from "./stop-rules";
import { registerStopNotices } from "./stop-notices";
import { stopPositionsSweepJobKind } from "./stop-positions-sweep";

/** The stop named in the path; an unknown one is a path that does not exist (404), like an unknown id. */
function stopParam(params: unknown): Stop {
  const v = (params as Record<string, unknown> | undefined)?.stop;
  if (typeof v !== "string" || !isStop(v)) throw notFound();
  return v;
}

export async function registerStopsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.loadDetailParts.register({
    field: "stops",
    // most loads opened are on the board: no query for a load that cannot be booked
    read: async ({ db, viewer, load, now }) => (load.status === "approved" || load.status === "completed" ? stopsForViewer({ db, loadId: load.id, viewer, now }) : undefined),
  });
  // handed back or reset: the next company starts with no stops, in the same transaction
  ctx.events.inTransaction({
    name: "stops-clear",
    types: ["load.made_available"],
    order: ORDER.stops,
    async handle(event, { tx }) {
      if (event.loadId) await clearStopsOf(tx, event.loadId);
    },
  });
  registerStopNotices(ctx);
  ctx.jobs.register(stopPositionsSweepJobKind(ctx));

  for (const kind of ["arrival", "departure"] as const satisfies readonly StopKind[]) {
    app.post(`/api/loads/:id/stops/:stop/${kind}`, async (req) => {
      const actor = requireUser(req);
      const loadId = idParam(req.params);
      const stop = stopParam(req.params);
      // state before shape: someone else's load is 404 and a load not booked 409, whatever the body says
      await assertStopsAllowed({ ctx, loadId, actor });
      const input = parse(stopEventSchema, req.body);
      return recordStop({ ctx, loadId, stop, kind, actor, input });
    });
  }

  app.put("/api/loads/:id/stops/:stop", async (req) => {
    const actor = requireStaff(req);
    const loadId = idParam(req.params);
    const stop = stopParam(req.params);
    await assertStopsAllowed({ ctx, loadId, actor });
    const input = parse(stopCorrectionSchema, req.body);
    return correctStop({ ctx, loadId, stop, actor, input });
  });

  app.get("/api/loads/:id/stops/positions", async (req) => {
    requireStaff(req);
    return listPositions({ db: ctx.db, loadId: idParam(req.params) });
  });
}
