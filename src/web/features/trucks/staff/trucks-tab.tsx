// Staff's Trucks tab: the open trucks the carriers posted, near a postcode within so
// many miles and free on a day when staff ask, each with its matching loads beside it
// (nearest pickup first) and Offer on each: the company's members are told of the load
// (POST /api/trucks/{id}/offer); a load offered to a truck is not offered to it twice.
import { useId, useState, type FormEvent } from "react";
import { Send } from "lucide-react";
import type { MatchedLoad, Truck } from "@contract/schemas/truck";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api";
import { errorMessage, formatMoney, formatNumber, formatRate, formatTimeWindow } from "../../../lib/format";
import { rateOf } from "../../loads";
import { useOfferLoad, useTrucks, useTruckMatches, type StaffTruckFilters } from "../api";
import { TruckFacts } from "../truck-card";

const MILES = [10, 25, 50, 100, 200] as const;
const control = "min-h-11 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/** ui.md: filters that stay put. The last search is kept for the browser tab's session. */
const STORE = "trucks-tab-filters";
type Draft = { near: string; miles: number; on: string };
const EMPTY: Draft = { near: "", miles: 50, on: "" };
function stored(): Draft {
  try {
    const v = JSON.parse(sessionStorage.getItem(STORE) ?? "null") as Partial<Draft> | null;
    return { near: typeof v?.near === "string" ? v.near : "", miles: MILES.includes(v?.miles as (typeof MILES)[number]) ? v!.miles! : 50, on: typeof v?.on === "string" ? v.on : "" };
  } catch {
    return EMPTY;
  }
}
const filtersOf = (d: Draft): StaffTruckFilters => ({ near: d.near.trim() || undefined, miles: d.near.trim() ? d.miles : undefined, on: d.on || undefined });

