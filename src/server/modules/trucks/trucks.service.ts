// Trucks: a carrier company posts the capacity it has free, lists its own, and
// reads the loads that match each; staff list every open truck (near a place, on a
// day) and offer a load to one. A truck is open until a member books a load from
// it (booked) or its last UK day ends (expired: derived, never stored). Another
// company's truck is one the caller may not know of: 404. Changes publish their
// event in their own transaction (truck.posted, truck.closed, truck.offered); what
// follows (notifications, the webhook) is the subscribers' (truck-reactions.ts).
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso } from "../../lib/serialize";
import { isStaffRole } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { pageOf, type PageQuery } from "../../../contract/schemas/page";
import {
  MAX_AVAILABLE_DAYS,
  MAX_OPEN_TRUCKS,
  TRUCK_MSG,
  type MatchedLoad,
  type Truck,
  type TruckInputParsed,
  type TruckStatus,
  type truckListQuerySchema,
} from "../../../contract/schemas/truck";
import { toLoad } from "../loads/load-visibility";
import { parseYmd } from "../loads/uk-day";
import { districtsWithin } from "../distance/distance.service";
import { parsePostcode } from "../distance/postcodes";
import { addDays, centroidOf, lastDayOf, matchesTruck, postcodeTable, todayKey, truckEmptyMiles } from "./truck-matching";
import * as repo from "./trucks.repository";

export type Viewer = Pick<UserRow, "id" | "role" | "isAdmin" | "companyId" | "carrierName" | "name">;

/** Contract: open, booked, or expired once its last UK day is over. */
export function statusOf(row: Pick<repo.TruckWithCompany, "status" | "availableOn" | "availableUntil">, today: string): TruckStatus {
  if (row.status === "booked") return "booked";
  return lastDayOf(row) < today ? "expired" : "open";
}

export function toTruck(row: repo.TruckWithCompany, today: string): Truck {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    availableOn: row.availableOn,
    availableUntil: row.availableUntil,
    originPostcode: row.originPostcode,
    destinationPostcode: row.destinationPostcode,
    equipmentType: row.equipmentType as Truck["equipmentType"],
    maxWeightKg: row.maxWeightKg,
    notes: row.notes,
    status: statusOf(row, today),
    createdAt: iso(row.createdAt)!,
  };
}

const fieldError = (path: string, message: string) => new AppError(400, message, [{ path, message }]);
const notFound = () => new AppError(404, TRUCK_MSG.notFound);

/** The caller may know of this truck: staff, or a member of its company. */
function canSee(viewer: Viewer, truck: Pick<repo.TruckWithCompany, "companyId">): boolean {
  return isStaffRole(viewer) || (!!viewer.companyId && viewer.companyId === truck.companyId);
}

// ---------------------------------------------------------------- posting

/** The place given, as its district and that district's centroid; 400 under `path` when the table does not know it. */
function placeOf(table: Awaited<ReturnType<typeof postcodeTable>>, postcode: string, path: string, message: string) {
  const parsed = parsePostcode(postcode);
  const centre = parsed ? centroidOf(table, parsed.outward) : null;
  if (!parsed || !centre) throw fieldError(path, message);
  return { district: parsed.outward, lat: centre.lat, lng: centre.lon };
}

/**
 * POST /api/trucks. The day rules need today's UK date (not in the past; until not
 * before it and at most 14 days after); at most 20 open trucks a company, counted
 * under the company's row lock so two posts at once cannot both be the 20th.
 */
export async function postTruck(opts: { ctx: AppContext; actor: Viewer; input: TruckInputParsed }): Promise<Truck> {
  const { ctx, actor, input } = opts;
  if (isStaffRole(actor)) throw new AppError(403, TRUCK_MSG.staffOnly);
  if (!actor.companyId) throw new AppError(403, MSG.forbidden);
  const now = ctx.clock.now();
  const today = todayKey(now);
  if (!parseYmd(input.availableOn)) throw fieldError("availableOn", TRUCK_MSG.availableOn);
  if (input.availableOn < today) throw fieldError("availableOn", TRUCK_MSG.availableOnPast);
  const until = input.availableUntil ?? null;
  if (until !== null) {
    if (!parseYmd(until)) throw fieldError("availableUntil", TRUCK_MSG.availableUntil);
    if (until < input.availableOn) throw fieldError("availableUntil", TRUCK_MSG.untilBeforeOn);
    if (until > addDays(input.availableOn, MAX_AVAILABLE_DAYS)) throw fieldError("availableUntil", TRUCK_MSG.untilTooLate);
  }
  const table = await postcodeTable(ctx.config);
  const origin = placeOf(table, input.originPostcode, "originPostcode", TRUCK_MSG.origin);
  const destination = input.destinationPostcode ? placeOf(table, input.destinationPostcode, "destinationPostcode", TRUCK_MSG.destination) : null;

  return ctx.db.transaction(async (tx) => {
    const company = await repo.lockCompany(tx, actor.companyId!);
    if (!company) throw new AppError(403, MSG.forbidden);
    if ((await repo.countOpenTrucks(tx, company.id, today)) >= MAX_OPEN_TRUCKS) throw new AppError(409, TRUCK_MSG.tooMany);
    const row = await repo.insertTruck(tx, {
      companyId: company.id,
      createdBy: actor.id,
      availableOn: input.availableOn,
      availableUntil: until,
      originPostcode: input.originPostcode,
      originDistrict: origin.district,
      originLat: origin.lat,
      originLng: origin.lng,
      destinationPostcode: input.destinationPostcode,
      destinationDistrict: destination?.district ?? null,
      destinationLat: destination?.lat ?? null,
      destinationLng: destination?.lng ?? null,
      equipmentType: input.equipmentType,
      maxWeightKg: input.maxWeightKg,
      notes: input.notes,
      status: "open",
      createdAt: now,
      updatedAt: now,
    });
    const truck = toTruck({ ...row, companyName: company.name }, today);
    await ctx.events.publish(tx, [{ type: "truck.posted", occurredAt: now, actor: { id: actor.id, name: actor.name }, loadId: null, loadNumber: null, data: { truck } }]);
    return truck;
  });
}

