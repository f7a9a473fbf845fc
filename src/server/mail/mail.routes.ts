// The mail outbox for staff: GET /api/admin/mail,
// POST /api/admin/mail/{id}/resend, GET /api/admin/mail/batches/{id}. Registers
// the "mail" job kind, through which every module's mail is delivered.
import type { FastifyInstance } from "fastify";
import { mailListQuerySchema } from "../../contract/schemas/mail";
import type { AppContext } from "../context";
import { idParam, parse } from "../lib/validate";
import { requireStaff } from "../plugins/session";
import { mailJobKind } from "./mail-job";
import { listOutboxMail, mailBatchProgress, resendMail } from "./outbox.service";

export async function registerMailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.register(mailJobKind(ctx));

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
