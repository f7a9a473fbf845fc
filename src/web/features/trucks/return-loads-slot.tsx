// What the trucks feature puts on the board's load card (a page the server may draw
// first): the return loads of a carrier's booked load. Drawn only in the browser, after
// hydration, so the server's HTML and the first browser render agree and the lazy
// code is never awaited on the server; only for a carrier's own booked load.
import { lazy, Suspense, useSyncExternalStore } from "react";
import type { Load } from "@contract/schemas/load";
import { useAuth } from "../../lib/use-auth";

const ReturnLoadsDisclosure = lazy(async () => ({ default: (await import("./return-loads")).ReturnLoadsDisclosure }));
const noSubscription = () => () => {};
/** false on the server and while hydrating, true from then on */
const useInBrowser = () => useSyncExternalStore(noSubscription, () => true, () => false);

/** A load the carrier's company booked (the board shows a carrier only its own loads once booked). */
export const isBookedLoad = (load: Pick<Load, "status">) => load.status === "accepted" || load.status === "approved";

/** Nothing at all (not even a hook) for the board's many available loads: only a booked one looks further. */
export function ReturnLoadsSlot({ load }: { load: Load }) {
  return isBookedLoad(load) ? <BookedLoadSlot load={load} /> : null;
}

function BookedLoadSlot({ load }: { load: Load }) {
  const inBrowser = useInBrowser();
  const { isStaff } = useAuth();
  if (!inBrowser || isStaff) return null;
  return (
    <Suspense fallback={null}>
      <ReturnLoadsDisclosure load={load} />
    </Suspense>
  );
}
