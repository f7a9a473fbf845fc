// The board's filters and sort in the URL.
import { describe, expect, it } from "vitest";
import { LOAD_SORTS } from "@contract/schemas/load";
import { EMPTY_FILTERS, SORT_OPTIONS, filtersFromSearch, searchFromFilters } from "./board-url";

describe("board filters in the URL", () => {
  it("a plain board is a plain URL, and reads back as no filters", () => {
    expect(searchFromFilters(EMPTY_FILTERS)).toBe("");
    expect(filtersFromSearch("")).toEqual(EMPTY_FILTERS);
    expect(filtersFromSearch("?")).toEqual(EMPTY_FILTERS);
  });

  it("every filter and every sort goes into the URL and comes back the same", () => {
    for (const sort of LOAD_SORTS) {
      const f = { ...EMPTY_FILTERS, search: "St Helens & Co", weight: "gt10000", distance: "100-300", price: "1000-2000", status: "available", equipmentType: "MOL", sort };
      const url = searchFromFilters(f);
      expect(filtersFromSearch(url)).toEqual(f);
    }
    expect(searchFromFilters({ ...EMPTY_FILTERS, search: "leeds", sort: "price" })).toBe("?search=leeds&sort=price");
  });

  it("the board opens soonest pickup first, and that order is left out of the URL, so the plain board has one URL", () => {
    expect(filtersFromSearch("").sort).toBe("pickupDate");
    expect(SORT_OPTIONS[0]).toEqual({ value: "pickupDate", label: "Soonest pickup" });
    expect(searchFromFilters({ ...EMPTY_FILTERS, sort: "pickupDate" })).toBe("");
    expect(filtersFromSearch("?sort=pickupDate").sort).toBe("pickupDate");
    // the API's default (latest first) is a choice of its own on the board, so it is kept in the URL
    expect(searchFromFilters({ ...EMPTY_FILTERS, sort: "-pickupDate" })).toBe("?sort=-pickupDate");
    expect(filtersFromSearch("?sort=-pickupDate").sort).toBe("-pickupDate");
  });

  it("values the board does not offer read as no filter and the default order", () => {
    expect(filtersFromSearch("?sort=cheapest&weight=heavy&status=lost&equipmentType=Van&price=free&distance=far")).toEqual(EMPTY_FILTERS);
    expect(filtersFromSearch(`?search=${"x".repeat(150)}`).search).toHaveLength(100);
    expect(filtersFromSearch("?search=%20%20").search).toBe("");
  });

  it("the sort control offers every order the API takes, each once", () => {
    expect(SORT_OPTIONS.map((o) => o.value).sort()).toEqual([...LOAD_SORTS].sort());
  });

  it("the near filters go into the URL in the API's names; a radius without a postcode is left out", () => {
    const f = { ...EMPTY_FILTERS, pickupNear: "LS1 4AP", pickupMiles: "25", deliveryNear: "BS1", deliveryMiles: "" };
    expect(searchFromFilters(f)).toBe("?pickupNear=LS1+4AP&pickupMiles=25&deliveryNear=BS1");
    expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
    expect(searchFromFilters({ ...EMPTY_FILTERS, pickupMiles: "50" })).toBe("");
    expect(filtersFromSearch("?pickupNear=ls1&pickupMiles=7").pickupMiles).toBe("");
    expect(filtersFromSearch("?pickupNear=ls1").pickupNear).toBe("LS1");
  });
});
