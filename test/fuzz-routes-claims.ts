// Fuzz routes of waiting-time claims: the settings with in- and out-of-range terms;
// claims on booked loads of the carrier actor's company whose delivery stop was left
// an hour ago after 4 hours (some succeed, the rest 4xx); the list's filters; and
// decisions on pending claims made for the route.
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { companies, loadStops, waitingClaims, waitingTimeSettings } from "../src/server/db/schema";
import type { TestApp } from "./helpers";
import { text } from "./fuzz-bodies";
import { bodyRoute, getRoute, id, idRoute, type FuzzRoute, type Targets } from "./fuzz-kit";
import { fuzzBody, fuzzQuery } from "./fuzz-arbitraries";
import { createLoad } from "./factories";

/** Loads to claim on and claims to decide, made by each route's set-up (its own, fresh). */
const made = { loadIds: [] as string[], claimIds: [] as string[] };

/** `count` booked loads of the carrier actor's company, each with its delivery stop waited 4 h, and (if asked) a pending claim on each. */
async function waitedLoads(t: TestApp, tg: Targets, count: number, withClaim: boolean): Promise<void> {
  const db = t.app.ctx.db;
  // the settings route before may have left any terms: back to the contract's defaults
  await db.update(waitingTimeSettings).set({ freeMinutes: 120, ratePerHour: "30.00", maxHours: 4, claimDays: 7 });
  const [company] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, tg.companyIds[0]));
  made.loadIds = [];
  made.claimIds = [];
  const departedAt = new Date(Date.now() - 3_600_000);
  const arrivedAt = new Date(departedAt.getTime() - 4 * 3_600_000);
  for (let i = 0; i < count; i++) {
    const load = await createLoad(t.app, { status: "approved", acceptedByCarrier: company.name, acceptedAt: new Date() });
    await db.insert(loadStops).values({ loadId: load.id, stop: "delivery", companyId: company.id, arrivedAt, departedAt, arrivalEvidence: "declared", departureEvidence: "declared" });
    made.loadIds.push(load.id);
    if (!withClaim) continue;
    const [claim] = await db
      .insert(waitingClaims)
      .values({ loadId: load.id, companyId: company.id, stop: "delivery", arrivedAt, departedAt, evidence: "declared", minutes: 240, chargeableMinutes: 120, freeMinutes: 120, ratePerHour: "30.00", amount: "60.00" })
      .returning({ id: waitingClaims.id });
    made.claimIds.push(claim.id);
  }
}

const settings = fc.record({
  // mostly in range, so that some cases pass validation and change the terms
  freeMinutes: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 120, 480) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom(481, -1, 1.5), fc.integer()) }),
  ratePerHour: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 30, 45.5, 500) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom(500.01, 1.234, -1), fc.double({ noNaN: true })) }),
  maxHours: fc.constantFrom(1, 4, 24, 0, 25),
  claimDays: fc.constantFrom(1, 7, 90, 0, 91),
});

export const CLAIMS_ROUTES: FuzzRoute[] = [
  getRoute("/api/admin/waiting-time-settings"),
  bodyRoute("PUT", "/api/admin/waiting-time-settings", () => settings),
  {
    method: "POST",
    path: "/api/loads/:id/waiting-claims",
    setup: (t, tg) => waitedLoads(t, tg, 40, false),
    cases: (tg) =>
      fc.record({
        path: id([...made.loadIds, ...tg.loadIds.slice(0, 3)]).map((load) => `/api/loads/${load}/waiting-claims`),
        query: fuzzQuery(),
        body: fuzzBody(fc.record({ stop: fc.constantFrom("delivery", "pickup", "both", ""), note: text(1200) }, { requiredKeys: ["stop"] })),
      }),
  },
  getRoute(
    "/api/waiting-claims",
    fc.record(
      { status: fc.constantFrom("pending", "approved", "rejected", "", "x"), companyId: fc.constantFrom("", "x", "00000000-0000-4000-8000-000000000000"), limit: fc.constantFrom("1", "1000", "1001", "0"), offset: fc.constantFrom("0", "5", "-1", "1e9") },
      { requiredKeys: [] },
    ),
  ),
  idRoute("POST", "/api/waiting-claims/:id/approve", () => made.claimIds, () => fc.record({ amount: fc.constantFrom(60, 59.99, 60.01, 0, 1.234, -1), reason: text() }, { requiredKeys: [] }), {
    setup: (t, tg) => waitedLoads(t, tg, 40, true),
  }),
  idRoute("POST", "/api/waiting-claims/:id/reject", () => made.claimIds, () => fc.record({ reason: text() }), { setup: (t, tg) => waitedLoads(t, tg, 40, true) }),
];
