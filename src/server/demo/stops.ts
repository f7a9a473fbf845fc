// The demo's recorded stops: when the driver of each booked load arrived at and left
// its pickup and delivery, as the stops calls would have recorded them — most on
// time, some late, 20 to 200 minutes on site — so the scorecards (built from them by
// backfillScorecards) have something to say. Two regular sites (the port at
// Felixstowe, the rail freight terminal at Daventry) see several completed loads
// each, enough visits for the network's waiting at its sites.
import type { loads, loadStops, stopPositions } from "../db/schema";
import type { StopEvidence } from "../../contract/schemas/claim";
import { POSITION_KEEP_DAYS } from "../../contract/schemas/claim";
import { haversineMiles } from "../modules/distance/distance.service";
import { onTimeWindow } from "../modules/scorecards/scorecard-rules";
import { PLACES, type Place } from "./places";

const MIN = 60_000;

const placeIn = (town: string): Place => PLACES.find((p) => p.town === town)!;

/** The completed loads from and to the regular sites: every third collects at Felixstowe, every fourth delivers to Daventry. */
export function regularLane(i: number, status: string, from: Place, to: Place): { from: Place; to: Place } {
  if (status !== "completed") return { from, to };
  const hubFrom = i % 3 === 1 ? placeIn("Felixstowe") : from;
  const hubTo = i % 4 === 3 ? placeIn("Daventry") : to;
  return { from: hubFrom, to: hubTo === hubFrom ? to : hubTo };
}

/** Which booked loads the driver reached late: every fifth collection and every fourth delivery. */
export const lateAt = (i: number) => ({ pickup: i % 5 === 3, delivery: i % 4 === 2 });

export type DemoStop = Omit<typeof loadStops.$inferInsert, "loadId" | "companyId" | "createdAt" | "updatedAt"> & {
  stop: "pickup" | "delivery";
  arrivedAt: Date;
  departedAt: Date;
  positions: Omit<typeof stopPositions.$inferInsert, "loadId" | "userId">[];
};

/**
 * The stops of one booked load, pickup first; a stop whose departure would be after
 * `latest` is not recorded yet (nor the delivery after an unrecorded pickup).
 */
export function demoStops(opts: {
  rnd: () => number;
  load: typeof loads.$inferInsert;
  from: Place;
  to: Place;
  late: { pickup: boolean; delivery: boolean };
  now: Date;
  latest: number;
}): DemoStop[] {
  const { rnd, load, latest } = opts;
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const out: DemoStop[] = [];
  for (const stop of ["pickup", "delivery"] as const) {
    const window = onTimeWindow({
      timeType: load[`${stop}TimeType`] ?? "exact",
      date: load[`${stop}Date`] ?? null,
      startTime: load[`${stop}StartTime`] ?? null,
      endTime: load[`${stop}EndTime`] ?? null,
    });
    if (!window) break;
    // on time: early for `exact` and `before`, inside a `between` window; late: after it
    let arrived = opts.late[stop]
      ? window.to + between(10, 150) * MIN
      : window.from === null
        ? window.to - between(5, 120) * MIN
        : between(window.from, Math.max(window.from, window.to - 10 * MIN));
    // the delivery comes after the pickup was left
    const previous = out[0]?.departedAt.getTime();
    if (previous !== undefined) arrived = Math.max(arrived, previous + 30 * MIN);
    const arrivedAt = new Date(Math.round(arrived / MIN) * MIN);
    const departedAt = new Date(arrivedAt.getTime() + Math.round(between(20, 200)) * MIN);
    if (departedAt.getTime() > latest || (stop === "delivery" && !out.length)) break;
    const place = stop === "pickup" ? opts.from : opts.to;
    const positions: DemoStop["positions"] = [];
    const evidence = (kind: "arrival" | "departure", at: Date): StopEvidence => {
      const r = rnd();
      if (r >= 0.8) return r >= 0.95 ? "staff" : "declared";
      // the phone's position, kept for 30 days: within a mile or so of the district's centre
      if (opts.now.getTime() - at.getTime() < POSITION_KEEP_DAYS * 86_400_000) {
        const lat = Math.round((place.lat + between(-0.012, 0.012)) * 1e5) / 1e5;
        const lng = Math.round((place.lon + between(-0.012, 0.012)) * 1e5) / 1e5;
        const distanceMiles = Math.round(haversineMiles({ lat: place.lat, lon: place.lon }, { lat, lon: lng }) * 100) / 100;
        positions.push({ stop, kind, lat, lng, accuracyM: Math.round(between(5, 60)), distanceMiles, createdAt: at });
      }
      return "position";
    };
    const arrivalEvidence = evidence("arrival", arrivedAt);
    const departureEvidence = evidence("departure", departedAt);
    out.push({ stop, arrivedAt, departedAt, arrivalEvidence, departureEvidence, positions });
  }
  return out;
}
