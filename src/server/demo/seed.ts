// The demo data set (`npm run demo`): a realistic UK flatbed
// network — real towns with their real postcodes and counties, road-like distances,
// market-like prices — with every load status, FORS level, special badge and
// time-window type, approved carriers and one pending registration, and bids in
// every state, and the booked loads' recorded stops (stops.ts), from which it
// ends by building the scorecards (backfillScorecards, in the same transaction).
// Deterministic (seeded random), and it runs only on a database with no loads,
// so a restart never duplicates anything.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { bids, loadEvents, loadStops, loadViews, loads, stopPositions, users, type UserRow } from "../db/schema";
import { hashPassword } from "../lib/crypto";
import { ukWallToInstant } from "../../contract/wall-clock";
import { ratePerMile } from "../modules/loads/load-visibility";
import { linkApprovedCarriers } from "../modules/companies/companies.service";
import { backfillScorecards } from "../modules/scorecards/scorecard-backfill";
import { DEMO_PASSWORD, DEMO_USERS } from "./accounts";
import { ABNORMAL, CARGO, DELIVERY_CONTACTS, INSTRUCTIONS, PICKUP_CONTACTS } from "./cargo";
import { PLACES, roadMiles } from "./places";
import { demoStops, lateAt, regularLane, type DemoStop } from "./stops";

/** mulberry32: a small seeded generator, so every demo database is the same. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A wall-clock time in UK time on a day relative to today. */
function ukTime(now: Date, dayOffset: number, hhmm: string): Date {
  const day = new Date(now.getTime() + dayOffset * 86_400_000);
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(day);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const [h, m] = hhmm.split(":").map(Number);
  return new Date(ukWallToInstant(get("year"), get("month"), get("day"), h, m));
}

export interface SeedResult {
  seeded: boolean;
  loads: number;
  accounts: { email: string; password: string; role: string; name: string; note?: string }[];
}

/** The demo sign-ins as stored (the admin may have been created by main's bootstrap). */
async function accountsOf(db: DbOrTx): Promise<SeedResult["accounts"]> {
  const out: SeedResult["accounts"] = [];
  for (const u of DEMO_USERS.filter((x) => ["admin", "manager", "carrier"].includes(x.key))) {
    const [row] = await db.select({ name: users.name, role: users.role }).from(users).where(sql`${users.email} = ${u.email}`);
    if (row) out.push({ email: u.email, password: DEMO_PASSWORD, role: row.role, name: row.name });
  }
  return out;
}

