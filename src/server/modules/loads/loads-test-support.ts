// The world the loads API tests run in: one app on a fixed clock with an admin, a
// manager and two carriers signed in, a complete load body, and the small calls the
// tests share.
import { randomUUID } from "node:crypto";
import { TestClock, createTestApp, type Engine, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { loads } from "../../db/schema";
import type { Load } from "../../../contract/schemas/load";

export type Session = Awaited<ReturnType<typeof signedIn>>;

export const BODY = {
  loadNumber: "",
  pickupAddress: "Unit 4, Tilbury Docks",
  pickupCity: "Tilbury",
  pickupState: "Essex",
  pickupZip: "RM18 7EH",
  pickupDate: "2026-11-24T09:00:00.000Z",
  pickupTimeType: "exact",
  pickupContact: "Gate office 01375 000000",
  pickupReference: "TIL-889",
  deliveryCity: "Birmingham",
  deliveryState: "West Midlands",
  deliveryZip: "B5 4BU",
  deliveryDate: "2026-11-24T15:00:00.000Z",
  deliveryTimeType: "between",
  deliveryStartTime: "13:00",
  deliveryEndTime: "16:00",
  weight: 18500,
  distance: 185,
  price: 1250,
  cargoType: "Steel beams",
  equipmentType: "Flatbed",
  forsRequirement: "Silver",
  edgeProtectors: true,
};

/** A fresh app on `clock` with the file's staff and carriers, signed in. */
export async function seedLoadsWorld(engine: Engine, clock: TestClock) {
  const t: TestApp = await createTestApp({ engine, clock });
  const admin = await signedIn(t.app, { role: "admin", isAdmin: true, name: "Ada Admin" });
  const manager = await signedIn(t.app, { role: "manager", name: "Max Manager" });
  const carrier = await signedIn(t.app, { name: "Cara Carrier", carrierName: "Cara Haulage Ltd" });
  const carrier2 = await signedIn(t.app, { name: "Colin Carrier", carrierName: "Colin Freight" });
  return { t, admin, manager, carrier, carrier2 };
}

/** Calls on the app `app()` returns (read when called, after the seed has run). */
export function loadHelpers(app: () => TestApp) {
  return {
    get: (url: string, cookie: string, headers: Record<string, string> = {}) => app().app.inject({ method: "GET", url, headers: { cookie, ...headers } }),
    send: (method: "POST" | "PUT" | "PATCH", url: string, cookie: string, payload?: unknown) =>
      app().app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) }),
    /** A unique marker put in the pickup city, so each test filters its own loads. */
    tag: () => `Zq${randomUUID().slice(0, 6)}`,
    numbers: (res: { json(): unknown }) => (res.json() as Load[]).map((l) => l.loadNumber).sort(),
    mk: (marker: string, name: string, over: Partial<typeof loads.$inferInsert> = {}) =>
      createLoad(app().app, { loadNumber: `${marker}-${name}`, pickupCity: `${marker} Leeds`, ...over }),
  };
}
