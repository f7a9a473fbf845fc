// Messages on a load: one thread per carrier company per load, between that
// company's members and staff. GET/POST /api/loads/{id}/messages and
// POST /api/loads/{id}/messages/read. The body is plain text, never HTML.
// plain English for every check a field does not word itself (plain-errors.ts)
import { z } from "../plain-errors";

export const MESSAGE_BODY_MAX = 2_000;
/** contract: 30 messages a minute a user */
export const MESSAGES_PER_MINUTE = 30;
/** a thread's list carries its latest messages up to this many (X-Total-Count: the threads) */
export const MESSAGE_THREAD_MAX = 500;
/** an unread message is emailed this long after it was sent… */
export const MESSAGE_EMAIL_DELAY_MS = 15 * 60_000;
/** …and a thread emails each recipient at most once in this window */
export const MESSAGE_EMAIL_GAP_MS = 60 * 60_000;

export const MESSAGE_WORDS = {
  bodyEmpty: "Write a message",
  bodyTooLong: `A message can be at most ${MESSAGE_BODY_MAX.toLocaleString("en-GB")} characters`,
  // a control character would reach screens and email as something other than the text typed
  bodyControl: "A message can only contain plain text",
  companyRequired: "Choose the carrier company to write to",
  tooMany: "Too many messages: wait a minute before sending more",
} as const;

/** letters, spaces, tabs and line breaks; no other control characters */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const messageBodySchema = z
  .string({ error: MESSAGE_WORDS.bodyEmpty })
  .refine((s) => s.trim().length > 0, MESSAGE_WORDS.bodyEmpty)
  .refine((s) => s.length <= MESSAGE_BODY_MAX, MESSAGE_WORDS.bodyTooLong)
  .refine((s) => !CONTROL.test(s), MESSAGE_WORDS.bodyControl);

/** POST /api/loads/{id}/messages: `companyId` names the thread (required for staff; a carrier's is their own company, another is 404) */
export const messagePostSchema = z
  .object({
    body: messageBodySchema,
    companyId: z.uuid().optional(),
  })
  .strict();
export type MessagePostInput = z.input<typeof messagePostSchema>;

/** POST /api/loads/{id}/messages/read: every message of the thread so far is read by the caller */
export const messageReadSchema = z
  .object({
    companyId: z.uuid().optional(),
  })
  .strict();
export type MessageReadInput = z.input<typeof messageReadSchema>;

/** GET /api/loads/{id}/messages?companyId= (staff: one thread) */
export const messageListQuerySchema = z.object({
  companyId: z.uuid().optional(),
});

export type MessageAuthorRole = "carrier" | "staff";

export interface Message {
  id: string;
  loadId: string;
  /** the thread: the carrier company it is with */
  companyId: string;
  authorId: string | null;
  authorName: string;
  authorRole: MessageAuthorRole;
  /** plain text, shown as text (never rendered as HTML) */
  body: string;
  createdAt: string;
}

/** One thread of a load as GET /api/loads/{id}/messages lists it, oldest message first. */
export interface MessageThread {
  loadId: string;
  companyId: string;
  companyName: string;
  messages: Message[];
  /** messages of the other side the caller has not read */
  unreadCount: number;
  lastMessageAt: string | null;
}

/** GET /api/loads/{id}/messages: a carrier gets their company's one thread; staff every thread, newest activity first */
export interface MessageThreadList {
  threads: MessageThread[];
}

/** POST /api/loads/{id}/messages/read */
export interface MessageReadResult {
  read: number;
}

/**
 * GET /api/messages/unread (our addition: the header's messages entry): the
 * caller's threads with messages of the other side they have not read, latest
 * first, at most MESSAGE_INBOX_MAX of them, and the unread messages in all of
 * them. Only threads the caller may open (a carrier: their company's, on loads
 * still theirs to see).
 */
export interface UnreadThread {
  loadId: string;
  loadNumber: string;
  companyId: string;
  companyName: string;
  unreadCount: number;
  lastMessageAt: string;
}
export interface UnreadMessages {
  unreadCount: number;
  threads: UnreadThread[];
}
export const MESSAGE_INBOX_MAX = 100;
/** unread messages older than this no longer count (a thread nobody opened for months is not news) */
export const MESSAGE_UNREAD_DAYS = 30;

/** The `event: message` of GET /api/live: the message as posted. */
export type LiveMessage = Message;
