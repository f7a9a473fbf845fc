// The available-loads email and the schedule settings (issue 7; spec §2 admin
// header, §3 email schedule settings and bulk email response, §5 schedule rules).
import { DAYS_OF_WEEK } from "../../../contract/constants";
import type { BulkEmailResult, EmailScheduleInput, EmailScheduleSettings } from "../../../contract/schemas/email-schedule";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { iso } from "../../lib/serialize";
import {
  ensureScheduleSettings,
  listApprovedCarriers,
  listAvailableLoadsForEmail,
  updateScheduleSettings,
  type EmailScheduleRow,
} from "./email.repository";
import { availableLoadsMail } from "./templates";

/** How many carriers are mailed at once: quick for hundreds, gentle on the relay. */
const SEND_CONCURRENCY = 4;

export const NO_WEEKLY_DAY = "Select at least one day for a weekly schedule";

/**
 * One email per approved carrier listing every available load (contract). Each
 * carrier's failure is counted, logged by the mail module, and never thrown.
 * With no available loads nothing is sent: an empty list is not news
 * (docs/decisions/email-schedule.md).
 */
export async function sendAvailableLoadsEmail(opts: { ctx: AppContext; triggeredBy: string | null }): Promise<BulkEmailResult> {
  const { ctx } = opts;
  const list = await listAvailableLoadsForEmail(ctx.db);
  if (list.length === 0) return { successCount: 0, totalLoads: 0 };
  const carriers = await listApprovedCarriers(ctx.db);
  const now = ctx.clock.now();
  const brand = { productName: ctx.config.productName, publicUrl: ctx.config.publicUrl, timeZone: ctx.config.businessTimeZone };

  let successCount = 0;
  let next = 0;
  const worker = async () => {
    while (next < carriers.length) {
      const carrier = carriers[next++];
      const mail = availableLoadsMail(brand, carrier, list, now);
      try {
        await ctx.mail.send({
          kind: "available-loads",
          to: carrier.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          triggeredBy: opts.triggeredBy,
        });
        successCount++;
      } catch {
        // recorded in email_log as failed by the mail module
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, carriers.length) }, worker));
  return { successCount, totalLoads: list.length };
}

export function toScheduleSettings(row: EmailScheduleRow): EmailScheduleSettings {
  return {
    enabled: row.enabled,
    frequency: row.frequency === "weekly" ? "weekly" : "daily",
    time: row.time,
    daysOfWeek: row.daysOfWeek.filter((d): d is (typeof DAYS_OF_WEEK)[number] => (DAYS_OF_WEEK as readonly string[]).includes(d)),
    lastSentAt: iso(row.lastSentAt),
  };
}

export async function getScheduleSettings(db: DbOrTx): Promise<EmailScheduleSettings> {
  return toScheduleSettings(await ensureScheduleSettings(db));
}

/** spec §5: daysOfWeek kept only for weekly; an enabled weekly schedule needs a day. */
export async function saveScheduleSettings(opts: { ctx: AppContext; input: EmailScheduleInput }): Promise<EmailScheduleSettings> {
  const { ctx, input } = opts;
  const days = input.frequency === "weekly" ? DAYS_OF_WEEK.filter((d) => input.daysOfWeek.includes(d)) : [];
  if (input.enabled && input.frequency === "weekly" && days.length === 0) {
    throw new AppError(400, NO_WEEKLY_DAY, [{ path: "daysOfWeek", message: NO_WEEKLY_DAY }]);
  }
  const row = await ensureScheduleSettings(ctx.db);
  const saved = await updateScheduleSettings(ctx.db, row.id, {
    enabled: input.enabled,
    frequency: input.frequency,
    time: input.time,
    daysOfWeek: days,
    updatedAt: ctx.clock.now(),
  });
  return toScheduleSettings(saved);
}
