// Answers of the messages and counter-offer calls as zod schemas, for the OpenAPI
// document; each is checked at compile time to be exactly its contract interface.
import { z } from "zod";
import { BID_HISTORY_KINDS, type BidHistoryEntry } from "./bid";
import type { Message, MessageThread, MessageThreadList, UnreadMessages } from "./message";

const instant = () => z.string().describe("ISO-8601 instant (UTC)");

export const messageSchema = z
  .object({
    id: z.string(),
    loadId: z.string(),
    companyId: z.string().describe("the thread: the carrier company it is with"),
    authorId: z.string().nullable(),
    authorName: z.string(),
    authorRole: z.enum(["carrier", "staff"]),
    body: z.string().describe("plain text, never HTML"),
    createdAt: instant(),
  })
  .meta({ id: "Message" });

export const messageThreadSchema = z
  .object({
    loadId: z.string(),
    companyId: z.string(),
    companyName: z.string(),
    messages: z.array(messageSchema),
    unreadCount: z.number().describe("messages of the other side the caller has not read"),
    lastMessageAt: z.string().nullable(),
  })
  .meta({ id: "MessageThread" });

export const messageThreadListSchema = z.object({ threads: z.array(messageThreadSchema) }).meta({ id: "MessageThreadList" });

export const messageReadResultSchema = z.object({ read: z.number().describe("messages newly marked read") }).meta({ id: "MessageReadResult" });

export const bidHistoryEntrySchema = z
  .object({
    id: z.string(),
    bidId: z.string(),
    kind: z.enum(BID_HISTORY_KINDS),
    amount: z.number().nullable(),
    expiresAt: z.string().nullable(),
    note: z.string().nullable(),
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    actorRole: z.enum(["carrier", "staff", "system"]),
    createdAt: instant(),
  })
  .meta({ id: "BidHistoryEntry" });

export const unreadMessagesSchema = z
  .object({
    unreadCount: z.number().describe("unread messages in all the threads listed"),
    threads: z.array(
      z.object({ loadId: z.string(), loadNumber: z.string(), companyId: z.string(), companyName: z.string(), unreadCount: z.number(), lastMessageAt: instant() }),
    ),
  })
  .meta({ id: "UnreadMessages" });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof messageSchema>, Message>>();
same<Same<z.infer<typeof messageThreadSchema>, MessageThread>>();
same<Same<z.infer<typeof messageThreadListSchema>, MessageThreadList>>();
same<Same<z.infer<typeof bidHistoryEntrySchema>, BidHistoryEntry>>();
same<Same<z.infer<typeof unreadMessagesSchema>, UnreadMessages>>();
