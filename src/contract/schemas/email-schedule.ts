// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";
import { DAYS_OF_WEEK } from "../constants";
import { MSG } from "../messages";

const WEEKEND: readonly string[] = ["saturday", "sunday"];

/** Sent Monday to Friday only; a weekly schedule of only Saturday and/or Sunday would never send. */
export const isWeekendOnly = (days: readonly string[]) => days.length > 0 && days.every((d) => WEEKEND.includes(d));

export const emailScheduleSchema = z
  .object({
    enabled: z.boolean(),
    frequency: z.enum(["daily", "weekly"]),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.timeFormat),
    daysOfWeek: z.array(z.enum(DAYS_OF_WEEK)).max(7),
  })
  .superRefine((v, ctx) => {
    // refused rather than saved and never sent; a schedule that is off sends nothing anyway
    if (v.enabled && v.frequency === "weekly" && isWeekendOnly(v.daysOfWeek)) {
      ctx.addIssue({ code: "custom", path: ["daysOfWeek"], message: MSG.weekendOnlySchedule });
    }
  });
export type EmailScheduleInput = z.infer<typeof emailScheduleSchema>;

export interface EmailScheduleSettings extends EmailScheduleInput {
  lastSentAt: string | null;
}

/**
 * The answer of POST /api/admin/send-available-loads-email. `successCount` is the
 * number of carriers the email was accepted for: written to the durable outbox in
 * the request's transaction, each then delivered exactly once (contract), so a
 * client showing "Email sent to N carriers" shows the truth. `queued` is the same
 * count of messages written to the outbox; GET /api/admin/mail/batches/{batchId}
 * counts deliveries and failures as they go.
 */
export interface BulkEmailResult {
  successCount: number;
  totalLoads: number;
  queued: number;
  /** null when nothing was queued (no available loads, or no approved carriers) */
  batchId: string | null;
}
