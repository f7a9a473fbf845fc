// "You are offline" at the top of the board, above the figures and the filters,
// where a driver sees it first; gone when the connection is back. And what Accept
// says without a signal: drawn here, with the board's own code, because the toast
// library loads on first use and, with no signal, might not load at all.
import { WifiOff, X } from "lucide-react";
import { ACCEPT_OFFLINE, useOnline } from "../use-online";

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" data-testid="offline-banner" className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
      You are offline. The board will update again when the connection is back.
    </p>
  );
}

/** Accept pressed with no signal: said at once, at the foot of the screen (over the card's buttons' row, not over the card). */
export function AcceptNeedsSignal({ onClose }: { onClose: () => void }) {
  return (
    <div
      role="alert"
      data-testid="accept-needs-signal"
      className="fixed inset-x-3 bottom-3 z-40 flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 shadow-lg sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
    >
      <WifiOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{ACCEPT_OFFLINE.title}</p>
        <p className="mt-1">{ACCEPT_OFFLINE.description}</p>
      </div>
      <button type="button" onClick={onClose} className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-red-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700">
        <X className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">Close</span>
      </button>
    </div>
  );
}
