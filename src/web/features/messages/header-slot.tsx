// What the messages feature puts into pages the server may draw first (the board's
// first screen, hydrated in the browser): the header's messages entry, with its
// 44 px room kept while its code loads, and a counter-offer on a load's card. Both
// are drawn only in the browser, after hydration, so the server's HTML and the
// first browser render agree and the lazy code is never awaited on the server.
import { lazy, Suspense, useSyncExternalStore } from "react";
import type { OwnBid } from "@contract/schemas/bid";
import type { OpenThread } from "./header-messages";

const HeaderMessages = lazy(async () => ({ default: (await import("./header-messages")).HeaderMessages }));
const CounterOffer = lazy(async () => ({ default: (await import("./counters/counter-offer")).CounterOffer }));
const noSubscription = () => () => {};

/** false on the server and while hydrating, true from then on */
const useInBrowser = () => useSyncExternalStore(noSubscription, () => true, () => false);

export function HeaderMessagesSlot({ onOpenThread }: { onOpenThread: (t: OpenThread) => void }) {
  const inBrowser = useInBrowser();
  const room = <span aria-hidden="true" className="h-11 w-11 shrink-0" />;
  if (!inBrowser) return room;
  return (
    <Suspense fallback={room}>
      <HeaderMessages onOpenThread={onOpenThread} />
    </Suspense>
  );
}

/** The bidder's countered bid on a card: the offer and its answers. */
export function CounterOfferSlot(props: { bid: OwnBid; loadNumber: string; onRebid?: () => void }) {
  const inBrowser = useInBrowser();
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <CounterOffer {...props} />
    </Suspense>
  );
}
