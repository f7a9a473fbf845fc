// Manage Bids dialog per load (spec §2: summary, four tiles, table of bids with
// accept and reject; bid age in minutes or hours; §4 "Accepting a bid"; §8 toasts).
// Staff only; the admin dashboard mounts it.
import type { ReactNode } from "react";
import { Dialog as D } from "radix-ui";
import { AlertTriangle, ArrowRight, Check, Gavel, X } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import type { BidWithCarrier } from "@contract/schemas/bid";
import { bidDifference, type BidDifference } from "@contract/bid-difference";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { LoadStatusBadge } from "../../../components/load-status-badge";
import { errorMessage, formatAge, formatCardDateTime, formatMiles, formatMoney, formatRate } from "../../../lib/format";
import { useLoad } from "../../loads/api";
import { useAcceptBid, useLoadBids, useRejectBid } from "../api";
import { BidStatusBadge } from "./bid-status-badge";

export interface ManageBidsDialogProps {
  load: Load | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const STATUS_ORDER: Record<string, number> = { pending: 0, accepted: 1, rejected: 2 };

/** Pending bids first, lowest amount first (the likely winner on top), then decided ones. */
export function sortBidsForReview(bids: BidWithCarrier[]): BidWithCarrier[] {
  return [...bids].sort(
    (a, b) => (STATUS_ORDER[a.status] ?? 3) - (STATUS_ORDER[b.status] ?? 3) || a.bidAmount - b.bidAmount || b.createdAt.localeCompare(a.createdAt),
  );
}

/** The four tiles of spec §2 over every bid on the load. */
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

/** Difference from the listed rate (spec §9: ratePerMile × distance), else from the listed price. */
function differenceFromListed(amount: number, load: Load): BidDifference | null {
  const byRate = bidDifference(amount, load.ratePerMile, load.distance);
  if (byRate) return byRate;
  if (!(load.price > 0)) return null;
  const pounds = Math.round((amount - load.price) * 100) / 100;
  return { reference: load.price, pounds, percent: Math.round(((amount - load.price) / load.price) * 1000) / 10 };
}

export function ManageBidsDialog({ load, open, onOpenChange }: ManageBidsDialogProps) {
  return (
    <D.Root open={open && !!load} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <D.Content className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[92vh] sm:w-[min(68rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <D.Title className="text-lg font-semibold text-slate-900">Manage Bids{load ? ` - #${load.loadNumber}` : ""}</D.Title>
              <D.Description className="mt-1 text-sm text-slate-600">Compare the bids on this load, then accept the winner or reject bids.</D.Description>
            </div>
            <D.Close className="-m-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label="Close dialog">
              <X className="h-5 w-5" aria-hidden="true" />
            </D.Close>
          </div>
          {load && <ManageBidsBody load={load} />}
          <div className="flex justify-end border-t border-slate-200 px-5 py-3">
            <D.Close asChild>
              <Button variant="outline">Close</Button>
            </D.Close>
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
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
  const list = sortBidsForReview(bids.data ?? []);
  const stats = bidStatistics(list);
  const now = new Date();

  const onAccept = (bid: BidWithCarrier) =>
    accept.mutate(bid.id, {
      onSuccess: () => toast.success("Bid Accepted", "The winning bid has been selected and other bids rejected."),
      onError: (err) => toast.error("Failed to accept bid", errorMessage(err, "") || undefined),
    });
  const onReject = (bid: BidWithCarrier) =>
    reject.mutate(bid.id, {
      onSuccess: () => toast.success("Bid Rejected", "The bid has been rejected."),
      onError: (err) => toast.error("Failed to reject bid", errorMessage(err, "") || undefined),
    });

  const actions = (bid: BidWithCarrier, full = false) => {
    const pending = bid.status === "pending";
    const who = `${bid.carrierName ?? "carrier"}'s bid of ${formatMoney(bid.bidAmount)}`;
    return (
      <div className={full ? "grid grid-cols-2 gap-2" : "flex justify-end gap-2"}>
        <Button
          variant="success"
          size={full ? "md" : "sm"}
          className={full ? "" : "min-h-11 sm:min-h-9"}
          disabled={!pending || busy}
          loading={accept.isPending && accept.variables === bid.id}
          onClick={() => onAccept(bid)}
          aria-label={`Accept ${who}`}
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
          {load.pickupCity}
          <ArrowRight className="h-4 w-4 text-slate-500" aria-label="to" role="img" />
          {load.deliveryCity}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label="Listed price" value={<span className="text-base font-semibold">{formatMoney(load.price)}</span>} />
          <Fact label="Rate" value={formatRate(load.ratePerMile)} />
          <Fact label="Distance" value={formatMiles(load.distance)} />
          <Fact label="Pickup" value={formatCardDateTime(load.pickupDate)} />
        </dl>
      </section>

      {/* the four tiles of spec §2 */}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Bid statistics">
        <Tile label="Total Bids" value={String(stats.total)} />
        <Tile label="Lowest" value={stats.lowest == null ? "—" : formatMoney(stats.lowest)} />
        <Tile label="Highest" value={stats.highest == null ? "—" : formatMoney(stats.highest)} />
        <Tile label="Average" value={stats.average == null ? "—" : formatMoney(stats.average)} />
      </dl>

      {bids.isLoading ? (
        <Spinner label="Loading bids..." className="py-6" />
      ) : bids.isError && !bids.data ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-center text-sm">
          <AlertTriangle className="mx-auto h-5 w-5 text-red-700" aria-hidden="true" />
          <p className="mt-1 font-medium text-red-900">The bids could not be loaded.</p>
          <p className="text-red-800">{errorMessage(bids.error, "Please check your connection and try again.")}</p>
          <Button variant="outline" className="mt-3" onClick={() => bids.refetch()} loading={bids.isFetching}>
            Retry
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <Gavel className="mx-auto h-6 w-6 text-slate-500" aria-hidden="true" />
          <p className="mt-2 font-medium text-slate-900">No bids yet</p>
          <p className="mt-1 text-sm text-slate-600">Bids carriers place on this load will appear here.</p>
        </div>
      ) : (
        <>
          {/* desktop: a dense table */}
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Bids on load {load.loadNumber}, pending bids first, lowest amount first</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Carrier
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Amount
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    vs Listed
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Notes
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Age
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {list.map((bid) => (
                  <tr key={bid.id} data-testid="manage-bid-row" data-bid-id={bid.id} className="align-top">
                    <td className="px-3 py-2">
                      <div className="font-medium text-slate-900">{bid.carrierName ?? "Unknown"}</div>
                      <div className="text-xs text-slate-600">{bid.carrierCompany ?? "—"}</div>
                    </td>
                    <td className="tabular px-3 py-2 text-right font-semibold text-slate-900">{formatMoney(bid.bidAmount)}</td>
                    <td className="px-3 py-2 text-right">
                      <Difference diff={differenceFromListed(bid.bidAmount, load)} />
                    </td>
                    <td className="max-w-56 px-3 py-2 break-words text-slate-700">{bid.notes || <span className="text-slate-500">—</span>}</td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatAge(bid.createdAt, now)}</td>
                    <td className="px-3 py-2">
                      <BidStatusBadge status={bid.status} />
                    </td>
                    <td className="px-3 py-2">{actions(bid)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* phones: one card a bid, full-width buttons */}
          <ul className="space-y-3 md:hidden" aria-label={`Bids on load ${load.loadNumber}`}>
            {list.map((bid) => (
              <li key={bid.id} data-testid="manage-bid-card" className="rounded-lg border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{bid.carrierName ?? "Unknown"}</p>
                    <p className="text-xs text-slate-600">{bid.carrierCompany ?? "—"}</p>
                  </div>
                  <BidStatusBadge status={bid.status} />
                </div>
                <div className="mt-2 flex items-baseline justify-between gap-3">
                  <span className="tabular text-lg font-semibold text-slate-900">{formatMoney(bid.bidAmount)}</span>
                  <Difference diff={differenceFromListed(bid.bidAmount, load)} />
                </div>
                {bid.notes && <p className="mt-1 text-sm break-words text-slate-700">{bid.notes}</p>}
                <p className="mt-1 text-xs text-slate-600">{formatAge(bid.createdAt, now)}</p>
                <div className="mt-3">{actions(bid, true)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
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

/** Signed amount and percent, coloured: below the listed price green, above red (ui.md). */
function Difference({ diff }: { diff: BidDifference | null }) {
  if (!diff) return <span className="text-slate-500">—</span>;
  const { pounds, percent } = diff;
  if (pounds === 0) return <span className="tabular text-slate-700">±£0.00 (0.0%)</span>;
  const above = pounds > 0;
  const sign = above ? "+" : "−";
  return (
    <span className={`tabular font-medium whitespace-nowrap ${above ? "text-red-700" : "text-green-800"}`}>
      {sign}
      {formatMoney(Math.abs(pounds))} ({sign}
      {Math.abs(percent).toFixed(1)}%)<span className="sr-only">{above ? " above the listed price" : " below the listed price"}</span>
    </span>
  );
}
