// Manage Bids dialog per load: summary, four tiles, table of bids with accept and
// reject; bid age in minutes or hours; accepting one bid rejects the others (the toasts are api.ts's).
// Each bidder shows their compliance; a bid the compliance settings would refuse
// says why and its Accept is disabled; an award is confirmed first (award-confirm-dialog.tsx).
// Staff only; the admin dashboard mounts it. "vs Listed" compares each bid with the
// price it was made on, and a bid's age counts from its latest amount (bid-figures.ts).
import { useState, type ReactNode } from "react";
import { Dialog } from "radix-ui";
import { ArrowRight, Check, X } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import type { BidWithCarrier } from "@contract/schemas/bid";
import type { BidDifference } from "@contract/bid-difference";
import { Button } from "../../components/ui/button";
import { WideDialog } from "../../components/ui/wide-dialog";
import { LoadStatusBadge } from "../../components/load-status-badge";
import { formatAdminDateTime, formatAge, formatCardDateTime, formatMiles, formatMoney, formatNumber, formatRate } from "../../lib/format";
import { useLoad } from "../loads";
import { useAcceptBid, useLoadBids, useRejectBid } from "./api";
import { bidPlacedAt, differenceFromListed, wasUpdated } from "./bid-figures";
import { BidStatusBadge } from "../../components/bid-status-badge";
import { BidsTable, type BidsListTexts, type BidsTableColumn } from "./bids-table";
import { AwardConfirmDialog } from "./award-confirm-dialog";
import { otherPendingCount } from "./award-words";
import { AwardBlockedNote, BidderCompliance } from "./bidder-compliance";
import { Later } from "../../lib/lazy";
import { BidNegotiation } from "../messages";

