// The Messages tab of a load's details. A carrier sees their company's thread
// with staff; staff see a thread per carrier company with its unread count,
// choose one, then read and answer it (focus moves to the thread, and back to
// the company on "All companies").
import { useEffect, useRef, useState } from "react";
import { ChevronLeft, MessageSquare } from "lucide-react";
import type { MessageThread } from "@contract/schemas/message";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { formatCardDateTime } from "../../lib/format";
import { unreadWords } from "../../lib/message-cache";
import { useAuth } from "../../lib/use-auth";
import { useLoadThreads } from "./api";
import { ThreadView } from "./thread-view";

export interface LoadMessagesPanelProps {
  loadId: string;
  /** staff: open this company's thread first (the header's list) */
  companyId?: string;
}

export function LoadMessagesPanel({ loadId, companyId }: LoadMessagesPanelProps) {
  const { isStaff } = useAuth();
  const query = useLoadThreads(loadId);
  const threads = query.data?.threads ?? [];

  if (query.isLoading) return <Spinner label="Loading messages..." className="py-8" />;
  if (query.isError && !query.data) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{gone ? "Messages are not available for this load." : "The messages could not be loaded."}</p>
        {!gone && (
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Retry
          </Button>
        )}
      </div>
    );
  }
  if (!isStaff) {
    const thread = threads[0];
    if (!thread) return <p className="text-sm text-slate-600">Messages are not available for this load.</p>;
    return (
      <section aria-label="Messages with staff">
        <ThreadView thread={thread} staff={false} />
      </section>
    );
  }
  return <StaffThreads threads={threads} initialCompanyId={companyId} />;
}

function StaffThreads({ threads, initialCompanyId }: { threads: MessageThread[]; initialCompanyId?: string }) {
  const [chosen, setChosen] = useState<string | null>(initialCompanyId ?? null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const backTo = useRef<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const thread = threads.find((t) => t.companyId === chosen);

  // focus follows the choice: the thread's heading on opening, the company's button on going back
  useEffect(() => {
    if (thread) headingRef.current?.focus();
    else if (backTo.current) listRef.current?.querySelector<HTMLButtonElement>(`[data-company-id="${backTo.current}"]`)?.focus();
  }, [thread]);

  if (threads.length === 0) {
    return (
      <div className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        <MessageSquare className="mx-auto h-6 w-6 text-slate-500" aria-hidden="true" />
        <p className="mt-2 font-medium text-slate-900">No messages on this load yet.</p>
        <p className="mt-1">A carrier company&apos;s questions about this load appear here, one thread per company.</p>
      </div>
    );
  }

  if (thread) {
    return (
      <section aria-labelledby="message-thread-heading" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            className="min-h-11 sm:min-h-9"
            onClick={() => {
              backTo.current = thread.companyId;
              setChosen(null);
            }}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            All companies
          </Button>
          <h3 id="message-thread-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
            {thread.companyName}
          </h3>
        </div>
        <ThreadView thread={thread} staff />
      </section>
    );
  }

  return (
    <section aria-labelledby="message-companies-heading">
      <h3 id="message-companies-heading" className="mb-2 text-sm font-semibold text-slate-900">
        Choose a company
      </h3>
      <ul ref={listRef} className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {threads.map((t) => (
          <li key={t.companyId}>
            <button
              type="button"
              data-company-id={t.companyId}
              data-testid="message-thread"
              onClick={() => setChosen(t.companyId)}
              className="flex min-h-11 w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-slate-50"
            >
              <span className="min-w-0">
                <span className="block font-medium wrap-anywhere text-slate-900">{t.companyName}</span>
                {t.lastMessageAt && <span className="block text-xs text-slate-600">Last message {formatCardDateTime(t.lastMessageAt)}</span>}
              </span>
              {t.unreadCount > 0 ? (
                <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white" data-testid="thread-unread">
                  <span aria-hidden="true">{t.unreadCount}</span>
                  <span className="sr-only">{unreadWords(t.unreadCount)}</span>
                </span>
              ) : (
                <span className="sr-only">no unread messages</span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
