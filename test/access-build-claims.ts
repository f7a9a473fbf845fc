// Request builders of the access matrix: waiting-time settings and claims. Each makes
// a fresh load of the carrier's company with its delivery stop recorded (4 h waited:
// 2 h beyond the free time), and, where the row needs one, a claim on it.
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { loadStops, waitingClaims } from "../src/server/db/schema";
import { WAITING_TIME_DEFAULTS } from "../src/contract/schemas/claim";
import { carrierCompanyId, newLoad, type Builders, type World } from "./access-world";

/** A booked load of the carrier's company, its delivery stop left an hour ago after 4 hours. */
async function waitedLoad(w: World): Promise<{ loadId: string; companyId: string; arrivedAt: Date; departedAt: Date }> {
  const companyId = await carrierCompanyId(w);
  const load = await newLoad(w, "ownApproved");
  const departedAt = new Date(Date.now() - 3_600_000);
  const arrivedAt = new Date(departedAt.getTime() - 4 * 3_600_000);
  await w.t.app.ctx.db.insert(loadStops).values({ loadId: load.id, stop: "delivery", companyId, arrivedAt, departedAt, arrivalEvidence: "declared", departureEvidence: "declared" });
  return { loadId: load.id, companyId, arrivedAt, departedAt };
}

/** A claim on a fresh waited load, as the claims API would have written it. */
async function newClaim(w: World, status: "pending" | "approved" = "pending"): Promise<string> {
  const s = await waitedLoad(w);
  const [row] = await w.t.app.ctx.db
    .insert(waitingClaims)
    .values({
      ...s,
      stop: "delivery",
      evidence: "declared",
      minutes: 240,
      chargeableMinutes: 120,
      freeMinutes: 120,
      ratePerHour: "30.00",
      amount: "60.00",
      status,
      ...(status === "approved" ? { decidedAmount: "60.00", decidedAt: new Date() } : {}),
    })
    .returning({ id: waitingClaims.id });
  return row.id;
}

export const CLAIMS_BUILD = {
  "claims.settings.get": async () => ({ url: "/api/admin/waiting-time-settings" }),
  "claims.settings.put": async () => ({ method: "PUT", url: "/api/admin/waiting-time-settings", payload: WAITING_TIME_DEFAULTS }),
  "claims.settings.put.range": async () => ({ method: "PUT", url: "/api/admin/waiting-time-settings", payload: { ...WAITING_TIME_DEFAULTS, claimDays: 91 } }),
  "claims.submit": async (w) => {
    const { loadId } = await waitedLoad(w);
    return {
      method: "POST",
      url: `/api/loads/${loadId}/waiting-claims`,
      payload: { stop: "delivery" },
      check: (res) => {
        if (res.statusCode === 201) expect(JSON.parse(res.body)).toMatchObject({ loadId, minutes: 240, chargeableMinutes: 120, amount: 60, status: "pending" });
      },
    };
  },
  "claims.submit.twice": async (w) => {
    const id = await newClaim(w);
    const [row] = await w.t.app.ctx.db.select({ loadId: waitingClaims.loadId }).from(waitingClaims).where(eq(waitingClaims.id, id));
    return { method: "POST", url: `/api/loads/${row.loadId}/waiting-claims`, payload: { stop: "delivery" } };
  },
  "claims.list": async (w, actor) => {
    const own = await newClaim(w);
    return {
      url: "/api/waiting-claims",
      check: (res) => {
        if (res.statusCode !== 200) return;
        const ids = (JSON.parse(res.body) as { id: string }[]).map((c) => c.id);
        // the carrier's company's claims for the carrier and staff; none for a carrier of no company
        if (actor === "otherCarrier") expect(ids).toEqual([]);
        else expect(ids).toContain(own);
      },
    };
  },
  "claims.approve": async (w) => ({ method: "POST", url: `/api/waiting-claims/${await newClaim(w)}/approve`, payload: {} }),
  "claims.approve.decided": async (w) => ({ method: "POST", url: `/api/waiting-claims/${await newClaim(w, "approved")}/approve`, payload: {} }),
  "claims.reject": async (w) => ({ method: "POST", url: `/api/waiting-claims/${await newClaim(w)}/reject`, payload: { reason: "No record of the wait at the site" } }),
} satisfies Builders;
