import { describe, expect, it } from "vitest";
import { CLAIM_MSG } from "@contract/schemas/claim";
import { readDecision } from "./decision-form";

describe("reading a decision", () => {
  it("approves the whole claim without naming an amount", () => {
    expect(readDecision("approve", { amount: "37.50", reason: "" }, 37.5)).toEqual({ value: { decision: "approve" } });
  });
  it("approves a lower amount only with a reason", () => {
    expect(readDecision("approve", { amount: "30", reason: " " }, 37.5)).toEqual({ errors: { reason: CLAIM_MSG.lowerNeedsReason } });
    expect(readDecision("approve", { amount: "£30.00", reason: "Crane was booked late by us" }, 37.5)).toEqual({ value: { decision: "approve", amount: 30, reason: "Crane was booked late by us" } });
  });
  it("refuses more than claimed, and amounts that are not pounds and pence", () => {
    expect(readDecision("approve", { amount: "37.51", reason: "x" }, 37.5)).toEqual({ errors: { amount: CLAIM_MSG.moreThanClaimed } });
    expect(readDecision("approve", { amount: "3.456", reason: "" }, 37.5)).toHaveProperty("errors.amount");
    expect(readDecision("approve", { amount: "-1", reason: "" }, 37.5)).toHaveProperty("errors.amount");
  });
  it("rejects only with a reason", () => {
    expect(readDecision("reject", { amount: "", reason: "" }, 37.5)).toEqual({ errors: { reason: "Please give a reason" } });
    expect(readDecision("reject", { amount: "", reason: "No crane booked" }, 37.5)).toEqual({ value: { decision: "reject", reason: "No crane booked" } });
  });
});
