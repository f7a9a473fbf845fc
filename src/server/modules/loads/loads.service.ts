// The load rules: who may do what, transactions, numbers and money (services
// are verbs with one options object). Every status change goes through
// transitionLoad(); every load that leaves the server goes through toLoad().
import { type SQL } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { loads, type LoadRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { MSG } from "../../../contract/messages";
import { loadFiltersSchema, type Load, type LoadInputParsed } from "../../../contract/schemas/load";
import type { AppContext } from "../../context";
import { nextPoNumber, recordLoadHistory, transitionLoad } from "./load-transition";
import { changedFields, loadEvent } from "./load-events";
import { assertStorableText } from "../../lib/storable-text";
import { ratePerMile, toLoad, type Viewer } from "./load-visibility";
import { findLoad, insertLoad, isUniqueViolation, maxLoadNumberSeq, updateLoadRow, loadFiltersWhere } from "./loads.repository";
import { toListQuery, withNearDistricts } from "./load-list";
import type { Config } from "../../config";
import { parse } from "../../lib/validate";
import { parseYmd, ukDayStart } from "./uk-day";
import { copiedLoadDates, instantOf, loadDateProblems, podDateProblems } from "../../../contract/load-dates";

import { requireStaffActor, visibleRow, type Actor } from "./load-access";

export const POD_LOCKED = MSG.podLocked;
const LOAD_NUMBER_KEY = "loads_load_number_key";

// ---------------------------------------------------------------- one load


export async function getLoad(opts: { db: DbOrTx; viewer: Viewer; id: string; now: Date }): Promise<Load> {
  return toLoad(await visibleRow(opts.db, opts.viewer, opts.id), opts.viewer, opts.now);
}

// ---------------------------------------------------------------- numbers

/** FN-{year}-{3 digits}, highest existing of the year + 1; past 999 it keeps counting. */
export async function nextLoadNumber(opts: { db: DbOrTx; now: Date }): Promise<string> {
  const year = opts.now.getUTCFullYear();
  const last = await maxLoadNumberSeq(opts.db, year);
  return `FN-${year}-${String(last + 1).padStart(3, "0")}`;
}

// ---------------------------------------------------------------- create, edit, copy

export { assertStorableText };
export { loadEvent } from "./load-events";

const DATE_FIELDS = ["pickupDate", "deliveryDate", "pickupSignedDate", "deliverySignedDate"] as const;

/** An ISO date-time, or a bare date meaning the start of that UK day. */
function toDate(value: string | null | undefined, path: string): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const ymd = parseYmd(value);
  const d = ymd ? ukDayStart(...ymd) : /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw new AppError(400, MSG.invalidDate, [{ path, message: MSG.invalidDate }]);
  return d;
}

/** numeric(7,2): the largest rate per mile the column holds */
const MAX_RATE_PER_MILE = 99_999.99;

function computeRate(price: number, distance: number | null | undefined): number | null {
  const rate = ratePerMile(price, distance);
  if (rate != null && rate > MAX_RATE_PER_MILE) {
    const message = "Rate per mile is too high: check the price and the distance";
    throw new AppError(400, message, [{ path: "distance", message }]);
  }
  return rate;
}

type LoadValues = Partial<LoadRow>;

/**
 * Body → columns. With `present` (an edit), only the fields the client sent are
 * changed, so a form that does not carry a field (PO number, signatories) never
 * wipes it by accident.
 */
function inputToValues(input: LoadInputParsed, present?: Set<string>): LoadValues {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === "loadNumber") continue;
    if (present && !present.has(key)) continue;
    if (value === undefined) continue;
    out[key] = (DATE_FIELDS as readonly string[]).includes(key) ? toDate(value as string | null, key) : value;
  }
  return out as LoadValues;
}

type DatedValues = Pick<LoadValues, "pickupDate" | "deliveryDate" | "pickupSignedDate" | "deliverySignedDate">;

/**
 * Contract "Loads": dates that make sense (on create, and on edit when a date
 * changes) and POD signature dates that do (when staff change them), judged by the
 * app's clock. Every problem is one detail under its field; the first is the error.
 */
function assertSensibleDates(opts: { next: DatedValues; before?: DatedValues; now: Date }): void {
  const { next, before, now } = opts;
  const details = loadDateProblems({ pickupDate: next.pickupDate, deliveryDate: next.deliveryDate, before, now });
  const signedChanged =
    !before ||
    instantOf(next.pickupSignedDate) !== instantOf(before.pickupSignedDate) ||
    instantOf(next.deliverySignedDate) !== instantOf(before.deliverySignedDate);
  if (signedChanged) details.push(...podDateProblems({ pickupSignedDate: next.pickupSignedDate, deliverySignedDate: next.deliverySignedDate, now }));
  if (details.length) throw new AppError(400, details[0].message, details);
}


