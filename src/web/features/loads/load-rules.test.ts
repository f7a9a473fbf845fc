import { describe, expect, it } from "vitest";
import type { Load } from "@contract/schemas/load";
import { ApiError } from "../../lib/api";
import { loadsQueryString } from "./api";
import {
  acceptErrorMessage,
  canAcceptLoad,
  canBidOnLoad,
  canCompletePod,
  canGeneratePod,
  loadFeatureBadges,
  rateOf,
  unavailableLabel,
} from "./load-rules";

const load = (over: Partial<Load> = {}): Load =>
  ({
    status: "available",
    price: 1200,
    distance: 200,
    ratePerMile: 6,
    acceptedBy: null,
    isUrgent: false,
    forsRequirement: "",
    adr: false,
    waste: false,
    tailLift: false,
    moffett: false,
    edgeProtectors: false,
    isTemperatureControlled: false,
    ...over,
  }) as Load;

describe("load button rules", () => {
  it("offers Accept Load only on an available load with a price above 0", () => {
    expect(canAcceptLoad(load())).toBe(true);
    expect(canAcceptLoad(load({ price: 0 }))).toBe(false);
    for (const status of ["accepted", "approved", "completed", "cancelled"] as const) expect(canAcceptLoad(load({ status }))).toBe(false);
  });

  it("allows bids only on available loads", () => {
    expect(canBidOnLoad(load({ price: 0 }))).toBe(true);
    expect(canBidOnLoad(load({ status: "accepted" }))).toBe(false);
  });

  it("offers Complete POD only on approved or completed loads that have a carrier", () => {
    const id = "4f0c8a4e-1111-4222-8333-444455556666";
    expect(canCompletePod(load({ status: "approved", acceptedBy: id }))).toBe(true);
    expect(canCompletePod(load({ status: "completed", acceptedBy: id }))).toBe(true);
    expect(canCompletePod(load({ status: "approved", acceptedBy: null }))).toBe(false);
    expect(canCompletePod(load({ status: "accepted", acceptedBy: id }))).toBe(false);
    expect(canGeneratePod(load({ status: "approved" }))).toBe(true);
    expect(canGeneratePod(load({ status: "accepted" }))).toBe(false);
  });

  it("labels the disabled button by status, Unavailable for anything else", () => {
    expect(["accepted", "approved", "completed", "cancelled", "archived"].map(unavailableLabel)).toEqual([
      "Accepted",
      "Approved",
      "Completed",
      "Cancelled",
      "Unavailable",
    ]);
  });

  it("lists the optional badges in card order", () => {
    const all = load({ isUrgent: true, forsRequirement: "Silver", adr: true, waste: true, tailLift: true, moffett: true, edgeProtectors: true, isTemperatureControlled: true });
    expect(loadFeatureBadges(all).map((b) => b.label)).toEqual([
      "Urgent",
      "FORS Silver",
      "ADR",
      "Waste",
      "Tail Lift",
      "Moffett",
      "Edge Protectors",
      "Temperature Controlled",
    ]);
    expect(loadFeatureBadges(load())).toEqual([]);
  });

  it("uses the server's rate per mile, else price / distance to 2 dp, none without a distance", () => {
    expect(rateOf(load({ ratePerMile: 2.15 }))).toBe(2.15);
    expect(rateOf(load({ ratePerMile: null, price: 1000, distance: 300 }))).toBe(3.33);
    expect(rateOf(load({ ratePerMile: null, distance: null }))).toBeNull();
    expect(rateOf(load({ ratePerMile: null, distance: 0 }))).toBeNull();
  });
});

describe("accept error message", () => {
  it("shows the server's message, the contract's 409 text, or the fallback", () => {
    expect(acceptErrorMessage(new ApiError(409, JSON.stringify({ error: "Load is no longer available" })))).toBe("Load is no longer available");
    expect(acceptErrorMessage(new ApiError(403, JSON.stringify({ error: "You are not allowed to do that" })))).toBe("You are not allowed to do that");
    expect(acceptErrorMessage(new ApiError(409, "Conflict"))).toBe("Load is no longer available");
    // taken by another company (or cancelled) before the click arrived: the server says 404
    expect(acceptErrorMessage(new ApiError(404, JSON.stringify({ error: "Not found" })))).toBe("Load is no longer available");
    expect(acceptErrorMessage(new ApiError(500, "Internal Server Error"))).toBe("Failed to accept load");
    expect(acceptErrorMessage(new TypeError("Failed to fetch"))).toBe("Failed to accept load");
  });
});

describe("GET /api/loads query string", () => {
  it("leaves out 'all' and blanks and encodes the rest in a stable order", () => {
    expect(loadsQueryString({ search: "  ", weight: "all", status: "all", equipmentType: "all" })).toBe("");
    expect(loadsQueryString({ equipmentType: "MOL", search: "St Helens & Co", weight: "gt10000", price: "all" })).toBe(
      "?search=St+Helens+%26+Co&weight=gt10000&equipmentType=MOL",
    );
    expect(loadsQueryString({ status: "accepted,approved", limit: 50, offset: 0 })).toBe("?status=accepted%2Capproved&limit=50&offset=0");
  });
});
