// Users and admin calls (contract "Users and admin"; spec §7). Routes parse and
// reply; the rules live in users.service.ts. Every user in a response goes through
// toUser (never a password, hash or reset token).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { money, toUser } from "../../lib/serialize";
import { idParam, parse } from "../../lib/validate";
import { requireStaff, requireUser } from "../../plugins/session";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { userUpdateSchema, type UserWithStats } from "../../../contract/schemas/user";
import { listPendingUsers, listUsersWithStats } from "./users.repository";
import { approveUser, carrierSummaries, deleteUser, rejectUser, updateUser } from "./users.service";

export async function registerUsersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/users", async (req): Promise<UserWithStats[]> => {
    requireStaff(req);
    const rows = await listUsersWithStats(ctx.db);
    return rows.map((r) => ({ ...toUser(r.user), loadsAccepted: r.loadsAccepted, totalEarnings: money(r.totalEarnings) ?? 0 }));
  });

  app.get("/api/users/carrier", async (req) => {
    requireStaff(req);
    return carrierSummaries(ctx);
  });

  app.get("/api/users/pending", async (req) => {
    requireStaff(req);
    return (await listPendingUsers(ctx.db)).map(toUser);
  });

  app.post("/api/users/:id/approve", async (req) => {
    const actor = requireStaff(req);
    const user = await approveUser({ ctx, actor, id: idParam(req.params), log: req.log });
    return toUser(user);
  });

  app.post("/api/users/:id/reject", async (req) => {
    const actor = requireStaff(req);
    await rejectUser({ ctx, actor, id: idParam(req.params), log: req.log });
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
    return toUser(user);
  });

  app.delete("/api/users/:id", async (req, reply) => {
    const actor = requireStaff(req);
    await deleteUser({ ctx, actor, id: idParam(req.params) });
    return reply.status(204).send();
  });
}
