// What a message sets off once it has committed, for the thread's other side only
// (the company's members for staff's message; every staff user for a carrier's):
// an `event: message` on their live streams (a NOTICE on MESSAGE_CHANNEL naming
// them, sent after commit), a message_received notification without email, and a
// job due 15 minutes later that emails whoever of them has still not read the
// thread, at most once a thread an hour each (claimUnreadEmails).
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { whenCommitted } from "../../db/transaction-hooks";
import type { JobKind } from "../jobs/job-registry";
import { queueJobs } from "../jobs/jobs.service";
import { memberIds } from "../companies/documents.service";
import { mailNotification, notify, staffRecipients } from "../notifications/notify";
import { MESSAGE_EMAIL_DELAY_MS, MESSAGE_EMAIL_GAP_MS, type Message } from "../../../contract/schemas/message";
import { claimUnreadEmails, findMessage } from "./messages.repository";
import { toMessage } from "./messages.service";

/** the channel the live hub listens on (payload: {staff, userIds, message}) */
export const MESSAGE_CHANNEL = "message_sent";
export const MESSAGE_EMAIL_JOB = "message-email";
/** a NOTICE carries at most 8,000 bytes: a long member list is split over several */
const IDS_PER_NOTICE = 20;

/** The thread's other side as it is now: who is told of a message. */
export async function otherSide(db: DbOrTx, m: Pick<Message, "authorRole" | "companyId">): Promise<string[]> {
  return m.authorRole === "staff" ? memberIds(db, m.companyId) : staffRecipients(db);
}

const excerpt = (body: string, max: number) => {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** What the bell and the email say: who wrote on which load, and the start of the text. */
export function messageText(m: Pick<Message, "authorName" | "authorRole" | "body">, loadNumber: string, companyName?: string): { title: string; body: string } {
  const from = m.authorRole === "staff" ? `${m.authorName} (staff)` : companyName ? `${m.authorName} (${companyName})` : m.authorName;
  return { title: `New message on load ${loadNumber}`, body: `${from}: ${excerpt(m.body, 300)}` };
}

/** The live notices of one message: staff's streams by a flag, members' by id. */
function livePayloads(message: Message, recipients: string[]): string[] {
  if (message.authorRole === "carrier") return [JSON.stringify({ staff: true, userIds: [], message })];
  const out: string[] = [];
  for (let i = 0; i < recipients.length; i += IDS_PER_NOTICE) out.push(JSON.stringify({ staff: false, userIds: recipients.slice(i, i + IDS_PER_NOTICE), message }));
  return out;
}

export function registerMessageNotices(ctx: AppContext): void {
  ctx.events.afterCommit({
    name: "message-notices",
    types: ["message.sent"],
    async handle(events, { tx }) {
      for (const event of events) {
        if (event.type !== "message.sent") continue;
        const { message } = event.data;
        const recipients = (await otherSide(tx, message)).filter((id) => id !== message.authorId);
        const payloads = livePayloads(message, recipients);
        // a lost notice costs only speed: the thread is refetched when the dialog opens
        await whenCommitted(tx, async (db) => {
          for (const p of payloads) await db.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${p})`).catch(() => {});
        });
        await notify({ ctx, tx, type: "message_received", recipients, actorId: message.authorId, loadId: message.loadId, email: false, ...messageText(message, event.loadNumber ?? "") });
        const runAt = new Date(new Date(message.createdAt).getTime() + MESSAGE_EMAIL_DELAY_MS);
        await queueJobs({ db: tx, now: new Date(event.occurredAt), runAt, jobs: [{ kind: MESSAGE_EMAIL_JOB, payload: { messageId: message.id, loadNumber: event.loadNumber } }] });
      }
    },
  });
}

/**
 * The delayed email: when it runs, each recipient on the other side who has not
 * read the thread up to this message and was not emailed about the thread in the
 * last hour is emailed once (the claim and the mail commit with the job's done).
 */
export function messageEmailJobKind(ctx: AppContext): JobKind<{ messageId: string; loadNumber?: string | null }> {
  return {
    name: MESSAGE_EMAIL_JOB,
    async run(payload, run) {
      await ctx.db.transaction(async (tx) => {
        const row = await findMessage(tx, payload.messageId);
        if (row) {
          const message = toMessage(row);
          const now = ctx.clock.now();
          const recipients = (await otherSide(tx, message)).filter((id) => id !== message.authorId);
          const thread = { loadId: message.loadId, companyId: message.companyId };
          const claimed = await claimUnreadEmails(tx, thread, recipients, Number(row.seq), now, new Date(now.getTime() - MESSAGE_EMAIL_GAP_MS));
          const text = messageText(message, payload.loadNumber ?? "");
          if (claimed.length) {
            await mailNotification({
              ctx,
              tx,
              type: "message_received",
              recipients: claimed,
              actorId: message.authorId,
              loadId: message.loadId,
              title: `Unread message on load ${payload.loadNumber ?? ""}`.trim(),
              body: `${text.body}\n\nYou have not read this message yet. Open the load to read the thread and reply.`,
            });
          }
        }
        await run.finish(tx);
      });
    },
  };
}
