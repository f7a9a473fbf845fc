// Email calls of the contract ("Users and admin"), staff only:
// POST /api/admin/send-available-loads-email, GET|PUT /api/admin/email-schedule-settings.
import type { FastifyInstance } from "fastify";
import { emailScheduleSchema } from "../../../contract/schemas/email-schedule";
import type { AppContext } from "../../context";
import { parse } from "../../lib/validate";
import { requireStaff } from "../../plugins/session";
import { getScheduleSettings, saveScheduleSettings, sendAvailableLoadsEmail } from "./email.service";

export async function registerEmailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The mail module records every send in email_log; a mailer built with
  // config only (createMailer(config)) gets the database here.
  ctx.mail.attachLog?.(ctx.db);

  app.post("/api/admin/send-available-loads-email", async (req) => {
    const user = requireStaff(req);
    return sendAvailableLoadsEmail({ ctx, triggeredBy: user.id });
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
