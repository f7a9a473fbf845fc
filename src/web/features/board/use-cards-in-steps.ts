// The cards past the first screen join a few at a time, each step when the browser is
// idle and in the background (a transition): putting fifty cards in the page at once is
// one long task on a phone's CPU (Lighthouse TBT), and a phone shows two of them.
import { startTransition, useEffect, useState } from "react";

/** How many of `count` cards to show: `first` at once, then `step` more at each idle moment. */
export function useCardsInSteps(count: number, first: number, step: number): number {
  const [cap, setCap] = useState(first);
  useEffect(() => {
    if (cap >= count) return;
    const grow = () => startTransition(() => setCap((c) => c + step));
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(grow, { timeout: 500 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(grow, 16);
    return () => clearTimeout(t);
  }, [cap, count, step]);
  return cap;
}