export function TrucksTab() {
  const [draft, setDraft] = useState<Draft>(stored);
  const [filters, setFilters] = useState<StaffTruckFilters>(() => filtersOf(draft));
  const trucks = useTrucks(filters);
  // a truck and a load offered to it in this visit: Offer stays disabled for it
  const [offered, setOffered] = useState<ReadonlySet<string>>(new Set());
  const ids = useId();
  const nearError = trucks.error instanceof ApiError && trucks.error.status === 400 ? trucks.error.serverMessage ?? "Please check the postcode" : null;

  const keep = (d: Draft) => {
    try {
      sessionStorage.setItem(STORE, JSON.stringify(d));
    } catch {
      // private mode: the filters last as long as the tab is open
    }
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(filtersOf(draft));
    keep(draft);
  };
  const clear = () => {
    setDraft(EMPTY);
    setFilters({});
    keep(EMPTY);
  };
  const list = trucks.data ?? [];

  return (
    <div className="space-y-4">
      <form onSubmit={apply} aria-label="Find trucks" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <div className="space-y-1">
          <label htmlFor={`${ids}-near`} className="block text-sm font-medium text-slate-800">
            Near postcode
          </label>
          <Input
            id={`${ids}-near`}
            className="w-36"
            autoCapitalize="characters"
            spellCheck={false}
            value={draft.near}
            onChange={(e) => setDraft({ ...draft, near: e.target.value })}
            aria-invalid={nearError ? true : undefined}
            aria-describedby={nearError ? `${ids}-near-error` : undefined}
            placeholder="LS1"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${ids}-miles`} className="block text-sm font-medium text-slate-800">
            Within
          </label>
          <select id={`${ids}-miles`} className={control} value={draft.miles} onChange={(e) => setDraft({ ...draft, miles: Number(e.target.value) })}>
            {MILES.map((m) => (
              <option key={m} value={m}>
                {m} miles
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${ids}-on`} className="block text-sm font-medium text-slate-800">
            Free on
          </label>
          <Input id={`${ids}-on`} type="date" className="w-44" value={draft.on} onChange={(e) => setDraft({ ...draft, on: e.target.value })} />
        </div>
        <div className="flex gap-2">
          <Button type="submit">Find trucks</Button>
          <Button variant="outline" onClick={clear}>
            Clear
          </Button>
        </div>
        {nearError && (
          <p id={`${ids}-near-error`} role="alert" className="w-full text-sm text-red-700">
            {nearError}
          </p>
        )}
      </form>

      <p className="text-sm font-medium text-slate-800" aria-live="polite">
        {trucks.data ? `${formatNumber(list.length)} open ${list.length === 1 ? "truck" : "trucks"}` : ""}
      </p>
      {trucks.isLoading ? (
        <Spinner label="Loading trucks..." className="py-6" />
      ) : trucks.isError && !trucks.data && !nearError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <span>{errorMessage(trucks.error, "Could not load the trucks. Check your connection; the list refreshes by itself.")}</span>
          <Button variant="outline" size="sm" onClick={() => void trucks.refetch()}>
            Retry
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
          {filters.near || filters.on ? "No open trucks match these filters. Widen the miles or clear the day." : "No open trucks. Carriers post them from their Trucks page."}
        </p>
      ) : (
        <ul className="space-y-3">
          {list.map((t) => (
            <li key={t.id}>
              <StaffTruckRow truck={t} offered={offered} onOffered={(key) => setOffered((s) => new Set(s).add(key))} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StaffTruckRow({ truck, offered, onOffered }: { truck: Truck; offered: ReadonlySet<string>; onOffered: (key: string) => void }) {
  const headingId = useId();
  const matches = useTruckMatches(truck.id);
  const list = matches.data ?? [];
  return (
    <article aria-labelledby={headingId} data-testid="staff-truck" data-truck-id={truck.id} className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <div>
        <p className="text-sm font-semibold text-brand-800">{truck.companyName}</p>
        <TruckFacts truck={truck} headingId={headingId} />
      </div>
      <div className="min-w-0">
        {matches.isLoading ? (
          <Spinner label="Finding loads..." className="py-2" />
        ) : matches.isError && !matches.data ? (
          <p role="alert" className="text-sm text-red-800">
            The matching loads could not be loaded.{" "}
            <button type="button" className="font-medium underline" onClick={() => void matches.refetch()}>
              Retry
            </button>
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-700">No loads match this truck.</p>
        ) : (
          // relative: the header's screen-reader words stay inside the scrolling box on a phone
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Loads matching the truck from {truck.originPostcode}, nearest pickup first</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
                  <th scope="col" className="px-1.5 py-1 font-medium">Load</th>
                  <th scope="col" className="px-1.5 py-1 font-medium">Route</th>
                  <th scope="col" className="px-1.5 py-1 font-medium">Pickup</th>
                  <th scope="col" className="px-1.5 py-1 text-right font-medium">Empty miles</th>
                  <th scope="col" className="px-1.5 py-1 text-right font-medium">Price</th>
                  <th scope="col" className="px-1.5 py-1 text-right font-medium">Rate</th>
                  <th scope="col" className="px-1.5 py-1"><span className="sr-only">Offer</span></th>
                </tr>
              </thead>
              <tbody>
                {list.map((l) => (
                  <MatchRow key={l.id} truck={truck} load={l} done={offered.has(`${truck.id}:${l.id}`)} onOffered={onOffered} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </article>
  );
}

function MatchRow({ truck, load, done, onOffered }: { truck: Truck; load: MatchedLoad; done: boolean; onOffered: (key: string) => void }) {
  const offer = useOfferLoad();
  const send = () =>
    offer.mutate(
      { truckId: truck.id, loadId: load.id },
      {
        onSuccess: () => {
          onOffered(`${truck.id}:${load.id}`);
          toast.success(`Load #${load.loadNumber} offered to ${truck.companyName}`, "Its members are told in the app and by email.");
        },
        onError: (err) => toast.error("The load was not offered", errorMessage(err, "Please try again.")),
      },
    );
  return (
    <tr className="border-b border-slate-100 last:border-b-0" data-testid="staff-match" data-load-id={load.id}>
      <th scope="row" className="px-1.5 py-2 text-left font-semibold whitespace-nowrap text-slate-900">
        #{load.loadNumber}
      </th>
      <td className="px-1.5 py-2">
        {load.pickupCity} → {load.deliveryCity}
      </td>
      <td className="px-1.5 py-2 whitespace-nowrap">{formatTimeWindow(load.pickupDate, load.pickupTimeType, load.pickupStartTime, load.pickupEndTime)}</td>
      <td className="tabular px-1.5 py-2 text-right whitespace-nowrap">{load.emptyMiles == null ? "—" : `${formatNumber(load.emptyMiles)} miles`}</td>
      <td className="tabular px-1.5 py-2 text-right font-semibold whitespace-nowrap">{formatMoney(load.price)}</td>
      <td className="tabular px-1.5 py-2 text-right whitespace-nowrap">{formatRate(rateOf(load))}</td>
      <td className="px-1.5 py-1 text-right">
        <Button size="sm" variant={done ? "secondary" : "primary"} disabled={done} loading={offer.isPending} onClick={send} aria-label={done ? `Offered load #${load.loadNumber}` : `Offer load #${load.loadNumber} to ${truck.companyName}`}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {done ? "Offered" : "Offer"}
        </Button>
      </td>
    </tr>
  );
}
