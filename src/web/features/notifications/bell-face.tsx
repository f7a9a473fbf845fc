// What the bell's trigger looks like, shared by the plain button the header first
// draws (bell-button.tsx) and the popover's trigger that takes its place
// (notification-bell.tsx), so the swap cannot be seen or heard.
import { Bell } from "lucide-react";

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
