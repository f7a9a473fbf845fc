// Bids: parse, check the role, call the service, reply.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireStaff, requireUser } from "../../plugins/session";
import { idParam, parse } from "../../lib/validate";
import { bidInputSchema } from "../../../contract/schemas/bid";
import { pageOf, pageQuerySchema } from "../../../contract/schemas/page";
import { toLoad } from "../loads/load-visibility";
import { acceptBid, listBids, listOwnBids, placeBid, rejectBid, registerBidReactions } from "./bids.service";
import { registerCounterRoutes } from "./bid-counters.routes";

export async function registerBidsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerBidReactions(ctx);
  await registerCounterRoutes(app, ctx);
  // 201 for a new bid, 200 when the caller's pending bid on that load was updated
  app.post("/api/bids", async (req, reply) => {
    const actor = requireUser(req);
    const input = parse(bidInputSchema, req.body);
    const { bid, created } = await placeBid({
      ctx,
      db: ctx.db,
      actor,
      loadId: input.loadId.toLowerCase(),
      bidAmount: input.bidAmount,
      notes: input.notes,
      now: ctx.clock.now(),
    });
    return reply.status(created ? 201 : 200).send(bid);
  });

  // contract: every list is bounded (at most 1,000 without a limit, the total in X-Total-Count)
  app.get("/api/user/bids", async (req, reply) => {
    const actor = requireUser(req);
    const { bids, total } = await listOwnBids({ db: ctx.db, actor, page: pageOf(parse(pageQuerySchema, req.query)) });
    reply.header("X-Total-Count", String(total));
    return bids;
  });

  // staff; newest first (the Manage Bids dialog sorts by amount itself)
  app.get("/api/loads/:id/bids", async (req, reply) => {
    requireStaff(req);
    const loadId = idParam(req.params);
    const { bids, total } = await listBids({ db: ctx.db, loadId, page: pageOf(parse(pageQuerySchema, req.query)), now: ctx.clock.now() });
    reply.header("X-Total-Count", String(total));
    return bids;
  });

  app.get("/api/admin/bids", async (req, reply) => {
    requireStaff(req);
    const { bids, total } = await listBids({ db: ctx.db, page: pageOf(parse(pageQuerySchema, req.query)), now: ctx.clock.now() });
    reply.header("X-Total-Count", String(total));
    return bids;
  });

  app.post("/api/bids/:id/accept", async (req) => {
    const actor = requireStaff(req);
    const bidId = idParam(req.params);
    const { bid, load } = await acceptBid({ ctx, db: ctx.db, actor, bidId, now: ctx.clock.now() });
    return { bid, load: toLoad(load, actor, ctx.clock.now()) };
  });

  app.post("/api/bids/:id/reject", async (req) => {
    const actor = requireStaff(req);
    const bidId = idParam(req.params);
    const bid = await rejectBid({ ctx, db: ctx.db, actor, bidId, now: ctx.clock.now() });
    return { bid };
  });
}
