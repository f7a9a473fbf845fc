// One thread: its messages oldest first, each as plain text (React escapes it;
// line breaks kept by CSS, never rendered as HTML), a polite live region that
// reads out a message arriving while the thread is shown, and the send box.
// Shown means read: the thread's unread messages are marked read on sight.
import { useEffect, useRef, useState } from "react";
import type { Message, MessageThread } from "@contract/schemas/message";
import { formatCardDateTime } from "../../lib/format";
import { cn } from "../../lib/cn";
import { useMarkThreadRead } from "./api";
import { SendBox } from "./send-box";

export function MessageItem({ message, own }: { message: Message; own: boolean }) {
  return (
    <li data-testid="message" className={cn("flex", own ? "justify-end" : "justify-start")}>
      <div className={cn("max-w-[85%] rounded-lg px-3 py-2 text-sm", own ? "bg-brand-50 text-slate-900" : "border border-slate-200 bg-white text-slate-900")}>
        <p className="text-xs text-slate-600">
          <span className="font-semibold text-slate-800">{message.authorName}</span>
          {message.authorRole === "staff" && " (staff)"} · <time dateTime={message.createdAt}>{formatCardDateTime(message.createdAt)}</time>
        </p>
        <p className="mt-1 whitespace-pre-wrap wrap-anywhere" data-testid="message-body">
          {message.body}
        </p>
      </div>
    </li>
  );
}

export function ThreadView({ thread, staff }: { thread: MessageThread; staff: boolean }) {
  const { loadId, companyId } = thread;
  const own = (m: Message) => (m.authorRole === "staff") === staff;
  const listRef = useRef<HTMLOListElement>(null);
  const markRead = useMarkThreadRead(loadId);
  const { mutate: mark, isPending: marking } = markRead;

  // shown means read: once for what is unread now, again when more arrives while it is shown,
  // and when the browser tab comes back into view with unread messages in the thread
  const [visible, setVisible] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);
  useEffect(() => {
    if (thread.unreadCount > 0 && !marking && visible) mark(staff ? companyId : undefined);
  }, [thread.unreadCount, marking, mark, staff, companyId, visible]);

  // the newest message in view, as a chat would
  const count = thread.messages.length;
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  const announced = useArrivalAnnouncement(thread.messages, own);

  return (
    <div className="space-y-3">
      {count === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No messages yet. Ask {staff ? thread.companyName : "us"} about this load below.
        </p>
      ) : (
        <ol
          ref={listRef}
          aria-label={`Messages with ${staff ? thread.companyName : "staff"}`}
          tabIndex={0}
          className="max-h-[45vh] space-y-2 overflow-y-auto rounded-md bg-slate-50 p-2 focus-visible:outline-2 sm:max-h-80"
        >
          {thread.messages.map((m) => (
            <MessageItem key={m.id} message={m} own={own(m)} />
          ))}
        </ol>
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announced}
      </p>
      <SendBox loadId={loadId} companyId={staff ? companyId : undefined} companyName={staff ? thread.companyName : "staff"} />
    </div>
  );
}

/** "New message from Sam: …" for a message of the other side that arrives while the thread is shown. */
function useArrivalAnnouncement(messages: Message[], own: (m: Message) => boolean): string {
  const [text, setText] = useState("");
  const seen = useRef<string | null>(null);
  const last = messages[messages.length - 1];
  useEffect(() => {
    if (!last) return;
    if (seen.current !== null && seen.current !== last.id && !own(last)) setText(`New message from ${last.authorName}: ${last.body}`);
    seen.current = last.id;
  }, [last, own]);
  return text;
}
