// The mail outbox as staff see it: GET /api/admin/mail (one page,
// newest first, the total in X-Total-Count), POST /api/admin/mail/{id}/resend,
// GET /api/admin/mail/batches/{id} (progress of one available-loads email).
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";

export const MAIL_LIST_MAX = 200;
export const MAIL_LIST_DEFAULT = 50;

export const MAIL_STATUSES = ["failed", "queued", "sent"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailListQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES).default("failed"),
  limit: z.coerce.number().int().min(1).max(MAIL_LIST_MAX, `limit must be at most ${MAIL_LIST_MAX}`).default(MAIL_LIST_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type MailListQuery = z.output<typeof mailListQuerySchema>;

/** One message of the outbox. */
export interface OutboxMail {
  id: string;
  /** what the message is: "password-reset", "available-loads", "account-approved", … */
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  /** the last failed attempt's error (for failed mail: why it was given up) */
  lastError: string | null;
  createdAt: string;
  /** queued: when the next attempt is due */
  nextAttemptAt: string | null;
  /** sent: when it was delivered; failed: when it was given up */
  finishedAt: string | null;
}

/** Progress of one bulk email: every message is exactly one of queued, delivered or failed. */
export interface MailBatchProgress {
  batchId: string;
  total: number;
  queued: number;
  /** of the queued: waiting to be tried again after a failed attempt */
  retrying: number;
  delivered: number;
  failed: number;
}
