// The mail outbox for staff: failed mail with its error and a
// resend, and the progress of one available-loads email.
import { MSG } from "../../contract/messages";
import type { MailBatchProgress, MailListQuery, MailStatus, OutboxMail } from "../../contract/schemas/mail";
import type { AppContext } from "../context";
import type { JobRow } from "../db/schema";
import { AppError } from "../lib/app-error";
import { iso } from "../lib/serialize";
import { countJobBatch, findJob, listJobs, resendFailedJob, type JobListStatus } from "../modules/jobs/jobs.service";
import { MAIL_JOB, type MailJobPayload } from "./mail-job";

export const OUTBOX_MSG = {
  onlyFailed: "Only failed mail can be resent",
  expired: "The link in this message has expired: ask the user to request a new one",
} as const;

const LIST_STATUS: Record<MailStatus, JobListStatus> = { failed: "failed", queued: "queued", sent: "done" };

function toOutboxMail(row: JobRow): OutboxMail {
  const p = row.payload as MailJobPayload;
  const status: MailStatus = row.status === "failed" ? "failed" : row.status === "done" ? "sent" : "queued";
  return {
    id: row.id,
    kind: p.kind,
    to: p.to,
    subject: p.subject,
    status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: iso(row.createdAt)!,
    nextAttemptAt: status === "queued" ? iso(row.runAt) : null,
    finishedAt: status === "queued" ? null : iso(row.doneAt),
  };
}

export async function listOutboxMail(opts: { ctx: AppContext; query: MailListQuery }): Promise<{ items: OutboxMail[]; total: number }> {
  const { rows, total } = await listJobs({
    db: opts.ctx.db,
    kind: MAIL_JOB,
    status: LIST_STATUS[opts.query.status],
    limit: opts.query.limit,
    offset: opts.query.offset,
  });
  return { items: rows.map(toOutboxMail), total };
}

/**
 * Send a failed message again: it is queued as new and retried for another 24
 * hours. A password reset whose link has expired is not sent again (409): the
 * link would not work.
 */
export async function resendMail(opts: { ctx: AppContext; id: string }): Promise<OutboxMail> {
  const { ctx, id } = opts;
  const job = await findJob({ db: ctx.db, id });
  if (!job || job.kind !== MAIL_JOB) throw new AppError(404, MSG.notFound);
  if (job.status !== "failed") throw new AppError(409, OUTBOX_MSG.onlyFailed);
  const now = ctx.clock.now();
  const notAfter = (job.payload as MailJobPayload).notAfter;
  if (notAfter && Date.parse(notAfter) < now.getTime()) throw new AppError(409, OUTBOX_MSG.expired);
  const row = await resendFailedJob({ db: ctx.db, id, kind: MAIL_JOB, now });
  // a second resend of the same message, a moment earlier, got there first
  if (!row) throw new AppError(409, OUTBOX_MSG.onlyFailed);
  return toOutboxMail(row);
}

export async function mailBatchProgress(opts: { ctx: AppContext; batchId: string }): Promise<MailBatchProgress> {
  const c = await countJobBatch({ db: opts.ctx.db, batchId: opts.batchId });
  if (c.total === 0) throw new AppError(404, MSG.notFound);
  return { batchId: opts.batchId, total: c.total, queued: c.queued, retrying: c.retrying, delivered: c.done, failed: c.failed };
}
