// Users and admin calls. Routes parse and
// reply; the rules live in users.service.ts. Every user in a response goes through
// toUser, by way of companies.service userView (never a password, hash or reset token).
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { idParam, parse } from "../../lib/validate";
import { requireStaff, requireUser } from "../../plugins/session";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { carrierListQuerySchema, pendingListQuerySchema, userListQuerySchema, userUpdateSchema } from "../../../contract/schemas/user";
import { userView } from "../companies/companies.service";
import type { Page } from "./users.repository";
import { sha256 } from "../../lib/crypto";
import { PageBytes, etagMatches, sendListBody } from "../../plugins/page-bytes";
import { createUsersPageCache, usersPageVersion } from "./users-page-cache";
import { approveUser, deleteUser, listCarriers, listPending, listUsers, rejectUser, updateUser } from "./users.service";
import { carriersExport, usersExport } from "./user-exports";

/** contract: every list is bounded; the total before paging is in X-Total-Count */
function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header("X-Total-Count", String(page.total));
  return page.rows;
}

export async function registerUsersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // the Users and Carriers tabs download as CSV through the exports module
  ctx.exports.register("users", usersExport);
  ctx.exports.register("carriers", carriersExport);
  // The three lists page, sort and search on the server (limit ≤ 1,000; 1,000 without one).
  // The Users tab: the same page for every staff member, kept per version of what it
  // shows (users-page-cache.ts); an unchanged page answers 304.
  const usersPages = createUsersPageCache();
  app.get("/api/users", async (req, reply) => {
    requireStaff(req);
    const q = parse(userListQuerySchema, req.query);
    const version = await usersPageVersion(ctx.db, ctx.clock.now());
    const key = JSON.stringify([q.search ?? "", q.sort, q.limit ?? null, q.offset ?? 0]);
    const etag = `"u${version}-${sha256(key).slice(0, 16)}"`;
    reply.header("Cache-Control", "private, no-cache");
    reply.header("ETag", etag);
    if (etagMatches(req.headers["if-none-match"], etag)) return reply.status(304).send();
    const page = await usersPages.get(version, key, async () => {
      const { rows, total } = await listUsers(ctx, q);
      return { body: new PageBytes(Buffer.from(JSON.stringify(rows))), total };
    });
    reply.header("X-Total-Count", String(page.total));
    return sendListBody(req, reply, page.body);
  });

  app.get("/api/users/carrier", async (req, reply) => {
    requireStaff(req);
    return sendPage(reply, await listCarriers(ctx, parse(carrierListQuerySchema, req.query)));
  });

  app.get("/api/users/pending", async (req, reply) => {
    requireStaff(req);
    return sendPage(reply, await listPending(ctx, parse(pendingListQuerySchema, req.query)));
  });

  app.post("/api/users/:id/approve", async (req) => {
    const actor = requireStaff(req);
    const user = await approveUser({ ctx, actor, id: idParam(req.params) });
    return userView(ctx, ctx.db, user);
  });

  app.post("/api/users/:id/reject", async (req) => {
    const actor = requireStaff(req);
    await rejectUser({ ctx, actor, id: idParam(req.params) });
    return { success: true };
  });

  app.put("/api/users/:id", async (req) => {
    const actor = requireUser(req);
    const id = idParam(req.params);
    // someone else's account: refused before the body is even read
    if (!isStaffRole(actor) && id !== actor.id) throw new AppError(403, MSG.forbidden);
    // an edit needs an object: a missing or null body is a mistake, not "change nothing"
    if (req.body === null || req.body === undefined) throw new AppError(400, "Request body must be a JSON object");
    const input = parse(userUpdateSchema, req.body);
    const user = await updateUser({ ctx, actor, id, input, sessionId: req.sessionId });
    return userView(ctx, ctx.db, user);
  });

  app.delete("/api/users/:id", async (req, reply) => {
    const actor = requireStaff(req);
    await deleteUser({ ctx, actor, id: idParam(req.params) });
    return reply.status(204).send();
  });
}
