// The durable mail outbox: every message is a "mail" job, written by
// queueMail() in the transaction of the change that causes it, and delivered
// by the job runner through ctx.mail — the only caller of the transport. Each
// attempt's outcome goes to email_log in the same transaction that records it
// on the job. docs/decisions/0009-mail-outbox.md.
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import type { JobKind } from "../modules/jobs/job-registry";
import { queueJobs, retryWaitingJobs } from "../modules/jobs/jobs.service";
import { insertEmailLog } from "./mail.repository";
import { isPermanentMailError, isUnreachableMailError, safeErrorText, type MailMessage } from "./mailer";

export const MAIL_JOB = "mail";

/** last_error of an attempt that found no relay: such mail is retried as soon as the relay answers. */
export const UNREACHABLE = "SMTP server unreachable";

/** What a mail job carries: the rendered message, as it was when the change committed. */
export interface MailJobPayload {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  triggeredBy?: string | null;
  /** ISO time after which the message is not sent (the link in it has expired) */
  notAfter?: string;
  /** extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) */
  headers?: Record<string, string>;
}

export class MailExpiredError extends Error {
  constructor() {
    super("Not sent: the link in it expired before the mail server accepted it");
    this.name = "MailExpiredError";
  }
}

/**
 * Write messages to the outbox. Pass the transaction of the change that causes
 * them: they are sent if and only if it commits.
 */
export async function queueMail(opts: {
  ctx: AppContext;
  db: DbOrTx;
  messages: (MailMessage & { notAfter?: Date })[];
  batchId?: string | null;
}): Promise<{ id: string }[]> {
  return queueJobs({
    db: opts.db,
    now: opts.ctx.clock.now(),
    batchId: opts.batchId,
    jobs: opts.messages.map((m) => ({
      kind: MAIL_JOB,
      payload: {
        kind: m.kind,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        triggeredBy: m.triggeredBy ?? null,
        ...(m.notAfter ? { notAfter: m.notAfter.toISOString() } : {}),
        ...(m.headers ? { headers: m.headers } : {}),
      } satisfies MailJobPayload,
    })),
  });
}

/** The same Message-ID on every attempt of one job (a receiving system can drop a repeat). */
export function messageIdFor(jobId: string, publicUrl: string): string {
  let host = "localhost";
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep localhost
  }
  return `<${jobId}@${host}>`;
}

const LOG_STATUS = { done: "sent", retry: "retrying", failed: "failed" } as const;

export function mailJobKind(ctx: AppContext): JobKind<MailJobPayload> {
  return {
    name: MAIL_JOB,
    // its own slots: a silent relay holds these four and nothing else
    concurrency: 4,
    // no SMTP reply at all: the relay is down, not this message; one at a time until it answers
    isOutage: isUnreachableMailError,
    async run(p, run) {
      if (p.notAfter && ctx.clock.now().getTime() > Date.parse(p.notAfter)) throw new MailExpiredError();
      await ctx.mail.send(
        {
          kind: p.kind,
          to: p.to,
          subject: p.subject,
          text: p.text,
          html: p.html,
          messageId: messageIdFor(run.job.id, ctx.config.publicUrl),
          ...(p.headers ? { headers: p.headers } : {}),
        },
        { signal: run.signal },
      );
    },
    isPermanent: (err) => err instanceof MailExpiredError || isPermanentMailError(err),
    describeError(err) {
      const text = safeErrorText(err, ctx.config.smtpUrl);
      return isUnreachableMailError(err) ? `${UNREACHABLE}: ${text}`.slice(0, 500) : text;
    },
    async recordOutcome(tx, job, outcome) {
      const p = job.payload as MailJobPayload;
      await insertEmailLog(tx, {
        kind: p.kind,
        recipient: p.to,
        subject: p.subject,
        status: LOG_STATUS[outcome.status],
        attempts: job.attempts,
        error: outcome.error,
        triggeredBy: p.triggeredBy ?? null,
        jobId: job.id,
      });
    },
    // once delivered the body is not needed: the password reset link leaves the database
    payloadWhenDone: (p) => ({ kind: p.kind, to: p.to, subject: p.subject, text: "", triggeredBy: p.triggeredBy ?? null }),
    // contract 503 row: mail held up by an unreachable relay is sent once it answers again
    // (within 2 minutes), whatever back-off it was waiting out
    watch: {
      everyMs: 30_000,
      async run() {
        await retryMailWhenRelayAnswers(ctx);
      },
    },
  };
}

/** If mail is waiting because the relay was unreachable, and the relay answers now: send it now. */
export function retryMailWhenRelayAnswers(ctx: AppContext): Promise<number> {
  return retryWaitingJobs({
    db: ctx.db,
    kind: MAIL_JOB,
    errorPrefix: UNREACHABLE,
    now: () => ctx.clock.now(),
    causeIsGone: () => ctx.mail.verify(),
  });
}
