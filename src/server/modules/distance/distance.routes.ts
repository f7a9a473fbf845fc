// POST /api/calculate-distance: signed in → {distance: miles}.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { requireUser } from "../../plugins/session";
import { calculateDistance } from "./distance.service";

// A non-text postcode is refused here; a long or odd text one by parsePostcode.
const postcode = z.string().optional().nullable();
const bodySchema = z.object({ pickupPostcode: postcode, deliveryPostcode: postcode });

export async function registerDistanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post("/api/calculate-distance", async (req) => {
    requireUser(req);
    const body = bodySchema.safeParse(req.body ?? {});
    if (!body.success) {
      // the contract's distance error carries details as text
      throw new AppError(400, "Invalid postcode", "pickupPostcode and deliveryPostcode must be UK postcodes given as text");
    }
    const distance = await calculateDistance({
      config: ctx.config,
      pickupPostcode: body.data.pickupPostcode ?? "",
      deliveryPostcode: body.data.deliveryPostcode ?? "",
    });
    return { distance };
  });
}
