// The stop times on a booked load's details: for each stop, the booked time
// against when the driver arrived and left and how that was backed, and for the
// holding company the waiting-time claim: its state once sent, or Claim waiting
// time once the stop has both times; for staff, Correct times on each stop and
// the positions the phones sent. Shown only when the server sent the stops
// (staff and the holding company).
import { useState } from "react";
import { Timer } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { STOP_EVIDENCE_LABELS, STOPS, type Stop, type WaitingClaim } from "@contract/schemas/claim";
import { Button } from "../../../components/ui/button";
import { formatCardDateTime, formatMoney, formatTimeWindow } from "../../../lib/format";
import { useAuth } from "../../../lib/use-auth";
import { useClaims, type LoadWithStops } from "../api";
import { ClaimStatusBadge } from "../claim-status-badge";
import { CorrectStopDialog } from "../staff/correct-stop-dialog";
import { StopPositions } from "../staff/stop-positions";
import { ClaimDialog } from "./claim-dialog";

export function bookedTime(load: Load, stop: Stop): string {
  return stop === "pickup"
    ? formatTimeWindow(load.pickupDate, load.pickupTimeType, load.pickupStartTime, load.pickupEndTime)
    : formatTimeWindow(load.deliveryDate, load.deliveryTimeType, load.deliveryStartTime, load.deliveryEndTime);
}

export function LoadStopsPanel({ load: given }: { load: Load }) {
  // the stops (and the terms, when shared) come on GET /api/loads/{id} of a booked load
  const load = given as LoadWithStops;
  const { isStaff } = useAuth();
  const claims = useClaims({}, !!load.stops && !isStaff);
  const [claiming, setClaiming] = useState<Stop | null>(null);
  const [correcting, setCorrecting] = useState<Stop | null>(null);
  const stops = load.stops;
  if (!stops) return null;
  const claimOf = (stop: Stop): WaitingClaim | undefined => claims.data?.rows.find((c) => c.loadId === load.id && c.stop === stop);
  const claimRecord = claiming ? stops[claiming] : null;

  return (
    <section aria-labelledby={`stops-${load.id}`} className="mt-4 rounded-lg border border-slate-200 p-4" data-testid="load-stops">
      <h3 id={`stops-${load.id}`} className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
        <Timer className="h-4 w-4" aria-hidden="true" />
        Stop times
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2">
        {STOPS.map((stop) => {
          const r = stops[stop];
          const claim = claimOf(stop);
          const finished = !!r.arrivedAt && !!r.departedAt;
          return (
            <li key={stop} className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
              <p className="font-medium capitalize text-slate-900">{stop}</p>
              <dl className="grid grid-cols-[5.5rem_1fr] gap-x-2 gap-y-1">
                <dt className="text-slate-600">Booked</dt>
                <dd>{bookedTime(load, stop)}</dd>
                <dt className="text-slate-600">Arrived</dt>
                <dd>{r.arrivedAt ? formatCardDateTime(r.arrivedAt) : "Not recorded"}</dd>
                <dt className="text-slate-600">Left</dt>
                <dd>{r.departedAt ? formatCardDateTime(r.departedAt) : "Not recorded"}</dd>
                <dt className="text-slate-600">Evidence</dt>
                <dd>{r.evidence ? STOP_EVIDENCE_LABELS[r.evidence] : "—"}</dd>
              </dl>
              {claim ? (
                <p className="flex flex-wrap items-center gap-2 pt-1" data-testid={`claim-${stop}`}>
                  <ClaimStatusBadge status={claim.status} />
                  <span className="tabular">
                    {claim.status === "approved" ? formatMoney(claim.decidedAmount ?? claim.amount) : formatMoney(claim.amount)} claimed for waiting
                  </span>
                  {claim.reason && <span className="w-full text-slate-700">Reason: {claim.reason}</span>}
                </p>
              ) : (
                !isStaff &&
                finished && (
                  <Button variant="outline" className="mt-1 w-full sm:w-auto" onClick={() => setClaiming(stop)}>
                    Claim waiting time
                  </Button>
                )
              )}
              {isStaff && (
                <Button variant="outline" size="sm" className="mt-1 w-full sm:w-auto" onClick={() => setCorrecting(stop)}>
                  Correct times<span className="sr-only"> at {stop}</span>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {isStaff && <StopPositions loadId={load.id} />}
      {correcting && (
        <CorrectStopDialog
          key={correcting}
          loadId={load.id}
          loadNumber={load.loadNumber}
          stop={correcting}
          record={stops[correcting]}
          open
          onOpenChange={(o) => !o && setCorrecting(null)}
        />
      )}
      {claiming && claimRecord?.arrivedAt && claimRecord.departedAt && (
        <ClaimDialog
          loadId={load.id}
          loadNumber={load.loadNumber}
          stop={claiming}
          record={{ ...claimRecord, arrivedAt: claimRecord.arrivedAt, departedAt: claimRecord.departedAt }}
          terms={load.waitingTime}
          open
          onOpenChange={(o) => !o && setClaiming(null)}
        />
      )}
    </section>
  );
}
