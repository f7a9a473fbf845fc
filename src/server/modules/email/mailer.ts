// One mail module (issue 2, extended in issue 7): SMTP when SMTP_URL is set,
// otherwise each message is written as an .eml file under $DATA_DIR/outbox.
// Transient SMTP failures are retried with back-off, and every send — delivered
// or failed — is recorded in email_log, so nothing is silently lost (issue 7).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { insertEmailLog } from "./email.repository";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what kind of mail this is, for the send log: "password-reset", "available-loads", … */
  kind: string;
  /** the user whose action sent it (email_log.triggered_by); none for the schedule and system mail */
  triggeredBy?: string | null;
}

export interface Mailer {
  /** Delivers (retrying transient failures) and logs; throws when the message could not be delivered. */
  send(message: MailMessage): Promise<void>;
  close(): void;
  /** Start recording sends in email_log (when the mailer was created without a database). */
  attachLog?(db: Db): void;
}

export interface MailerOptions {
  /** where email_log rows go; without it sends are not recorded */
  db?: Db;
  /** waits before each retry of a transient failure; its length is the number of retries */
  retryDelaysMs?: readonly number[];
}

/** 4 attempts in all: at once, then after 0.5 s, 2 s and 5 s. */
export const DEFAULT_RETRY_DELAYS_MS = [500, 2000, 5000] as const;

const TRANSIENT_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EPIPE", "EAI_AGAIN", "EHOSTUNREACH"]);

/** 4xx SMTP replies ("try again later") and connection trouble are worth another try; 5xx are not. */
export function isTransientMailError(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown } | null;
  if (typeof e?.responseCode === "number") return e.responseCode >= 400 && e.responseCode < 500;
  return typeof e?.code === "string" && TRANSIENT_CODES.has(e.code);
}

/** Error text for the log: no credentials from URLs, no SMTP password, bounded length. */
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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function createMailer(config: Config, opts: MailerOptions = {}): Mailer {
  let db = opts.db;
  const delays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl, {
        tls: { rejectUnauthorized: config.smtpRejectUnauthorized },
        // a dead relay must not hold a request (or the schedule) for minutes
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as never)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const outbox = join(config.dataDir, "outbox");

  async function deliver(m: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text, html: m.html });
    if (config.smtpUrl) return;
    await mkdir(outbox, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, "_");
    await writeFile(
      join(outbox, `${stamp}-${m.kind}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`),
      (info as { message: Buffer }).message,
    );
  }

  async function record(m: MailMessage, status: "sent" | "failed", attempts: number, error: string | null): Promise<void> {
    if (!db) return;
    try {
      await insertEmailLog(db, {
        kind: m.kind,
        recipient: m.to,
        subject: m.subject,
        status,
        attempts,
        error,
        triggeredBy: m.triggeredBy ?? null,
      });
    } catch (err) {
      // the send itself happened (or failed) either way; say so where an operator looks
      console.error(`email_log write failed for a ${m.kind} mail: ${safeErrorText(err)}`);
    }
  }

  return {
    async send(m) {
      let attempts = 0;
      for (;;) {
        attempts++;
        try {
          await deliver(m);
          await record(m, "sent", attempts, null);
          return;
        } catch (err) {
          const retry = attempts <= delays.length && isTransientMailError(err);
          if (!retry) {
            await record(m, "failed", attempts, safeErrorText(err, config.smtpUrl));
            throw err;
          }
          await sleep(delays[attempts - 1]);
        }
      }
    },
    close: () => transport.close(),
    attachLog(d) {
      db ??= d;
    },
  };
}
