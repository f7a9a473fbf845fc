// Expiry reminders: emails and notifications (document_expiring) to the company's
// members 30 and 7 days before and on the day a document expires, each exactly
// once, across processes.
//
// A sweep, run by every process's job runner about once an hour (the watch of the
// "document-reminders" job kind; a sweep can also be queued as a job): every
// verified document that is the latest of its kind in its company and expires
// within 30 UK calendar days has one reminder mark due: 30 while more than 7 days
// are left, 7 from 7 days to 1, 0 on the day. Each due mark is claimed by one
// insert into document_reminders (primary key document_id, days_before; ON
// CONFLICT DO NOTHING), and only the insert that wins calls notify(), in the same
// transaction: the notifications and their emails (the durable outbox, with
// List-Unsubscribe) commit with the claim or not at all. So whatever the number of
// processes and restarts, each mark is sent once. A process that was down on the
// 30-day mark still sends it when it wakes, as long as more than 7 days are left;
// after that only the 7-day one is due (one reminder, not two at once).
// docs/decisions/0013-compliance.md.
import type { AppContext } from "../../context";
import type { JobKind } from "../jobs/job-registry";
import { notify } from "./notify";
import { DOCUMENT_KIND_LABELS, type DocumentKind } from "../../../contract/schemas/company";
import { claimReminder, dueReminders, memberIds, ukToday } from "../companies/documents.service";

export const DOCUMENT_REMINDERS_JOB = "document-reminders";
/** How often each process sweeps (a reminder is at most this late after a UK midnight). */
export const REMINDER_SWEEP_EVERY_MS = 60 * 60_000;
/** due reminders read at a time; each is claimed in its own short transaction */
const BATCH = 200;
/** Where the reminder's link opens: the company's documents in the web app. */
export const COMPANY_DOCUMENTS_PATH = "/company";

/** "2026-12-24" → "Thu 24 Dec 2026" (a calendar day: formatted in UTC, no time zone can move it). */
export function ukDateLabel(ymd: string): string {
  const p: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" }).formatToParts(
    new Date(`${ymd}T00:00:00Z`),
  )) {
    p[part.type] = part.value;
  }
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** What a reminder says: the document's kind, the company and the expiry day; nothing else. */
export function reminderText(r: { kind: string; companyName: string; expiresOn: string; daysLeft: number }): { title: string; body: string } {
  const label = DOCUMENT_KIND_LABELS[r.kind as DocumentKind] ?? "A document";
  const day = ukDateLabel(r.expiresOn);
  const when = r.daysLeft === 0 ? "today" : `in ${r.daysLeft} day${r.daysLeft === 1 ? "" : "s"}`;
  const title = `${label} of ${r.companyName} expires ${when}`;
  const body =
    r.daysLeft === 0
      ? `The ${label.toLowerCase()} of ${r.companyName} on file expires today, ${day}. Upload the renewed document under Company documents so staff can verify it.`
      : `The ${label.toLowerCase()} of ${r.companyName} on file expires on ${day} (${when}). Upload the renewed document under Company documents so staff can verify it before then.`;
  return { title, body };
}

/** One sweep on the UK day of `now`. Returns how many reminders this call sent (won). */
export async function sweepDocumentReminders(ctx: AppContext, now: Date = ctx.clock.now()): Promise<number> {
  const today = ukToday(now);
  let sent = 0;
  for (;;) {
    const due = await dueReminders(ctx.db, { today, limit: BATCH });
    for (const r of due) {
      const won = await ctx.db.transaction(async (tx) => {
        // exactly once: the insert that wins notifies, in its own transaction
        if (!(await claimReminder(tx, { documentId: r.id, daysBefore: r.mark, now }))) return false;
        const text = reminderText(r);
        await notify({
          ctx,
          tx,
          type: "document_expiring",
          recipients: await memberIds(tx, r.companyId),
          actorId: null,
          loadId: null,
          ...text,
          mail: { link: { label: "Open company documents", path: COMPANY_DOCUMENTS_PATH } },
        });
        return true;
      });
      if (won) sent++;
    }
    // every row read was claimed (here or elsewhere): the next read starts after them
    if (due.length < BATCH) return sent;
  }
}

/**
 * The sweep as a job kind. Its watch runs in every process's
 * job runner; it sweeps when an hour of the app's clock has passed since this
 * process last swept (at once after a start, so a process that was down catches
 * up, and at once when a test moves the clock on).
 */
export function documentRemindersJobKind(ctx: AppContext): JobKind<unknown> {
  let last: number | null = null;
  return {
    name: DOCUMENT_REMINDERS_JOB,
    async run() {
      await sweepDocumentReminders(ctx);
    },
    watch: {
      everyMs: 60_000,
      async run() {
        const now = ctx.clock.now().getTime();
        if (last !== null && now >= last && now - last < REMINDER_SWEEP_EVERY_MS) return;
        last = now;
        await sweepDocumentReminders(ctx);
      },
    },
  };
}
