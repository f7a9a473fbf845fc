import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Message, MessageThreadList } from "@contract/schemas/message";
import { addMessage, applyMessageEvent, loadThreadsKey, markThreadRead, parseMessageEvent, UNREAD_KEY, unreadWords } from "./message-cache";

const msg = (id: string, companyId = "c1", at = "2026-11-28T10:00:00.000Z"): Message => ({
  id,
  loadId: "L1",
  companyId,
  authorId: "u1",
  authorName: "Sam Carrier",
  authorRole: "carrier",
  body: `body ${id}`,
  createdAt: at,
});
const thread = (companyId: string, messages: Message[], unreadCount = 0) => ({
  loadId: "L1",
  companyId,
  companyName: `Company ${companyId}`,
  messages,
  unreadCount,
  lastMessageAt: messages.at(-1)?.createdAt ?? null,
});

describe("the messages cache", () => {
  it("a message of the other side joins its thread once, counts as unread and moves the thread to the top", () => {
    const list: MessageThreadList = { threads: [thread("c2", [msg("a", "c2")]), thread("c1", [msg("b")])] };
    const m = msg("c", "c1", "2026-11-28T11:00:00.000Z");
    const once = addMessage(list, m, { fromOtherSide: true });
    expect(once.found).toBe(true);
    expect(once.list.threads.map((t) => t.companyId)).toEqual(["c1", "c2"]);
    expect(once.list.threads[0].messages.map((x) => x.id)).toEqual(["b", "c"]);
    expect(once.list.threads[0].unreadCount).toBe(1);
    expect(once.list.threads[0].lastMessageAt).toBe(m.createdAt);
    // the same message again (the stream and the poll both bring it) changes nothing
    const twice = addMessage(once.list, m, { fromOtherSide: true });
    expect(twice.list.threads[0].messages).toHaveLength(2);
    expect(twice.list.threads[0].unreadCount).toBe(1);
  });

  it("the caller's own message is not unread; a company with no cached thread is reported as not found", () => {
    const list: MessageThreadList = { threads: [thread("c1", [])] };
    expect(addMessage(list, msg("x"), { fromOtherSide: false }).list.threads[0].unreadCount).toBe(0);
    const other = addMessage(list, msg("y", "c9"), { fromOtherSide: true });
    expect(other.found).toBe(false);
    expect(other.list).toBe(list);
  });

  it("marking read zeroes only that company's thread", () => {
    const list: MessageThreadList = { threads: [thread("c1", [msg("a")], 2), thread("c2", [msg("b", "c2")], 3)] };
    expect(markThreadRead(list, "c1").threads.map((t) => t.unreadCount)).toEqual([0, 3]);
  });

  it("event: message patches the cached threads in place and asks the header's list again", async () => {
    const qc = new QueryClient();
    qc.setQueryData(loadThreadsKey("L1"), { threads: [thread("c1", [msg("a")])] });
    qc.setQueryData(UNREAD_KEY, { unreadCount: 0, threads: [] });
    applyMessageEvent(qc, JSON.stringify(msg("b")));
    const after = qc.getQueryData<MessageThreadList>(loadThreadsKey("L1"))!;
    expect(after.threads[0].messages.map((m) => m.id)).toEqual(["a", "b"]);
    expect(after.threads[0].unreadCount).toBe(1);
    expect(qc.getQueryState(UNREAD_KEY)?.isInvalidated).toBe(true);
    // a thread this screen does not hold yet is read again instead
    applyMessageEvent(qc, JSON.stringify(msg("c", "c7")));
    expect(qc.getQueryState(loadThreadsKey("L1"))?.isInvalidated).toBe(true);
  });

  it("ignores data that is not a message, and words the counts", () => {
    expect(parseMessageEvent("not json")).toBeNull();
    expect(parseMessageEvent(JSON.stringify({ id: "x" }))).toBeNull();
    expect(unreadWords(1)).toBe("1 unread message");
    expect(unreadWords(1200)).toBe("1,200 unread messages");
  });
});
