// One load on the carrier board, in the order a carrier decides (ui.md "The load
// card"): number and status on top, route, when, what it pays, what it needs,
// then the actions. Buttons follow the load button rules (loads/load-rules.ts); on a phone the card is one column
// with full-width buttons at the bottom.
import { useId, type ReactNode } from "react";
import { ArrowRight, CalendarClock, ClipboardCheck, FileText, Gavel, Package, Route, Truck, Weight } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import type { OwnBid } from "@contract/schemas/bid";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { LoadStatusBadge } from "../../../components/load-status-badge";
import { formatMiles, formatMoney, formatRate, formatTimeWindow, formatWeight } from "../../../lib/format";
import { canAcceptLoad, canBidOnLoad, canCompletePod, loadFeatureBadges, rateOf, unavailableLabel } from "../../loads";
import { BookingBlockNote, type BookingBlock } from "../../booking-compliance";
import { StopActions } from "../../claims";
import { CounterOfferSlot } from "../../messages";
import { ReturnLoadsSlot } from "../../trucks";
import { Later } from "../../../lib/lazy";

export interface LoadCardProps {
  load: Load;
  /** the caller's pending bid on this load: purple badge and "Update Bid" */
  pendingBid?: OwnBid;
  /** the caller's bid that staff countered: the offer and its answers (features/messages) */
  counteredBid?: OwnBid;
  onAccept?: (load: Load) => void;
  onBid?: (load: Load) => void;
  onViewDetails: (load: Load) => void;
  onCompletePod?: (load: Load) => void;
  /**
   * why this carrier cannot book the load (booking-compliance/booking-block.ts):
   * Accept and Bid stay in place, disabled, with the reason in words under them
   */
  block?: BookingBlock | null;
  /** a POD for this load waits on this phone to be sent (offline POD) */
  podWaiting?: boolean;
}

const BADGE_TONES: Record<string, BadgeTone> = { urgent: "red", fors: "blue", adr: "amber", temp: "blue" };

