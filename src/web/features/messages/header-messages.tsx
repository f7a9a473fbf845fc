// The header's messages entry: a button named with the unread count ("Messages,
// 2 unread"), a polite live region reading out a new count, and a list of the
// threads with unread messages (a Radix popover: Tab and Escape work, focus goes
// back to the button); each opens the load's details on its Messages tab.
import { useEffect, useRef, useState } from "react";
import { Popover } from "radix-ui";
import { MessageSquare } from "lucide-react";
import type { UnreadThread } from "@contract/schemas/message";
import { Spinner } from "../../components/ui/spinner";
import { formatCardDateTime } from "../../lib/format";
import { unreadWords } from "../../lib/message-cache";
import { useUnreadMessages } from "./api";

const BUTTON_CLASS =
  "relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100";

export interface OpenThread {
  loadId: string;
  /** staff: which company's thread (without it they choose from the load's threads); a carrier has only their own */
  companyId?: string;
}

export function HeaderMessages({ onOpenThread }: { onOpenThread: (t: OpenThread) => void }) {
  const [open, setOpen] = useState(false);
  const query = useUnreadMessages();
  const unread = query.data?.unreadCount ?? 0;
  const threads = query.data?.threads ?? [];
  const announced = useCountAnnouncement(unread);

  const openThread = (t: UnreadThread) => {
    setOpen(false);
    onOpenThread({ loadId: t.loadId, companyId: t.companyId });
  };

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger className={BUTTON_CLASS} data-testid="messages-button">
          <MessageSquare className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">{unread > 0 ? `Messages, ${unreadWords(unread)}` : "Messages, none unread"}</span>
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="messages-count"
              className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold leading-none text-white"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            aria-label="Unread messages"
            className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-16px))] flex-col overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-lg"
          >
            <h2 className="border-b border-slate-200 px-3 py-2 text-sm font-semibold">Unread messages</h2>
            <div className="overflow-y-auto">
              {query.isLoading ? (
                <Spinner label="Loading messages..." className="py-6" />
              ) : query.isError && !query.data ? (
                <p role="alert" className="p-3 text-sm text-red-700">
                  Your messages could not be loaded.{" "}
                  <button type="button" className="underline" onClick={() => void query.refetch()}>
                    Retry
                  </button>
                </p>
              ) : threads.length === 0 ? (
                <p className="p-4 text-sm text-slate-600">No unread messages. Questions and answers about a load are on its details, under Messages.</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {threads.map((t) => (
                    <li key={`${t.loadId}-${t.companyId}`}>
                      <button
                        type="button"
                        data-testid="unread-thread"
                        onClick={() => openThread(t)}
                        className="flex min-h-11 w-full items-start justify-between gap-3 px-3 py-2 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                      >
                        <span className="min-w-0">
                          <span className="block font-medium text-slate-900">
                            Load #{t.loadNumber} · <span className="wrap-anywhere">{t.companyName}</span>
                          </span>
                          <span className="block text-xs text-slate-600">Last message {formatCardDateTime(t.lastMessageAt)}</span>
                        </span>
                        <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
                          <span aria-hidden="true">{t.unreadCount}</span>
                          <span className="sr-only">{unreadWords(t.unreadCount)}</span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {announced}
      </span>
    </>
  );
}

/** Nothing at first load, then each change of the unread count. */
function useCountAnnouncement(unread: number): string {
  const [text, setText] = useState("");
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (last.current !== null && last.current !== unread) setText(unread === 0 ? "No unread messages" : unreadWords(unread));
    last.current = unread;
  }, [unread]);
  return text;
}
