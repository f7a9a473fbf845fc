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
 * Arrivals are on time or late as `late` says (judged as the scorecard judges them,
 * by onTimeWindow), unless the load's own times leave too little room between them.
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
  // planned: when the driver arrives at each stop, and for how long they wait there
  const planned: { stop: "pickup" | "delivery"; arrived: number; waited: number; earliest: number }[] = [];
  for (const stop of ["pickup", "delivery"] as const) {
    const window = onTimeWindow({
      timeType: load[`${stop}TimeType`] ?? "exact",
      date: load[`${stop}Date`] ?? null,
      startTime: load[`${stop}StartTime`] ?? null,
      endTime: load[`${stop}EndTime`] ?? null,
    });
    if (!window) break;
    // on time: early for `exact` and `before`, inside a `between` window; late: after it
    const arrived = opts.late[stop]
      ? window.to + between(10, 150) * MIN
      : window.from === null
        ? window.to - between(5, 120) * MIN
        : between(window.from, Math.max(window.from, window.to - 10 * MIN));
    // the earliest an on-time arrival may move to (no more than three hours early)
    const earliest = opts.late[stop] ? arrived : Math.min(arrived, window.from ?? window.to - 180 * MIN);
    planned.push({ stop, arrived, waited: Math.round(between(20, 200)) * MIN, earliest });
  }
  // the delivery comes at least half an hour after the pickup was left: an on-time
  // pickup starts earlier or waits less (20 minutes at least) before the delivery is pushed back
  const [pickup, delivery] = planned;
  if (pickup && delivery && pickup.arrived + pickup.waited + 30 * MIN > delivery.arrived) {
    pickup.arrived = Math.max(pickup.earliest, delivery.arrived - 30 * MIN - pickup.waited);
    pickup.waited = Math.max(20 * MIN, Math.min(pickup.waited, delivery.arrived - 30 * MIN - pickup.arrived));
    delivery.arrived = Math.max(delivery.arrived, pickup.arrived + pickup.waited + 30 * MIN);
  }
  const out: DemoStop[] = [];
  for (const { stop, arrived, waited } of planned) {
    // whole minutes; an arrival rounds up, so one at a window's start stays inside it
    const arrivedAt = new Date(Math.ceil(arrived / MIN) * MIN);
    const departedAt = new Date(arrivedAt.getTime() + Math.round(waited / MIN) * MIN);
    if (departedAt.getTime() > latest) break;
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
