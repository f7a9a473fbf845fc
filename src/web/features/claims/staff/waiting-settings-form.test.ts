import { describe, expect, it } from "vitest";
import { WAITING_TIME_DEFAULTS } from "@contract/schemas/claim";
import { readWaitingForm, toWaitingForm } from "./waiting-settings-form";

describe("waiting-time settings form", () => {
  it("reads the defaults back as they were", () => {
    expect(readWaitingForm(toWaitingForm(WAITING_TIME_DEFAULTS))).toEqual({ value: WAITING_TIME_DEFAULTS });
    expect(toWaitingForm(WAITING_TIME_DEFAULTS).ratePerHour).toBe("30.00");
  });
  it("names each field out of the contract's ranges in its words", () => {
    const r = readWaitingForm({ freeMinutes: "481", ratePerHour: "500.01", maxHours: "0", claimDays: "91" });
    expect(r).toEqual({
      errors: {
        freeMinutes: "Free minutes must be between 0 and 480",
        ratePerHour: "Rate per hour must be between £0 and £500",
        maxHours: "Maximum hours must be between 1 and 24",
        claimDays: "Claim days must be between 1 and 90",
      },
    });
  });
  it("takes the edges of each range and refuses blanks and part numbers", () => {
    expect(readWaitingForm({ freeMinutes: "0", ratePerHour: "£500", maxHours: "24", claimDays: "1" })).toEqual({ value: { freeMinutes: 0, ratePerHour: 500, maxHours: 24, claimDays: 1 } });
    const r = readWaitingForm({ freeMinutes: "", ratePerHour: "30.555", maxHours: "2.5", claimDays: "7" });
    expect(r).toEqual({ errors: { freeMinutes: "Free minutes must be a whole number", ratePerHour: "Rate per hour can have at most 2 decimal places", maxHours: "Maximum hours must be a whole number" } });
  });
});
