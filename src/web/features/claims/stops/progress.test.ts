import { describe, expect, it } from "vitest";
import type { LoadStops } from "@contract/schemas/claim";
import { SAVED_ON_PHONE, nextStep, recordedLine, type PendingStep } from "./progress";

const none = { arrivedAt: null, departedAt: null, evidence: null };
const stops = (p: Partial<LoadStops> = {}): LoadStops => ({ pickup: none, delivery: none, ...p });
// 14:05 UK in winter is 14:05 UTC
const T = (hh: number, mm: number) => `2026-11-23T${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:00.000Z`;
const pending = (p: Partial<PendingStep>): PendingStep => ({ stop: "pickup", kind: "arrival", at: T(8, 0), state: "waiting", reason: null, id: "k", ...p });

describe("the next stop", () => {
  it("goes pickup arrival → pickup departure → delivery arrival → delivery departure → done", () => {
    expect(nextStep(stops(), [])).toEqual({ stop: "pickup", kind: "arrival" });
    expect(nextStep(stops({ pickup: { arrivedAt: T(8, 0), departedAt: null, evidence: "position" } }), [])).toEqual({ stop: "pickup", kind: "departure" });
    const pickedUp = { arrivedAt: T(8, 0), departedAt: T(9, 0), evidence: "position" as const };
    expect(nextStep(stops({ pickup: pickedUp }), [])).toEqual({ stop: "delivery", kind: "arrival" });
    expect(nextStep(stops({ pickup: pickedUp, delivery: { arrivedAt: T(14, 5), departedAt: null, evidence: "declared" } }), [])).toEqual({ stop: "delivery", kind: "departure" });
    expect(nextStep(stops({ pickup: pickedUp, delivery: { arrivedAt: T(14, 5), departedAt: T(17, 20), evidence: "declared" } }), [])).toBeNull();
  });
  it("counts a press waiting on the phone as done, but not one the server refused", () => {
    expect(nextStep(stops(), [pending({})])).toEqual({ stop: "pickup", kind: "departure" });
    expect(nextStep(stops(), [pending({ state: "refused", reason: "The time cannot be in the future" })])).toEqual({ stop: "pickup", kind: "arrival" });
  });
});

describe("the line of what was recorded", () => {
  it("says nothing before the first press", () => {
    expect(recordedLine(stops(), [])).toBeNull();
  });
  it("names the time and how it counted", () => {
    const at = (evidence: "position" | "declared" | "staff") => stops({ delivery: { arrivedAt: T(14, 5), departedAt: null, evidence } });
    expect(recordedLine(at("position"), [])?.text).toBe("Arrived at delivery 14:05 · position recorded");
    expect(recordedLine(at("declared"), [])?.text).toBe("Arrived at delivery 14:05 · declared (no position)");
    expect(recordedLine(at("declared"), [], { "stop:delivery:arrival": true })?.text).toBe("Arrived at delivery 14:05 · declared (position not near the stop)");
    expect(recordedLine(stops({ pickup: { arrivedAt: T(8, 0), departedAt: T(9, 30), evidence: "staff" } }), [])?.text).toBe("Left pickup 09:30 · entered by staff");
  });
  it("says a press waits on the phone with the time it was pressed, or why it was refused", () => {
    expect(recordedLine(stops(), [pending({ at: T(8, 2) }), pending({ kind: "departure", at: T(9, 41), id: "j" })])).toEqual({ text: `Left pickup 09:41 · ${SAVED_ON_PHONE}`, tone: "waiting" });
    expect(recordedLine(stops(), [pending({ state: "refused", reason: "The time cannot be in the future" })])).toEqual({ text: "Arrived at pickup 08:00 · not sent: The time cannot be in the future", tone: "refused" });
  });
});
