// The accept flow's two dialogs, split from useAcceptLoadFlow so the board's
// first load carries no dialog code: they load on the first Accept click. The
// confirmation shows what is being booked (route, dates, price) as the card did,
// not only the load number: a booking cannot be undone.
import type { ReactNode } from "react";
import { ArrowRight, CheckCircle2 } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { Dialog } from "../../../components/ui/dialog";
import { Button } from "../../../components/ui/button";
import { LoadStatusBadge } from "../../../components/load-status-badge";
import { formatMoney, formatRate, formatTimeWindow } from "../../../lib/format";

export interface AcceptDialogsProps {
  target: Load | null;
  accepted: Load | null;
  confirmOpen: boolean;
  successOpen: boolean;
  pending: boolean;
  setConfirmOpen: (open: boolean) => void;
  setSuccessOpen: (open: boolean) => void;
  confirm: () => void;
  /** under the next steps: the caller's own (the board's return loads) */
  afterBooking?: ReactNode;
}

export function AcceptLoadDialogs({ target, accepted, confirmOpen, successOpen, pending, setConfirmOpen, setSuccessOpen, confirm, afterBooking }: AcceptDialogsProps) {
  return (
    <>
      <Dialog
        open={confirmOpen}
        onOpenChange={(open) => !pending && setConfirmOpen(open)}
        title="Confirm Load Acceptance"
        description={target ? `Are you sure you want to accept Load #${target.loadNumber}? This action cannot be undone.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button variant="success" onClick={confirm} loading={pending}>
              Accept Load
            </Button>
          </>
        }
      >
        {target && <BookingSummary load={target} />}
      </Dialog>
      <Dialog
        open={successOpen}
        onOpenChange={setSuccessOpen}
        title={
          <span className="flex items-center gap-2">
            <CheckCircle2 className="h-6 w-6 text-green-700" aria-hidden="true" />
            Load Accepted Successfully
          </span>
        }
        description={accepted ? `Load #${accepted.loadNumber} is now "Waiting for Approval".` : undefined}
        footer={
          <Button onClick={() => setSuccessOpen(false)} className="w-full sm:w-auto">
            OK, Got It!
          </Button>
        }
      >
        {accepted && (
          <div className="space-y-4 text-sm text-slate-700">
            <p className="flex flex-wrap items-center gap-2">
              Status: <LoadStatusBadge status="accepted" />
            </p>
            <div>
              <h3 className="mb-2 font-semibold text-slate-900">Next steps</h3>
              <ol className="list-decimal space-y-1.5 pl-5">
                <li>An operator will contact you and mark the load as Approved.</li>
                <li>You will receive a purchase order number authorising you to start the job.</li>
                <li>Complete the POD after pickup and delivery.</li>
              </ol>
            </div>
            {afterBooking}
          </div>
        )}
      </Dialog>
    </>
  
  );
}

/** Route, pickup and delivery (the card's wording), and the price: what the carrier is agreeing to. */
function BookingSummary({ load }: { load: Load }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="accept-summary">
      <p className="flex flex-wrap items-start gap-x-2 gap-y-1 text-base font-semibold text-slate-900">
        <span className="min-w-0 wrap-anywhere">
          {load.pickupCity}
          {load.pickupState && <span className="block text-xs font-normal text-slate-600">{load.pickupState}</span>}
        </span>
        <ArrowRight className="mt-1 h-4 w-4 shrink-0 text-slate-500" aria-label="to" role="img" />
        <span className="min-w-0 wrap-anywhere">
          {load.deliveryCity}
          {load.deliveryState && <span className="block text-xs font-normal text-slate-600">{load.deliveryState}</span>}
        </span>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Pickup</dt>
        <dd className="text-slate-900">{formatTimeWindow(load.pickupDate, load.pickupTimeType, load.pickupStartTime, load.pickupEndTime)}</dd>
        <dt className="text-slate-600">Delivery</dt>
        <dd className="text-slate-900">{formatTimeWindow(load.deliveryDate, load.deliveryTimeType, load.deliveryStartTime, load.deliveryEndTime)}</dd>
        <dt className="text-slate-600">Price</dt>
        <dd className="tabular font-semibold text-slate-900">
          {formatMoney(load.price)}
          {load.ratePerMile != null && <span className="ml-2 font-normal text-slate-600">{formatRate(load.ratePerMile)}</span>}
        </dd>
      </dl>
    </div>
  );
}
