// The header's messages entry as the header places it: its 44 px room kept while
// its code loads, and drawn only in the browser (the board's first screen is drawn
// on the server and hydrated; the entry, its count and its popover follow after).
import { lazy, Suspense, useSyncExternalStore } from "react";
import type { OpenThread } from "./header-messages";

const HeaderMessages = lazy(async () => ({ default: (await import("./header-messages")).HeaderMessages }));
const noSubscription = () => () => {};

export function HeaderMessagesSlot({ onOpenThread }: { onOpenThread: (t: OpenThread) => void }) {
  // false on the server and while hydrating, true from then on
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  const room = <span aria-hidden="true" className="h-11 w-11 shrink-0" />;
  if (!inBrowser) return room;
  return (
    <Suspense fallback={room}>
      <HeaderMessages onOpenThread={onOpenThread} />
    </Suspense>
  );
}
