// Request builders of the access matrix: trucks and return loads. Each makes what its
// row needs afresh: a truck of the carrier actor's company (as POST /api/trucks would
// have written it), an available load, the carrier's booked load.
import { expect } from "vitest";
import { trucks } from "../src/server/db/schema";
import { carrierCompanyId, newLoad, WEEK_AHEAD, type Builders, type World } from "./access-world";

/** An open truck of the carrier actor's company: a flatbed in Leeds a week ahead. */
async function newTruck(w: World): Promise<string> {
  const companyId = await carrierCompanyId(w);
  const [row] = await w.t.app.ctx.db
    .insert(trucks)
    .values({ companyId, availableOn: WEEK_AHEAD, originPostcode: "LS1", originDistrict: "LS1", originLat: 53.79765, originLng: -1.55129, equipmentType: "Flatbed", maxWeightKg: 20000 })
    .returning({ id: trucks.id });
  return row.id;
}

export const TRUCKS_BUILD = {
  "trucks.post": async (w) => {
    await carrierCompanyId(w);
    // one company's 20 open trucks would stop the row from meaning anything: start each call with none
    await w.t.app.ctx.db.delete(trucks);
    return { method: "POST", url: "/api/trucks", payload: { availableOn: WEEK_AHEAD, originPostcode: "LS1 4AP", equipmentType: "Flatbed", maxWeightKg: 20000 } };
  },
  "trucks.list": async (w, actor) => {
    const own = await newTruck(w);
    return {
      url: "/api/trucks",
      check: (res) => {
        if (res.statusCode !== 200) return;
        const ids = (JSON.parse(res.body) as { id: string }[]).map((t) => t.id);
        // the company's truck for its member and staff; none for a carrier of no company
        if (actor === "otherCarrier") expect(ids).toEqual([]);
        else expect(ids).toContain(own);
      },
    };
  },
  "trucks.delete": async (w) => ({ method: "DELETE", url: `/api/trucks/${await newTruck(w)}` }),
  "trucks.matches": async (w) => ({ url: `/api/trucks/${await newTruck(w)}/matches` }),
  "trucks.offer": async (w) => {
    const load = await newLoad(w, "available");
    return { method: "POST", url: `/api/trucks/${await newTruck(w)}/offer`, payload: { loadId: load.id } };
  },
  "trucks.returnLoads": async (w) => ({ url: `/api/loads/${(await newLoad(w, "ownApproved")).id}/return-loads` }),
} satisfies Builders;
