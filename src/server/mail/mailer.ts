// The mail transport: SMTP when SMTP_URL is set, otherwise each message is
// written as an .eml file under $DATA_DIR/outbox. One attempt per call:
// retrying, back-off and the send log belong to the outbox worker (mail-job.ts),
// which is the only caller. Modules queue mail in the transaction of their
// change (queueMail in mail-job.ts; account-mail.ts for account mail).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what kind of mail this is, for the send log: "password-reset", "available-loads", … */
  kind: string;
  /** the user whose action sent it (email_log.triggered_by); none for the schedule and system mail */
  triggeredBy?: string | null;
  /** the same on every attempt of one message, so a receiving system can drop a duplicate */
  messageId?: string;
  /** extra headers (List-Unsubscribe and List-Unsubscribe-Post on every non-account email, RFC 8058) */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * One attempt to deliver; throws when the relay did not accept the message.
   * `signal`: stop waiting for the relay (the attempt then counts as failed; a relay
   * that accepts it later anyway may deliver it twice, under the same Message-ID).
   */
  send(message: MailMessage, opts?: { signal?: AbortSignal }): Promise<void>;
  /** Does the relay answer now (connect, greeting, EHLO)? Always true for the .eml outbox. */
  verify(): Promise<boolean>;
  close(): void;
}

const UNREACHABLE_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EPIPE", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** The relay could not be reached or dropped the connection (no SMTP reply at all). */
export function isUnreachableMailError(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown } | null;
  if (typeof e?.responseCode === "number") return false;
  return typeof e?.code === "string" && UNREACHABLE_CODES.has(e.code);
}

/**
 * A 5xx reply to the message or its recipients: no retry can cure it (a mailbox
 * that does not exist, a message refused). A 5xx to AUTH is the operator's to
 * fix (wrong SMTP credentials), so it is retried like 4xx replies and outages.
 */
export function isPermanentMailError(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown } | null;
  return typeof e?.responseCode === "number" && e.responseCode >= 500 && e.code !== "EAUTH";
}

/** Error text for the log and the admin: no credentials from URLs, no SMTP password, bounded length. */
export function safeErrorText(err: unknown, smtpUrl?: string): string {
  let text = err instanceof Error ? err.message : String(err);
  text = text.replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, "//***@");
  if (smtpUrl) {
    try {
      const pw = decodeURIComponent(new URL(smtpUrl).password);
      if (pw) text = text.split(pw).join("***");
    } catch {
      // not a URL: nothing to hide
    }
  }
  return text.slice(0, 500);
}

/** Giving up on a relay: no connection, no greeting, or silence mid-conversation for this long. */
export const SMTP_CONNECT_TIMEOUT_MS = 10_000;
export const SMTP_GREETING_TIMEOUT_MS = 10_000;
export const SMTP_IDLE_TIMEOUT_MS = 30_000;

/** `work`, or the signal's reason once it is aborted (the work itself runs on, unheard). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export function createMailer(config: Config): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl, {
        tls: { rejectUnauthorized: config.smtpRejectUnauthorized },
        // a dead or silent relay must not hold a worker for minutes: one that accepts
        // the connection and never greets is given up after 10 s
        connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
        greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
        socketTimeout: SMTP_IDLE_TIMEOUT_MS,
      } as never)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const outbox = join(config.dataDir, "outbox");

  return {
    async send(m, opts) {
      const sending: Promise<unknown> = transport.sendMail({
        from: config.mailFrom,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.headers ? { headers: m.headers } : {}),
      });
      // an abandoned attempt's late failure is nobody's to hear
      sending.catch(() => {});
      const info = await unlessAborted(sending, opts?.signal);
      if (config.smtpUrl) return;
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, "_");
      await writeFile(
        join(outbox, `${stamp}-${m.kind}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`),
        (info as { message: Buffer }).message,
      );
    },
    async verify() {
      if (!config.smtpUrl) return true;
      try {
        await transport.verify();
        return true;
      } catch {
        return false;
      }
    },
    close: () => transport.close(),
  };
}

declare module "../context" {
  interface AppContext {
    /** the mail transport (SMTP, or .eml files in the outbox folder); only the outbox worker calls it */
    mail: Mailer;
  }
}