export function LoadCard({ load, pendingBid, counteredBid, onAccept, onBid, onViewDetails, onCompletePod, block, podWaiting }: LoadCardProps) {
  const headingId = useId();
  const blockId = useId();
  const rate = rateOf(load);
  const badges = loadFeatureBadges(load);
  const showAccept = !!onAccept && canAcceptLoad(load);
  const showBid = !!onBid && canBidOnLoad(load);
  const showCompletePod = !!onCompletePod && canCompletePod(load);
  // only a load the carrier could otherwise book says why they cannot
  const blocked = block && (showAccept || showBid) ? block : null;
  // what the driver quotes at the gate: the API sends it only to staff and to the
  // carrier holding the load once approved; shown only when approved or completed
  const poNumber = (load.status === "approved" || load.status === "completed") && load.mandataNumber ? load.mandataNumber : null;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="load-card"
      data-load-id={load.id}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      {/* top line: load number, status, optional badges */}
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="mr-1 text-base font-semibold text-slate-900">
          <span className="sr-only">Load </span>#{load.loadNumber}
        </h3>
        <LoadStatusBadge status={load.status} />
        {badges.map((b) => (
          <Badge key={b.key} tone={BADGE_TONES[b.key] ?? "slate"}>
            {b.label}
          </Badge>
        ))}
        {pendingBid && (
          <Badge tone="purple" className="tabular">
            <Gavel className="h-3 w-3" aria-hidden="true" />
            Bid Pending {formatMoney(pendingBid.bidAmount)}
          </Badge>
        )}
        {podWaiting && <Badge tone="amber">POD waiting to send</Badge>}
      </div>

      <div className="mt-3 grid gap-3 sm:mt-4 sm:gap-4 md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_auto] md:items-start">
        {/* route and when */}
        <div className="min-w-0">
          {/* a long place name (Llanfairpwllgwyngyll…) breaks rather than pushing the page sideways on a phone */}
          <p className="flex flex-wrap items-start gap-x-3 gap-y-1 text-lg font-semibold text-slate-900">
            <span className="min-w-0 wrap-anywhere">
              {load.pickupCity}
              {load.pickupState && <span className="block text-xs font-normal text-slate-600">{load.pickupState}</span>}
            </span>
            <ArrowRight className="mt-1.5 h-4 w-4 shrink-0 text-slate-500" aria-label="to" role="img" />
            <span className="min-w-0 wrap-anywhere">
              {load.deliveryCity}
              {load.deliveryState && <span className="block text-xs font-normal text-slate-600">{load.deliveryState}</span>}
            </span>
          </p>
          <dl className="mt-3 space-y-1 text-sm">
            <div className="flex gap-2">
              <dt className="flex w-20 shrink-0 items-center gap-1.5 text-slate-600">
                <CalendarClock className="h-4 w-4" aria-hidden="true" />
                Pickup
              </dt>
              <dd className="text-slate-900">
                {formatTimeWindow(load.pickupDate, load.pickupTimeType, load.pickupStartTime, load.pickupEndTime)}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="flex w-20 shrink-0 items-center gap-1.5 text-slate-600">
                <CalendarClock className="h-4 w-4" aria-hidden="true" />
                Delivery
              </dt>
              <dd className="text-slate-900">
                {formatTimeWindow(load.deliveryDate, load.deliveryTimeType, load.deliveryStartTime, load.deliveryEndTime)}
              </dd>
            </div>
          </dl>
          {poNumber && (
            <p className="mt-2 flex flex-wrap items-center gap-x-1.5 text-sm" data-testid="po-number">
              <FileText className="h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
              <span className="text-slate-600">PO Number</span>
              <span className="font-semibold break-all text-slate-900 tabular">{poNumber}</span>
            </p>
          )}
        </div>

        {/* what it pays: at the right on wider screens (ui.md order: route, when, pay, needs) */}
        <div className="flex items-baseline gap-3 md:order-3 md:flex-col md:items-end md:gap-0 md:text-right">
          <p className="text-2xl font-bold text-slate-900 tabular">
            <span className="sr-only">Price </span>
            {formatMoney(load.price)}
          </p>
          {rate != null && (
            <p className="text-sm font-medium text-slate-600 tabular">
              <span className="sr-only">Rate </span>
              {formatRate(rate)}
            </p>
          )}
        </div>
        {/* what it needs: one row of four on a phone (a whole card then fits its first screen), two by two from sm up */}
        <dl className="grid grid-cols-4 gap-x-2 gap-y-2 text-sm sm:grid-cols-2 sm:gap-x-4 md:order-2">
          <Fact icon={<Weight className="h-4 w-4" aria-hidden="true" />} label="Weight" value={formatWeight(load.weight)} />
          <Fact icon={<Route className="h-4 w-4" aria-hidden="true" />} label="Distance" value={formatMiles(load.distance)} />
          <Fact icon={<Truck className="h-4 w-4" aria-hidden="true" />} label="Equipment" value={load.equipmentType} />
          <Fact icon={<Package className="h-4 w-4" aria-hidden="true" />} label="Cargo" value={load.cargoType || "—"} />
        </dl>

      </div>

      {/* a booked load: Arrived and Leaving for the next stop (features/claims, loaded after the card) */}
      {load.status === "approved" && canCompletePod(load) && (
        <Later>
          <StopActions load={load} />
        </Later>
      )}

      {counteredBid && <CounterOfferSlot bid={counteredBid} loadNumber={load.loadNumber} />}

      {/* a carrier's booked load: "Return loads (n)" once there are loads home from its delivery (features/trucks) */}
      <ReturnLoadsSlot load={load} />

      {blocked && <BookingBlockNote block={blocked} id={blockId} compact className="mt-4" />}

      <div className="mt-3 flex flex-col gap-2 border-t border-slate-100 pt-3 sm:mt-4 sm:flex-row sm:flex-wrap sm:justify-end sm:pt-4">
        {showAccept ? (
          <Button
            variant="success"
            onClick={() => onAccept!(load)}
            disabled={!!blocked}
            aria-describedby={blocked ? `${headingId} ${blockId}` : headingId}
            className="w-full sm:w-auto"
          >
            Accept Load
          </Button>
        ) : (
          load.status !== "available" && (
            <Button variant="secondary" disabled className="w-full sm:w-auto">
              {unavailableLabel(load.status)}
            </Button>
          )
        )}
        {showBid && (
          <Button
            variant="outline"
            onClick={() => onBid!(load)}
            disabled={!!blocked}
            aria-describedby={blocked ? `${headingId} ${blockId}` : headingId}
            className="w-full sm:w-auto"
          >
            <Gavel className="h-4 w-4" aria-hidden="true" />
            {pendingBid || counteredBid ? "Update Bid" : "Place Bid"}
          </Button>
        )}
        {showCompletePod && (
          <Button variant="primary" onClick={() => onCompletePod!(load)} aria-describedby={headingId} className="w-full sm:w-auto">
            <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
            Complete POD
          </Button>
        )}
        <Button variant="outline" onClick={() => onViewDetails(load)} aria-describedby={headingId} className="w-full sm:w-auto">
          View Details
        </Button>
      </div>
    </article>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs text-slate-600">
        {/* four to a row on a phone leave room for the word, not its icon */}
        <span className="hidden sm:contents">{icon}</span>
        {label}
      </dt>
      <dd className="truncate font-medium text-slate-900" title={value}>
        {value}
      </dd>
    </div>
  );
}
