// One of the company's trucks: its status in words (Open, Booked, Expired), the day
// and the route (to "Anywhere" when it has no destination), equipment and weight,
// Remove (asked once), and for an open truck its matches, best first: how far it runs
// empty to each pickup, and the usual Accept or Bid.
import { useId, useState } from "react";
import { ArrowRight, CalendarDays, Trash2, Truck as TruckIcon, Weight } from "lucide-react";
import { TRUCK_STATUS_LABELS, type Truck, type TruckStatus } from "@contract/schemas/truck";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { errorMessage, formatWeight } from "../../lib/format";
import { useRemoveTruck, useTruckMatches } from "./api";
import type { LoadActions } from "./load-actions";
import { MatchCard } from "./match-card";
import { destinationWords, emptyMilesWords, truckDays } from "./truck-words";

export const STATUS_TONES: Record<TruckStatus, BadgeTone> = { open: "green", booked: "blue", expired: "slate" };

export function TruckStatusBadge({ status }: { status: TruckStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{TRUCK_STATUS_LABELS[status]}</Badge>;
}

/** Where, when and what: the same lines on the carrier's card and the staff tab. */
export function TruckFacts({ truck, headingId, level = 3 }: { truck: Truck; headingId: string; level?: 3 | 4 }) {
  const H = level === 3 ? "h3" : "h4";
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <H id={headingId} className="flex min-w-0 flex-wrap items-center gap-x-2 text-lg font-semibold text-slate-900">
          <span className="sr-only">Truck from </span>
          <span className="wrap-anywhere">{truck.originPostcode}</span>
          <ArrowRight className="h-4 w-4 shrink-0 text-slate-500" aria-label="to" role="img" />
          <span className="wrap-anywhere">{destinationWords(truck)}</span>
        </H>
        <TruckStatusBadge status={truck.status} />
      </div>
      <dl className="mt-2 grid gap-1 text-sm text-slate-800">
        <div className="flex items-center gap-1.5">
          <dt>
            <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden="true" />
            <span className="sr-only">Available</span>
          </dt>
          <dd>{truckDays(truck)}</dd>
        </div>
        <div className="flex flex-wrap items-center gap-x-1.5">
          <dt>
            <TruckIcon className="h-4 w-4 text-slate-500" aria-hidden="true" />
            <span className="sr-only">Equipment and max weight</span>
          </dt>
          <dd className="flex items-center gap-1.5">
            {truck.equipmentType}
            <span aria-hidden="true">·</span>
            <Weight className="h-4 w-4 text-slate-500" aria-hidden="true" />
            up to {formatWeight(truck.maxWeightKg)}
          </dd>
        </div>
        {truck.notes && (
          <div className="flex gap-1.5">
            <dt className="text-slate-600">Notes:</dt>
            <dd className="min-w-0 wrap-anywhere whitespace-pre-line">{truck.notes}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

export function TruckCard({ truck, actions }: { truck: Truck; actions: LoadActions }) {
  const headingId = useId();
  const matchesId = useId();
  const remove = useRemoveTruck();
  const [confirming, setConfirming] = useState(false);
  const open = truck.status === "open";
  return (
    <article aria-labelledby={headingId} data-testid="truck-card" data-truck-id={truck.id} id={`truck-${truck.id}`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <TruckFacts truck={truck} headingId={headingId} />
        <Button variant="outline" onClick={() => setConfirming(true)} aria-describedby={headingId} className="w-full shrink-0 sm:w-auto">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Remove
        </Button>
      </div>
      {open ? (
        <section aria-labelledby={matchesId} className="mt-4 border-t border-slate-100 pt-3">
          <TruckMatches truck={truck} headingId={matchesId} actions={actions} />
        </section>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{truck.status === "booked" ? "A load was booked for this truck." : "Its last day is over."}</p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this truck?"
        description={`${truck.originPostcode} to ${destinationWords(truck)}, ${truckDays(truck)}. It will no longer be matched to loads.`}
        confirmLabel="Remove truck"
        pending={remove.isPending}
        failure="The truck could not be removed. Please try again."
        onConfirm={async () => {
          await remove.mutateAsync(truck.id);
          toast.success("Truck removed");
        }}
      />
    </article>
  );
}

function TruckMatches({ truck, headingId, actions }: { truck: Truck; headingId: string; actions: LoadActions }) {
  const matches = useTruckMatches(truck.id);
  const list = matches.data ?? [];
  return (
    <>
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        Matching loads{matches.data ? ` (${list.length})` : ""}
        <span className="ml-1 font-normal text-slate-600">· nearest pickup first</span>
      </h4>
      {matches.isLoading ? (
        <Spinner label="Finding loads for this truck..." className="py-3" />
      ) : matches.isError && !matches.data ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <span>{errorMessage(matches.error, "The matching loads could not be loaded.")}</span>
          <Button variant="outline" size="sm" onClick={() => void matches.refetch()}>
            Retry
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No loads match this truck yet. When one is posted you will get a notification.</p>
      ) : (
        <ul className="mt-2 grid gap-2 lg:grid-cols-2" aria-labelledby={headingId}>
          {list.map((load) => (
            <li key={load.id}>
              <MatchCard load={load} milesWords={emptyMilesWords(load.emptyMiles)} actions={actions} level={5} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
