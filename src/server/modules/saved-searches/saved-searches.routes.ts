// Saved searches: GET|POST
// /api/saved-searches, PUT|DELETE /api/saved-searches/{id}, the signed-in
// user's own. Parse, call the service, reply.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { idParam, parse } from "../../lib/validate";
import { requireUser } from "../../plugins/session";
import { savedSearchInputSchema, savedSearchListQuerySchema, savedSearchUpdateSchema } from "../../../contract/schemas/saved-search";
import { registerLaneAlertReactions } from "./lane-alert-queue";
import { assertStorableText } from "../../lib/storable-text";
import { laneAlertJobKind } from "./lane-alerts";
import { laneDigestJobKind } from "./lane-digest";
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from "./saved-searches.service";

export async function registerSavedSearchesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;
  registerLaneAlertReactions(ctx);
  ctx.jobs.register(laneAlertJobKind(ctx));
  ctx.jobs.register(laneDigestJobKind(ctx));

  app.get("/api/saved-searches", async (req, reply) => {
    const user = requireUser(req);
    const { items, total } = await listSavedSearches({ db, userId: user.id, page: parse(savedSearchListQuerySchema, req.query) });
    reply.header("X-Total-Count", String(total));
    return items;
  });

  app.post("/api/saved-searches", async (req, reply) => {
    const user = requireUser(req);
    assertStorableText(req.body);
    const input = parse(savedSearchInputSchema, req.body);
    return reply.status(201).send(await createSavedSearch({ db, config, userId: user.id, input, now: ctx.clock.now() }));
  });

  app.put("/api/saved-searches/:id", async (req) => {
    const user = requireUser(req);
    const id = idParam(req.params);
    assertStorableText(req.body);
    const input = parse(savedSearchUpdateSchema, req.body);
    return updateSavedSearch({ db, config, userId: user.id, id, input, now: ctx.clock.now() });
  });

  app.delete("/api/saved-searches/:id", async (req, reply) => {
    const user = requireUser(req);
    await deleteSavedSearch({ db, userId: user.id, id: idParam(req.params) });
    return reply.status(204).send();
  });
}
