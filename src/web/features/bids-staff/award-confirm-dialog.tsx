// Asked once before a bid wins its load (an award cannot be undone, and every
// other bidder is told): the carrier, the amount, the other bids. The Radix
// dialog traps focus, starts on Cancel's side of the footer, closes on Escape and
// gives focus back to the Accept button. Its failure is the decision's own toast.
import type { BidWithCarrier } from "@contract/schemas/bid";
import { Button } from "../../components/ui/button";
import { CancelAnd, Dialog } from "../../components/ui/dialog";
import { awardConfirmation } from "./award-words";

export function AwardConfirmDialog({
  bid,
  loadNumber,
  otherPending,
  pending,
  onConfirm,
  onOpenChange,
}: {
  /** the bid to award; null: closed */
  bid: BidWithCarrier | null;
  loadNumber: string;
  otherPending: number;
  pending: boolean;
  onConfirm: (bid: BidWithCarrier) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const words = bid ? awardConfirmation({ bid, loadNumber, otherPending }) : null;
  return (
    <Dialog
      open={!!bid}
      onOpenChange={(open) => !pending && onOpenChange(open)}
      title={words?.title ?? ""}
      description={words?.question}
      footer={
        <CancelAnd onCancel={() => onOpenChange(false)}>
          <Button variant="success" loading={pending} onClick={() => bid && onConfirm(bid)} data-testid="award-confirm">
            {words?.confirmLabel}
          </Button>
        </CancelAnd>
      }
    >
      {words && (
        <p className="text-sm font-medium text-slate-900" data-testid="award-others">
          {words.others}
        </p>
      )}
    </Dialog>
  );
}
