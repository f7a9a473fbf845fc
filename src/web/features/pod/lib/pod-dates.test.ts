// The POD form's date-time inputs: the carrier's wall time in, the API's instant out.
import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "./pod-dates";

describe("POD date inputs", () => {
  it("round-trip an instant through the date-time input", () => {
    const iso = "2026-11-24T09:05:00.000Z";
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe("");
    expect(fromLocalInput("")).toBe("");
  });
});
