// The rules of stops without the database: evidence against the district centre,
// the time and order rules, and the history line's words.
import { describe, expect, it } from "vitest";
import { STOP_MSG } from "../../../contract/schemas/claim";
import { parsePostcodeCsv } from "../distance/postcodes";
import { districtCentre, judgePosition } from "./stop-evidence";
import { CLOCK_SKEW_MS, correctionLine, orderProblem, resolveAt, stateProblem, ukTime } from "./stop-rules";
import { LS1, northOf } from "./stops-test-support";

const table = parsePostcodeCsv("outcode,latitude,longitude,town\nLS1,53.79765,-1.55129,Leeds\nLS2,53.8,-1.54,Leeds\n");
const at = (hhmm: string) => new Date(`2026-11-24T${hhmm}:00Z`);
const none = { arrivedAt: null, departedAt: null };

describe("evidence", () => {
  it("takes the district's centre only: an unknown district of a known area, or no table, backs nothing", () => {
    expect(districtCentre(table, "ls1 4ap")).toEqual({ lat: LS1.lat, lon: LS1.lng });
    expect(districtCentre(table, "LS9 1AA")).toBeNull();
    expect(districtCentre(null, "LS1 4AP")).toBeNull();
    expect(districtCentre(table, "not a postcode")).toBeNull();
    expect(judgePosition({ ...LS1, accuracyM: 5 }, null)).toEqual({ evidence: "declared", distanceMiles: null });
  });

  it("is position at exactly 1,000 m and 10 miles, declared just past either", () => {
    const centre = districtCentre(table, "LS1")!;
    expect(judgePosition({ ...northOf(LS1, 10), accuracyM: 1000 }, centre).evidence).toBe("position");
    expect(judgePosition({ ...northOf(LS1, 10.001), accuracyM: 10 }, centre).evidence).toBe("declared");
    expect(judgePosition({ ...LS1, accuracyM: 1000.5 }, centre).evidence).toBe("declared");
    expect(judgePosition(undefined, centre)).toEqual({ evidence: "declared", distanceMiles: null });
    expect(judgePosition({ ...northOf(LS1, 3), accuracyM: 1 }, centre).distanceMiles).toBeCloseTo(3, 9);
  });
});

describe("time and order", () => {
  const now = at("12:00");
  it("takes the server's time when none is sent, refuses more than the skew ahead and takes up to it as now", () => {
    expect(resolveAt(undefined, now)).toEqual(now);
    expect(resolveAt(at("11:00").toISOString(), now)).toEqual(at("11:00"));
    expect(resolveAt(new Date(now.getTime() + CLOCK_SKEW_MS).toISOString(), now)).toEqual(now);
    expect(() => resolveAt(new Date(now.getTime() + CLOCK_SKEW_MS + 1).toISOString(), now)).toThrow(STOP_MSG.future);
  });

  it("orders a stop's times and delivery after pickup, either way round", () => {
    expect(orderProblem("pickup", { arrivedAt: at("10:00"), departedAt: at("09:59") }, none)?.message).toBe(STOP_MSG.departureBeforeArrival);
    expect(orderProblem("pickup", { arrivedAt: at("10:00"), departedAt: at("10:00") }, none)).toBeNull();
    const pickup = { arrivedAt: at("08:00"), departedAt: at("09:00") };
    expect(orderProblem("delivery", { arrivedAt: at("08:59"), departedAt: null }, pickup)?.message).toBe(STOP_MSG.deliveryBeforePickup);
    expect(orderProblem("delivery", { arrivedAt: at("09:00"), departedAt: null }, pickup)).toBeNull();
    // no pickup departure: the delivery cannot come before the pickup arrival
    expect(orderProblem("delivery", { arrivedAt: at("07:00"), departedAt: null }, { arrivedAt: at("08:00"), departedAt: null })?.message).toBe(STOP_MSG.deliveryBeforePickup);
    expect(orderProblem("pickup", { arrivedAt: at("08:00"), departedAt: at("11:00") }, { arrivedAt: at("10:00"), departedAt: null })).toEqual({ path: "departedAt", message: STOP_MSG.deliveryBeforePickup });
  });

  it("refuses twice and a departure with no arrival", () => {
    expect(stateProblem("arrival", none)).toBeNull();
    expect(stateProblem("arrival", { arrivedAt: at("08:00"), departedAt: null })).toBe(STOP_MSG.alreadyArrived);
    expect(stateProblem("departure", none)).toBe(STOP_MSG.noArrival);
    expect(stateProblem("departure", { arrivedAt: at("08:00"), departedAt: at("09:00") })).toBe(STOP_MSG.alreadyDeparted);
  });
});

describe("the history line", () => {
  it("names old and new times in UK time (summer time too) and the reason", () => {
    expect(ukTime(new Date("2026-07-01T08:00:00Z"))).toBe("Wed 1 Jul 2026, 09:00");
    expect(correctionLine({ arrivedAt: at("09:00"), departedAt: null }, { arrivedAt: at("08:30"), departedAt: at("11:45") }, "Gate log")).toBe(
      "Arrived Tue 24 Nov 2026, 09:00 → Tue 24 Nov 2026, 08:30; departed not recorded → Tue 24 Nov 2026, 11:45. Reason: Gate log",
    );
  });
});
