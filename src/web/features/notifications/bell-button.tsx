// The bell as the header first draws it (kept out of the board's first-load JS): the unread count
// and its polite live region, on a plain button that looks and is named exactly as the
// Radix popover's trigger. The popover (notification-bell.tsx, Radix + floating-ui) loads
// when the pointer or focus comes near the bell and takes its place, open, on the first click.
import { Suspense, useEffect, useRef, useState } from "react";
import { lazyNamed } from "../../lib/lazy";
import { useNotifications } from "./api";
import { BELL_CLASS, BellFace } from "./bell-face";

const load = () => import("./notification-bell");
const NotificationBell = lazyNamed(load, "NotificationBell");

export function HeaderBell({ onOpenLoad }: { onOpenLoad: (loadId: string, tab?: "messages") => void }) {
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
