// A load became available (created, copied, imported, reset, un-cancelled): its
// instant lane alerts are a job, written by the reaction to load.created and
// load.made_available (in the transaction that marks that reaction done, so once),
// matched and sent by lane-alerts.ts.
import type { AppContext } from "../../context";
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

/** Many at once (an import): one INSERT per moment, however many loads. */
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

export function registerLaneAlertReactions(ctx: AppContext): void {
  ctx.events.afterCommit({
    name: "lane-alerts",
    types: ["load.created", "load.made_available"],
    async handle(events, { tx }) {
      // who made it available is never alerted about their own action
      await queueLaneAlerts({ db: tx, alerts: events.map((e) => ({ now: new Date(e.occurredAt), loadId: e.loadId!, actorId: e.actor?.id ?? null })) });
    },
  });
}