/** The PO number approving would issue now (staff: the Approve dialog offers it). */
export async function nextPoNumberPreview(opts: { db: DbOrTx; actor: Actor; now: Date }): Promise<string> {
  requireStaffActor(opts.actor);
  return nextPoNumber(opts.db, opts.now);
}

/** contract: a load number already taken (POST /api/loads 409; the CSV import says it under the row) */
export const duplicateNumberMessage = (loadNumber: string) => `Load number ${loadNumber} already exists`;

function duplicateNumber(loadNumber: string): AppError {
  return new AppError(409, duplicateNumberMessage(loadNumber), [{ path: "loadNumber", message: duplicateNumberMessage(loadNumber) }]);
}

/**
 * Insert with an automatic number: two staff creating loads at once may compute the
 * same next number; the unique index refuses the second, which simply tries again.
 */
async function insertWithNumber(
  db: Db,
  opts: { loadNumber?: string | null; now: Date; build: (loadNumber: string) => typeof loads.$inferInsert; after: (tx: Tx, row: LoadRow) => Promise<void> },
): Promise<LoadRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const loadNumber = opts.loadNumber || (await nextLoadNumber({ db: tx, now: opts.now }));
        const row = await insertLoad(tx, opts.build(loadNumber));
        await opts.after(tx, row);
        return row;
      });
    } catch (err) {
      if (!isUniqueViolation(err, LOAD_NUMBER_KEY)) throw err;
      if (opts.loadNumber) throw duplicateNumber(opts.loadNumber);
      if (attempt >= 9) throw new AppError(409, "Could not allocate a load number, please try again");
    }
  }
}

const POD_NOT_APPROVED = "Both signatures can only be recorded on an approved load";

/** A new load's columns (all but its number) */
export type NewLoadValues = Omit<typeof loads.$inferInsert, "loadNumber">;

/**
 * The rules a new load must pass beyond its shape (dates, POD, rate per mile) and
 * the columns it is inserted with: POST /api/loads and the CSV import
 * (integrations/import) both create through this and createdLoadEvents, so an
 * imported load is judged and recorded exactly as one posted by hand.
 * AppError (400 with details, 409) when a rule refuses it.
 */
export function newLoadValues(opts: { actor: Actor; input: LoadInputParsed; now: Date }): NewLoadValues {
  const { actor, input, now } = opts;
  requireStaffActor(actor);
  // a new load is available: both signatures would lock it uncompleted
  if (input.pickupSignedBy && input.deliverySignedBy) throw new AppError(409, POD_NOT_APPROVED, [{ path: "deliverySignedBy", message: POD_NOT_APPROVED }]);
  const values = inputToValues(input);
  assertSensibleDates({ next: values, now });
  const rate = computeRate(input.price, input.distance);
  return { ...values, ratePerMile: rate, status: "available", createdAt: now, updatedAt: now } as NewLoadValues;
}

/**
 * What creating loads records in their transaction: each one's history line and
 * its load.created event (whoever reacts to a new load subscribes to that).
 */
export async function createdLoadEvents(
  tx: Tx,
  opts: { ctx: AppContext; actor: Actor; rows: Pick<LoadRow, "id" | "loadNumber" | "status">[]; now: Date; via?: "form" | "import" },
): Promise<void> {
  const { ctx, actor, rows, now } = opts;
  await recordLoadHistory(
    tx,
    rows.map((row) => ({ loadId: row.id, actor, action: "create", toStatus: row.status, now })),
  );
  await ctx.events.publish(
    tx,
    rows.map((load) => loadEvent({ type: "load.created", load, actor, now, data: { via: opts.via ?? "form" } })),
  );
}

export async function createLoad(opts: { ctx: AppContext; db: Db; actor: Actor; input: LoadInputParsed; now: Date }): Promise<Load> {
  const { ctx, db, actor, input, now } = opts;
  const values = newLoadValues({ actor, input, now });
  const row = await insertWithNumber(db, {
    loadNumber: input.loadNumber,
    now,
    build: (loadNumber) => ({ ...values, loadNumber }) as never,
    after: (tx, row) => createdLoadEvents(tx, { ctx, actor, rows: [row], now }),
  });
  return toLoad(row, actor, now);
}