export async function seedDemo(opts: { db: DbOrTx; now: Date }): Promise<SeedResult> {
  const { db, now } = opts;
  const [any] = await db.select({ one: sql<number>`1` }).from(loads).limit(1);
  if (any) return { seeded: false, loads: 0, accounts: await accountsOf(db) };

  const rnd = seededRandom(20260601);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const year = now.getUTCFullYear();

  // users (the admin may already exist: main's bootstrap creates ADMIN_EMAIL first)
  const password = await hashPassword(DEMO_PASSWORD);
  const byKey = new Map<string, UserRow>();
  for (const [i, u] of DEMO_USERS.entries()) {
    const createdAt = new Date(now.getTime() - (120 - i * 9) * 86_400_000);
    await db
      .insert(users)
      .values({
        email: u.email,
        password,
        name: u.name,
        carrierName: u.carrierName,
        contactNumber: u.contactNumber,
        role: u.role,
        isAdmin: u.role === "admin",
        isApproved: u.isApproved,
        createdAt: u.isApproved ? createdAt : new Date(now.getTime() - 3 * 3_600_000),
        lastLoginAt: u.isApproved && u.key !== "hughes2" ? new Date(now.getTime() - (i + 1) * 5 * 3_600_000) : null,
      })
      .onConflictDoNothing();
    const [row] = await db.select().from(users).where(sql`${users.email} = ${u.email}`);
    byKey.set(u.key, row);
  }
  // every approved carrier in the company of its name, as approval would have put them;
  // names are unchanged, so the rows above stay as they are
  await linkApprovedCarriers(db, now);
  const staff = [byKey.get("admin")!, byKey.get("manager")!];
  const carriers = ["carrier", "hughes2", "pennine", "valleys", "highland", "midlands"].map((k) => byKey.get(k)!);
  // the company each carrier is in now (the stops are recorded for the company holding the load)
  const companyOf = new Map<string, string | null>();
  for (const c of carriers) {
    const [row] = await db.select({ companyId: users.companyId }).from(users).where(sql`${users.id} = ${c.id}`);
    companyOf.set(c.id, row?.companyId ?? null);
  }
  // the stops' own generator, so the rest of the data set is as it was before they were added
  const stopRnd = seededRandom(20261123);
  // nothing in the history happens in the future
  const latest = now.getTime() - 5 * 60_000;

  // 66 loads: every status, spread over the past month and the next two weeks
  const plan: string[] = [
    ...Array(28).fill("available"),
    ...Array(9).fill("accepted"),
    ...Array(9).fill("approved"),
    ...Array(14).fill("completed"),
    ...Array(6).fill("cancelled"),
  ];
  type BidSeed = Omit<typeof bids.$inferInsert, "loadId">;
  type ViewSeed = Omit<typeof loadViews.$inferInsert, "loadId">;
  type EventSeed = { action: string; from: string | null; to: string; actor: UserRow; at: Date; reason?: string };
  const specs: { values: typeof loads.$inferInsert; events: EventSeed[]; bids: BidSeed[]; views: ViewSeed[]; stops: DemoStop[] }[] = [];
  const timeTypes = ["exact", "before", "between"] as const;
  const fors = ["", "", "Bronze", "Silver", "Gold"] as const;

  for (const [i, status] of plan.entries()) {
    const lane = regularLane(i, status, PLACES[(i * 7 + 3) % PLACES.length], PLACES[(i * 11 + 5) % PLACES.length]);
    const from = lane.from;
    let to = lane.to;
    if (to === from) to = PLACES[(i * 11 + 6) % PLACES.length];
    const abnormal = i === 5 || i === 40;
    const cargo = i === 17 ? CARGO.find((c) => c.type.startsWith("Boxed"))! : abnormal ? ABNORMAL : pick(CARGO);
    const distance = roadMiles(from, to);
    const urgent = rnd() < 0.15;
    // a full artic: a day's minimum, then per mile; ADR and urgent loads pay more
    const perMile = distance < 60 ? between(5, 8) : distance < 150 ? between(3, 4) : between(2.3, 3.1);
    let price = Math.max(between(390, 520), distance * perMile) * (urgent ? 1.15 : 1) * (cargo.adr ? 1.2 : 1);
    if (cargo.weight[1] < 1000) price = Math.max(between(160, 220), distance * between(0.55, 0.8)); // part load
    // abnormal loads with escort pricing (the "Over £5,000" band)
    if (abnormal) price = between(5200, 7400);
    price = Math.round(price / 5) * 5 + (rnd() < 0.2 ? 0.5 : 0);
    const weight = Math.round(between(cargo.weight[0], cargo.weight[1]) / 10) * 10;

    const dayOffset =
      status === "available"
        ? Math.floor(between(1, 15))
        : status === "accepted"
          ? Math.floor(between(1, 6))
          : status === "approved"
            ? Math.floor(between(-1, 4))
            : status === "completed"
              ? -Math.floor(between(2, 30))
              : Math.floor(between(-10, 10));
    const pickupType = timeTypes[i % 3];
    const deliveryType = timeTypes[(i + 1) % 3];
    const pickupStart = pick(["06:00", "07:00", "07:30", "08:00", "09:00", "10:00"]);
    const pickupEnd = pick(["11:00", "12:00", "13:00"]);
    const transitDays = distance > 280 ? 1 : 0;
    const deliveryStart = transitDays ? pick(["07:00", "08:00", "09:00"]) : pick(["13:00", "14:00", "15:00"]);
    const deliveryEnd = transitDays ? pick(["12:00", "14:00"]) : pick(["16:00", "17:00"]);
    // two available loads have their date still to be confirmed
    const undated = status === "available" && (i === 3 || i === 21);
    const pickupDate = undated ? null : ukTime(now, dayOffset, pickupType === "before" ? pickupEnd : pickupStart);
    const deliveryDate = undated
      ? null
      : ukTime(now, dayOffset + transitDays, deliveryType === "before" ? deliveryEnd : deliveryStart);

    const createdAt = new Date(Math.min(now.getTime() - 3_600_000, (pickupDate ?? now).getTime() - between(2, 9) * 86_400_000));
    const values: typeof loads.$inferInsert = {
      loadNumber: "", // numbered below, in the order the loads were created
      status,
      pickupAddress: from.address,
      pickupCity: from.town,
      pickupState: from.county,
      pickupZip: from.postcode,
      pickupDate,
      pickupTimeType: pickupType,
      pickupStartTime: pickupType === "before" ? null : pickupStart,
      pickupEndTime: pickupType === "exact" ? null : pickupEnd,
      pickupContact: pick(PICKUP_CONTACTS),
      pickupReference: `COL-${Math.floor(between(100000, 999999))}`,
      pickupInstructions: pick(INSTRUCTIONS),
      deliveryAddress: to.address,
      deliveryCity: to.town,
      deliveryState: to.county,
      deliveryZip: to.postcode,
      deliveryDate,
      deliveryTimeType: deliveryType,
      deliveryStartTime: deliveryType === "before" ? null : deliveryStart,
      deliveryEndTime: deliveryType === "exact" ? null : deliveryEnd,
      deliveryContact: pick(DELIVERY_CONTACTS),
      deliveryReference: `DEL-${year}-${String(Math.floor(between(1000, 9999)))}`,
      deliveryInstructions: pick(INSTRUCTIONS),
      weight,
      length: Math.round(between(cargo.length[0], cargo.length[1]) * 10) / 10,
      width: cargo.width,
      height: Math.round(between(cargo.height[0], cargo.height[1]) * 10) / 10,
      distance,
      price,
      ratePerMile: ratePerMile(price, distance),
      cargoType: cargo.type,
      equipmentType: cargo.equipment,
      isUrgent: urgent,
      isTemperatureControlled: !!cargo.temperature,
      adr: !!cargo.adr,
      waste: !!cargo.waste,
      tailLift: !!cargo.tailLift,
      moffett: !!cargo.moffett,
      edgeProtectors: !!cargo.edgeProtectors,
      forsRequirement: fors[i % fors.length],
      createdAt,
      updatedAt: createdAt,
    };

    const events: EventSeed[] = [
      { action: "create", from: null, to: "available", actor: staff[i % 2], at: createdAt },
    ];
    const carrier = i % 5 === 0 ? carriers[0] : carriers[i % carriers.length];
    let stops: DemoStop[] = [];
    if (["accepted", "approved", "completed"].includes(status) || (status === "cancelled" && i % 2 === 0)) {
      const acceptedAt = new Date(createdAt.getTime() + between(1, 30) * 3_600_000);
      values.acceptedBy = carrier.id;
      values.acceptedByCarrier = carrier.carrierName;
      values.acceptedAt = acceptedAt;
      events.push({ action: "accept", from: "available", to: "accepted", actor: carrier, at: acceptedAt });
      if (status !== "accepted") {
        const approvedAt = new Date(acceptedAt.getTime() + between(1, 6) * 3_600_000);
        events.push({ action: "approve", from: "accepted", to: "approved", actor: staff[0], at: approvedAt });
        // the driver's arrivals and departures, as far as they have happened
        stops = demoStops({ rnd: stopRnd, load: values, from, to, late: lateAt(i), now, latest });
        if (status === "completed") {
          // signed for as the driver left; the POD sent from about twenty minutes to thirty hours later
          const pickedUp = stops[0]?.departedAt ?? pickupDate ?? approvedAt;
          const delivered = stops[1]?.departedAt ?? deliveryDate ?? new Date(pickedUp.getTime() + 6 * 3_600_000);
          values.pickupSignedBy = pick(["M. Taylor", "J. Hughes", "S. Collins", "A. Khan", "P. Reid"]);
          values.pickupSignedDate = pickedUp;
          values.deliverySignedBy = pick(["E. Wilson", "L. O'Neill", "G. Price", "R. Singh", "K. Brown"]);
          values.deliverySignedDate = delivered;
          values.completedAt = new Date(delivered.getTime() + Math.round((0.3 + stopRnd() ** 2 * 30) * 60) * 60_000);
          values.updatedAt = values.completedAt;
          events.push({ action: "complete", from: "approved", to: "completed", actor: carrier, at: values.completedAt });
        } else if (status === "approved" && i % 3 === 0 && pickupDate && pickupDate < now) {
          // collected, not yet delivered: a "Partial" POD
          values.pickupSignedBy = "D. Hughes";
          values.pickupSignedDate = stops[0]?.departedAt ?? pickupDate;
        }
      }
    }
    if (status === "cancelled") {
      const cancelledAt = new Date(events[events.length - 1].at.getTime() + between(1, 24) * 3_600_000);
      const fromStatus = values.acceptedBy ? "approved" : "available";
      events.push({ action: "cancel", from: fromStatus, to: "cancelled", actor: staff[i % 2], at: cancelledAt, reason: pick(["Customer cancelled the order", "Goods not ready: rebooking next week", "Site closed for the day"]) });
      values.updatedAt = cancelledAt;
    }

    for (const e of events) if (e.at.getTime() > latest) e.at = new Date(latest);
    for (const k of ["acceptedAt", "completedAt", "updatedAt"] as const) {
      const d = values[k];
      if (d instanceof Date && d.getTime() > latest) values[k] = new Date(latest);
    }
    const spec = { values, events, bids: [] as BidSeed[], views: [] as ViewSeed[], stops };
    specs.push(spec);

    // bids: pending ones on open loads, rejected ones where someone else won
    const bidders = carriers.filter((c) => c.id !== values.acceptedBy);
    if (status === "available" && i % 2 === 0) {
      const n = 1 + (i % 4);
      for (let b = 0; b < n; b++) {
        const bidder = bidders[(i + b) % bidders.length];
        const at = new Date(now.getTime() - between(5, 600) * 60_000);
        spec.bids.push({
          carrierId: bidder.id,
          bidAmount: Math.round(price * between(0.85, 1.08) * 100) / 100,
          listedPrice: price,
          notes: pick([null, "Can collect a day early if that helps.", "Return load wanted from this area.", "Price includes straps and edge protection.", null]),
          status: "pending",
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    if (status === "available" && i % 4 === 1) {
      // an earlier offer the office turned down
      const at = new Date(now.getTime() - between(24, 72) * 3_600_000);
      spec.bids.push({ carrierId: bidders[i % bidders.length].id, bidAmount: Math.round(price * 0.7), listedPrice: price, notes: "Best I can do.", status: "rejected", createdAt: at, updatedAt: at });
    }
    if ((status === "approved" || status === "completed") && i % 3 === 0 && values.acceptedBy) {
      // won through a bid: the winning bid and the losers; the award set the price to the
      // winning amount, so the bids were made on a listing a little above it
      const at = new Date(createdAt.getTime() + 3_600_000);
      const listedPrice = Math.round(price * 1.05);
      spec.bids.push({ carrierId: values.acceptedBy, bidAmount: price, listedPrice, notes: "Available same day.", status: "accepted", createdAt: at, updatedAt: at });
      spec.bids.push({ carrierId: bidders[0].id, bidAmount: Math.round(price * 1.06), listedPrice, status: "rejected", createdAt: at, updatedAt: at });
    }

    // who has looked at it
    const viewers = status === "available" ? carriers.slice(0, 1 + (i % 4)) : values.acceptedBy ? [carrier] : [];
    for (const [v, viewer] of viewers.entries()) {
      spec.views.push({ userId: viewer.id, viewedAt: new Date(now.getTime() - (v + 1) * between(10, 300) * 60_000) });
    }
  }

  // numbers follow creation order, PO numbers approval order, as in real use
  specs.sort((a, b) => a.values.createdAt!.getTime() - b.values.createdAt!.getTime());
  specs.forEach((spec, n) => (spec.values.loadNumber = `FN-${year}-${String(n + 1).padStart(3, "0")}`));
  const approvals = specs
    .map((spec) => ({ spec, at: spec.events.find((e) => e.action === "approve")?.at }))
    .filter((x): x is { spec: (typeof specs)[number]; at: Date } => !!x.at)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  approvals.forEach(({ spec }, n) => (spec.values.mandataNumber = `PO-${year}-${String(n + 1).padStart(5, "0")}`));

  for (const spec of specs) {
    const [row] = await db.insert(loads).values(spec.values).returning({ id: loads.id });
    for (const e of spec.events) {
      await db.insert(loadEvents).values({
        loadId: row.id,
        actorId: e.actor.id,
        actorName: e.actor.name,
        action: e.action,
        fromStatus: e.from,
        toStatus: e.to,
        reason: e.reason ?? null,
        createdAt: e.at,
      });
    }
    if (spec.bids.length) await db.insert(bids).values(spec.bids.map((b) => ({ ...b, loadId: row.id })));
    if (spec.views.length) await db.insert(loadViews).values(spec.views.map((v) => ({ ...v, loadId: row.id })));
    const companyId = spec.values.acceptedBy ? (companyOf.get(spec.values.acceptedBy) ?? null) : null;
    for (const { positions, ...stop } of spec.stops) {
      await db.insert(loadStops).values({ ...stop, loadId: row.id, companyId, createdAt: stop.arrivedAt, updatedAt: stop.departedAt });
      if (positions.length) await db.insert(stopPositions).values(positions.map((p) => ({ ...p, loadId: row.id, userId: spec.values.acceptedBy })));
    }
  }
  // the scorecards, from the loads and their stops (in the caller's transaction when there is one)
  await backfillScorecards({ db, now });
  return { seeded: true, loads: specs.length, accounts: await accountsOf(db) };
}
