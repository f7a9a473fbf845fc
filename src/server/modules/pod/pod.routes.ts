// PUT /api/loads/{id}/pod (the POD form). Rules in pod.service.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/session";
import { idParam, parse } from "../../lib/validate";
import { podInputSchema } from "../../../contract/schemas/pod";
import { assertPodAllowed, completePod } from "./pod.service";

export async function registerPodRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.put("/api/loads/:id/pod", async (req) => {
    const actor = requireUser(req);
    const loadId = idParam(req.params);
    // state before shape: a load in the wrong state is 409 whatever the body says
    await assertPodAllowed({ ctx, loadId, actor });
    const input = parse(podInputSchema, req.body);
    return completePod({ ctx, loadId, actor, input });
  });
}
