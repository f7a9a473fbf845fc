// Accept a load: "Confirm Load Acceptance", then PATCH …/accept, then
// "Load Accepted Successfully" with the next steps. One flow for the card and the
// details dialog; errors are destructive toasts.
import { useRef, useState, type ReactNode } from "react";
import type { Load } from "@contract/schemas/load";
import { toast } from "../../../components/ui/toast";
import { Later, lazyNamed } from "../../../lib/lazy";
import { useAuth } from "../../../lib/use-auth";
import { useAcceptLoad } from "../api";
import { acceptErrorMessage } from "../load-rules";

const AcceptLoadDialogs = lazyNamed(() => import("./accept-load-dialogs-view"), "AcceptLoadDialogs");

/**
 * `afterBooking`: what the success dialog adds under the next steps for the booked load (the board: its
 * return loads, features/trucks); its `accept` books another load from there, the success dialog closing
 * first so the next confirmation is not stacked over it.
 */
export function useAcceptLoadFlow(
  opts: { afterBooking?: (load: Load, accept: (next: Load) => void) => ReactNode } = {},
): { requestAccept: (load: Load) => void; dialogs: ReactNode } {
  const { user } = useAuth();
  const accept = useAcceptLoad();
  const [target, setTarget] = useState<Load | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [accepted, setAccepted] = useState<Load | null>(null);
  const [successOpen, setSuccessOpen] = useState(false);
  // One request per action: both clicks of a double click can arrive
  // before React re-renders the button as busy, so `accept.isPending` read from this
  // render is still false for the second; a ref is set at once.
  const inFlight = useRef(false);

  const requestAccept = (load: Load) => {
    if (inFlight.current) return;
    accept.reset();
    setTarget(load);
    setConfirmOpen(true);
  };

  const acceptNext = (load: Load) => {
    if (inFlight.current) return;
    setSuccessOpen(false);
    requestAccept(load);
  };

  const confirm = () => {
    if (!target || !user || inFlight.current) return;
    inFlight.current = true;
    accept.mutate(
      { loadId: target.id, userId: user.id },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: (load) => {
          setConfirmOpen(false);
          setAccepted(load ?? target);
          setSuccessOpen(true);
        },
        onError: (err) => {
          setConfirmOpen(false);
          toast.error(acceptErrorMessage(err));
        },
      },
    );
  };

  // the dialogs' code (Radix Dialog) arrives with the first Accept (kept out of the board's first-load JS)
  const dialogs = (target || accepted) && (
    <Later>
      <AcceptLoadDialogs
        target={target}
        accepted={accepted}
        confirmOpen={confirmOpen}
        successOpen={successOpen}
        pending={accept.isPending}
        setConfirmOpen={setConfirmOpen}
        setSuccessOpen={setSuccessOpen}
        confirm={confirm}
        afterBooking={accepted && opts.afterBooking ? opts.afterBooking(accepted, acceptNext) : null}
      />
    </Later>
  );

  return { requestAccept, dialogs };
}
