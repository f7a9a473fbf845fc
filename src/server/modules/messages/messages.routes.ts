// Messages on a load: parse, check the caller, call the service, reply.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/session";
import { idParam, parse } from "../../lib/validate";
import { messageListQuerySchema, messagePostSchema, messageReadSchema } from "../../../contract/schemas/message";
import { listThreads, markRead, postMessage, unreadMessages } from "./messages.service";
import { messageEmailJobKind, registerMessageNotices } from "./message-notices";

export async function registerMessagesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerMessageNotices(ctx);
  ctx.jobs.register(messageEmailJobKind(ctx));

  // a carrier: their company's thread; staff: every thread of the load, or one (companyId=)
  app.get("/api/loads/:id/messages", async (req, reply) => {
    const viewer = requireUser(req);
    const loadId = idParam(req.params);
    const { companyId } = parse(messageListQuerySchema, req.query);
    const threads = await listThreads({ db: ctx.db, viewer, loadId, companyId: companyId?.toLowerCase() });
    reply.header("X-Total-Count", String(threads.length));
    return { threads };
  });

  app.post("/api/loads/:id/messages", async (req, reply) => {
    const actor = requireUser(req);
    const loadId = idParam(req.params);
    const input = parse(messagePostSchema, req.body);
    const message = await postMessage({ ctx, db: ctx.db, actor, loadId, companyId: input.companyId?.toLowerCase(), body: input.body, now: ctx.clock.now() });
    return reply.status(201).send(message);
  });

  // the header's messages entry: the caller's threads with unread messages, latest first
  app.get("/api/messages/unread", async (req, reply) => {
    const viewer = requireUser(req);
    const unread = await unreadMessages({ db: ctx.db, viewer, now: ctx.clock.now() });
    reply.header("X-Total-Count", String(unread.threads.length));
    return unread;
  });

  app.post("/api/loads/:id/messages/read", async (req) => {
    const viewer = requireUser(req);
    const loadId = idParam(req.params);
    const input = parse(messageReadSchema, req.body);
    return markRead({ db: ctx.db, viewer, loadId, companyId: input.companyId?.toLowerCase() });
  });
}
