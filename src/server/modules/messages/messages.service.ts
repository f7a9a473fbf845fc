// Messages on a load: who may see which thread, posting (30 a minute a user),
// listing and read marks. A carrier has one thread per load, their company's, and
// only while the load is on the board or held by them or their company; staff
// see every thread and write to one by naming its company. Side effects (the
// other side's live event, notification and delayed email) follow the
// message.sent event (message-notices.ts).
import { eq, or } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { loads, type LoadMessageRow, type LoadRow, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { iso } from "../../lib/serialize";
import { MSG } from "../../../contract/messages";
import { isStaffRole } from "../../../contract/constants";
import {
  MESSAGE_INBOX_MAX,
  MESSAGE_THREAD_MAX,
  MESSAGE_UNREAD_DAYS,
  MESSAGE_WORDS,
  MESSAGES_PER_MINUTE,
  type Message,
  type MessageThread,
  type UnreadMessages,
} from "../../../contract/schemas/message";
import { canSeeLoad, ownTakenLoadsWhere } from "../loads/load-visibility";
import { loadEvent } from "../loads/loads.service";
import {
  companyName,
  countRecentByAuthor,
  insertMessage,
  markThreadRead,
  readMarks,
  threadCompanies,
  threadMessages,
  unreadCounts,
  unreadThreads,
  type Side,
  type Thread,
} from "./messages.repository";

const MINUTE = 60_000;

export function toMessage(row: LoadMessageRow): Message {
  return {
    id: row.id,
    loadId: row.loadId,
    companyId: row.companyId,
    authorId: row.authorId,
    authorName: row.authorName,
    authorRole: row.authorRole as Side,
    body: row.body,
    createdAt: iso(row.createdAt)!,
  };
}

export const sideOf = (user: Pick<UserRow, "role" | "isAdmin">): Side => (isStaffRole(user) ? "staff" : "carrier");

/**
 * The thread the caller means, or 404. A carrier: their company's, while they may
 * see the load (available, or held by them or their company); a companyId naming
 * another company is 404, as a load they may not see is. Staff: the company named
 * (required when `required`), which must exist.
 */
async function resolveThread(db: DbOrTx, viewer: UserRow, loadId: string, companyId: string | undefined, required: boolean): Promise<{ load: LoadRow; companyId: string | null }> {
  const [load] = await db.select().from(loads).where(eq(loads.id, loadId));
  if (!load) throw new AppError(404, MSG.notFound);
  if (isStaffRole(viewer)) {
    if (!companyId) {
      if (required) throw new AppError(400, MESSAGE_WORDS.companyRequired, [{ path: "companyId", message: MESSAGE_WORDS.companyRequired }]);
      return { load, companyId: null };
    }
    if ((await companyName(db, companyId)) === null) throw new AppError(404, MSG.notFound);
    return { load, companyId };
  }
  if (!viewer.companyId || !canSeeLoad(load, viewer)) throw new AppError(404, MSG.notFound);
  if (companyId && companyId !== viewer.companyId) throw new AppError(404, MSG.notFound);
  return { load, companyId: viewer.companyId };
}

/** POST /api/loads/{id}/messages → the message (201). */
export async function postMessage(opts: { ctx: AppContext; db: Db; actor: UserRow; loadId: string; companyId?: string; body: string; now: Date }): Promise<Message> {
  const { ctx, actor, now } = opts;
  return opts.db.transaction(async (tx) => {
    const { load, companyId } = await resolveThread(tx, actor, opts.loadId, opts.companyId, true);
    // contract: 30 messages a minute a user, counted in the database across processes
    if ((await countRecentByAuthor(tx, actor.id, new Date(now.getTime() - MINUTE))) >= MESSAGES_PER_MINUTE) throw new AppError(429, MESSAGE_WORDS.tooMany);
    const side = sideOf(actor);
    const row = await insertMessage(tx, { loadId: load.id, companyId: companyId!, authorId: actor.id, authorName: actor.name, authorRole: side, body: opts.body, now });
    // the author has read their own thread up to here
    await markThreadRead(tx, { loadId: load.id, companyId: companyId! }, actor.id, side);
    const message = toMessage(row);
    await ctx.events.publish(tx, [loadEvent({ type: "message.sent", load, actor, now, data: { message } })]);
    return message;
  });
}

/** GET /api/loads/{id}/messages: the carrier's thread (even before its first message), or staff's threads. */
export async function listThreads(opts: { db: DbOrTx; viewer: UserRow; loadId: string; companyId?: string }): Promise<MessageThread[]> {
  const { db, viewer } = opts;
  const { load, companyId } = await resolveThread(db, viewer, opts.loadId, opts.companyId, false);
  const side = sideOf(viewer);
  let companies: { companyId: string; companyName: string }[];
  if (side === "carrier" || companyId) {
    companies = [{ companyId: companyId!, companyName: (await companyName(db, companyId!)) ?? "" }];
  } else {
    companies = await threadCompanies(db, load.id);
  }
  const ids = companies.map((c) => c.companyId);
  const unread = await unreadCounts(db, load.id, viewer.id, side, ids);
  const threads = await Promise.all(
    companies.map(async (c) => {
      const rows = await threadMessages(db, { loadId: load.id, companyId: c.companyId }, MESSAGE_THREAD_MAX);
      return {
        loadId: load.id,
        companyId: c.companyId,
        companyName: c.companyName,
        messages: rows.map(toMessage),
        unreadCount: unread.get(c.companyId) ?? 0,
        lastMessageAt: rows.length ? iso(rows[rows.length - 1].createdAt) : null,
      };
    }),
  );
  // the thread with the latest message first; threads with unread messages lead among equals
  return threads.sort((a, b) => (b.lastMessageAt ?? "").localeCompare(a.lastMessageAt ?? "") || b.unreadCount - a.unreadCount);
}

/** POST /api/loads/{id}/messages/read: the caller has read the thread so far. */
export async function markRead(opts: { db: Db; viewer: UserRow; loadId: string; companyId?: string }): Promise<{ read: number }> {
  const { db, viewer } = opts;
  return db.transaction(async (tx) => {
    const { load, companyId } = await resolveThread(tx, viewer, opts.loadId, opts.companyId, true);
    const thread: Thread = { loadId: load.id, companyId: companyId! };
    return { read: await markThreadRead(tx, thread, viewer.id, sideOf(viewer)) };
  });
}

/**
 * GET /api/messages/unread: the caller's threads with unread messages (the header's
 * count). A carrier's are their company's, on loads on the board or held by them
 * or their company (the threads they may open); a carrier of no company has none.
 */
export async function unreadMessages(opts: { db: DbOrTx; viewer: UserRow; now: Date }): Promise<UnreadMessages> {
  const { db, viewer } = opts;
  const side = sideOf(viewer);
  if (side === "carrier" && !viewer.companyId) return { unreadCount: 0, threads: [] };
  const since = new Date(opts.now.getTime() - MESSAGE_UNREAD_DAYS * 86_400_000);
  const visible = side === "carrier" ? or(eq(loads.status, "available"), ownTakenLoadsWhere(viewer)) : undefined;
  const rows = await unreadThreads(db, { userId: viewer.id, side, companyId: side === "carrier" ? viewer.companyId! : undefined, visible, since, limit: MESSAGE_INBOX_MAX });
  const threads = rows.map((r) => ({ loadId: r.loadId, loadNumber: r.loadNumber, companyId: r.companyId, companyName: r.companyName, unreadCount: r.unread, lastMessageAt: iso(r.last)! }));
  return { unreadCount: threads.reduce((n, t) => n + t.unreadCount, 0), threads };
}

/** How far the user has read a thread (tests and the email job). */
export async function readMarkOf(db: DbOrTx, t: Thread, userId: string): Promise<number> {
  return (await readMarks(db, t.loadId, userId, [t.companyId])).get(t.companyId) ?? 0;
}
