// A "near" postcode is judged under its own field: one that cannot be a postcode
// before anything is sent, one the server does not know from its 400, and an
// empty field is no filter at all.
import { describe, expect, it } from "vitest";
import { MSG } from "@contract/message-words";
import { ApiError } from "../../lib/api";
import { nearErrorsOf, nearPostcodeProblem } from "./near-postcode";

describe("nearPostcodeProblem", () => {
  it("takes a district or a full postcode in any case and spacing, and nothing typed", () => {
    for (const ok of ["LS1", "ls1", " sw1a ", "LL61 5UL", "ll615ul", "", "   "]) expect(nearPostcodeProblem(ok), ok).toBeNull();
  });
  it("says what is wrong with text that cannot be a UK postcode", () => {
    for (const bad of ["LEEDS", "12345", "L", "LS1 4A", "SW1A 1AAA"]) expect(nearPostcodeProblem(bad), bad).toBe(MSG.postcode);
  });
});

describe("nearErrorsOf", () => {
  const refused = (details: unknown) => new ApiError(400, JSON.stringify({ error: MSG.postcode, details }));
  it("reads the server's words on a near postcode it does not know, by field", () => {
    expect(nearErrorsOf(refused([{ path: "pickupNear", message: "Pickup postcode ZZ9 is not in the UK postcode table" }]))).toEqual({
      pickupNear: "Pickup postcode ZZ9 is not in the UK postcode table",
    });
    expect(nearErrorsOf(refused([{ path: "deliveryNear", message: MSG.postcode }]))).toEqual({ deliveryNear: MSG.postcode });
  });
  it("leaves every other failure to the list (it is not the near field's)", () => {
    expect(nearErrorsOf(refused([{ path: "weight", message: "no" }]))).toBeNull();
    expect(nearErrorsOf(new ApiError(503, JSON.stringify({ error: "No postcode table", details: [{ path: "pickupNear", message: "x" }] })))).toBeNull();
    expect(nearErrorsOf(new TypeError("Failed to fetch"))).toBeNull();
    expect(nearErrorsOf(null)).toBeNull();
  });
});
