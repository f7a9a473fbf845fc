// A counter-offer as its bidder sees it (on the load's card and in My Bids):
// "Countered at £900.00 — expires 14:30", staff's note, and the answers: Accept
// (asked first, naming the amount: the load becomes theirs), Decline (back to
// their own amount), or a new bid through the bid dialog. A refusal (the offer
// lapsed, the load went) is shown in the server's words, here while the offer is
// still on screen and in a toast (counter-api.ts) either way.
import { useId, useState } from "react";
import { Check, Gavel, Handshake, X } from "lucide-react";
import type { OwnBid } from "@contract/schemas/bid";
import { Button } from "../../../components/ui/button";
import { CancelAnd, Dialog } from "../../../components/ui/dialog";
import { errorMessage, formatMoney } from "../../../lib/format";
import { useAcceptCounter, useDeclineCounter } from "./counter-api";
import { counterLine } from "./counter-words";

export function CounterOffer({ bid, loadNumber, onRebid }: { bid: OwnBid; loadNumber: string; onRebid?: () => void }) {
  const id = useId();
  const accept = useAcceptCounter();
  const decline = useDeclineCounter();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(bid.counterAmount);
  const busy = accept.isPending || decline.isPending;

  const answer = { bidId: bid.id, loadNumber, counterAmount: bid.counterAmount, bidAmount: bid.bidAmount };
  const onAccept = () =>
    accept.mutate(answer, {
      onSettled: () => setAsking(false),
      onError: (err) => setError(errorMessage(err, "The counter-offer could not be accepted.")),
    });
  const onDecline = () => {
    setError(null);
    decline.mutate(answer, { onError: (err) => setError(errorMessage(err, "The counter-offer could not be declined.")) });
  };

  return (
    <section aria-labelledby={`${id}-line`} data-testid="counter-offer" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <p id={`${id}-line`} className="flex items-center gap-2 font-semibold text-amber-950 tabular">
        <Handshake className="h-4 w-4 shrink-0" aria-hidden="true" />
        {counterLine(bid)}
      </p>
      <p className="mt-1 text-amber-950">Your bid: {formatMoney(bid.bidAmount)}</p>
      {bid.counterNote && <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-slate-800">“{bid.counterNote}”</p>}
      {error && (
        <p role="alert" className="mt-2 font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 grid gap-2 sm:flex sm:flex-wrap sm:justify-end">
        <Button variant="success" disabled={busy} onClick={() => (setError(null), setAsking(true))} aria-describedby={`${id}-line`}>
          <Check className="h-4 w-4" aria-hidden="true" />
          Accept
        </Button>
        <Button variant="outline" disabled={busy} loading={decline.isPending} onClick={onDecline} aria-describedby={`${id}-line`}>
          <X className="h-4 w-4" aria-hidden="true" />
          Decline
        </Button>
        {onRebid && (
          <Button variant="outline" disabled={busy} onClick={onRebid}>
            <Gavel className="h-4 w-4" aria-hidden="true" />
            Bid again
          </Button>
        )}
      </div>
      <Dialog
        open={asking}
        onOpenChange={(o) => !accept.isPending && setAsking(o)}
        title={`Accept ${amount}?`}
        description={`Load #${loadNumber} becomes yours at ${amount}, to be approved by staff. Other bids on it are rejected.`}
        footer={
          <CancelAnd onCancel={() => setAsking(false)}>
            <Button variant="success" loading={accept.isPending} onClick={onAccept}>
              Accept {amount}
            </Button>
          </CancelAnd>
        }
      />
    </section>
  );
}
