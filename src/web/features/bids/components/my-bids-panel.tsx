// "My Bids": the carrier's bids and their status (GET
// /api/user/bids every 15 s). The board mounts it in its "My Bids" tab.
import { AlertTriangle, Gavel } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { LoadStatusBadge } from "../../../components/load-status-badge";
import { errorMessage, formatCardDateTime, formatMoney } from "../../../lib/format";
import { useOwnBids } from "../use-own-bids";
import { BidStatusBadge } from "../../../components/bid-status-badge";
import { Later } from "../../../lib/lazy";
import { CounterOffer } from "../../messages";

export function MyBidsPanel() {
  const bids = useOwnBids();
  const list = bids.data ?? [];

  if (bids.isLoading) return <Spinner label="Loading your bids..." className="py-8" />;

  if (bids.isError && !bids.data) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <AlertTriangle className="mx-auto h-6 w-6 text-red-700" aria-hidden="true" />
        <p className="mt-2 font-medium text-red-900">Your bids could not be loaded.</p>
        <p className="mt-1 text-sm text-red-800">{errorMessage(bids.error, "Please check your connection and try again.")}</p>
        <Button className="mt-4" onClick={() => bids.refetch()} loading={bids.isFetching}>
          Retry
        </Button>
      </div>
    );
  }

  if (list.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <Gavel className="mx-auto h-6 w-6 text-slate-500" aria-hidden="true" />
        <p className="mt-2 font-medium text-slate-900">You have not placed any bids yet.</p>
        <p className="mt-1 text-sm text-slate-600">Use Place Bid on an available load to offer your price. Your bids and their outcome appear here.</p>
      </div>
    );
  }

  return (
    <section aria-labelledby="my-bids-heading" className="space-y-3">
      <h2 id="my-bids-heading" className="text-lg font-semibold text-slate-900">
        My Bids <span className="text-sm font-normal text-slate-600">({list.length})</span>
      </h2>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="My bids">
        {list.map((bid) => (
          <li key={bid.id} data-testid="my-bid" data-bid-id={bid.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">
                  <span className="sr-only">Load </span>#{bid.loadNumber}
                </span>
                <span className="sr-only">load status</span>
                <LoadStatusBadge status={bid.loadStatus} />
              </p>
              <p className="mt-1 text-sm text-slate-600">
                Placed {formatCardDateTime(bid.createdAt)}
                {bid.updatedAt !== bid.createdAt && bid.status === "pending" && <> · updated {formatCardDateTime(bid.updatedAt)}</>}
              </p>
              {bid.notes && <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700">“{bid.notes}”</p>}
              {/* staff's counter-offer and its answers (features/messages) */}
              {bid.status === "countered" && (
                <Later>
                  <CounterOffer bid={bid} loadNumber={bid.loadNumber} />
                </Later>
              )}
            </div>
            <div className="flex items-center justify-between gap-3 sm:justify-end">
              <span className="tabular text-lg font-semibold text-slate-900">{formatMoney(bid.bidAmount)}</span>
              <BidStatusBadge status={bid.status} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
