import { describe, expect, it } from "vitest";
import { STOP_MSG } from "@contract/schemas/claim";
import { ApiError } from "../../../lib/api";
import { countsAsEvidence, distanceText, mapLink, positionHeading, positionText } from "./position-words";
import { REASON_NEEDED, correctionErrorsOf, fromUkInput, initialCorrection, readCorrection, toUkInput } from "./stop-correction-form";

const NOW = new Date("2026-11-25T12:00:00Z");

describe("UK wall-clock inputs", () => {
  it("reads and writes the UK clock in winter (GMT) and summer (BST), whatever the computer's zone", () => {
    expect(toUkInput("2026-11-24T09:00:00.000Z")).toBe("2026-11-24T09:00");
    expect(toUkInput("2026-07-01T08:30:00.000Z")).toBe("2026-07-01T09:30");
    expect(fromUkInput("2026-11-24T09:00")).toBe("2026-11-24T09:00:00.000Z");
    expect(fromUkInput("2026-07-01T09:30")).toBe("2026-07-01T08:30:00.000Z");
    expect(toUkInput(null)).toBe("");
  });
  it("refuses what is not a real date and time", () => {
    expect(fromUkInput("2026-02-31T09:00")).toBeNull();
    expect(fromUkInput("2026-11-24T25:00")).toBeNull();
    expect(fromUkInput("24/11/2026 09:00")).toBeNull();
  });
  it("starts from the stop as it stands", () => {
    expect(initialCorrection({ arrivedAt: "2026-11-24T09:00:00.000Z", departedAt: null, evidence: "declared" })).toEqual({ arrivedAt: "2026-11-24T09:00", departedAt: "", reason: "" });
  });
});

describe("reading a correction", () => {
  const ok = { arrivedAt: "2026-11-24T09:00", departedAt: "2026-11-24T12:15", reason: " Driver pressed Arrived late " };
  it("sends ISO instants and the trimmed reason; an empty time clears it", () => {
    expect(readCorrection(ok, NOW)).toEqual({ value: { arrivedAt: "2026-11-24T09:00:00.000Z", departedAt: "2026-11-24T12:15:00.000Z", reason: "Driver pressed Arrived late" } });
    expect(readCorrection({ ...ok, departedAt: "" }, NOW)).toEqual({ value: { arrivedAt: "2026-11-24T09:00:00.000Z", departedAt: null, reason: "Driver pressed Arrived late" } });
  });
  it("needs a reason, with the contract's words", () => {
    expect(readCorrection({ ...ok, reason: "  " }, NOW)).toEqual({ errors: { reason: REASON_NEEDED } });
  });
  it("puts each time's problem on its own field", () => {
    expect(readCorrection({ ...ok, departedAt: "2026-11-24T08:59" }, NOW)).toEqual({ errors: { departedAt: STOP_MSG.departureBeforeArrival } });
    expect(readCorrection({ ...ok, arrivedAt: "" }, NOW)).toEqual({ errors: { arrivedAt: STOP_MSG.noArrival } });
    expect(readCorrection({ ...ok, departedAt: "2026-11-25T12:01" }, NOW)).toEqual({ errors: { departedAt: STOP_MSG.future } });
    expect(readCorrection({ arrivedAt: "2026-13-01T09:00", departedAt: "", reason: "" }, NOW)).toEqual({ errors: { arrivedAt: expect.stringContaining("Enter a date and time"), reason: REASON_NEEDED } });
  });
  it("shows the server's refusal on the field it names, else above the form", () => {
    const body = (o: unknown) => new ApiError(400, JSON.stringify(o));
    expect(correctionErrorsOf(body({ error: STOP_MSG.deliveryBeforePickup, details: [{ path: "arrivedAt", message: STOP_MSG.deliveryBeforePickup }] }))).toEqual({ arrivedAt: STOP_MSG.deliveryBeforePickup });
    expect(correctionErrorsOf(new ApiError(409, JSON.stringify({ error: STOP_MSG.notBooked })))).toEqual({ form: STOP_MSG.notBooked });
    expect(correctionErrorsOf(new Error("offline"))).toHaveProperty("form");
  });
});

describe("a kept position in words", () => {
  const p = { lat: 51.453241, lng: -2.593812, accuracyM: 25.4, distanceMiles: 0.42 };
  it("gives where, how sure, how far and a map link", () => {
    expect(positionHeading({ stop: "delivery", kind: "departure" })).toBe("Delivery departure");
    expect(positionText(p)).toBe("51.45324, -2.59381 (±25 m)");
    expect(distanceText(p)).toBe("0.4 miles from the district centre");
    expect(distanceText({ distanceMiles: 1 })).toBe("1.0 mile from the district centre");
    expect(distanceText({ distanceMiles: null })).toBe("District centre not known");
    expect(mapLink(p)).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=51\.453241&mlon=-2\.593812#map=15\//);
  });
  it("marks what the evidence rule would not count: past 10 miles, worse than 1,000 m, or no district", () => {
    expect(countsAsEvidence({ accuracyM: 1000, distanceMiles: 10 })).toBe(true);
    expect(countsAsEvidence({ accuracyM: 1001, distanceMiles: 1 })).toBe(false);
    expect(countsAsEvidence({ accuracyM: 25, distanceMiles: 10.01 })).toBe(false);
    expect(countsAsEvidence({ accuracyM: 25, distanceMiles: null })).toBe(false);
  });
});
