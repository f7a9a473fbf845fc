// The bell as the header first draws it (issue 19: board first-load JS): the unread count
// and its polite live region, on a plain button that looks and is named exactly as the
// Radix popover's trigger. The popover (notification-bell.tsx, Radix + floating-ui) loads
// when the pointer or focus comes near the bell and takes its place, open, on the first click.
import { Suspense, useEffect, useRef, useState } from "react";
import { Bell } from "lucide-react";
import { lazyNamed } from "../../lib/lazy";
import { useNotifications } from "./api";

const load = () => import("./notification-bell");
const NotificationBell = lazyNamed(load, "NotificationBell");

export const BELL_CLASS =
  "relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100";

/** What the bell's trigger shows: icon, accessible name with the count, the count badge. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell className="h-5 w-5" aria-hidden="true" />
      <span className="sr-only">{unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}</span>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold leading-none text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </>
  );
}

export function HeaderBell({ onOpenLoad }: { onOpenLoad: (loadId: string) => void }) {
  const [active, setActive] = useState(false);
  const query = useNotifications(true);
  const unread = query.data?.unreadCount ?? 0;
  const announced = useAnnouncement(unread);
  const prefetch = () => void load();
  const plain = (
    <button
      type="button"
      className={BELL_CLASS}
      data-testid="notification-bell"
      aria-haspopup="dialog"
      aria-expanded="false"
      data-state="closed"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setActive(true)}
    >
      <BellFace unread={unread} />
    </button>
  );
  return (
    <>
      {active ? (
        <Suspense fallback={plain}>
          <NotificationBell onOpenLoad={onOpenLoad} defaultOpen />
        </Suspense>
      ) : (
        plain
      )}
      {/* polite: a new count is read out without interrupting */}
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {announced}
      </span>
    </>
  );
}

/** What the live region says: nothing at first load, then each change of the unread count. */
function useAnnouncement(unread: number): string {
  const [text, setText] = useState("");
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (last.current !== null && last.current !== unread) {
      setText(unread === 0 ? "No unread notifications" : `${unread} unread ${unread === 1 ? "notification" : "notifications"}`);
    }
    last.current = unread;
  }, [unread]);
  return text;
}
