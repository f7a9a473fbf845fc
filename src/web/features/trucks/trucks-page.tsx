// Trucks (route /trucks, carriers): tell the network "I have a flatbed free in Leeds
// on Thursday". Post a truck (the form folds away once the company has trucks), the
// company's trucks as cards with their status and Remove, and under each open truck
// the loads that match it, nearest pickup first. The bell opens it at a load the
// office offered (?offer=<loadId>, &match=1 when matching found it) or at a booked load's
// return loads (?returns=<loadId>).
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { ChevronDown, Plus, Truck as TruckIcon } from "lucide-react";
import { ukDayKey } from "@contract/wall-clock";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { errorMessage } from "../../lib/format";
import { useAuth } from "../../lib/use-auth";
import { useLoad } from "../loads";
import { useTrucks } from "./api";
import { useLoadActions, type LoadActions } from "./load-actions";
import { MatchCard } from "./match-card";
import { ReturnLoadsSection } from "./return-loads";
import { TruckCard } from "./truck-card";
import { TruckForm } from "./truck-form";
import { sortTrucks } from "./truck-words";

export const NO_TRUCKS_YET = "No trucks posted yet. Post a truck with the day it is free and where it is, and the loads that match it are listed here.";
const UUID = /^[0-9a-f-]{36}$/i;

export default function TrucksPage() {
  const { user, isStaff } = useAuth();
  const hasCompany = !!user?.companyId;
  const trucks = useTrucks({}, hasCompany && !isStaff);
  const actions = useLoadActions({ enabled: hasCompany && !isStaff, afterBooking: (l, accept) => <ReturnLoadsSection load={l} onAccept={accept} /> });
  const params = new URLSearchParams(useSearch());
  const offer = params.get("offer");
  const returns = params.get("returns");
  const today = useMemo(() => ukDayKey(Date.now()), []);
  const sorted = useMemo(() => sortTrucks(trucks.data ?? []), [trucks.data]);
  const formId = useId();
  // the form is open when there is nothing else to see; folded once the company has trucks, or when the bell
  // brought the carrier here for a load
  const [formOpen, setFormOpen] = useState<boolean | null>(null);
  const showForm = formOpen ?? (!offer && !returns && trucks.data ? trucks.data.length === 0 : false);
  // once posted the form folds away: focus goes to the list the new truck is in, not to the page's start
  const listHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = "Trucks";
  }, []);

  let body;
  if (isStaff) {
    body = (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        Staff see the posted trucks in the{" "}
        <Link href="/admin" className="font-medium text-brand-700 underline underline-offset-2">
          Admin Dashboard
        </Link>
        , Trucks tab.
      </p>
    );
  } else if (!hasCompany) {
    body = <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">Trucks are posted in your company's name. Please contact the office: staff link your account to your company.</p>;
  } else {
    body = (
      <>
        {offer && UUID.test(offer) && <OfferedLoad loadId={offer} actions={actions} match={params.get("match") === "1"} />}
        {returns && UUID.test(returns) && <BookedReturnLoads loadId={returns} />}
        <section aria-labelledby={`${formId}-h`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <h2 id={`${formId}-h`} className="text-lg font-semibold text-slate-900">
            <button
              type="button"
              aria-expanded={showForm}
              aria-controls={formId}
              onClick={() => setFormOpen(!showForm)}
              className="-m-1 flex min-h-11 w-full items-center justify-between gap-2 rounded-md p-1 text-left"
            >
              <span className="flex items-center gap-2">
                <Plus className="h-5 w-5" aria-hidden="true" />
                Post a truck
              </span>
              <ChevronDown className={cn("h-5 w-5 text-slate-500 transition-transform motion-reduce:transition-none", showForm && "rotate-180")} aria-hidden="true" />
            </button>
          </h2>
          <div id={formId} hidden={!showForm} className="mt-3">
            {showForm && (
              <TruckForm
                today={today}
                onPosted={() => {
                  setFormOpen(false);
                  requestAnimationFrame(() => listHeading.current?.focus());
                }}
              />
            )}
          </div>
        </section>

        <section aria-labelledby={`${formId}-list`} className="space-y-3">
          <h2 id={`${formId}-list`} ref={listHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            Your company's trucks{trucks.data ? ` (${trucks.data.length})` : ""}
          </h2>
          {trucks.isLoading ? (
            <div>
              <Spinner label="Loading trucks..." className="py-3" />
              <div className="h-40 animate-pulse rounded-xl border border-slate-200 bg-white" aria-hidden="true" />
            </div>
          ) : trucks.isError && !trucks.data ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              <span>{errorMessage(trucks.error, "Your trucks could not be loaded. Check your connection and try again.")}</span>
              <Button variant="outline" size="sm" onClick={() => void trucks.refetch()}>
                Try again
              </Button>
            </div>
          ) : sorted.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">{NO_TRUCKS_YET}</p>
          ) : (
            <ul className="space-y-3">
              {sorted.map((t) => (
                <li key={t.id}>
                  <TruckCard truck={t} actions={actions} />
                </li>
              ))}
            </ul>
          )}
        </section>
        {actions.dialogs}
      </>
    );
  }

  return (
    <main id="main-content" className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-4">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <TruckIcon className="h-6 w-6" aria-hidden="true" />
          Trucks
        </h1>
        <p className="text-sm text-slate-600">Post the trucks you have free and see the loads that fit them, nearest pickup first.</p>
      </div>
      {body}
    </main>
  );
}

/** A load the office offered to one of the company's trucks, or matching found for one (from the bell), as it stands now. */
function OfferedLoad({ loadId, actions, match }: { loadId: string; actions: LoadActions; match: boolean }) {
  const load = useLoad(loadId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-xl border border-brand-100 bg-brand-50 p-3 sm:p-4">
      <h2 id={headingId} className="font-semibold text-slate-900">
        {match ? "A new load for your truck" : "Offered to your truck"}
      </h2>
      {load.isError ? (
        <p className="text-sm text-slate-700">This load is no longer available.</p>
      ) : !load.data ? (
        <Spinner label="Loading the load..." className="py-2" />
      ) : load.data.status !== "available" ? (
        <p className="text-sm text-slate-700">Load #{load.data.loadNumber} is no longer available.</p>
      ) : (
        <MatchCard load={{ ...load.data, emptyMiles: null }} milesWords={match ? "Matches your truck" : "Offered by the office"} actions={actions} level={3} />
      )}
    </section>
  );
}

/** A booked load's return loads (the bell's return_loads notice). */
function BookedReturnLoads({ loadId }: { loadId: string }) {
  const load = useLoad(loadId);
  if (load.isError) return null;
  if (!load.data) return <Spinner label="Loading return loads..." className="py-2" />;
  return <ReturnLoadsSection load={load.data} level={2} />;
}
