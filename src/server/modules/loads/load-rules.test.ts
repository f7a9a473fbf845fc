// Data that makes sense: dates, postcodes, plain English. Each describe
// states the rule it checks; the clock is the app's, so time can move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import type { Load } from "../../../contract/schemas/load";

type Session = Awaited<ReturnType<typeof signedIn>>;

/** A valid body for a load picked up on the given UK wall-clock day (BST in June: 09:00 UK = 08:00Z). */
const body = (over: Record<string, unknown> = {}) => ({
  pickupCity: "Holyhead",
  pickupZip: "LL65 1DQ",
  pickupDate: "2026-06-16T08:00:00.000Z",
  deliveryCity: "Llangefni",
  deliveryZip: "LL77 7EE",
  deliveryDate: "2026-06-16T14:00:00.000Z",
  distance: 20,
  price: 300,
  ...over,
});

describe.each(ENGINES)("load data rules on %s", (engine) => {
  let t: TestApp;
  // Monday 15 June 2026, 10:00 in London (BST)
  const clock = new TestClock(new Date("2026-06-15T09:00:00Z"));
  let manager: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    manager = await signedIn(t.app, { role: "manager", name: "Max Manager" });
  });
  afterAll(() => t?.close());

  const send = (method: "POST" | "PUT", url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: { cookie: manager.cookie }, payload: payload as object });
  const detailsOf = (res: { json(): unknown }) => (res.json() as { details?: { path: string; message: string }[] }).details ?? [];

  describe("nonsense dates are refused on create and on edit", () => {
    const PAST = { error: "Pickup date cannot be in the past", details: [{ path: "pickupDate", message: "Pickup date cannot be in the past" }] };
    const ORDER = {
      error: "Delivery date must be on or after the pickup date",
      details: [{ path: "deliveryDate", message: "Delivery date must be on or after the pickup date" }],
    };

    it("pickup 01/01/2025 with delivery 01/01/2024 is a 400 naming both fields", async () => {
      const res = await send("POST", "/api/loads", body({ pickupDate: "2025-01-01T09:00:00.000Z", deliveryDate: "2024-01-01T09:00:00.000Z" }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: PAST.error, details: [...PAST.details, ...ORDER.details] });
    });

    it("a pickup before the start of today in UK time is in the past; earlier today is not", async () => {
      // 23:59 yesterday in London (BST): 22:59Z on the 14th
      expect((await send("POST", "/api/loads", body({ pickupDate: "2026-06-14T22:59:00.000Z" }))).json()).toEqual(PAST);
      // 00:00 today in London is 23:00Z yesterday: not in the past
      const midnight = await send("POST", "/api/loads", body({ pickupDate: "2026-06-14T23:00:00.000Z", deliveryDate: "2026-06-15T12:00:00.000Z" }));
      expect(midnight.statusCode).toBe(201);
      // a bare date is the start of that UK day
      expect((await send("POST", "/api/loads", body({ pickupDate: "2026-06-14", deliveryDate: null }))).json()).toEqual(PAST);
      expect((await send("POST", "/api/loads", body({ pickupDate: "2026-06-15", deliveryDate: null }))).statusCode).toBe(201);
    });

    it("the start of today follows the app clock across midnight, in GMT too", async () => {
      try {
        // Tuesday 1 December 2026, 00:30 in London (GMT)
        clock.set("2026-12-01T00:30:00Z");
        // sessions end by the same clock: sign in again months later
        const later = await signedIn(t.app, { role: "manager" });
        const post = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/loads", headers: { cookie: later.cookie }, payload: payload as object });
        expect((await post(body({ pickupDate: "2026-11-30T23:59:00.000Z", deliveryDate: null }))).json()).toEqual(PAST);
        expect((await post(body({ pickupDate: "2026-12-01T00:00:00.000Z", deliveryDate: null }))).statusCode).toBe(201);
      } finally {
        clock.set("2026-06-15T09:00:00Z");
      }
    });

    it("delivery on the pickup day is fine whatever the times; the day before is not", async () => {
      // a delivery window "between 08:00 - 12:00" is stored at 08:00, before a 14:00 pickup on the same day
      const sameDay = await send("POST", "/api/loads", body({ pickupDate: "2026-06-16T13:00:00.000Z", deliveryDate: "2026-06-16T07:00:00.000Z" }));
      expect(sameDay.statusCode).toBe(201);
      const before = await send("POST", "/api/loads", body({ pickupDate: "2026-06-16T08:00:00.000Z", deliveryDate: "2026-06-15T22:59:00.000Z" }));
      expect(before.json()).toEqual(ORDER);
    });

    it("an edit is checked when a date changes, and an old load's other fields stay editable", async () => {
      const old = await createLoad(t.app, { pickupDate: new Date("2026-06-01T08:00:00Z"), deliveryDate: new Date("2026-06-01T14:00:00Z") });
      // the dates sent unchanged: the price may change although the pickup is in the past
      const same = await send("PUT", `/api/loads/${old.id}`, body({ pickupDate: "2026-06-01T08:00:00.000Z", deliveryDate: "2026-06-01T14:00:00.000Z", price: 350 }));
      expect(same.statusCode).toBe(200);
      expect(same.json().price).toBe(350);
      // a changed pickup date must not be in the past
      expect((await send("PUT", `/api/loads/${old.id}`, body({ pickupDate: "2026-06-02T08:00:00.000Z", deliveryDate: "2026-06-02T14:00:00.000Z" }))).json()).toEqual(PAST);
      // a changed delivery date must not be before the (unchanged) pickup date
      expect((await send("PUT", `/api/loads/${old.id}`, body({ pickupDate: "2026-06-01T08:00:00.000Z", deliveryDate: "2026-05-31T14:00:00.000Z" }))).json()).toEqual(ORDER);
      // re-offered with new dates: fine
      const reoffered = await send("PUT", `/api/loads/${old.id}`, body({ pickupDate: "2026-06-17T08:00:00.000Z", deliveryDate: "2026-06-18T14:00:00.000Z" }));
      expect(reoffered.statusCode).toBe(200);
      expect(reoffered.json()).toMatchObject({ pickupDate: "2026-06-17T08:00:00.000Z", deliveryDate: "2026-06-18T14:00:00.000Z" });
    });

    it("staff editing POD signature dates meet the POD rules", async () => {
      const load = await createLoad(t.app, { status: "approved", pickupDate: new Date("2026-06-10T08:00:00Z"), deliveryDate: new Date("2026-06-10T14:00:00Z") });
      const dates = { pickupDate: "2026-06-10T08:00:00.000Z", deliveryDate: "2026-06-10T14:00:00.000Z" };
      const future = await send("PUT", `/api/loads/${load.id}`, body({ ...dates, pickupSignedBy: "P. Signer", pickupSignedDate: "2030-01-01T09:00:00.000Z" }));
      expect(future.statusCode).toBe(400);
      expect(future.json().details).toEqual([{ path: "pickupSignedDate", message: "Pickup signature date cannot be in the future" }]);
      const ok = await send("PUT", `/api/loads/${load.id}`, body({ ...dates, pickupSignedBy: "P. Signer", pickupSignedDate: "2026-06-10T08:05:00.000Z" }));
      expect(ok.statusCode).toBe(200);
    });
  });

  describe("Copy Load", () => {
    const copy = (id: string) => t.app.inject({ method: "POST", url: `/api/loads/${id}/copy`, headers: { cookie: manager.cookie } });

    it("a copy of a load whose pickup day has passed is picked up tomorrow at the same times, delivery keeping its offset", async () => {
      // picked up Mon 1 June 09:00 (BST), delivered Wed 3 June 14:00; copied Mon 15 June
      const old = await createLoad(t.app, {
        status: "completed",
        mandataNumber: "PO-2026-00901",
        acceptedBy: manager.user.id,
        acceptedByCarrier: "Old Haulage",
        pickupDate: new Date("2026-06-01T08:00:00Z"),
        deliveryDate: new Date("2026-06-03T13:00:00Z"),
      });
      const res = await copy(old.id);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        status: "available",
        expired: false,
        mandataNumber: null,
        acceptedBy: null,
        pickupDate: "2026-06-16T08:00:00.000Z",
        deliveryDate: "2026-06-18T13:00:00.000Z",
      });
      expect(res.json().loadNumber).not.toBe(old.loadNumber);
      // on the board for carriers at once
      const carrier = await signedIn(t.app, { carrierName: "Copy Watcher Ltd" });
      const board = await t.app.inject({ url: `/api/loads?search=${res.json().loadNumber}`, headers: { cookie: carrier.cookie } });
      expect((board.json() as Load[]).map((l) => l.id)).toEqual([res.json().id]);
    });

    it("an expired available load's copy moves too; a load picked up today or later keeps its dates", async () => {
      const expired = await createLoad(t.app, { pickupDate: new Date("2026-06-14T16:30:00Z"), deliveryDate: null });
      expect((await copy(expired.id)).json()).toMatchObject({ pickupDate: "2026-06-16T16:30:00.000Z", deliveryDate: null, expired: false });
      const today = await createLoad(t.app, { pickupDate: new Date("2026-06-15T07:00:00Z"), deliveryDate: new Date("2026-06-15T15:00:00Z") });
      expect((await copy(today.id)).json()).toMatchObject({ pickupDate: "2026-06-15T07:00:00.000Z", deliveryDate: "2026-06-15T15:00:00.000Z" });
    });
  });

  describe("plain English in the API's answers", () => {
    it("a load body's failures name each field in the contract's words, never the validator's", async () => {
      const empty = await send("POST", "/api/loads", {});
      expect(empty.statusCode).toBe(400);
      expect(detailsOf(empty)).toEqual([
        { path: "pickupCity", message: "Pickup city is required" },
        { path: "deliveryCity", message: "Delivery city is required" },
        { path: "price", message: "Price is required" },
      ]);
      const long = await send("POST", "/api/loads", body({ cargoType: "x".repeat(201), price: "lots", weight: 1.5, equipmentType: "Tipper" }));
      expect(detailsOf(long)).toEqual([
        { path: "weight", message: "Please enter a whole number" },
        { path: "price", message: "Price must be a number" },
        { path: "cargoType", message: "Please use at most 200 characters" },
        { path: "equipmentType", message: "Please choose one of: Flatbed, Curtain, MOL" },
      ]);
      const register = await t.app.inject({ method: "POST", url: "/api/register", payload: { email: "a@b.co", password: "Str0ng!pass", carrierName: "C", contactNumber: "+44 7700 900123", name: "n".repeat(201) } });
      expect(detailsOf(register)).toEqual([{ path: "name", message: "Please use at most 200 characters" }]);
      for (const res of [empty, long, register]) expect(res.body).not.toMatch(/expected|received|Invalid input|Too big/);
    });

    it("a refused status change reads as English: 'An available load cannot be changed that way'", async () => {
      const load = await createLoad(t.app, { pickupDate: new Date("2026-06-20T08:00:00Z") });
      const res = await t.app.inject({ method: "PATCH", url: `/api/loads/${load.id}/status`, headers: { cookie: manager.cookie }, payload: { status: "completed" } });
      expect([res.statusCode, res.json()]).toEqual([409, { error: "An available load cannot be changed that way" }]);
    });

    it("a bid of '1,100' is told to give pounds as a number, not that it must be greater than 0", async () => {
      const load = await createLoad(t.app, { pickupDate: new Date("2026-06-20T08:00:00Z") });
      const carrier = await signedIn(t.app, { carrierName: "Comma Haulage" });
      const res = await t.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: carrier.cookie }, payload: { loadId: load.id, bidAmount: "1,100" } });
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res)).toEqual([{ path: "bidAmount", message: "Enter the amount in pounds, e.g. 1100" }]);
    });
  });

  describe("postcodes are checked against the UK format and stored normalised", () => {
    it("HELLO and 12345 are refused with 400 'Please enter a valid UK postcode' on the field", async () => {
      for (const bad of ["HELLO", "12345", "LL61", "LL61 5U", "<b>LL61 5UL</b>"]) {
        const res = await send("POST", "/api/loads", body({ pickupZip: bad, deliveryZip: bad }));
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error).toBe("Please enter a valid UK postcode");
        expect(detailsOf(res)).toEqual([
          { path: "pickupZip", message: "Please enter a valid UK postcode" },
          { path: "deliveryZip", message: "Please enter a valid UK postcode" },
        ]);
      }
    });

    it("a postcode in any case and spacing is stored upper case with one space (LL61 5UL)", async () => {
      for (const [typed, stored] of [
        ["ll615ul", "LL61 5UL"],
        ["ll61 5ul", "LL61 5UL"],
        ["  Ll61   5uL ", "LL61 5UL"],
        ["sw1a1aa", "SW1A 1AA"],
        ["m11ae", "M1 1AE"],
      ]) {
        const res = await send("POST", "/api/loads", body({ pickupZip: typed }));
        expect(res.statusCode, typed).toBe(201);
        expect((res.json() as Load).pickupZip).toBe(stored);
      }
      const none = await send("POST", "/api/loads", body({ pickupZip: "", deliveryZip: null }));
      expect(none.statusCode).toBe(201);
      expect(none.json()).toMatchObject({ pickupZip: null, deliveryZip: null });
    });

    it("an edit normalises and checks the postcode too", async () => {
      const load = await createLoad(t.app, { pickupDate: new Date("2026-06-20T08:00:00Z"), deliveryDate: new Date("2026-06-20T14:00:00Z") });
      const bad = await send("PUT", `/api/loads/${load.id}`, body({ deliveryZip: "12345" }));
      expect(bad.statusCode).toBe(400);
      expect(detailsOf(bad)).toEqual([{ path: "deliveryZip", message: "Please enter a valid UK postcode" }]);
      const good = await send("PUT", `/api/loads/${load.id}`, body({ deliveryZip: "ll77 7ee" }));
      expect(good.statusCode).toBe(200);
      expect(good.json().deliveryZip).toBe("LL77 7EE");
    });
  });
});
