// Test data. Users are inserted with a real argon2 hash and signed in through the
// real login call, so a test starts where it means to.
import { randomUUID } from "node:crypto";
import type { App } from "../src/server/app";
import { loads, users, type LoadRow, type UserRow } from "../src/server/db/schema";
import { hashPassword } from "../src/server/lib/crypto";

export const PASSWORD = "Secret1!pass";
let passwordHash: Promise<string> | undefined;

export async function createUser(
  app: App,
  over: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  passwordHash ??= hashPassword(PASSWORD);
  const n = randomUUID().slice(0, 8);
  const [row] = await app.ctx.db
    .insert(users)
    .values({
      email: `user-${n}@example.com`,
      password: await passwordHash,
      name: `User ${n}`,
      carrierName: `Carrier ${n} Ltd`,
      contactNumber: "+44 7700 900123",
      role: "carrier",
      isApproved: true,
      ...over,
    })
    .returning();
  return row;
}

export const createCarrier = (app: App, over: Partial<typeof users.$inferInsert> = {}) => createUser(app, over);
export const createManager = (app: App, over: Partial<typeof users.$inferInsert> = {}) =>
  createUser(app, { role: "manager", ...over });
export const createAdmin = (app: App, over: Partial<typeof users.$inferInsert> = {}) =>
  createUser(app, { role: "admin", isAdmin: true, ...over });

/** Sign in through POST /api/login; returns the Cookie header value. */
export async function login(app: App, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === "sid");
  if (!cookie) throw new Error("no session cookie");
  return `sid=${cookie.value}`;
}

/** A user and a signed-in cookie in one step. */
export async function signedIn(app: App, over: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(app, over);
  return { user, cookie: await login(app, user.email) };
}

/**
 * Default pickup and delivery: 09:00 and 15:00 (UTC) a month after the app's clock,
 * so a default load is on the board whatever day the tests run (an available load
 * expires when its UK pickup day ends). A test that needs a date names it.
 */
function defaultDates(app: App): { pickupDate: Date; deliveryDate: Date } {
  const day = new Date(app.ctx.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  return { pickupDate: new Date(`${day}T09:00:00Z`), deliveryDate: new Date(`${day}T15:00:00Z`) };
}

/** A load's fields for the factories: a Leeds → Bristol flatbed, then the caller's own. */
function loadValues(
  loadNumber: string,
  dates: { pickupDate: Date; deliveryDate: Date },
  over: Partial<typeof loads.$inferInsert>,
): typeof loads.$inferInsert {
  const price = over.price ?? 1200;
  const distance = over.distance ?? 200;
  return {
    loadNumber,
    pickupCity: "Leeds",
    pickupState: "West Yorkshire",
    pickupZip: "LS1 4AP",
    pickupAddress: "1 Wellington Street",
    pickupContact: "Sam Pickup 0113 000 0000",
    pickupReference: "PU-REF-1",
    pickupDate: dates.pickupDate,
    deliveryCity: "Bristol",
    deliveryState: "Bristol",
    deliveryZip: "BS1 4DJ",
    deliveryAddress: "2 Harbourside",
    deliveryContact: "Dee Delivery 0117 000 0000",
    deliveryReference: "DL-REF-1",
    deliveryDate: dates.deliveryDate,
    weight: 12000,
    distance,
    price,
    ratePerMile: distance ? Math.round((price / distance) * 100) / 100 : null,
    cargoType: "Steel coils",
    equipmentType: "Flatbed",
    ...over,
  };
}

let loadSeq = 0;
export async function createLoad(app: App, over: Partial<typeof loads.$inferInsert> = {}): Promise<LoadRow> {
  loadSeq++;
  const loadNumber = `FN-2026-${String(100 + loadSeq).padStart(3, "0")}-${randomUUID().slice(0, 4)}`;
  const [row] = await app.ctx.db.insert(loads).values(loadValues(loadNumber, defaultDates(app), over)).returning();
  // written through this app's own database handle, like a write it answered itself
  app.ctx.loadsVersion.invalidate();
  return row;
}

/**
 * Many loads in a few statements (a 1,200-load board in well under a second):
 * `build(i)` gives each its fields over createLoad's defaults; numbers are
 * FN-2026-NNNN-xxxx unless given.
 */
export async function createLoads(app: App, count: number, build: (i: number) => Partial<typeof loads.$inferInsert> = () => ({})): Promise<LoadRow[]> {
  const tag = randomUUID().slice(0, 4);
  const dates = defaultDates(app);
  const out: LoadRow[] = [];
  for (let from = 0; from < count; from += 500) {
    const values = Array.from({ length: Math.min(500, count - from) }, (_, k) => loadValues(`FN-2026-${String(from + k + 1).padStart(4, "0")}-${tag}`, dates, build(from + k)));
    out.push(...(await app.ctx.db.insert(loads).values(values).returning()));
  }
  app.ctx.loadsVersion.invalidate();
  return out;
}
