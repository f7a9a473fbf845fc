// Return loads: the loads home from where a booked load delivers (contract: picking
// up within 30 miles of its delivery district, on its delivery day or the next two,
// best first). In the booking confirmation as a section; on the booked load's card
// as one small "Return loads (3)" button that opens the list under it, so the card
// stays small. Each shows the route, the pickup day, the miles from the delivery and
// the price, with the usual Accept, Bid and View Details; in the booking confirmation
// only Accept, which books it through that confirmation's own flow (no dialog stacked on it).
import { useId, useState } from "react";
import { ChevronDown, Undo2 } from "lucide-react";
import type { Load } from "@contract/schemas/load";
import { RETURN_LOAD_DAYS_AFTER, RETURN_LOAD_MILES } from "@contract/schemas/truck";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useReturnLoads } from "./api";
import { useLoadActions } from "./load-actions";
import { MatchCard } from "./match-card";
import { fromDeliveryWords } from "./truck-words";

type Booked = Pick<Load, "id" | "deliveryCity">;

const rule = `Picking up within ${RETURN_LOAD_MILES} miles of the delivery, on its delivery day or the next ${RETURN_LOAD_DAYS_AFTER} days.`;

function ReturnLoadsList({ load, labelledBy, level, onAccept }: { load: Booked; labelledBy: string; level: 3 | 4 | 5; onAccept?: (load: Load) => void }) {
  const returns = useReturnLoads(load.id);
  // a return load booked from here offers its own loads home in turn
  const actions = useLoadActions({ enabled: !onAccept, afterBooking: (l, accept) => <ReturnLoadsSection load={l} onAccept={accept} /> });
  const list = returns.data ?? [];
  return (
    <>
      {returns.isLoading ? (
        <Spinner label="Looking for return loads..." className="py-2" />
      ) : returns.isError && !returns.data ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          <span>The return loads could not be loaded.</span>
          <Button variant="outline" size="sm" onClick={() => void returns.refetch()}>
            Retry
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-700">No return loads near {load.deliveryCity} yet. New loads are matched as they are posted.</p>
      ) : (
        <ul className="grid gap-2" aria-labelledby={labelledBy} data-testid="return-loads">
          {list.map((l) => (
            <li key={l.id}>
              <MatchCard load={l} milesWords={fromDeliveryWords(l.emptyMiles)} actions={onAccept ? undefined : actions} onAccept={onAccept} level={level} />
            </li>
          ))}
        </ul>
      )}
      {!onAccept && actions.dialogs}
    </>
  );
}

/** The booking confirmation's section: what could bring the truck home. */
/** `onAccept`: the booking confirmation's own flow (then Accept is each load's one action). */
export function ReturnLoadsSection({ load, level = 3, onAccept }: { load: Booked; level?: 2 | 3; onAccept?: (load: Load) => void }) {
  const headingId = useId();
  const H = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="return-loads-section">
      <H id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Undo2 className="h-4 w-4" aria-hidden="true" />
        Return loads from {load.deliveryCity}
      </H>
      <p className="text-xs text-slate-600">{rule}</p>
      <ReturnLoadsList load={load} labelledBy={headingId} level={level === 2 ? 3 : 4} onAccept={onAccept} />
    </section>
  );
}

/** The booked card's line: nothing until there are return loads, then one button that opens them. */
export function ReturnLoadsDisclosure({ load }: { load: Booked }) {
  const returns = useReturnLoads(load.id);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const count = returns.data?.length ?? 0;
  if (count === 0 && !open) return null;
  return (
    <div className="mt-3" data-testid="return-loads-disclosure">
      <Button variant="outline" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} className="w-full justify-between sm:w-auto">
        <span className="flex items-center gap-2">
          <Undo2 className="h-4 w-4" aria-hidden="true" />
          Return loads ({count})
        </span>
        <ChevronDown className={cn("h-4 w-4 transition-transform motion-reduce:transition-none", open && "rotate-180")} aria-hidden="true" />
      </Button>
      {open && (
        <section id={panelId} aria-labelledby={headingId} className="mt-2 space-y-2">
          <h4 id={headingId} className="text-sm font-semibold text-slate-900">
            Return loads from {load.deliveryCity}
          </h4>
          <p className="text-xs text-slate-600">{rule}</p>
          <ReturnLoadsList load={load} labelledBy={headingId} level={5} />
        </section>
      )}
    </div>
  );
}
