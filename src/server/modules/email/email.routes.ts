// Email calls of the contract ("Users and admin"), staff only:
// POST /api/admin/send-available-loads-email, GET|PUT /api/admin/email-schedule-settings,
// and the outbox (issue 14): GET /api/admin/mail, POST /api/admin/mail/{id}/resend,
// GET /api/admin/mail/batches/{id}. Registers the "mail" job kind.
import type { FastifyInstance } from "fastify";
import { emailScheduleSchema } from "../../../contract/schemas/email-schedule";
import { mailListQuerySchema } from "../../../contract/schemas/mail";
import type { AppContext } from "../../context";
import { idParam, parse } from "../../lib/validate";
import { requireStaff } from "../../plugins/session";
import { getScheduleSettings, queueAvailableLoadsEmail, saveScheduleSettings } from "./email.service";
import { mailJobKind } from "./mail-job";
import { listOutboxMail, mailBatchProgress, resendMail } from "./outbox.service";

export async function registerEmailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.register(mailJobKind(ctx));

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

  app.get("/api/admin/mail", async (req, reply) => {
    requireStaff(req);
    const page = await listOutboxMail({ ctx, query: parse(mailListQuerySchema, req.query) });
    reply.header("X-Total-Count", String(page.total));
    return page.items;
  });

  app.post("/api/admin/mail/:id/resend", async (req) => {
    requireStaff(req);
    return resendMail({ ctx, id: idParam(req.params) });
  });

  app.get("/api/admin/mail/batches/:id", async (req) => {
    requireStaff(req);
    return mailBatchProgress({ ctx, batchId: idParam(req.params) });
  });
}
