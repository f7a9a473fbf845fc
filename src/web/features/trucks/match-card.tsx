// One load matched to a truck, or one load home from a booked load: what a carrier
// weighs first here is how far they run empty to it, so that leads, then the route,
// the pickup day, what it pays and what it needs, then the actions (ui.md: one
// primary action, full-width buttons on a phone).
import { useId, type ReactNode } from "react";
import { ArrowRight, CalendarClock, MapPin } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import type { MatchedLoad } from "@contract/schemas/truck";
import { Button } from "../../components/ui/button";
import { formatMiles, formatMoney, formatRate, formatTimeWindow, formatWeight } from "../../lib/format";
import { canAcceptLoad, canBidOnLoad, rateOf } from "../loads";
import type { LoadActions } from "./load-actions";

/** `level`: the load number's heading level under the list's own heading (4 by default). */
/** `actions`: Accept, Bid and View Details; or `onAccept` alone (the booking confirmation's return loads). */
export function MatchCard({
  load,
  milesWords,
  actions,
  onAccept,
  extra,
  level = 4,
}: {
  load: MatchedLoad;
  milesWords: string;
  actions?: LoadActions;
  onAccept?: (load: Load) => void;
  extra?: ReactNode;
  level?: 3 | 4 | 5;
}) {
  const headingId = useId();
  const H = `h${level}` as const;
  const rate = rateOf(load);
  const canAccept = canAcceptLoad(load);
  const canBid = canBidOnLoad(load);
  return (
    <article aria-labelledby={headingId} data-testid="match-card" data-load-id={load.id} className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <H id={headingId} className="text-sm font-semibold text-slate-900">
          <span className="sr-only">Load </span>#{load.loadNumber}
        </H>
        <p className="flex items-center gap-1 text-sm font-semibold text-brand-800" data-testid="empty-miles">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
          {milesWords}
        </p>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-base font-semibold text-slate-900">
        <span className="min-w-0 wrap-anywhere">{load.pickupCity}</span>
        <ArrowRight className="h-4 w-4 shrink-0 text-slate-500" aria-label="to" role="img" />
        <span className="min-w-0 wrap-anywhere">{load.deliveryCity}</span>
      </p>
      <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-700">
        <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>
          <span className="sr-only">Pickup </span>
          {formatTimeWindow(load.pickupDate, load.pickupTimeType, load.pickupStartTime, load.pickupEndTime)}
        </span>
      </p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="tabular">
          <span className="text-lg font-bold text-slate-900">
            <span className="sr-only">Price </span>
            {formatMoney(load.price)}
          </span>
          {rate != null && (
            <span className="ml-2 text-sm font-medium text-slate-600">
              <span className="sr-only">Rate </span>
              {formatRate(rate)}
            </span>
          )}
        </p>
        <p className="text-xs text-slate-600">
          {formatWeight(load.weight)} · {formatMiles(load.distance)} · {load.equipmentType}
        </p>
      </div>
      {extra}
      {!actions && onAccept && canAccept && (
        <div className="mt-3 sm:flex sm:justify-end">
          <Button variant="success" onClick={() => onAccept(load)} aria-describedby={headingId} className="w-full sm:w-auto">
            Accept Load
          </Button>
        </div>
      )}
      {actions && (
        // on a phone Accept takes the row and the other two share one (a list of several stays short)
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
          {canAccept && (
            <Button variant="success" onClick={() => actions.accept(load)} aria-describedby={headingId} className="col-span-2 w-full sm:w-auto">
              Accept Load
            </Button>
          )}
          {canBid && (
            <Button variant="outline" onClick={() => actions.bid(load)} aria-describedby={headingId} className="w-full sm:w-auto">
              {actions.pendingBidOn(load.id) ? "Update Bid" : "Place Bid"}
            </Button>
          )}
          <Button variant="outline" onClick={() => actions.view(load)} aria-describedby={headingId} className="w-full sm:w-auto">
            View Details
          </Button>
        </div>
      )}
    </article>
  );
}
