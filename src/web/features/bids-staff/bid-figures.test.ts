// Manage Bids' figures.
import { describe, expect, it } from "vitest";
import { bidDifference } from "@contract/bid-difference";
import { bidPlacedAt, differenceFromListed, listedPriceOf, wasUpdated } from "./bid-figures";

const load = { price: 560, distance: 108, ratePerMile: 5.19 }; // 5.19 × 108 = £560.52

describe("Manage Bids: vs listed", () => {
  it("compares with the listed price, not rate × distance: −£170.00 where rate × distance said −£170.52", () => {
    const bid = { bidAmount: 390, listedPrice: 560 };
    expect(bidDifference(390, load.ratePerMile, load.distance)).toEqual({ reference: 560.52, pounds: -170.52, percent: -30.4 });
    expect(differenceFromListed(bid, load, false)).toEqual({ reference: 560, pounds: -170, percent: -30.4 });
    // £830 on a £1,000 listing at £3.33/mile over 300 miles: −£170.00 (−17.0%), not −£169.00
    expect(differenceFromListed({ bidAmount: 830, listedPrice: 1000 }, { price: 1000 }, false)).toEqual({ reference: 1000, pounds: -170, percent: -17 });
  });

  it("keeps the price the bid was made on after an award changes the listed price", () => {
    // Bob's £830 won: the load's price is now £830; Carol bid £880 on the £1,000 listing
    const awardedLoad = { price: 830 };
    expect(differenceFromListed({ bidAmount: 880, listedPrice: 1000 }, awardedLoad, true)).toEqual({ reference: 1000, pounds: -120, percent: -12 });
    expect(differenceFromListed({ bidAmount: 830, listedPrice: 1000 }, awardedLoad, true)).toEqual({ reference: 1000, pounds: -170, percent: -17 });
  });

  it("a bid updated after staff changed the price reads against the price of its update", () => {
    expect(differenceFromListed({ bidAmount: 1150, listedPrice: 1200 }, { price: 1200 }, false)?.pounds).toBe(-50);
  });

  it("an older bid without a kept price uses the load's price until an award, then says nothing", () => {
    expect(listedPriceOf({ listedPrice: null }, { price: 1000 }, false)).toBe(1000);
    expect(listedPriceOf({ listedPrice: null }, { price: 830 }, true)).toBeNull();
    expect(differenceFromListed({ bidAmount: 900, listedPrice: null }, { price: 830 }, true)).toBeNull();
    // a load listed at £0 has nothing to compare with
    expect(differenceFromListed({ bidAmount: 900, listedPrice: 0 }, { price: 0 }, false)).toBeNull();
  });
});

describe("Manage Bids: a bid's age", () => {
  const created = "2026-11-23T07:00:00.000Z";
  const updated = "2026-11-23T10:00:00.000Z";

  it("an updated bid's age counts from its update, not its first creation", () => {
    expect(bidPlacedAt({ updatedAt: updated })).toBe(updated);
    expect(wasUpdated({ createdAt: created, updatedAt: updated, status: "pending" })).toBe(true);
    expect(wasUpdated({ createdAt: created, updatedAt: created, status: "pending" })).toBe(false);
    // a decided bid's updatedAt is its decision, not a new amount
    expect(wasUpdated({ createdAt: created, updatedAt: updated, status: "rejected" })).toBe(false);
  });
});
