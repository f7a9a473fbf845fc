// Positions sent with stop times are evidence for staff for 30 days, then deleted
// (the times and their evidence word stay on the stop). Every process's job runner
// sweeps about once an hour of the app's clock, through the watch of the
// "stop-positions-sweep" job kind. Two processes sweeping at once do no harm: each
// deletes what is older than the cut-off, and a row one of them deleted is simply
// not there for the other (a plain DELETE waits on the other's row locks, then
// skips the rows gone), so nothing is done twice and nothing is missed.
import type { AppContext } from "../../context";
import type { JobKind } from "../jobs/job-registry";
import { POSITION_KEEP_DAYS } from "../../../contract/schemas/claim";
import { deletePositionsBefore } from "./stops.repository";

export const POSITION_SWEEP_JOB = "stop-positions-sweep";
export const POSITION_SWEEP_EVERY_MS = 60 * 60_000;
const KEEP_MS = POSITION_KEEP_DAYS * 86_400_000;

/** Delete the positions older than the keeping period at `now`; how many went. */
export async function sweepStopPositions(ctx: Pick<AppContext, "db">, now: Date): Promise<number> {
  return deletePositionsBefore(ctx.db, new Date(now.getTime() - KEEP_MS));
}

/**
 * The sweep as a job kind: its watch sweeps when an hour of the app's clock has
 * passed since this process last swept (at once after a start, so a process that
 * was down catches up). It can also be queued as a job, e.g. by an operator.
 */
export function stopPositionsSweepJobKind(ctx: AppContext): JobKind<unknown> {
  let last: number | null = null;
  return {
    name: POSITION_SWEEP_JOB,
    async run() {
      await sweepStopPositions(ctx, ctx.clock.now());
    },
    watch: {
      everyMs: 60_000,
      async run() {
        const now = ctx.clock.now().getTime();
        if (last !== null && now >= last && now - last < POSITION_SWEEP_EVERY_MS) return;
        last = now;
        await sweepStopPositions(ctx, new Date(now));
      },
    },
  };
}
