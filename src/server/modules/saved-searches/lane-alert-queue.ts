// A load became available (created, copied, reset, un-cancelled): its instant
// lane alerts are a job written in that change's transaction (architecture.md
// invariant), matched and sent by lane-alerts.ts. Nothing here reads searches,
// so the loads module can call it without a cycle.
import type { DbOrTx } from "../../db/client";
import { queueJobs } from "../jobs/jobs.service";

export const LANE_ALERT_JOB = "lane-alert";

export interface LaneAlertPayload {
  loadId: string;
  /** who made it available: never alerted about their own action (contract) */
  actorId: string | null;
}

export async function queueLaneAlert(opts: { db: DbOrTx; now: Date; loadId: string; actorId: string | null }): Promise<void> {
  await queueJobs({ db: opts.db, now: opts.now, jobs: [{ kind: LANE_ALERT_JOB, payload: { loadId: opts.loadId, actorId: opts.actorId } satisfies LaneAlertPayload }] });
}

/** Many at once (recordLoadEvents): one INSERT per moment, however many loads. */
export async function queueLaneAlerts(opts: { db: DbOrTx; alerts: { now: Date; loadId: string; actorId: string | null }[] }): Promise<void> {
  const byMoment = new Map<number, typeof opts.alerts>();
  for (const a of opts.alerts) byMoment.set(a.now.getTime(), [...(byMoment.get(a.now.getTime()) ?? []), a]);
  for (const group of byMoment.values()) {
    await queueJobs({
      db: opts.db,
      now: group[0].now,
      jobs: group.map((a) => ({ kind: LANE_ALERT_JOB, payload: { loadId: a.loadId, actorId: a.actorId } satisfies LaneAlertPayload })),
    });
  }
}
