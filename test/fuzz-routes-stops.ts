// Fuzz routes of stops on a booked load: arrival and departure with good, late,
// future and hostile times and positions; staff corrections; the positions list.
// The stop segment is mostly pickup or delivery, sometimes anything (→ 404).
import fc from "fast-check";
import { fuzzBody, fuzzQuery, segment } from "./fuzz-arbitraries";
import { id, noBody, type FuzzRoute, type Targets } from "./fuzz-kit";

const STOP_NAMES = ["pickup", "delivery"];
const stopPath = (tg: Targets, tail: string) => fc.tuple(id(tg.loadIds), segment(STOP_NAMES)).map(([load, stop]) => `/api/loads/${load}/stops/${stop}${tail}`);
const instant = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -3 * 86_400_000, max: 5 * 60_000 }).map((ms) => new Date(Date.now() + ms).toISOString()) },
  { weight: 1, arbitrary: fc.constantFrom("2026-02-30T25:61:00Z", "yesterday", "", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z") },
);
const position = fc.record({
  lat: fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constantFrom(53.79765, 91, -1e9)),
  lng: fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.constantFrom(-1.55129, 181)),
  accuracyM: fc.oneof(fc.constantFrom(0, 1000, 1001, -1), fc.double({ min: 0, max: 2_000_000, noNaN: true })),
});
const eventBody = fc.record({ at: instant, position }, { requiredKeys: [] });

export const STOPS_ROUTES: FuzzRoute[] = [
  ...(["arrival", "departure"] as const).map(
    (kind): FuzzRoute => ({
      method: "POST",
      path: `/api/loads/:id/stops/:stop/${kind}`,
      cases: (tg) => fc.record({ path: stopPath(tg, `/${kind}`), query: fuzzQuery(), body: fuzzBody(eventBody) }),
    }),
  ),
  {
    method: "PUT",
    path: "/api/loads/:id/stops/:stop",
    cases: (tg) =>
      fc.record({
        path: stopPath(tg, ""),
        query: fuzzQuery(),
        body: fuzzBody(fc.record({ arrivedAt: fc.option(instant), departedAt: fc.option(instant), reason: fc.constantFrom("Gate log", "", " ") })),
      }),
  },
  {
    method: "GET",
    path: "/api/loads/:id/stops/positions",
    cases: (tg) => fc.record({ path: id(tg.loadIds).map((load) => `/api/loads/${load}/stops/positions`), query: fuzzQuery(), body: noBody }),
  },
];