// ---------------------------------------------------------------- reading

/**
 * GET /api/trucks: a carrier their company's, every status, newest first (none
 * without a company); staff every open truck, soonest free first, near a place
 * (`miles`, default 50, between district centroids) and available on a day.
 */
export async function listTrucks(opts: { ctx: AppContext; viewer: Viewer; query: z.output<typeof truckListQuerySchema> }): Promise<{ items: Truck[]; total: number }> {
  const { ctx, viewer, query } = opts;
  const today = todayKey(ctx.clock.now());
  let filter: repo.TruckFilter;
  if (!isStaffRole(viewer)) {
    if (!viewer.companyId) return { items: [], total: 0 };
    filter = { companyId: viewer.companyId };
  } else {
    filter = { openFrom: today, on: query.on };
    if (query.on && !parseYmd(query.on)) throw fieldError("on", "on must be a day (YYYY-MM-DD)");
    if (query.near) {
      const parsed = parsePostcode(query.near);
      if (!parsed) throw fieldError("near", MSG.postcode);
      const districts = districtsWithin(await postcodeTable(ctx.config), parsed.outward, query.miles ?? 50);
      if (!districts) throw fieldError("near", MSG.postcode);
      filter.originDistricts = districts;
    }
  }
  const where = repo.truckWhere(filter);
  const page = pageOf(query);
  const [rows, total] = await Promise.all([repo.listTruckRows(ctx.db, where, isStaffRole(viewer) ? "soonest" : "newest", page), repo.countTruckRows(ctx.db, where)]);
  return { items: rows.map((r) => toTruck(r, today)), total };
}

/**
 * GET /api/trucks/{id}/matches: available loads that fit the open truck, best first
 * (empty miles to the pickup, then rate per mile); a booked or expired truck has none.
 */
export async function truckMatches(opts: { ctx: AppContext; viewer: Viewer; id: string; page: PageQuery }): Promise<{ items: MatchedLoad[]; total: number }> {
  const { ctx, viewer, id } = opts;
  const now = ctx.clock.now();
  const truck = await repo.findTruck(ctx.db, id);
  if (!truck || !canSee(viewer, truck)) throw notFound();
  if (statusOf(truck, todayKey(now)) !== "open") return { items: [], total: 0 };
  const table = await postcodeTable(ctx.config);
  const { rows, total } = await repo.bestLoads(ctx.db, { where: matchesTruck(table, truck, now), emptyMiles: truckEmptyMiles(table, truck), ...pageOf(opts.page) });
  return { items: rows.map(({ emptyMiles, ...row }) => ({ ...toLoad(row, viewer, now), emptyMiles })), total };
}

// ---------------------------------------------------------------- withdrawing and offering

/** DELETE /api/trucks/{id}: its company's members or staff; an open truck withdrawn publishes truck.closed. */
export async function deleteTruck(opts: { ctx: AppContext; actor: Viewer; id: string }): Promise<void> {
  const { ctx, actor, id } = opts;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const truck = await repo.findTruck(tx, id, true);
    if (!truck || !canSee(actor, truck)) throw notFound();
    const wasOpen = statusOf(truck, todayKey(now)) === "open";
    await repo.deleteTruckRow(tx, id);
    if (wasOpen) {
      await ctx.events.publish(tx, [
        { type: "truck.closed", occurredAt: now, actor: { id: actor.id, name: actor.name }, loadId: null, loadNumber: null, data: { truckId: id, companyId: truck.companyId, status: "withdrawn" } },
      ]);
    }
  });
}

/**
 * POST /api/trucks/{id}/offer (staff): an open truck (else 409) and a load on the
 * board (else 409; no such load 404). truck.offered is published; its subscriber
 * tells the company's members (truck_offer, in the app and by email).
 */
export async function offerLoad(opts: { ctx: AppContext; actor: Viewer; id: string; loadId: string }): Promise<Truck> {
  const { ctx, actor, id, loadId } = opts;
  if (!isStaffRole(actor)) throw new AppError(403, MSG.forbidden);
  const now = ctx.clock.now();
  const today = todayKey(now);
  return ctx.db.transaction(async (tx) => {
    const truck = await repo.findTruck(tx, id, true);
    if (!truck) throw notFound();
    if (statusOf(truck, today) !== "open") throw new AppError(409, TRUCK_MSG.notOpen);
    const load = await repo.findLoadRow(tx, loadId);
    if (!load) throw new AppError(404, MSG.notFound);
    // on the board: available, its pickup UK day not over
    if (load.status !== "available" || (load.pickupDate && todayKey(load.pickupDate) < today)) throw new AppError(409, TRUCK_MSG.loadNotAvailable);
    await ctx.events.publish(tx, [
      { type: "truck.offered", occurredAt: now, actor: { id: actor.id, name: actor.name }, loadId: load.id, loadNumber: load.loadNumber, data: { truckId: id, companyId: truck.companyId, match: false } },
    ]);
    return toTruck(truck, today);
  });
}
