// The available-loads email's calls, staff only:
// POST /api/admin/send-available-loads-email, GET|PUT /api/admin/email-schedule-settings.
// The batch it queues is followed with GET /api/admin/mail/batches/{id} (src/server/mail).
import type { FastifyInstance } from "fastify";
import { emailScheduleSchema } from "../../../contract/schemas/email-schedule";
import type { AppContext } from "../../context";
import { parse } from "../../lib/validate";
import { requireStaff } from "../../plugins/session";
import { getScheduleSettings, queueAvailableLoadsEmail, saveScheduleSettings } from "./available-loads-email.service";

export async function registerAvailableLoadsEmailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // answers at once: the mail is queued in one transaction and delivered by the outbox worker
  app.post("/api/admin/send-available-loads-email", async (req) => {
    const user = requireStaff(req);
    return ctx.db.transaction((tx) => queueAvailableLoadsEmail({ ctx, db: tx, triggeredBy: user.id }));
  });

  app.get("/api/admin/email-schedule-settings", async (req) => {
    requireStaff(req);
    return getScheduleSettings(ctx.db);
  });

  app.put("/api/admin/email-schedule-settings", async (req) => {
    requireStaff(req);
    return saveScheduleSettings({ ctx, input: parse(emailScheduleSchema, req.body) });
  });
}
