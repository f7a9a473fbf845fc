// GET /api/trucks/{id}/matches and GET /api/loads/{id}/return-loads: the radius and
// day rules at their edges (25 miles between district centres, the truck's last UK
// day and the day after, 30 miles and delivery day + 2 for return loads), equipment
// and weight, the destination, the order (empty miles, then rate per mile), redaction.
import { describe, expect, it } from "vitest";
import { ENGINES, type TestApp } from "../../../../test/helpers";
import { loads, trucks } from "../../db/schema";
import type { MatchedLoad } from "../../../contract/schemas/truck";
import { idsOf, loadAt, truckSuite, type TruckWorld, type TrucksApi } from "./trucks-test-support";

describe.each(ENGINES)("truck matches and return loads (%s)", (engine) => {
  let t: TestApp, w: TruckWorld, api: TrucksApi;
  const clock = truckSuite(engine, [trucks, loads], (suite) => {
    ({ t, w, api } = suite);
  });

  const THU = "2026-11-26T09:00:00Z";

  it("25 miles from the origin's district centre: York YO32 (24.9 mi) in, Rotherham S61 (25.3 mi) out", async () => {
    const truck = await api.posted(w.alice.cookie);
    const york = await loadAt(t.app, "YO32", THU);
    const rotherham = await loadAt(t.app, "S61", THU);
    const ids = idsOf(await api.matches(w.alice.cookie, truck.id));
    expect(ids).toContain(york.id);
    expect(ids).not.toContain(rotherham.id);
  });

  it("on a day the truck is free (UK days): its first and last day in, the day before and the day after out", async () => {
    const truck = await api.posted(w.alice.cookie, { availableOn: "2026-11-26", availableUntil: "2026-11-27" });
    const wed = await loadAt(t.app, "LS1", "2026-11-25T23:59:00Z");
    const thuEarly = await loadAt(t.app, "LS1", "2026-11-26T00:00:00Z");
    const friLate = await loadAt(t.app, "LS1", "2026-11-27T23:59:00Z");
    const sat = await loadAt(t.app, "LS1", "2026-11-28T00:00:00Z");
    const ids = idsOf(await api.matches(w.alice.cookie, truck.id));
    expect(ids.sort()).toEqual([thuEarly.id, friLate.id].sort());
    expect(ids).not.toContain(wed.id);
    expect(ids).not.toContain(sat.id);
  });

  it("the same equipment only; up to the truck's weight (a load of no stated weight fits); available loads only", async () => {
    const truck = await api.posted(w.alice.cookie, { maxWeightKg: 20000 });
    const exact = await loadAt(t.app, "LS1", THU, { weight: 20000 });
    const over = await loadAt(t.app, "LS1", THU, { weight: 20001 });
    const unstated = await loadAt(t.app, "LS1", THU, { weight: null });
    const curtain = await loadAt(t.app, "LS1", THU, { equipmentType: "Curtain" });
    const taken = await loadAt(t.app, "LS1", THU, { status: "accepted", acceptedBy: w.bob.user.id });
    const ids = idsOf(await api.matches(w.alice.cookie, truck.id));
    expect(ids.sort()).toEqual([exact.id, unstated.id].sort());
    for (const id of [over.id, curtain.id, taken.id]) expect(ids).not.toContain(id);
  });

  it("with a destination: delivering within 50 miles of it (Bristol BS2 in, Manchester out); without one: anywhere", async () => {
    const home = await api.posted(w.alice.cookie, { destinationPostcode: "BS1" });
    const anywhere = await api.posted(w.alice.cookie);
    const toBristol = await loadAt(t.app, "LS1", THU, { deliveryZip: "BS2 0AA" });
    const toManchester = await loadAt(t.app, "LS1", THU, { deliveryZip: "M1 1AA" });
    expect(idsOf(await api.matches(w.alice.cookie, home.id))).toEqual([toBristol.id]);
    expect(idsOf(await api.matches(w.alice.cookie, anywhere.id)).sort()).toEqual([toBristol.id, toManchester.id].sort());
  });

  it("best first: fewest empty miles to the pickup district, then the best rate per mile; emptyMiles on each; carriers see no private fields", async () => {
    const truck = await api.posted(w.alice.cookie);
    const york = await loadAt(t.app, "YO32", THU, { price: 3000, distance: 100, ratePerMile: 30 });
    const leedsCheap = await loadAt(t.app, "LS1", THU, { price: 200, distance: 100, ratePerMile: 2 });
    const leedsDear = await loadAt(t.app, "LS1", THU, { price: 500, distance: 100, ratePerMile: 5 });
    const wakefield = await loadAt(t.app, "WF1", THU);
    const res = await api.matches(w.alice.cookie, truck.id);
    expect(res.headers["x-total-count"]).toBe("4");
    const items = res.json() as MatchedLoad[];
    expect(items.map((l) => l.id)).toEqual([leedsDear.id, leedsCheap.id, wakefield.id, york.id]);
    expect(items[0].emptyMiles).toBe(0);
    expect(items[2].emptyMiles).toBeGreaterThan(5);
    expect(items[3].emptyMiles).toBeGreaterThan(items[2].emptyMiles!);
    expect(items[0].pickupZip).toBeNull();
    expect(items[0].pickupAddress).toBeNull();
    // staff see them whole; a page of one
    const staff = await api.matches(w.staff.cookie, truck.id, "?limit=1&offset=1");
    expect((staff.json() as MatchedLoad[]).map((l) => [l.id, l.pickupZip])).toEqual([[leedsCheap.id, "LS1 1AA"]]);
    expect(staff.headers["x-total-count"]).toBe("4");
  });

  it("a booked or expired truck has no matches", async () => {
    const truck = await api.posted(w.alice.cookie);
    await loadAt(t.app, "LS1", THU);
    expect(idsOf(await api.matches(w.alice.cookie, truck.id))).toHaveLength(1);
    clock.set("2026-11-27T00:00:00Z");
    const res = await api.matches(w.alice.cookie, truck.id);
    expect(res.json()).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
  });

  // ---------------------------------------------------------------- return loads

  /** Alice's company's booked load Leeds → Bristol, delivered on Wednesday 25 Nov. */
  const booked = (over: object = {}) =>
    loadAt(t.app, "LS1", "2026-11-24T09:00:00Z", { status: "approved", acceptedBy: w.alice.user.id, acceptedByCarrier: w.acme.name, deliveryZip: "BS1 4DJ", deliveryCity: "Bristol", deliveryDate: new Date("2026-11-25T15:00:00Z"), ...over });

  it("return loads: within 30 miles of the delivery district (Caerphilly NP12 29.9 mi in, Gloucester GL2 30.4 mi out), any equipment", async () => {
    const load = await booked();
    const near = await loadAt(t.app, "NP12", "2026-11-25T12:00:00Z", { equipmentType: "Curtain" });
    const far = await loadAt(t.app, "GL2", "2026-11-25T12:00:00Z");
    const ids = idsOf(await api.returnLoads(w.alice.cookie, load.id));
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(far.id);
  });

  it("return loads: on the delivery day or the next two (UK days): +2 in, +3 out, the day before out; best first", async () => {
    const load = await booked();
    const before = await loadAt(t.app, "BS1", "2026-11-24T23:59:00Z");
    const sameDay = await loadAt(t.app, "BS2", "2026-11-25T00:00:00Z", { ratePerMile: 3 });
    const sameDistrict = await loadAt(t.app, "BS1", "2026-11-25T18:00:00Z", { ratePerMile: 1 });
    const plus2 = await loadAt(t.app, "BS1", "2026-11-27T23:59:00Z", { ratePerMile: 4 });
    const plus3 = await loadAt(t.app, "BS1", "2026-11-28T00:00:00Z");
    const res = await api.returnLoads(w.alice.cookie, load.id);
    const items = res.json() as MatchedLoad[];
    expect(items.map((l) => l.id)).toEqual([plus2.id, sameDistrict.id, sameDay.id]);
    expect(items.map((l) => l.emptyMiles)).toEqual([0, 0, expect.any(Number)]);
    expect(res.headers["x-total-count"]).toBe("3");
    for (const id of [before.id, plus3.id]) expect(items.map((l) => l.id)).not.toContain(id);
  });

  it("return loads are the holding company's (any member) and staff's; another carrier or an available load: 404", async () => {
    const load = await booked();
    expect((await api.returnLoads(w.amir.cookie, load.id)).statusCode).toBe(200);
    expect((await api.returnLoads(w.staff.cookie, load.id)).statusCode).toBe(200);
    expect((await api.returnLoads(w.bob.cookie, load.id)).statusCode).toBe(404);
    const open = await loadAt(t.app, "LS1", THU);
    expect((await api.returnLoads(w.alice.cookie, open.id)).statusCode).toBe(404);
    const accepted = await booked({ status: "accepted", acceptedByCarrier: null });
    expect((await api.returnLoads(w.alice.cookie, accepted.id)).statusCode).toBe(200);
    expect((await api.returnLoads(w.alice.cookie, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});