export async function updateLoad(opts: { ctx: AppContext; db: Db; actor: Actor; id: string; input: LoadInputParsed; present: Set<string>; now: Date }): Promise<Load> {
  const { ctx, db, actor, id, input, present, now } = opts;
  requireStaffActor(actor);
  const values = inputToValues(input, present);
  try {
    const row = await db.transaction(async (tx) => {
      // the POD lock is checked on the locked row, in the same transaction as the edit
      const current = await findLoad(tx, id, { lock: true });
      if (!current) throw new AppError(404, MSG.notFound);
      if (current.pickupSignedBy && current.deliverySignedBy) throw new AppError(409, POD_LOCKED);
      assertSensibleDates({ next: { ...current, ...values }, before: current, now });
      const price = values.price ?? current.price;
      const distance = values.distance !== undefined ? values.distance : current.distance;
      const changes: LoadValues = { ...values, ratePerMile: computeRate(Number(price), distance), updatedAt: now };
      if (input.loadNumber && input.loadNumber !== current.loadNumber) changes.loadNumber = input.loadNumber;
      const signed = (f: "pickupSignedBy" | "deliverySignedBy") => (f in changes ? changes[f] : current[f]);
      const bothSigned = Boolean(signed("pickupSignedBy") && signed("deliverySignedBy"));
      // both signatories complete an approved load; on a load not yet approved
      // they would lock it without completing it, so they are refused
      if (bothSigned && current.status !== "approved") throw new AppError(409, POD_NOT_APPROVED);
      const updated = await updateLoadRow(tx, id, changes);
      // one history line and one event per change: the completion carries the edit with it
      if (bothSigned) {
        const { load } = await transitionLoad({ ctx, tx, loadId: id, action: "complete", actor, now, set: { completedAt: now }, detail: { edited: true }, completedVia: "edit" });
        return load;
      }
      await recordLoadHistory(tx, [{ loadId: id, actor, action: "edit", fromStatus: current.status, toStatus: current.status, now }]);
      await ctx.events.publish(tx, [loadEvent({ type: "load.edited", load: updated, actor, now, data: { fields: changedFields(current, updated) } })]);
      return updated;
    });
    return toLoad(row, actor, now);
  } catch (err) {
    if (isUniqueViolation(err, LOAD_NUMBER_KEY)) throw duplicateNumber(input.loadNumber ?? "");
    throw err;
  }
}

/**
 * contract: a new available load, new number, no assignment, PO number, POD, bids
 * or views; if the original's pickup day has passed, the copy is picked up
 * tomorrow at the same times (delivery keeps its offset in days).
 */
export async function copyLoad(opts: { ctx: AppContext; db: Db; actor: Actor; id: string; now: Date }): Promise<Load> {
  const { ctx, db, actor, id, now } = opts;
  requireStaffActor(actor);
  const source = await findLoad(db, id);
  if (!source) throw new AppError(404, MSG.notFound);
  const {
    id: _id,
    loadNumber: _n,
    status: _s,
    mandataNumber: _m,
    acceptedBy: _ab,
    acceptedByCarrier: _abc,
    acceptedAt: _aa,
    completedAt: _ca,
    pickupSignedBy: _psb,
    pickupSignedDate: _psd,
    deliverySignedBy: _dsb,
    deliverySignedDate: _dsd,
    signedPaperworkUrl: _spu,
    createdAt: _c,
    updatedAt: _u,
    ...copied
  } = source;
  const dates = copiedLoadDates(source, now);
  const row = await insertWithNumber(db, {
    now,
    build: (loadNumber) => ({
      ...copied,
      pickupDate: dates.pickupDate ? new Date(dates.pickupDate) : null,
      deliveryDate: dates.deliveryDate ? new Date(dates.deliveryDate) : null,
      loadNumber,
      ratePerMile: ratePerMile(Number(source.price), source.distance),
      status: "available",
      createdAt: now,
      updatedAt: now,
    }),
    after: async (tx, row) => {
      await recordLoadHistory(tx, [{ loadId: row.id, actor, action: "copy", toStatus: row.status, detail: { copiedFrom: source.loadNumber }, now }]);
      await ctx.events.publish(tx, [loadEvent({ type: "load.created", load: row, actor, now, data: { via: "copy", copiedFrom: source.loadNumber } })]);
    },
  });
  return toLoad(row, actor, now);
}

// ---------------------------------------------------------------- filters for other modules

/**
 * The SQL condition of GET /api/loads filters, as the board applies them (saved
 * searches match new loads with it: one rule for the board and its alerts).
 * 400 for filters the board would refuse, an unknown postcode included.
 */
export async function loadFiltersCondition(opts: { query: Record<string, string>; now: Date; config: Pick<Config, "postcodeData"> }): Promise<SQL | undefined> {
  const query = await withNearDistricts(toListQuery(parse(loadFiltersSchema, opts.query), opts.now), opts.config);
  return loadFiltersWhere(query);
}

export * from "./load-status.service";
export * from "./load-history.service";