export interface ManageBidsDialogProps {
  load: Load | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const BIDS_TEXTS: BidsListTexts = {
  loading: "Loading bids...",
  error: "The bids could not be loaded.",
  emptyTitle: "No bids yet",
  emptyText: "Bids carriers place on this load will appear here.",
};

// a countered bid is still open: with the pending ones
const STATUS_ORDER: Record<string, number> = { pending: 0, countered: 0, accepted: 1, rejected: 2 };

/** Pending bids first, lowest amount first (the likely winner on top), then decided ones. */
export function sortBidsForReview(bids: BidWithCarrier[]): BidWithCarrier[] {
  return [...bids].sort(
    (a, b) => (STATUS_ORDER[a.status] ?? 3) - (STATUS_ORDER[b.status] ?? 3) || a.bidAmount - b.bidAmount || b.createdAt.localeCompare(a.createdAt),
  );
}

/** The four tiles (total, lowest, highest, average) over every bid on the load. */
export function bidStatistics(bids: Pick<BidWithCarrier, "bidAmount">[]) {
  if (bids.length === 0) return { total: 0, lowest: null, highest: null, average: null };
  const amounts = bids.map((b) => b.bidAmount);
  const sum = amounts.reduce((s, a) => s + a, 0);
  return {
    total: bids.length,
    lowest: Math.min(...amounts),
    highest: Math.max(...amounts),
    average: Math.round((sum / amounts.length) * 100) / 100,
  };
}

export function ManageBidsDialog({ load, open, onOpenChange }: ManageBidsDialogProps) {
  // starts on the first action, never the ✕; back to View Bids on close
  return (
    <WideDialog
      open={open && !!load}
      onOpenChange={onOpenChange}
      size="review"
      title={`Manage Bids${load ? ` - #${load.loadNumber}` : ""}`}
      description="Compare the bids on this load, then accept the winner or reject bids."
    >
      {load && <ManageBidsBody load={load} />}
      <div data-dialog-footer className="flex justify-end border-t border-slate-200 px-5 py-3">
        <Dialog.Close asChild>
          <Button variant="outline">Close</Button>
        </Dialog.Close>
      </div>
    </WideDialog>
  );
}

function ManageBidsBody({ load: given }: { load: Load }) {
  // the load as it is now (after an award it is no longer available); the caller's copy until then
  const fresh = useLoad(given.id);
  const load = fresh.data ?? given;
  const bids = useLoadBids(load.id);
  const accept = useAcceptBid();
  const reject = useRejectBid();
  const busy = accept.isPending || reject.isPending;
  const list = sortBidsForReview(bids.data?.bids ?? []);
  const total = bids.data?.total ?? list.length;
  const stats = { ...bidStatistics(list), total };
  const now = new Date();
  // an award sets the load's price to the winning amount: older bids without a
  // kept listed price then have nothing left to compare with
  const awarded = list.some((b) => b.status === "accepted");

  // the bid staff are asked about before it wins (an award cannot be undone)
  const [awarding, setAwarding] = useState<BidWithCarrier | null>(null);
  // the toasts come with the server's answer (api.ts), whether this dialog is still open or not
  const onAccept = (bid: BidWithCarrier) => setAwarding(bid);
  const onConfirmAward = (bid: BidWithCarrier) => accept.mutate(bid.id, { onSettled: () => setAwarding(null) });
  const onReject = (bid: BidWithCarrier) => reject.mutate(bid.id);

  const actions = (bid: BidWithCarrier, full = false) => {
    const pending = bid.status === "pending";
    const who = `${bid.carrierName ?? "carrier"}'s bid of ${formatMoney(bid.bidAmount)}`;
    const blocked = pending ? bid.awardBlockedReason : null;
    return (
      <div className={full ? "grid grid-cols-2 gap-2" : "flex flex-wrap justify-end gap-2"}>
        <Button
          variant="success"
          size={full ? "md" : "sm"}
          className={full ? "" : "min-h-11 sm:min-h-9"}
          disabled={!pending || busy || !!blocked}
          loading={accept.isPending && accept.variables === bid.id}
          onClick={() => onAccept(bid)}
          aria-label={`Accept ${who}`}
          aria-describedby={blocked ? blockedNoteId(bid, full) : undefined}
        >
          <Check className="h-4 w-4" aria-hidden="true" />
          Accept
        </Button>
        <Button
          variant="outline"
          size={full ? "md" : "sm"}
          className={full ? "text-red-800" : "min-h-11 text-red-800 sm:min-h-9"}
          disabled={!pending || busy}
          loading={reject.isPending && reject.variables === bid.id}
          onClick={() => onReject(bid)}
          aria-label={`Reject ${who}`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Reject
        </Button>
        {/* Counter, the standing offer and History (features/messages) */}
        <Later>
          <BidNegotiation bid={bid} full={full} busy={busy} />
        </Later>
      </div>
    );
  };

  return (
    <div className="flex-1 space-y-5 overflow-y-auto px-5 py-4">
      {/* summary: which load, where, what it is listed at */}
      <section aria-label="Load summary" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">Load #{load.loadNumber}</span>
          <LoadStatusBadge status={load.status} />
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-base font-medium text-slate-900">
          <span className="min-w-0 wrap-anywhere">{load.pickupCity}</span>
          <ArrowRight className="h-4 w-4 text-slate-500" aria-label="to" role="img" />
          <span className="min-w-0 wrap-anywhere">{load.deliveryCity}</span>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label="Listed price" value={<span className="text-base font-semibold">{formatMoney(load.price)}</span>} />
          <Fact label="Rate" value={formatRate(load.ratePerMile)} />
          <Fact label="Distance" value={formatMiles(load.distance)} />
          <Fact label="Pickup" value={formatCardDateTime(load.pickupDate)} />
        </dl>
      </section>

      {/* the four tiles */}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Bid statistics">
        <Tile label="Total Bids" value={formatNumber(stats.total)} />
        <Tile label="Lowest" value={stats.lowest == null ? "—" : formatMoney(stats.lowest)} />
        <Tile label="Highest" value={stats.highest == null ? "—" : formatMoney(stats.highest)} />
        <Tile label="Average" value={stats.average == null ? "—" : formatMoney(stats.average)} />
      </dl>

      <BidsTable
        query={bids}
        texts={BIDS_TEXTS}
        caption={`Bids on load ${load.loadNumber}, pending bids first, lowest amount first`}
        rows={list}
        rowKey={(bid) => bid.id}
        testId="manage-bid"
        rowData={(bid) => ({ "data-bid-id": bid.id })}
        columns={bidColumns(load, now, awarded, actions)}
        card={(bid) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <Bidder bid={bid} forsRequirement={load.forsRequirement} />
              <BidStatusBadge status={bid.status} />
            </div>
            <div className="mt-2 flex items-baseline justify-between gap-3">
              <span className="tabular text-lg font-semibold text-slate-900">{formatMoney(bid.bidAmount)}</span>
              <Difference diff={differenceFromListed(bid, load, awarded)} current={load.price} />
            </div>
            {bid.notes && <p className="mt-1 text-sm break-words text-slate-700">{bid.notes}</p>}
            <p className="mt-1 text-xs text-slate-600">
              <Age bid={bid} now={now} />
            </p>
            <div className="mt-3">{actions(bid, true)}</div>
            {bid.status === "pending" && bid.awardBlockedReason && <AwardBlockedNote id={blockedNoteId(bid, true)} reason={bid.awardBlockedReason} />}
          </>
        )}
      />
      <AwardConfirmDialog
        bid={awarding}
        loadNumber={load.loadNumber}
        otherPending={awarding ? otherPendingCount(awarding, list) : 0}
        pending={accept.isPending}
        onConfirm={onConfirmAward}
        onOpenChange={(open) => !open && setAwarding(null)}
      />
      {/* contract: at most 1,000 bids come back; say so rather than truncate silently */}
      {total > list.length && (
        <p className="text-sm text-slate-600">
          Showing the newest {formatNumber(list.length)} of {formatNumber(total)} bids.
        </p>
      )}
    </div>
  );
}

/** The dialog's columns of the one bids table: a row per bid. */
function bidColumns(load: Load, now: Date, awarded: boolean, actions: (bid: BidWithCarrier) => ReactNode): BidsTableColumn<BidWithCarrier>[] {
  const right = "text-right";
  return [
    {
      label: "Carrier",
      cellClassName: "min-w-52 max-w-72",
      cell: (bid) => (
        <>
          <Bidder bid={bid} forsRequirement={load.forsRequirement} />
          {bid.status === "pending" && bid.awardBlockedReason && <AwardBlockedNote id={blockedNoteId(bid, false)} reason={bid.awardBlockedReason} />}
        </>
      ),
    },
    { label: "Amount", className: right, cellClassName: "tabular text-right font-semibold text-slate-900", cell: (bid) => formatMoney(bid.bidAmount) },
    { label: "vs Listed", className: right, cellClassName: right, cell: (bid) => <Difference diff={differenceFromListed(bid, load, awarded)} current={load.price} /> },
    { label: "Notes", cellClassName: "max-w-56 break-words text-slate-700", cell: (bid) => bid.notes || <span className="text-slate-500">—</span> },
    { label: "Age", cellClassName: "whitespace-nowrap text-slate-700", cell: (bid) => <Age bid={bid} now={now} /> },
    { label: "Status", cell: (bid) => <BidStatusBadge status={bid.status} /> },
    { label: "Actions", className: right, cell: actions },
  ];
}

/** The reason's id: the table and the phone cards are both in the page, so each has its own. */
const blockedNoteId = (bid: BidWithCarrier, card: boolean) => `award-blocked-${card ? "card" : "row"}-${bid.id}`;

function Bidder({ bid, forsRequirement }: { bid: BidWithCarrier; forsRequirement: string }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{bid.carrierName ?? "Unknown"}</p>
      <p className="text-xs text-slate-600">{bid.carrierCompany ?? "—"}</p>
      <BidderCompliance bid={bid} forsRequirement={forsRequirement} />
    </div>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="tabular font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="tabular mt-1 text-xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** Since the bid's latest amount; "updated" when the carrier changed it after first bidding. */
function Age({ bid, now }: { bid: BidWithCarrier; now: Date }) {
  const updated = wasUpdated(bid);
  return (
    <span title={updated ? `First bid ${formatAdminDateTime(bid.createdAt)}` : undefined}>
      {formatAge(bidPlacedAt(bid), now)}
      {updated && " (updated)"}
    </span>
  );
}

/**
 * Signed amount and percent against the price the bid was made on, coloured: below
 * green, above red (ui.md); that price is named when the listing has changed since.
 */
function Difference({ diff, current }: { diff: BidDifference | null; current: number }) {
  if (!diff) return <span className="text-slate-500">—</span>;
  const { pounds, percent, reference } = diff;
  const then = reference !== current ? <span className="block text-xs font-normal text-slate-600">on {formatMoney(reference)} listed</span> : null;
  if (pounds === 0) {
    return (
      <span className="tabular whitespace-nowrap text-slate-700">
        ±£0.00 (0.0%)
        {then}
      </span>
    );
  }
  const above = pounds > 0;
  const sign = above ? "+" : "−";
  return (
    <span className={`tabular font-medium whitespace-nowrap ${above ? "text-red-700" : "text-green-800"}`}>
      {sign}
      {formatMoney(Math.abs(pounds))} ({sign}
      {Math.abs(percent).toFixed(1)}%)<span className="sr-only">{above ? " above the listed price" : " below the listed price"}</span>
      {then}
    </span>
  );
}
