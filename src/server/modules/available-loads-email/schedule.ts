// The email schedule (UK time with BST/GMT, weekdays only).
// Every server process ticks once a minute (and once at start). A due slot is
// claimed by one conditional UPDATE on the settings row, so however many
// processes run, each slot is sent exactly once:
// the claim and the batch of mail it queues commit together (the mail outbox),
// so a claimed slot always has its mail and a failed queue leaves it unclaimed.
import type { BulkEmailResult } from "../../../contract/schemas/email-schedule";
import type { AppContext } from "../../context";
import { claimScheduleSlot, findScheduleSettings, type EmailScheduleRow } from "./available-loads-email.repository";
import { queueAvailableLoadsEmail } from "./available-loads-email.service";
import { wallClock } from "../../../contract/wall-clock";

export type ScheduleSettingsForSlot = Pick<EmailScheduleRow, "enabled" | "frequency" | "daysOfWeek" | "time" | "lastSlot">;

const WEEKDAYS = new Set(["monday", "tuesday", "wednesday", "thursday", "friday"]);

/** Wall-clock date, time and weekday of `now` in `timeZone`. */
export function localParts(now: Date, timeZone: string): { date: string; time: string; weekday: string } {
  const p = wallClock(now, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}`, weekday: p.weekday };
}

/**
 * The slot to send now, or null. A slot is today's date and the configured time
 * in the business time zone ("2026-11-23T09:00"). It is due from that time until
 * the end of the same day, so a slot missed while the server was down is sent
 * when it comes back the same day — never a previous day's. Mon–Fri only; weekly
 * also only on the chosen days. At most one slot a day (a slot already claimed
 * today, even at another time, means nothing more is due).
 */
export function dueSlot(settings: ScheduleSettingsForSlot, now: Date, timeZone: string): string | null {
  if (!settings.enabled) return null;
  const local = localParts(now, timeZone);
  if (!WEEKDAYS.has(local.weekday)) return null;
  if (settings.frequency === "weekly" && !settings.daysOfWeek.includes(local.weekday)) return null;
  if (!/^\d{2}:\d{2}$/.test(settings.time) || local.time < settings.time) return null;
  if (settings.lastSlot?.slice(0, 10) === local.date) return null;
  return `${local.date}T${settings.time}`;
}

export type TickResult = { slot: null } | { slot: string; claimed: false } | ({ slot: string; claimed: true } & BulkEmailResult);

/** One tick: read the settings, claim the due slot if any and queue its batch, in one transaction. */
export async function runScheduleTick(ctx: AppContext): Promise<TickResult> {
  const settings = await findScheduleSettings(ctx.db);
  if (!settings) return { slot: null };
  const now = ctx.clock.now();
  const slot = dueSlot(settings, now, ctx.config.businessTimeZone);
  if (!slot) return { slot: null };
  return ctx.db.transaction(async (tx): Promise<TickResult> => {
    if (!(await claimScheduleSlot(tx, settings.id, slot, now))) return { slot, claimed: false };
    const result = await queueAvailableLoadsEmail({ ctx, db: tx, triggeredBy: null });
    return { slot, claimed: true, ...result };
  });
}

export interface ScheduleHandle {
  /** stops ticking and waits for a tick in progress (graceful shutdown) */
  stop(): Promise<void>;
}

export function startEmailSchedule(
  ctx: AppContext,
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): ScheduleHandle {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const onError =
    opts.onError ?? ((err: unknown) => console.error(`email schedule tick failed: ${err instanceof Error ? err.message : String(err)}`));

  const tick = () => {
    // a slow tick (a database that hangs) must not overlap the next one
    if (stopped || running) return;
    running = runScheduleTick(ctx)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };

  tick();
  const timer = setInterval(tick, opts.intervalMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
