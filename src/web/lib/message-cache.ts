// The messages cache, as plain functions of the cached data: a message that
// arrives on the live stream joins its thread at once (no request), and the
// thread's unread count grows; a thread this screen has not fetched is left to
// its next read. Shared by the live handler and the tests.
import type { QueryClient } from "@tanstack/react-query";
import type { Message, MessageThread, MessageThreadList } from "@contract/schemas/message";

/** Every messages query starts with this, so one invalidation reaches them all. */
export const MESSAGES_KEY = ["/api/messages"] as const;
export const loadThreadsKey = (loadId: string) => [...MESSAGES_KEY, "load", loadId] as const;
export const UNREAD_KEY = [...MESSAGES_KEY, "unread"] as const;

/** The event's data as sent, or null when it is not a message. */
export function parseMessageEvent(data: string): Message | null {
  try {
    const m = JSON.parse(data) as Partial<Message>;
    return typeof m.id === "string" && typeof m.loadId === "string" && typeof m.companyId === "string" && typeof m.body === "string"
      ? (m as Message)
      : null;
  } catch {
    return null;
  }
}

/**
 * The list with the message in its thread (once, even if it arrives twice) and
 * the thread moved to the top (latest activity first). `found` false: no
 * thread of this company is cached, so the list must be read again.
 */
export function addMessage(list: MessageThreadList, m: Message, opts: { fromOtherSide: boolean }): { list: MessageThreadList; found: boolean } {
  const at = list.threads.findIndex((t) => t.companyId === m.companyId);
  if (at < 0) return { list, found: false };
  const thread = list.threads[at];
  if (thread.messages.some((x) => x.id === m.id)) return { list, found: true };
  const next: MessageThread = {
    ...thread,
    messages: [...thread.messages, m],
    unreadCount: thread.unreadCount + (opts.fromOtherSide ? 1 : 0),
    lastMessageAt: m.createdAt,
  };
  const threads = [next, ...list.threads.filter((_, i) => i !== at)];
  return { list: { threads }, found: true };
}

/** The thread read up to now by the caller. */
export function markThreadRead(list: MessageThreadList, companyId: string): MessageThreadList {
  return { threads: list.threads.map((t) => (t.companyId === companyId ? { ...t, unreadCount: 0 } : t)) };
}

/** Unread messages of the other side in a thread: what "marks read when shown" waits for. */
export const unreadIn = (thread: MessageThread | undefined) => thread?.unreadCount ?? 0;

/** "1 unread message" / "3 unread messages" */
export function unreadWords(n: number): string {
  return `${n.toLocaleString("en-GB")} unread ${n === 1 ? "message" : "messages"}`;
}

/**
 * `event: message` on a QueryClient: it reaches only the thread's other side, so
 * it is unread here. The load's threads take it in place (or are read again when
 * this company's thread is not cached yet); the header's list is read again (it
 * names the load, which the event does not).
 */
export function applyMessageEvent(qc: QueryClient, data: string): void {
  const m = parseMessageEvent(data);
  if (!m) return;
  const key = loadThreadsKey(m.loadId);
  const cached = qc.getQueryData<MessageThreadList>(key);
  if (cached) {
    const next = addMessage(cached, m, { fromOtherSide: true });
    if (next.found) qc.setQueryData(key, next.list);
    else void qc.invalidateQueries({ queryKey: key, exact: true });
  }
  void qc.invalidateQueries({ queryKey: UNREAD_KEY, exact: true });
}
