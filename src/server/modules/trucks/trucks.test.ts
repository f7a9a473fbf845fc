// Posting, listing and withdrawing trucks: the day rules at their UK-day edges, the
// 20-open limit (also two posts at once), expiry by UK day, and isolation (another
// company's truck is 404 everywhere; a carrier lists only their company's).
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, type TestApp } from "../../../../test/helpers";
import { domainEvents, trucks } from "../../db/schema";
import { MAX_OPEN_TRUCKS, TRUCK_MSG, type Truck } from "../../../contract/schemas/truck";
import { loadAt, truckBody, truckSuite, type TruckWorld, type TrucksApi } from "./trucks-test-support";

describe.each(ENGINES)("trucks (%s)", (engine) => {
  let t: TestApp, w: TruckWorld, api: TrucksApi;
  const clock = truckSuite(engine, [trucks], (suite) => {
    ({ t, w, api } = suite);
  });

  it("a member posts a truck: 201 with the contract's shape, the company's name and status open; truck.posted is logged", async () => {
    const res = await api.post(w.alice.cookie, truckBody({ availableUntil: "2026-11-27", destinationPostcode: "bs1 4dj", notes: "Straps on board" }));
    expect(res.statusCode, res.body).toBe(201);
    const truck = res.json() as Truck;
    expect(truck).toMatchObject({
      companyId: w.acme.id,
      companyName: "Acme Haulage Ltd",
      availableOn: "2026-11-26",
      availableUntil: "2026-11-27",
      originPostcode: "LS1",
      destinationPostcode: "BS1 4DJ",
      equipmentType: "Flatbed",
      maxWeightKg: 20000,
      notes: "Straps on board",
      status: "open",
    });
    expect(Object.keys(truck).sort()).toEqual(
      ["id", "companyId", "companyName", "availableOn", "availableUntil", "originPostcode", "destinationPostcode", "equipmentType", "maxWeightKg", "notes", "status", "createdAt"].sort(),
    );
    const events = await t.app.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, "truck.posted"));
    expect(events.some((e) => JSON.stringify(e.data).includes(truck.id))).toBe(true);
  });

  it("availableOn today (UK) is allowed, yesterday is not; until the same day and 14 days after are allowed, 15 and the day before are not", async () => {
    // 23:30 UTC on Monday is still Monday in London (GMT)
    clock.set("2026-11-23T23:30:00Z");
    expect((await api.post(w.alice.cookie, truckBody({ availableOn: "2026-11-23" }))).statusCode).toBe(201);
    const past = await api.post(w.alice.cookie, truckBody({ availableOn: "2026-11-22" }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(TRUCK_MSG.availableOnPast);
    expect((await api.post(w.alice.cookie, truckBody({ availableUntil: "2026-11-26" }))).statusCode).toBe(201);
    expect((await api.post(w.alice.cookie, truckBody({ availableUntil: "2026-12-10" }))).statusCode).toBe(201);
    const late = await api.post(w.alice.cookie, truckBody({ availableUntil: "2026-12-11" }));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(TRUCK_MSG.untilTooLate);
    const before = await api.post(w.alice.cookie, truckBody({ availableUntil: "2026-11-25" }));
    expect(before.json().error).toBe(TRUCK_MSG.untilBeforeOn);
    // BST: 23:30 UTC on 1 July is already 2 July in London, so 1 July is the past
    clock.set("2026-07-01T23:30:00Z");
    expect((await api.post(w.alice.cookie, truckBody({ availableOn: "2026-07-01" }))).json().error).toBe(TRUCK_MSG.availableOnPast);
    expect((await api.post(w.alice.cookie, truckBody({ availableOn: "2026-07-02" }))).statusCode).toBe(201);
  });

  it("bad places, equipment, weight and days are 400 with the contract's words; staff may not post (403)", async () => {
    const cases: [object, string][] = [
      [{ originPostcode: "HELLO" }, TRUCK_MSG.origin],
      [{ originPostcode: "ZZ9 9ZZ" }, TRUCK_MSG.origin],
      [{ destinationPostcode: "NOWHERE" }, TRUCK_MSG.destination],
      [{ equipmentType: "Spaceship" }, TRUCK_MSG.equipment],
      [{ maxWeightKg: 0 }, TRUCK_MSG.weight],
      [{ maxWeightKg: 12.5 }, TRUCK_MSG.weight],
      [{ availableOn: "26/11/2026" }, TRUCK_MSG.availableOn],
      [{ availableOn: "2026-02-30" }, TRUCK_MSG.availableOn],
    ];
    for (const [over, message] of cases) {
      const res = await api.post(w.alice.cookie, truckBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error, JSON.stringify(over)).toBe(message);
    }
    const staff = await api.post(w.staff.cookie, truckBody());
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error).toBe(TRUCK_MSG.staffOnly);
  });

  it("at most 20 open trucks a company: the 21st is 409; expired and booked ones do not count; another company is not affected", async () => {
    for (let i = 0; i < MAX_OPEN_TRUCKS; i++) await api.posted(w.alice.cookie);
    const res = await api.post(w.amir.cookie, truckBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(TRUCK_MSG.tooMany);
    expect((await api.post(w.bob.cookie, truckBody())).statusCode).toBe(201);
    // one booked: room for one more
    const [first] = await t.app.ctx.db.select().from(trucks).where(eq(trucks.companyId, w.acme.id)).limit(1);
    await t.app.ctx.db.update(trucks).set({ status: "booked" }).where(eq(trucks.id, first.id));
    expect((await api.post(w.amir.cookie, truckBody())).statusCode).toBe(201);
    expect((await api.post(w.amir.cookie, truckBody())).statusCode).toBe(409);
    // Friday: Thursday's trucks have expired
    clock.set("2026-11-27T09:00:00Z");
    expect((await api.post(w.amir.cookie, truckBody({ availableOn: "2026-11-27" }))).statusCode).toBe(201);
  });

  it("two members posting the 20th at once: one 201, one 409 (the company's row is locked while counting)", async () => {
    for (let i = 0; i < MAX_OPEN_TRUCKS - 1; i++) await api.posted(w.alice.cookie);
    const both = await Promise.all([api.post(w.alice.cookie, truckBody()), api.post(w.amir.cookie, truckBody())]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.app.ctx.db.$count(trucks, eq(trucks.companyId, w.acme.id))).toBe(MAX_OPEN_TRUCKS);
  });

  it("expired by UK day: open through its last day, expired from the next midnight (London)", async () => {
    const truck = await api.posted(w.alice.cookie, { availableOn: "2026-11-26", availableUntil: "2026-11-27" });
    const status = async () => ((await api.list(w.alice.cookie)).json() as Truck[]).find((x) => x.id === truck.id)!.status;
    clock.set("2026-11-27T23:59:00Z");
    expect(await status()).toBe("open");
    clock.set("2026-11-28T00:00:00Z");
    expect(await status()).toBe("expired");
    // staff list open trucks only
    expect(((await api.list(w.staff.cookie)).json() as Truck[]).map((x) => x.id)).not.toContain(truck.id);
  });

  it("a carrier lists their company's trucks newest first with X-Total-Count; never another company's", async () => {
    const a1 = await api.posted(w.alice.cookie);
    clock.set("2026-11-23T10:05:00Z");
    const a2 = await api.posted(w.amir.cookie, { originPostcode: "M1" });
    const b1 = await api.posted(w.bob.cookie);
    const mine = await api.list(w.alice.cookie);
    expect(mine.headers["x-total-count"]).toBe("2");
    expect((mine.json() as Truck[]).map((x) => x.id)).toEqual([a2.id, a1.id]);
    expect(((await api.list(w.bob.cookie)).json() as Truck[]).map((x) => x.id)).toEqual([b1.id]);
    const paged = await api.list(w.alice.cookie, "?limit=1&offset=1");
    expect((paged.json() as Truck[]).map((x) => x.id)).toEqual([a1.id]);
    expect(paged.headers["x-total-count"]).toBe("2");
  });

  it("staff list every open truck, near a place within miles and available on a day", async () => {
    const leeds = await api.posted(w.alice.cookie, { availableOn: "2026-11-26", availableUntil: "2026-11-28" });
    const manchester = await api.posted(w.bob.cookie, { originPostcode: "M1", availableOn: "2026-11-24" });
    const ids = async (q: string) => ((await api.list(w.staff.cookie, q)).json() as Truck[]).map((x) => x.id);
    expect(await ids("")).toEqual([manchester.id, leeds.id]);
    // Leeds to Manchester is about 36 miles between the district centres
    expect(await ids("?near=LS1&miles=30")).toEqual([leeds.id]);
    expect(await ids("?near=ls2%207xx&miles=50")).toEqual([manchester.id, leeds.id]);
    expect(await ids("?on=2026-11-28")).toEqual([leeds.id]);
    expect(await ids("?on=2026-11-25")).toEqual([]);
    expect((await api.list(w.staff.cookie, "?near=HELLO")).statusCode).toBe(400);
  });

  it("isolation: another company's truck is 404 to delete and to match; its members and staff may delete it", async () => {
    const truck = await api.posted(w.alice.cookie);
    expect((await api.remove(w.bob.cookie, truck.id)).statusCode).toBe(404);
    expect((await api.matches(w.bob.cookie, truck.id)).statusCode).toBe(404);
    expect((await api.matches(w.amir.cookie, truck.id)).statusCode).toBe(200);
    expect((await api.matches(w.staff.cookie, truck.id)).statusCode).toBe(200);
    expect((await api.remove(w.amir.cookie, truck.id)).statusCode).toBe(204);
    expect((await api.remove(w.amir.cookie, truck.id)).statusCode).toBe(404);
    const other = await api.posted(w.bob.cookie);
    expect((await api.remove(w.staff.cookie, other.id)).statusCode).toBe(204);
    const closed = await t.app.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, "truck.closed"));
    expect(closed.filter((e) => JSON.stringify(e.data).includes(truck.id)).map((e) => (e.data as { status: string }).status)).toEqual(["withdrawn"]);
  });

  it("staff offer an available load to an open truck (200); a taken load or an expired truck is 409; carriers may not offer (403)", async () => {
    const truck = await api.posted(w.alice.cookie);
    const load = await loadAt(t.app, "LS2", "2026-11-26T09:00:00Z");
    expect((await api.offer(w.alice.cookie, truck.id, load.id)).statusCode).toBe(403);
    expect((await api.offer(w.staff.cookie, truck.id, load.id)).statusCode).toBe(200);
    const taken = await loadAt(t.app, "LS2", "2026-11-26T09:00:00Z", { status: "accepted", acceptedBy: w.bob.user.id });
    expect((await api.offer(w.staff.cookie, truck.id, taken.id)).json().error).toBe(TRUCK_MSG.loadNotAvailable);
    clock.set("2026-11-27T09:00:00Z");
    expect((await api.offer(w.staff.cookie, truck.id, load.id)).json().error).toBe(TRUCK_MSG.notOpen);
  });
});
