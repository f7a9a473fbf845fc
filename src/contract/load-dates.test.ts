// The contract's date rules, in UK days whatever the machine's zone.
import { describe, expect, it } from "vitest";
import { copiedLoadDates, isLoadExpired, loadDateProblems, podDateProblems } from "./load-dates";

const at = (iso: string) => new Date(iso);

describe("issue 15 #1: loadDateProblems", () => {
  // 10:00 in London on Monday 15 June 2026 (BST, UTC+1)
  const now = at("2026-06-15T09:00:00Z");
  it("refuses a pickup before the start of today (UK) and a delivery on an earlier day", () => {
    expect(loadDateProblems({ pickupDate: "2025-01-01T09:00:00Z", deliveryDate: "2024-01-01T09:00:00Z", now })).toEqual([
      { path: "pickupDate", message: "Pickup date cannot be in the past" },
      { path: "deliveryDate", message: "Delivery date must be on or after the pickup date" },
    ]);
    expect(loadDateProblems({ pickupDate: "2026-06-14T22:59:59Z", deliveryDate: null, now })).toHaveLength(1);
    expect(loadDateProblems({ pickupDate: "2026-06-14T23:00:00Z", deliveryDate: null, now })).toEqual([]);
    expect(loadDateProblems({ pickupDate: "2026-06-15", deliveryDate: "2026-06-15", now })).toEqual([]);
  });
  it("on an edit judges only the dates whose UK day changed", () => {
    const before = { pickupDate: "2026-06-01T08:00:00Z", deliveryDate: "2026-06-01T14:00:00Z" };
    expect(loadDateProblems({ ...before, before, now })).toEqual([]);
    expect(loadDateProblems({ pickupDate: "2026-06-01T10:00:00Z", deliveryDate: before.deliveryDate, before, now })).toEqual([]);
    expect(loadDateProblems({ pickupDate: "2026-06-02T08:00:00Z", deliveryDate: "2026-06-20T08:00:00Z", before, now })).toEqual([
      { path: "pickupDate", message: "Pickup date cannot be in the past" },
    ]);
  });
});

describe("issue 15 #1: podDateProblems", () => {
  const now = at("2026-11-24T16:00:00Z");
  it("allows 15 minutes of clock skew, refuses more, and a delivery signed before the pickup", () => {
    expect(podDateProblems({ pickupSignedDate: "2026-11-24T16:15:00Z", deliverySignedDate: "2026-11-24T16:15:00Z", now })).toEqual([]);
    expect(podDateProblems({ pickupSignedDate: "2030-01-01T09:00:00Z", deliverySignedDate: "2020-01-01T09:00:00Z", now })).toEqual([
      { path: "pickupSignedDate", message: "Pickup signature date cannot be in the future" },
      { path: "deliverySignedDate", message: "Delivery signature date cannot be before the pickup signature date" },
    ]);
    expect(podDateProblems({ pickupSignedDate: "2026-11-24T09:00:00Z", deliverySignedDate: "2026-11-24T16:16:00Z", now })).toEqual([
      { path: "deliverySignedDate", message: "Delivery signature date cannot be in the future" },
    ]);
  });
});

describe("issue 15 #2: isLoadExpired", () => {
  const load = (pickupDate: string | null, status = "available") => ({ status, pickupDate });
  it("an available load expires when its UK pickup day has ended (GMT)", () => {
    // picked up 23:30 on Mon 30 Nov (GMT): expired from 00:00 Tue 1 Dec, London time
    expect(isLoadExpired(load("2026-11-30T23:30:00Z"), at("2026-11-30T23:59:59Z"))).toBe(false);
    expect(isLoadExpired(load("2026-11-30T23:30:00Z"), at("2026-12-01T00:00:00Z"))).toBe(true);
  });
  it("in BST the UK day ends at 23:00 UTC", () => {
    // 00:30 on Tue 16 June in London is 23:30Z on the 15th: that pickup is on the 16th, UK
    expect(isLoadExpired(load("2026-06-15T23:30:00Z"), at("2026-06-16T22:59:00Z"))).toBe(false);
    expect(isLoadExpired(load("2026-06-15T23:30:00Z"), at("2026-06-16T23:00:00Z"))).toBe(true);
  });
  it("only available loads with a pickup date expire", () => {
    expect(isLoadExpired(load("2020-01-01T09:00:00Z", "accepted"), at("2026-06-16T00:00:00Z"))).toBe(false);
    expect(isLoadExpired(load(null), at("2026-06-16T00:00:00Z"))).toBe(false);
  });
});

describe("issue 15 #3: copiedLoadDates", () => {
  it("keeps dates whose pickup day has not passed", () => {
    const d = { pickupDate: "2026-06-15T08:00:00.000Z", deliveryDate: "2026-06-16T14:00:00.000Z" };
    expect(copiedLoadDates(d, at("2026-06-15T20:00:00Z"))).toEqual(d);
  });
  it("moves a past pickup to tomorrow at the same UK time; delivery keeps its offset in days and its time", () => {
    // 09:00 GMT on 2 Feb, delivery 15:00 two days later; copied on 15 June (BST): 09:00 BST tomorrow
    const copied = copiedLoadDates({ pickupDate: "2026-02-02T09:00:00Z", deliveryDate: "2026-02-04T15:00:00Z" }, at("2026-06-15T09:00:00Z"));
    expect(copied).toEqual({ pickupDate: "2026-06-16T08:00:00.000Z", deliveryDate: "2026-06-18T14:00:00.000Z" });
  });
  it("tomorrow is the UK tomorrow: 23:30 GMT on 31 Dec copies to 2 January", () => {
    const copied = copiedLoadDates({ pickupDate: "2026-12-01T10:00:00Z", deliveryDate: null }, at("2026-12-31T23:30:00Z"));
    expect(copied).toEqual({ pickupDate: "2027-01-01T10:00:00.000Z", deliveryDate: null });
    const past = copiedLoadDates({ pickupDate: "2026-12-01T10:00:00Z", deliveryDate: null }, at("2027-01-01T00:30:00Z"));
    expect(past.pickupDate).toBe("2027-01-02T10:00:00.000Z");
  });
});
