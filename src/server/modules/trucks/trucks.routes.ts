// Trucks and return loads (contract-network "Trucks and return loads"):
//   POST   /api/trucks                     a member of a carrier company (staff 403); day rules 400, 20 open 409
//   GET    /api/trucks                     a carrier their company's; staff every open one (?near&miles&on); paged, X-Total-Count
//   DELETE /api/trucks/:id                 the company's members or staff (others 404)
//   GET    /api/trucks/:id/matches         the company's members or staff (others 404): loads that fit, best first
//   POST   /api/trucks/:id/offer           staff: a load offered to the truck's company (truck_offer)
//   GET    /api/loads/:id/return-loads     the holding company once booked, and staff (others 404)
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context";
import { idParam, parse } from "../../lib/validate";
import { assertStorableText } from "../../lib/storable-text";
import { requireStaff, requireUser } from "../../plugins/session";
import { pageQuerySchema } from "../../../contract/schemas/page";
import { truckInputSchema, truckListQuerySchema, truckOfferSchema } from "../../../contract/schemas/truck";
import { deleteTruck, listTrucks, offerLoad, postTruck, truckMatches } from "./trucks.service";
import { listReturnLoads } from "./return-loads";
import { registerTruckReactions } from "./truck-reactions";

function paged<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header("X-Total-Count", String(page.total));
  return page.items;
}

export async function registerTrucksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerTruckReactions(ctx);

  app.post("/api/trucks", async (req, reply) => {
    const actor = requireUser(req);
    assertStorableText(req.body);
    const truck = await postTruck({ ctx, actor, input: parse(truckInputSchema, req.body) });
    return reply.status(201).send(truck);
  });

  app.get("/api/trucks", async (req, reply) => {
    const viewer = requireUser(req);
    assertStorableText(req.query);
    return paged(reply, await listTrucks({ ctx, viewer, query: parse(truckListQuerySchema, req.query) }));
  });

  app.delete("/api/trucks/:id", async (req, reply) => {
    const actor = requireUser(req);
    await deleteTruck({ ctx, actor, id: idParam(req.params) });
    return reply.status(204).send();
  });

  app.get("/api/trucks/:id/matches", async (req, reply) => {
    const viewer = requireUser(req);
    const id = idParam(req.params);
    return paged(reply, await truckMatches({ ctx, viewer, id, page: parse(pageQuerySchema, req.query) }));
  });

  app.post("/api/trucks/:id/offer", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    const { loadId } = parse(truckOfferSchema, req.body);
    return offerLoad({ ctx, actor, id, loadId });
  });

  app.get("/api/loads/:id/return-loads", async (req, reply) => {
    const viewer = requireUser(req);
    const loadId = idParam(req.params);
    return paged(reply, await listReturnLoads({ ctx, viewer, loadId, page: parse(pageQuerySchema, req.query) }));
  });
}
