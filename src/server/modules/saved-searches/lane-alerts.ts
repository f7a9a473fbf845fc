// Instant lane alerts: a load became
// available, so every owner of a matching instant search gets one `lane_match`
// notification and email (through the notifications service), within 60 s, at
// most one per load and user however many processes or jobs look at it. The
// match is the board's own filter SQL (loads.service loadFiltersCondition),
// evaluated for all searches in one statement against the load as it is now.
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import type { JobKind } from "../jobs/job-registry";
import { onBoardWhere, ukToday } from "../loads/load-visibility";
import { loadFiltersCondition } from "../loads/loads.service";
import { notify } from "../notifications/notifications.service";
import { savedFiltersToQuery, type SavedSearchFilters } from "../../../contract/schemas/saved-search";
import { LANE_ALERT_JOB, type LaneAlertPayload } from "./lane-alert-queue";
import { claimLaneAlert, findLoadForAlert, listAlertingSearches, matchingConditions } from "./saved-searches.repository";
import type { SQL } from "drizzle-orm";

/** searches matched per statement: well inside PostgreSQL's parameter limit */
const CHUNK = 200;

type AlertLoad = NonNullable<Awaited<ReturnType<typeof findLoadForAlert>>>;

/**
 * What the alert says: the load's number, towns, pickup day, price and
 * equipment, which every carrier sees on the board; never a postcode, address,
 * contact or reference (load-visibility.ts: those wait for an approved booking).
 */
export function laneMatchText(load: AlertLoad, searchName: string, timeZone: string): { title: string; body: string } {
  const day = load.pickupDate
    ? new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short" }).format(load.pickupDate)
    : "date to be agreed";
  const price = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(Number(load.price));
  return {
    title: `New load ${load.loadNumber} matches "${searchName}"`,
    body: `Load ${load.loadNumber}: ${load.pickupCity} → ${load.deliveryCity}, pickup ${day}, ${price}, ${load.equipmentType}. It matches your saved search "${searchName}".`,
  };
}

/** The users whose instant searches match the load now (on the board), each with the first matching search's name. */
async function matchingOwners(ctx: AppContext, db: DbOrTx, loadId: string, now: Date): Promise<Map<string, string>> {
  const searches = await listAlertingSearches(db, "instant");
  const owners = new Map<string, string>();
  for (let i = 0; i < searches.length; i += CHUNK) {
    const chunk = searches.slice(i, i + CHUNK);
    const conditions: (SQL | undefined)[] = [];
    const usable: number[] = [];
    for (const [k, s] of chunk.entries()) {
      try {
        conditions.push(await loadFiltersCondition({ query: savedFiltersToQuery(s.search.filters as SavedSearchFilters), now, config: ctx.config }));
        usable.push(k);
      } catch {
        // a search the board would now refuse (its postcode left the table): it matches nothing
      }
    }
    const hits = await matchingConditions(db, { loadId, onBoard: onBoardWhere(ukToday(now)), conditions });
    for (const h of hits) {
      const s = chunk[usable[h]];
      if (!owners.has(s.search.userId)) owners.set(s.search.userId, s.search.name);
    }
  }
  return owners;
}

export function laneAlertJobKind(ctx: AppContext): JobKind<LaneAlertPayload> {
  return {
    name: LANE_ALERT_JOB,
    async run(p, run) {
      const now = ctx.clock.now();
      const owners = await matchingOwners(ctx, ctx.db, p.loadId, now);
      await ctx.db.transaction(async (tx) => {
        const load = owners.size ? await findLoadForAlert(tx, p.loadId) : undefined;
        if (load) {
          for (const [userId, searchName] of owners) {
            // contract: nothing to the user who made it available
            if (userId === p.actorId) continue;
            // at most one per load and user, across processes and repeated jobs: the insert that wins notifies
            if (!(await claimLaneAlert(tx, { userId, loadId: load.id, now }))) continue;
            const text = laneMatchText(load, searchName, ctx.config.businessTimeZone);
            await notify({ ctx, tx, type: "lane_match", recipients: [userId], actorId: p.actorId, loadId: load.id, ...text });
          }
        }
        // the alerts and "done" commit together: a retry after a crash starts clean
        await run.finish(tx);
      });
    },
  };
}
