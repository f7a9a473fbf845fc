// Scorecard rows for loads booked before the event log began (an upgraded
// installation, or data written straight into the tables as the demo does): the
// loads a company holds or completed with no scorecard row get one from the load
// itself — its carrier, its recorded stops, and its completion, taken as the
// POD's time (a POD is what completes a booked load). Loads that have rows are
// left alone, so it can run any number of times; the log's own facts win.
import { and, eq, inArray, isNull, or, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loadStops, loads, scorecardLoads } from "../../db/schema";
import { ukDayKey } from "../../../contract/wall-clock";
import * as repo from "./scorecards.repository";
import { refreshRow } from "./scorecard-facts";
import { recountDays } from "./scorecard-days";
import { minutesBetween, postcodeAreaOf } from "./scorecard-rules";
import { refreshSummaries } from "./scorecards.service";

export async function backfillScorecards(opts: { db: Db; now: Date }): Promise<{ loads: number }> {
  return opts.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: loads.id, loadNumber: loads.loadNumber, status: loads.status, acceptedBy: loads.acceptedBy, acceptedByCarrier: loads.acceptedByCarrier, acceptedAt: loads.acceptedAt, completedAt: loads.completedAt, pickupZip: loads.pickupZip, deliveryZip: loads.deliveryZip })
      .from(loads)
      .leftJoin(scorecardLoads, eq(scorecardLoads.loadId, loads.id))
      .where(and(isNull(scorecardLoads.loadId), inArray(loads.status, ["accepted", "approved", "completed"]), or(isNotNull(loads.acceptedBy), sql`btrim(coalesce(${loads.acceptedByCarrier}, '')) <> ''`)));
    const companies = new Set<string>();
    const days: { companyId: string; day: string }[] = [];
    for (const load of rows) {
      const companyId = await repo.companyOfCarrier(tx, { name: load.acceptedByCarrier, userId: load.acceptedBy });
      if (!companyId) continue;
      companies.add(companyId);
      await repo.startBooking(tx, { loadId: load.id, companyId, loadNumber: load.loadNumber, acceptedAt: load.acceptedAt });
      for (const s of await tx.select().from(loadStops).where(eq(loadStops.loadId, load.id))) {
        const stop = s.stop as "pickup" | "delivery";
        await repo.setStopTimes(tx, { loadId: load.id, companyId, stop, arrivedAt: s.arrivedAt, departedAt: s.departedAt });
        const area = postcodeAreaOf(stop === "pickup" ? load.pickupZip : load.deliveryZip);
        if (area && s.arrivedAt && s.departedAt) {
          await repo.saveVisit(tx, { loadId: load.id, stop, companyId, postcodeArea: area, day: ukDayKey(s.arrivedAt), minutes: Math.max(0, minutesBetween(s.arrivedAt, s.departedAt)) });
        }
      }
      if (load.status === "completed" && load.completedAt) {
        await repo.setFirst(tx, { loadId: load.id, companyId, column: "podSubmittedAt", at: load.completedAt });
        await repo.setCompleted(tx, { loadId: load.id, companyId, at: load.completedAt, day: ukDayKey(load.completedAt) });
        days.push({ companyId, day: ukDayKey(load.completedAt) });
      }
      await refreshRow(tx, load.id, companyId);
    }
    await recountDays(tx, days);
    await refreshSummaries(tx, companies, opts.now);
    return { loads: rows.length };
  });
}
