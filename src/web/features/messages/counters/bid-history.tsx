// A bid's history for staff: every amount, counter-offer and answer, with who
// and when (GET /api/bids/{id}/history), oldest first, in a dialog.
import type { BidWithCarrier } from "@contract/schemas/bid";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { formatAdminDateTime } from "../../../lib/format";
import { useBidHistory } from "./counter-api";
import { historyActor, historyHeadline } from "./counter-words";

export function BidHistoryDialog({ bid, open, onOpenChange }: { bid: BidWithCarrier; open: boolean; onOpenChange: (open: boolean) => void }) {
  const history = useBidHistory(bid.id, open);
  const entries = history.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Bid history - ${bid.carrierName ?? "carrier"}`}
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      {history.isLoading ? (
        <Spinner label="Loading history..." className="py-6" />
      ) : history.isError && !history.data ? (
        <p role="alert" className="text-sm text-red-700">
          The bid&apos;s history could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void history.refetch()}>
            Retry
          </button>
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing recorded for this bid yet.</p>
      ) : (
        <ol className="space-y-2" aria-label="Bid history, oldest first" data-testid="bid-history">
          {entries.map((e) => (
            <li key={e.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-medium text-slate-900 tabular">{historyHeadline(e)}</p>
              <p className="mt-0.5 text-slate-600">
                {historyActor(e)} · <span className="tabular">{formatAdminDateTime(e.createdAt)}</span>
                {e.expiresAt && <> · expires {formatAdminDateTime(e.expiresAt)}</>}
              </p>
              {e.note && <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-slate-800">{e.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
