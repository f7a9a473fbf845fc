// Arrived and Leaving on the booked load's card (a phone in a cab, maybe in
// gloves, maybe with no signal): two big buttons for the next stop, and one line
// saying what was last recorded and how it counted, or that it waits on the phone.
// Loaded after the card's first paint, only for a booked load of the driver's company.
import { useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, CloudOff, LogIn, LogOut, MapPin, XCircle } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { STOP_LABELS } from "@contract/schemas/claim";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { cn } from "../../../lib/cn";
import { useAuth } from "../../../lib/use-auth";
import { loadDetailKey, useLoadWithStops } from "../api";
import { nextStep, recordedLine, shownStop, stepTag, stepWords, type PendingStep, type Step } from "./progress";
import { currentPosition, discardPending, pendingSteps, pressStep, sendPending, watchOutbox } from "./stop-sender";

export function StopActions({ load }: { load: Load }) {
  const userId = useAuth().user?.id;
  const qc = useQueryClient();
  const query = useLoadWithStops(load.id);
  const stops = query.data?.stops;
  const [pending, setPending] = useState<PendingStep[]>([]);
  const [busy, setBusy] = useState<Step | null>(null);
  const [positionSent, setPositionSent] = useState<Record<string, boolean>>({});

  const refresh = useCallback(async () => {
    if (!userId) return;
    try {
      setPending(await pendingSteps(load.id, userId));
    } catch {
      // no IndexedDB (private mode): nothing can wait on this phone either
    }
  }, [load.id, userId]);

  useEffect(() => {
    void refresh();
    let stop = () => {};
    let gone = false;
    void watchOutbox(() => {
      void refresh();
      void qc.invalidateQueries({ queryKey: loadDetailKey(load.id) });
    }).then((close) => (gone ? close() : (stop = close)));
    // the signal is back: send what waits (the outbox's lock keeps each press once)
    const online = () => void sendPending().finally(() => void refresh());
    window.addEventListener("online", online);
    return () => {
      gone = true;
      stop();
      window.removeEventListener("online", online);
    };
  }, [refresh, qc, load.id]);

  // a booked load the caller cannot see stops for (another company, or staff on the board): nothing to press
  if (!stops && pending.length === 0) return null;

  const next = nextStep(stops, pending);
  const stop = shownStop(next);
  const line = recordedLine(stops, pending, positionSent);
  const place = stop === "pickup" ? load.pickupCity : load.deliveryCity;

  async function press(step: Step) {
    if (!userId) return;
    const pressedAt = new Date();
    setBusy(step);
    try {
      const position = await currentPosition();
      const r = await pressStep({ loadId: load.id, loadNumber: load.loadNumber, userId, step, pressedAt, position, online: navigator.onLine });
      if (r.kind === "refused") toast.error(`${stepWords(step)} not recorded`, r.reason);
      else setPositionSent((m) => ({ ...m, [stepTag(step)]: r.positionSent }));
    } catch {
      toast.error(`${stepWords(step)} not recorded`, "It could not be saved on this phone. Please try again.");
    } finally {
      await refresh();
      await qc.invalidateQueries({ queryKey: loadDetailKey(load.id) });
      setBusy(null);
    }
  }

  const refused = pending.find((p) => p.state === "refused");
  const waitingCount = pending.filter((p) => p.state === "waiting").length;
  return (
    <section aria-label={`Stop times for Load #${load.loadNumber}`} className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="stop-actions">
      <p className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
        <MapPin className="h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
        {next ? (
          <span>
            Next stop: <span className="capitalize">{STOP_LABELS[stop]}</span>
            {place ? `, ${place}` : ""}
          </span>
        ) : (
          <span>{waitingCount > 0 ? "Pickup and delivery times pressed" : "Pickup and delivery times recorded"}</span>
        )}
      </p>
      {next && (
        <div className="mt-2 grid grid-cols-2 gap-2">
          <Button
            size="lg"
            variant={next.kind === "arrival" ? "primary" : "outline"}
            className="min-h-14 w-full"
            disabled={next.kind !== "arrival" || !!busy}
            loading={busy?.kind === "arrival"}
            aria-label={`Arrived at ${STOP_LABELS[stop]}`}
            onClick={() => void press(next)}
          >
            <LogIn className="h-5 w-5" aria-hidden="true" />
            Arrived
          </Button>
          <Button
            size="lg"
            variant={next.kind === "departure" ? "primary" : "outline"}
            className="min-h-14 w-full"
            disabled={next.kind !== "departure" || !!busy}
            loading={busy?.kind === "departure"}
            aria-label={`Leaving ${STOP_LABELS[stop]}`}
            onClick={() => void press(next)}
          >
            <LogOut className="h-5 w-5" aria-hidden="true" />
            Leaving
          </Button>
        </div>
      )}
      {busy && (
        <p className="mt-2 text-sm text-slate-700" role="status">
          Getting your location… it is sent without one if the phone does not answer.
        </p>
      )}
      <p role="status" aria-live="polite" data-testid="stop-recorded" className={cn("mt-2 flex items-start gap-1.5 text-sm", line?.tone === "refused" ? "text-red-800" : line?.tone === "waiting" ? "text-amber-900" : "text-slate-800")}>
        {line && (line.tone === "refused" ? <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : line.tone === "waiting" ? <CloudOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />)}
        {line?.text}
      </p>
      {waitingCount > 1 && <p className="mt-1 text-sm text-amber-900">{waitingCount} times are waiting on this phone to send.</p>}
      {!next && waitingCount === 0 && !refused && <p className="mt-1 text-sm text-slate-600">Waited beyond the free time? Claim it from View Details.</p>}
      {refused && (
        <Button variant="outline" size="md" className="mt-2 w-full sm:w-auto" onClick={() => void discardPending(refused.id).then(refresh)}>
          Discard this time
        </Button>
      )}
    </section>
  );
}
