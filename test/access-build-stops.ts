// Request builders of the access matrix: stops on a booked load. Each makes a fresh
// load of the carrier's company (linked to "Matrix Haulage Ltd", which holds it),
// with the stop already recorded where the row needs it.
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { loads, loadStops } from "../src/server/db/schema";
import { carrierCompanyId, freshCarrier, freshCompany, newLoad, type Builders, type Kind, type World } from "./access-world";

/** A load of `kind`, the carrier's company made first (a held load's stops belong to it). */
async function stopLoad(w: World, kind: Kind, arrivedMinutesAgo?: number): Promise<string> {
  const companyId = await carrierCompanyId(w);
  const load = await newLoad(w, kind);
  if (arrivedMinutesAgo !== undefined) {
    const arrivedAt = new Date(Date.now() - arrivedMinutesAgo * 60_000);
    await w.t.app.ctx.db.insert(loadStops).values({ loadId: load.id, stop: "pickup", companyId, arrivedAt, arrivalEvidence: "declared" });
  }
  return load.id;
}

const arrival = (id: string) => `/api/loads/${id}/stops/pickup/arrival`;

export const STOPS_BUILD = {
  "stops.arrival": async (w) => {
    const id = await stopLoad(w, "ownApproved");
    return {
      method: "POST",
      url: arrival(id),
      payload: { position: { lat: 53.79765, lng: -1.55129, accuracyM: 10 } },
      check: (res) => {
        if (res.statusCode !== 200) return;
        // the answer names the evidence, never the position
        expect(JSON.parse(res.body)).toMatchObject({ stop: "pickup", kind: "arrival" });
        expect(res.body).not.toContain("53.79765");
      },
    };
  },
  "stops.arrival.twice": async (w) => ({ method: "POST", url: arrival(await stopLoad(w, "ownApproved", 30)), payload: {} }),
  "stops.arrival.accepted": async (w) => ({ method: "POST", url: arrival(await stopLoad(w, "ownAccepted")), payload: {} }),
  "stops.arrival.available": async (w) => ({ method: "POST", url: arrival(await stopLoad(w, "available")), payload: {} }),
  // a third company's load: neither carrier of the matrix holds it
  "stops.arrival.other": async (w) => {
    const company = await freshCompany(w);
    const holder = await freshCarrier(w, { carrierName: company.name, companyId: company.id });
    const load = await newLoad(w, "otherApproved");
    await w.t.app.ctx.db.update(loads).set({ acceptedBy: holder.user!.id, acceptedByCarrier: company.name }).where(eq(loads.id, load.id));
    return { method: "POST", url: arrival(load.id), payload: {} };
  },
  "stops.departure": async (w) => ({ method: "POST", url: `/api/loads/${await stopLoad(w, "ownApproved", 30)}/stops/pickup/departure`, payload: {} }),
  "stops.correct": async (w) => ({
    method: "PUT",
    url: `/api/loads/${await stopLoad(w, "ownApproved", 30)}/stops/pickup`,
    payload: { arrivedAt: new Date(Date.now() - 45 * 60_000).toISOString(), departedAt: null, reason: "Gate log" },
  }),
  "stops.positions": async (w) => ({ url: `/api/loads/${await stopLoad(w, "ownApproved")}/stops/positions` }),
} satisfies Builders;
