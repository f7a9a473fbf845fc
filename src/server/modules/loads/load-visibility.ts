// Who may see which load, and which fields: one place for the whole server
// (carriers see a load's addresses and contacts only once it is theirs and approved).
import { and, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { loads, type LoadRow, type UserRow } from "../../db/schema";
import { isStaffRole } from "../../../contract/constants";
import { PRIVATE_LOAD_FIELDS, type Load } from "../../../contract/schemas/load";
import { iso, money } from "../../lib/serialize";
import { isLoadExpired } from "../../../contract/load-dates";
import { ukStartOfDay } from "../../../contract/wall-clock";

export type Viewer = Pick<UserRow, "id" | "role" | "isAdmin" | "carrierName">;

/** A carrier's own load: accepted by them, or by their company name. */
export function isOwnLoad(load: Pick<LoadRow, "acceptedBy" | "acceptedByCarrier">, viewer: Viewer): boolean {
  return load.acceptedBy === viewer.id || (!!viewer.carrierName && load.acceptedByCarrier === viewer.carrierName);
}

/** May this viewer know the load exists? */
export function canSeeLoad(load: Pick<LoadRow, "status" | "acceptedBy" | "acceptedByCarrier">, viewer: Viewer): boolean {
  if (isStaffRole(viewer)) return true;
  if (load.status === "available") return true;
  return ["accepted", "approved", "completed"].includes(load.status) && isOwnLoad(load, viewer);
}

/** Postcodes, addresses, contacts, references and PO number: staff, or the carrier holding the load once approved. */
export function canSeePrivate(load: Pick<LoadRow, "status" | "acceptedBy" | "acceptedByCarrier">, viewer: Viewer): boolean {
  if (isStaffRole(viewer)) return true;
  return (load.status === "approved" || load.status === "completed") && isOwnLoad(load, viewer);
}

/** A carrier's own taken loads (accepted, approved, completed), as SQL: the same rule as isOwnLoad. */
export function ownTakenLoadsWhere(viewer: Viewer): SQL {
  const own = viewer.carrierName
    ? or(eq(loads.acceptedBy, viewer.id), eq(loads.acceptedByCarrier, viewer.carrierName))
    : eq(loads.acceptedBy, viewer.id);
  return and(inArray(loads.status, ["accepted", "approved", "completed"]), own) ?? sql`false`;
}

/**
 * ownTakenLoadsWhere with the viewer left as placeholders `viewerId` and
 * `carrierName`, for a query prepared once and run for every carrier. A null
 * carrierName matches nothing (`= NULL` is never true), as in isOwnLoad.
 */
export function ownTakenLoadsWherePrepared(): SQL {
  const own = or(eq(loads.acceptedBy, sql.placeholder("viewerId")), eq(loads.acceptedByCarrier, sql.placeholder("carrierName")));
  return and(inArray(loads.status, ["accepted", "approved", "completed"]), own) ?? sql`false`;
}

/**
 * The UK day last asked about: every board request asks, and working the day out
 * from the time zone's rules was an eighth of the poll path's CPU. Any instant
 * outside it (the next day, or an earlier one under a test's clock) works it out again.
 */
let lastUkDay = { from: Infinity, until: -Infinity };
/**
 * Contract: an available load whose pickup day (UK time) has ended is expired. As
 * SQL, from the start of today in UK time (loads without a pickup date never expire):
 * derived from the clock each time, no job and no stored state.
 */
export function ukToday(now: Date): Date {
  const t = now.getTime();
  if (t < lastUkDay.from || t >= lastUkDay.until) {
    const start = ukStartOfDay(t);
    // a UK day lasts 23 to 25 hours, so 36 hours after its start is always in the next day
    lastUkDay = { from: start, until: ukStartOfDay(start + 36 * 3_600_000) };
  }
  return new Date(lastUkDay.from);
}
export function onBoardWhere(today: Date): SQL {
  return and(eq(loads.status, "available"), or(isNull(loads.pickupDate), gte(loads.pickupDate, today))) ?? sql`false`;
}
export function expiredWhere(today: Date): SQL {
  return and(eq(loads.status, "available"), lt(loads.pickupDate, today)) ?? sql`false`;
}

/**
 * The same rule as canSeeLoad, as SQL for lists (undefined = no restriction), less
 * the expired loads: they leave the carrier board (contract), though a carrier who
 * had one open may still read it (and is told it is no longer available).
 */
export function visibleLoadsWhere(viewer: Viewer, today: Date): SQL | undefined {
  if (isStaffRole(viewer)) return undefined;
  return or(onBoardWhere(today), ownTakenLoadsWhere(viewer)) ?? sql`false`;
}

/** Row → response, with every field the viewer may not see set to null; `now` says whether it has expired. */
export function toLoad(row: LoadRow, viewer: Viewer, now: Date): Load {
  const load: Load = {
    id: row.id,
    loadNumber: row.loadNumber,
    mandataNumber: row.mandataNumber,
    status: row.status as Load["status"],
    pickupAddress: row.pickupAddress,
    pickupCity: row.pickupCity,
    pickupState: row.pickupState,
    pickupZip: row.pickupZip,
    pickupDate: iso(row.pickupDate),
    pickupTimeType: row.pickupTimeType as Load["pickupTimeType"],
    pickupStartTime: row.pickupStartTime,
    pickupEndTime: row.pickupEndTime,
    pickupContact: row.pickupContact,
    pickupReference: row.pickupReference,
    pickupInstructions: row.pickupInstructions,
    deliveryAddress: row.deliveryAddress,
    deliveryCity: row.deliveryCity,
    deliveryState: row.deliveryState,
    deliveryZip: row.deliveryZip,
    deliveryDate: iso(row.deliveryDate),
    deliveryTimeType: row.deliveryTimeType as Load["deliveryTimeType"],
    deliveryStartTime: row.deliveryStartTime,
    deliveryEndTime: row.deliveryEndTime,
    deliveryContact: row.deliveryContact,
    deliveryReference: row.deliveryReference,
    deliveryInstructions: row.deliveryInstructions,
    weight: row.weight,
    length: row.length == null ? null : Number(row.length),
    width: row.width == null ? null : Number(row.width),
    height: row.height == null ? null : Number(row.height),
    distance: row.distance,
    price: money(row.price) ?? 0,
    ratePerMile: money(row.ratePerMile),
    cargoType: row.cargoType,
    equipmentType: row.equipmentType as Load["equipmentType"],
    isUrgent: row.isUrgent,
    isTemperatureControlled: row.isTemperatureControlled,
    adr: row.adr,
    waste: row.waste,
    tailLift: row.tailLift,
    moffett: row.moffett,
    edgeProtectors: row.edgeProtectors,
    forsRequirement: row.forsRequirement,
    acceptedBy: row.acceptedBy,
    acceptedByCarrier: row.acceptedByCarrier,
    acceptedAt: iso(row.acceptedAt),
    completedAt: iso(row.completedAt),
    pickupSignedBy: row.pickupSignedBy,
    pickupSignedDate: iso(row.pickupSignedDate),
    deliverySignedBy: row.deliverySignedBy,
    deliverySignedDate: iso(row.deliverySignedDate),
    signedPaperworkUrl: row.signedPaperworkUrl,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    expired: isLoadExpired(row, now),
  };
  if (!canSeePrivate(row, viewer)) {
    for (const f of PRIVATE_LOAD_FIELDS) load[f] = null;
  }
  return load;
}

/** ratePerMile = price / distance, 2 dp; none without a distance. */
export function ratePerMile(price: number, distance: number | null | undefined): number | null {
  if (!distance || distance <= 0) return null;
  return Math.round((price / distance) * 100) / 100;
}
