// The usual way to book a load, for loads listed outside the board (a truck's
// matches, the return loads): Accept (the board's confirmation and success
// dialogs), Place Bid or Update Bid, and View Details. The dialogs' code loads on
// first use, from the loads and bids features' public faces.
import { useState, type ReactNode } from "react";
import type { Load } from "@contract/schemas/load";
import { Later } from "../../lib/lazy";
import { BidDialog, pendingBidFor, useOwnBids } from "../bids";
import { LoadDetailsDialog, useAcceptLoadFlow } from "../loads";

export interface LoadActions {
  accept: (load: Load) => void;
  bid: (load: Load) => void;
  view: (load: Load) => void;
  /** the caller's pending bid on a load ("Update Bid") */
  pendingBidOn: (loadId: string) => boolean;
  dialogs: ReactNode;
}

/** `afterBooking`: what the booking confirmation adds for the load just booked (its return loads). */
export function useLoadActions(opts: { enabled?: boolean; afterBooking?: (load: Load, accept: (next: Load) => void) => ReactNode } = {}): LoadActions {
  const { enabled = true, afterBooking } = opts;
  const acceptFlow = useAcceptLoadFlow({ afterBooking });
  const ownBids = useOwnBids(enabled);
  const [details, setDetails] = useState<{ load: Load; open: boolean } | null>(null);
  const [bid, setBid] = useState<{ load: Load; open: boolean } | null>(null);

  const dialogs = (
    <>
      <Later>
        {details && (
          <LoadDetailsDialog
            loadId={details.load.id}
            initialLoad={details.load}
            open={details.open}
            onOpenChange={(open) => setDetails((d) => (d ? { ...d, open } : d))}
            onAccept={acceptFlow.requestAccept}
          />
        )}
        {bid && (
          <BidDialog
            load={bid.load}
            pendingBid={pendingBidFor(ownBids.data, bid.load.id)}
            open={bid.open}
            onOpenChange={(open) => setBid((b) => (b ? { ...b, open } : b))}
          />
        )}
      </Later>
      {acceptFlow.dialogs}
    </>
  );

  return {
    accept: acceptFlow.requestAccept,
    bid: (load) => setBid({ load, open: true }),
    view: (load) => setDetails({ load, open: true }),
    pendingBidOn: (loadId) => !!pendingBidFor(ownBids.data, loadId),
    dialogs,
  };
}
