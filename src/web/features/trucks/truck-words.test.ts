import { describe, expect, it } from "vitest";
import { TRUCK_MSG, type Truck } from "@contract/schemas/truck";
import { ApiError } from "../../lib/api";
import { checkTruckForm, emptyMilesWords, emptyTruckForm, fromDeliveryWords, serverFieldErrors, sortTrucks, truckDays, type TruckFormValues } from "./truck-words";

const TODAY = "2026-11-23";
const form = (over: Partial<TruckFormValues> = {}): TruckFormValues => ({ ...emptyTruckForm(TODAY), originPostcode: "ls1", maxWeightKg: "26,000", ...over });

describe("the post-a-truck form", () => {
  it("sends the contract's body: postcodes upper case, no destination is anywhere (null), the weight as a number", () => {
    const r = checkTruckForm(form({ notes: "  Crane on board " }), TODAY);
    expect(r).toEqual({
      input: { availableOn: TODAY, availableUntil: null, originPostcode: "LS1", destinationPostcode: null, equipmentType: "Flatbed", maxWeightKg: 26000, notes: "Crane on board" },
    });
  });

  it("puts each contract message under its own field", () => {
    const r = checkTruckForm(form({ originPostcode: "Leeds", destinationPostcode: "nowhere", maxWeightKg: "", availableOn: "" }), TODAY);
    expect(r).toEqual({ errors: { availableOn: TRUCK_MSG.availableOn, originPostcode: TRUCK_MSG.origin, destinationPostcode: TRUCK_MSG.destination, maxWeightKg: TRUCK_MSG.weight } });
  });

  it("refuses a day before today (UK) but takes today", () => {
    expect(checkTruckForm(form({ availableOn: "2026-11-22" }), TODAY)).toEqual({ errors: { availableOn: TRUCK_MSG.availableOnPast } });
    expect("input" in checkTruckForm(form({ availableOn: TODAY }), TODAY)).toBe(true);
  });

  it("takes available until 14 days after, not 15, and never before the day", () => {
    expect("input" in checkTruckForm(form({ availableUntil: "2026-12-07" }), TODAY)).toBe(true);
    expect(checkTruckForm(form({ availableUntil: "2026-12-08" }), TODAY)).toEqual({ errors: { availableUntil: TRUCK_MSG.untilTooLate } });
    expect(checkTruckForm(form({ availableOn: "2026-11-25", availableUntil: "2026-11-24" }), TODAY)).toEqual({ errors: { availableUntil: TRUCK_MSG.untilBeforeOn } });
  });

  it("refuses a weight over 44,000 kg or not whole", () => {
    expect(checkTruckForm(form({ maxWeightKg: "44001" }), TODAY)).toEqual({ errors: { maxWeightKg: TRUCK_MSG.weight } });
    expect(checkTruckForm(form({ maxWeightKg: "12.5" }), TODAY)).toEqual({ errors: { maxWeightKg: TRUCK_MSG.weight } });
  });

  it("places the server's 400 details under their fields", () => {
    const err = new ApiError(400, JSON.stringify({ error: "Validation failed", details: [{ path: "availableOn", message: TRUCK_MSG.availableOnPast }] }));
    expect(serverFieldErrors(err)).toEqual({ availableOn: TRUCK_MSG.availableOnPast });
    expect(serverFieldErrors(new ApiError(409, JSON.stringify({ error: TRUCK_MSG.tooMany })))).toEqual({});
  });
});

describe("a truck's words", () => {
  it("says the days in UK form, one day or a run of days", () => {
    expect(truckDays({ availableOn: "2026-11-23", availableUntil: null })).toBe("Mon 23 Nov 2026");
    expect(truckDays({ availableOn: "2026-11-23", availableUntil: "2026-11-27" })).toBe("Mon 23 Nov 2026 to Fri 27 Nov 2026");
  });

  it("says empty miles and miles from the delivery with their unit", () => {
    expect(emptyMilesWords(12.4)).toBe("12 miles empty to pickup");
    expect(emptyMilesWords(1)).toBe("1 mile empty to pickup");
    expect(emptyMilesWords(0)).toBe("At the pickup (0 miles empty)");
    expect(fromDeliveryWords(8)).toBe("8 miles from the delivery");
  });

  it("lists open trucks first, soonest first, then booked, then expired", () => {
    const t = (id: string, status: Truck["status"], availableOn: string) => ({ id, status, availableOn }) as Truck;
    const sorted = sortTrucks([t("e", "expired", "2026-11-01"), t("b", "booked", "2026-11-20"), t("o2", "open", "2026-11-26"), t("o1", "open", "2026-11-24")]);
    expect(sorted.map((x) => x.id)).toEqual(["o1", "o2", "b", "e"]);
  });
});
