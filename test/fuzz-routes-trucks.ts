// Fuzz routes of trucks and return loads: posts with days around today and 14 days
// on, places known, unknown and hostile, weights in and out of range; the lists'
// near/miles/on filters and paging; withdrawing, matching and offering trucks of the
// carrier actor's company made for the route; return loads of the route's loads.
import fc from "fast-check";
import { trucks } from "../src/server/db/schema";
import type { TestApp } from "./helpers";
import { text } from "./fuzz-bodies";
import { nastyString } from "./fuzz-arbitraries";
import { bodyRoute, getRoute, idRoute, type FuzzRoute, type Targets } from "./fuzz-kit";

/** Trucks of the carrier actor's company (made by each route's set-up, fresh). */
const made = { truckIds: [] as string[] };

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function openTrucks(t: TestApp, tg: Targets, count: number): Promise<void> {
  const db = t.app.ctx.db;
  await db.delete(trucks);
  made.truckIds = [];
  for (let i = 0; i < count; i++) {
    const [row] = await db
      .insert(trucks)
      .values({ companyId: tg.companyIds[0], availableOn: day(1 + (i % 5)), availableUntil: i % 2 ? day(8) : null, originPostcode: "LS1", originDistrict: "LS1", originLat: 53.79765, originLng: -1.55129, equipmentType: "Flatbed", maxWeightKg: 20000 })
      .returning({ id: trucks.id });
    made.truckIds.push(row.id);
  }
}

const place = fc.oneof(fc.constantFrom("LS1", "ls1 4ap", "M1 1AE", "ZZ9 9ZZ", "HELLO", "", "BT1", "EC1A 1BB"), nastyString);
const truckBody = () =>
  fc.record(
    {
      availableOn: fc.constantFrom(day(0), day(1), day(-1), day(30), "2026-02-30", "tomorrow", ""),
      availableUntil: fc.constantFrom(day(1), day(15), day(16), day(-2), null, "x"),
      originPostcode: place,
      destinationPostcode: fc.oneof(place, fc.constant(null)),
      equipmentType: fc.constantFrom("Flatbed", "Curtain", "MOL", "Spaceship", ""),
      maxWeightKg: fc.oneof(fc.constantFrom(1, 20000, 44000, 0, -1, 1.5, 44001), fc.double()),
      notes: fc.oneof(text(600), fc.constant(null)),
    },
    { requiredKeys: ["availableOn", "originPostcode", "equipmentType", "maxWeightKg"] },
  );

export const TRUCKS_ROUTES: FuzzRoute[] = [
  // an empty company first, so some posts pass every rule and are written
  bodyRoute("POST", "/api/trucks", truckBody, { setup: (t, tg) => openTrucks(t, tg, 0) }),
  getRoute(
    "/api/trucks",
    fc.record(
      { near: fc.constantFrom("LS1", "ls2 7hy", "ZZ9", "", "x"), miles: fc.constantFrom("1", "50", "300", "0", "301", "ten"), on: fc.constantFrom(day(2), "2026-13-01", ""), limit: fc.constantFrom("1", "200", "201"), offset: fc.constantFrom("0", "5", "-1") },
      { requiredKeys: [] },
    ),
    { setup: (t, tg) => openTrucks(t, tg, 5) },
  ),
  idRoute("GET", "/api/trucks/:id/matches", () => made.truckIds, undefined, { setup: (t, tg) => openTrucks(t, tg, 10) }),
  idRoute("DELETE", "/api/trucks/:id", () => made.truckIds, undefined, { setup: (t, tg) => openTrucks(t, tg, 20) }),
  idRoute("POST", "/api/trucks/:id/offer", () => made.truckIds, (tg) => fc.record({ loadId: fc.constantFrom(...tg.availableIds.slice(0, 5), ...tg.loadIds.slice(0, 3), "x", "00000000-0000-4000-8000-000000000000") }, { requiredKeys: [] }), {
    setup: (t, tg) => openTrucks(t, tg, 10),
  }),
  idRoute("GET", "/api/loads/:id/return-loads", (tg) => tg.loadIds),
];
