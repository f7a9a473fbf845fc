// Reactions of trucks to the event log, after commit:
//  * a load became available (load.created, load.made_available): a `truck-match`
//    job, written in the reaction's transaction, finds the open trucks it matches and
//    claims each (truck, load) in truck_matches (the one insert that wins, in any
//    process, publishes truck.offered with match: true), in one transaction with the
//    job's "done" (lane-alert-queue.ts's pattern);
//  * truck.offered: the truck's company's members hear of it (truck_offer);
//  * load.accepted: the booker's company's open truck the load fits is booked
//    (truck.closed), and the company hears of the loads home (return_loads).
import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import type { TruckRow } from "../../db/schema";
import type { JobKind } from "../jobs/job-registry";
import { queueJobs } from "../jobs/jobs.service";
import { companyMemberIds } from "../invoices/invoices.repository";
import { onBoardWhere, ukToday } from "../loads/load-visibility";
import { loadPostcodeTable } from "../distance/postcodes";
import { notify } from "../notifications/notify";
import { matchingConditions } from "../saved-searches/saved-searches.repository";
import { RETURN_LOADS_NAMED } from "../../../contract/schemas/truck";
import { ukDayKey } from "../../../contract/wall-clock";
import { fitsTruck, todayKey } from "./truck-matching";
import { returnLoadsOf } from "./return-loads";
import { returnLoadsText, truckOfferText } from "./truck-notices";
import * as repo from "./trucks.repository";

export const TRUCK_MATCH_JOB = "truck-match";
export interface TruckMatchPayload {
  loadId: string;
}

/** trucks matched per statement: well inside PostgreSQL's parameter limit */
const CHUNK = 100;

/** Which of `trucks` the load fits (conditions evaluated against the one load, `also` holding). */
async function trucksFitting(db: DbOrTx, loadId: string, trucks: TruckRow[], also: SQL, table: NonNullable<Awaited<ReturnType<typeof loadPostcodeTable>>>): Promise<TruckRow[]> {
  const out: TruckRow[] = [];
  for (let i = 0; i < trucks.length; i += CHUNK) {
    const chunk = trucks.slice(i, i + CHUNK);
    const hits = await matchingConditions(db, { loadId, onBoard: also, conditions: chunk.map((t) => fitsTruck(table, t)) });
    for (const h of hits) out.push(chunk[h]);
  }
  return out;
}

export function truckMatchJobKind(ctx: AppContext): JobKind<TruckMatchPayload> {
  return {
    name: TRUCK_MATCH_JOB,
    async run(p, run) {
      const now = ctx.clock.now();
      const table = await loadPostcodeTable(ctx.config.postcodeData);
      const load = await repo.findLoadRow(ctx.db, p.loadId);
      let hits: TruckRow[] = [];
      if (table && load?.status === "available" && load.pickupDate && load.pickupZip) {
        const candidates = await repo.candidateTrucks(ctx.db, { day: ukDayKey(load.pickupDate), equipmentType: load.equipmentType, weight: load.weight });
        const today = todayKey(now);
        const open = candidates.filter((t) => (t.availableUntil ?? t.availableOn) >= today);
        hits = await trucksFitting(ctx.db, load.id, open, onBoardWhere(ukToday(now)), table);
      }
      await ctx.db.transaction(async (tx) => {
        for (const truck of hits) {
          // once per load per truck, across processes and repeated jobs: the insert that wins tells the company
          if (!(await repo.claimMatch(tx, { truckId: truck.id, loadId: load!.id, now }))) continue;
          await ctx.events.publish(tx, [
            { type: "truck.offered", occurredAt: now, actor: null, loadId: load!.id, loadNumber: load!.loadNumber, data: { truckId: truck.id, companyId: truck.companyId, match: true } },
          ]);
        }
        // the claims and "done" commit together: a retry after a crash starts clean
        await run.finish(tx);
      });
    },
  };
}

/** The company's members (as they are now), or the booker alone when they have no company. */
async function membersOf(tx: Tx, companyId: string | null, userId: string | null): Promise<string[]> {
  const ids = await companyMemberIds(tx, companyId);
  return ids.length ? ids : userId ? [userId] : [];
}

/** A member booked `loadId`: their company's open truck it fits (soonest free first) is booked; the loads home are named. */
async function onBooking(ctx: AppContext, tx: Tx, loadId: string, carrierId: string): Promise<void> {
  const now = ctx.clock.now();
  const load = await repo.findLoadRow(tx, loadId);
  const table = await loadPostcodeTable(ctx.config.postcodeData);
  if (!load || !table || !["accepted", "approved"].includes(load.status)) return;
  const companyId = await repo.companyOfUser(tx, carrierId);
  if (companyId) {
    const open = await repo.openTrucksOf(tx, companyId, todayKey(now));
    const [truck] = await trucksFitting(tx, load.id, open, sql`true`, table);
    if (truck && (await repo.bookTruckRow(tx, { id: truck.id, loadId: load.id, now }))) {
      await ctx.events.publish(tx, [
        { type: "truck.closed", occurredAt: now, actor: null, loadId: load.id, loadNumber: load.loadNumber, data: { truckId: truck.id, companyId, status: "booked" } },
      ]);
    }
  }
  const viewer = { id: carrierId, role: "carrier", isAdmin: false, companyId, carrierName: null, name: "" };
  const found = await returnLoadsOf({ ctx, db: tx, viewer, load, page: { limit: RETURN_LOADS_NAMED, offset: 0 } });
  if (!found.total) return;
  const named = found.items.map((l) => ({ ...l, pickupDate: l.pickupDate ? new Date(l.pickupDate) : null }));
  await notify({
    ctx,
    tx,
    type: "return_loads",
    recipients: await membersOf(tx, companyId, carrierId),
    // a suggestion for the booker too: nobody's own action to be spared
    actorId: null,
    loadId: load.id,
    ...returnLoadsText(load, named, found.total),
  });
}

export function registerTruckReactions(ctx: AppContext): void {
  ctx.jobs.register(truckMatchJobKind(ctx));

  ctx.events.afterCommit({
    name: "truck-match",
    types: ["load.created", "load.made_available"],
    async handle(events, { tx }) {
      await queueJobs({ db: tx, now: ctx.clock.now(), jobs: events.map((e) => ({ kind: TRUCK_MATCH_JOB, payload: { loadId: e.loadId! } satisfies TruckMatchPayload })) });
    },
  });

  ctx.events.afterCommit({
    name: "truck-notices",
    types: ["truck.offered"],
    async handle(events, { tx }) {
      for (const event of events) {
        const [truck, load] = await Promise.all([repo.findTruck(tx, event.data.truckId), event.loadId ? repo.findLoadRow(tx, event.loadId) : undefined]);
        // withdrawn since, or the load deleted: nobody to tell of it
        if (!truck || !load) continue;
        await notify({
          ctx,
          tx,
          type: "truck_offer",
          recipients: await companyMemberIds(tx, truck.companyId),
          actorId: event.actor?.id ?? null,
          loadId: load.id,
          ...truckOfferText(load, truck, event.data.match),
          // contract: a load found by matching is marked so in the notification's data
          data: { match: event.data.match },
        });
      }
    },
  });

  ctx.events.afterCommit({
    name: "trucks-on-booking",
    types: ["load.accepted"],
    async handle(events, { tx }) {
      for (const event of events) {
        if (event.loadId && event.data.carrierId) await onBooking(ctx, tx, event.loadId, event.data.carrierId);
      }
    },
  });
}
