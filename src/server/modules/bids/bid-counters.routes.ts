// Counter-offers and a bid's history: parse, check the role, call the service, reply.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireStaff, requireUser } from "../../plugins/session";
import { idParam, parse } from "../../lib/validate";
import { counterInputSchema } from "../../../contract/schemas/bid";
import type { JobKind } from "../jobs/job-registry";
import { toLoad } from "../loads/load-visibility";
import { acceptCounter, bidHistoryOf, counterBid, COUNTER_EXPIRY_JOB, declineCounter, expireCounter, expireLapsedCounters } from "./bid-counters.service";

/**
 * The lapse of counter-offers: a job due at each offer's expiry, and a sweep by
 * every process's job runner each minute for any offer whose job has not run yet
 * (its process was down, or the job waits behind others).
 */
function counterExpiryJobKind(ctx: AppContext): JobKind<{ bidId?: string }> {
  return {
    name: COUNTER_EXPIRY_JOB,
    async run(payload) {
      if (payload.bidId) await expireCounter({ ctx, db: ctx.db, bidId: payload.bidId, now: ctx.clock.now() });
      else await expireLapsedCounters(ctx);
    },
    watch: {
      everyMs: 60_000,
      async run() {
        await expireLapsedCounters(ctx);
      },
    },
  };
}

export async function registerCounterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.register(counterExpiryJobKind(ctx));

  app.post("/api/bids/:id/counter", async (req) => {
    const actor = requireStaff(req);
    const bidId = idParam(req.params);
    const input = parse(counterInputSchema, req.body);
    const bid = await counterBid({ ctx, db: ctx.db, actor, bidId, ...input, now: ctx.clock.now() });
    return { bid };
  });

  app.post("/api/bids/:id/accept-counter", async (req) => {
    const actor = requireUser(req);
    const bidId = idParam(req.params);
    const { bid, load } = await acceptCounter({ ctx, db: ctx.db, actor, bidId, now: ctx.clock.now() });
    return { bid, load: toLoad(load, actor, ctx.clock.now()) };
  });

  app.post("/api/bids/:id/decline-counter", async (req) => {
    const actor = requireUser(req);
    const bidId = idParam(req.params);
    const bid = await declineCounter({ ctx, db: ctx.db, actor, bidId, now: ctx.clock.now() });
    return { bid };
  });

  // every amount, counter and answer with who and when: staff and the bidder's company
  app.get("/api/bids/:id/history", async (req, reply) => {
    const viewer = requireUser(req);
    const bidId = idParam(req.params);
    const entries = await bidHistoryOf({ db: ctx.db, viewer, bidId });
    reply.header("X-Total-Count", String(entries.length));
    return entries;
  });
}
