// The available-loads email (sent from the admin header, and on schedule) and the
// schedule settings, with their rules.
import { randomUUID } from "node:crypto";
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
} from "./available-loads-email.repository";
import { queueMail } from "../../mail/mail-job";
import { availableLoadsMail } from "./available-loads-template";
import { emailTurnedOff, unsubscribeFor, unsubscribeSecret } from "../notifications/notifications.service";

export const NO_WEEKLY_DAY = "Select at least one day for a weekly schedule";

/**
 * One email per approved carrier listing every available load (contract),
 * written to the outbox as one batch in the caller's transaction and delivered
 * by the outbox worker: the answer comes at once, with what was queued, and
 * GET /api/admin/mail/batches/{batchId} counts deliveries and failures as they
 * happen. With no available loads nothing is queued: an empty list is not news
 * (docs/decisions/0003-email-schedule.md).
 */
export async function queueAvailableLoadsEmail(opts: { ctx: AppContext; db: DbOrTx; triggeredBy: string | null }): Promise<BulkEmailResult> {
  const { ctx, db } = opts;
  const now = ctx.clock.now();
  const list = await listAvailableLoadsForEmail(db, now);
  if (list.length === 0) return { successCount: 0, totalLoads: 0, queued: 0, batchId: null };
  // a carrier who unsubscribed from this email (one click, or My Profile) is left out
  const everyCarrier = await listApprovedCarriers(db);
  const off = await emailTurnedOff(db, "available_loads", everyCarrier.map((c) => c.id));
  const carriers = everyCarrier.filter((c) => !off.has(c.id));
  if (carriers.length === 0) return { successCount: 0, totalLoads: list.length, queued: 0, batchId: null };
  const brand = { productName: ctx.config.productName, publicUrl: ctx.config.publicUrl, timeZone: ctx.config.businessTimeZone };
  const batchId = randomUUID();
  const secret = await unsubscribeSecret(ctx, db);
  const queued = await queueMail({
    ctx,
    db,
    batchId,
    messages: carriers.map((carrier) => {
      const mail = availableLoadsMail(brand, carrier, list, now);
      // RFC 8058 one-click unsubscribe
      const unsubscribe = unsubscribeFor(ctx, secret, carrier.id, "available_loads");
      return {
        kind: "available-loads",
        to: carrier.email,
        subject: mail.subject,
        text: `${mail.text}\nStop these emails: ${unsubscribe.url}\n`,
        html: mail.html,
        triggeredBy: opts.triggeredBy,
        headers: unsubscribe.headers,
      };
    }),
  });
  // contract: successCount is the number of carriers the email was accepted for
  // (written to the outbox in this transaction, each then delivered exactly once)
  return { successCount: queued.length, totalLoads: list.length, queued: queued.length, batchId };
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

/** daysOfWeek kept only for weekly; an enabled weekly schedule needs a day. */
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
