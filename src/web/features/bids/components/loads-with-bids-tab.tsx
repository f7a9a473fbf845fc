// Admin "Loads with Bids" tab (spec §2: available loads with pending bids; lowest
// pending bid and bid count; View Bids and Edit Load; §8 empty state). The admin
// dashboard mounts it. Bids come from GET /api/admin/bids (12 s, spec §9); the
// load details from the available loads list, joined here by load id.
import { useMemo, useState } from "react";
import { AlertTriangle, ArrowRight, Gavel, Pencil } from "lucide-react";
import { POLL } from "@contract/constants";
import type { Load } from "@contract/schemas/load";
import type { BidWithCarrier } from "@contract/schemas/bid";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage, formatCardDateTime, formatMoney } from "../../../lib/format";
import { useLoads } from "../../loads/api";
import { useAdminBids } from "../api";
import { ManageBidsDialog } from "./manage-bids-dialog";

export interface LoadsWithBidsTabProps {
  /** open the admin's edit-load dialog for this load */
  onEditLoad: (load: Load) => void;
}

interface PendingSummary {
  loadId: string;
  lowest: number;
  count: number;
}

/** Pending bids on available loads, per load (the tab's rows and its badge count). */
export function pendingBidsByLoad(bids: BidWithCarrier[] | undefined): Map<string, PendingSummary> {
  const out = new Map<string, PendingSummary>();
  for (const b of bids ?? []) {
    if (b.status !== "pending" || (b.loadStatus && b.loadStatus !== "available")) continue;
    const s = out.get(b.loadId);
    if (s) {
      s.count++;
      s.lowest = Math.min(s.lowest, b.bidAmount);
    } else {
      out.set(b.loadId, { loadId: b.loadId, lowest: b.bidAmount, count: 1 });
    }
  }
  return out;
}

export function LoadsWithBidsTab({ onEditLoad }: LoadsWithBidsTabProps) {
  const bids = useAdminBids();
  const loads = useLoads({ status: "available" }, { poll: POLL.adminBids });
  const [manage, setManage] = useState<{ load: Load; open: boolean } | null>(null);

  const rows = useMemo(() => {
    const byLoad = pendingBidsByLoad(bids.data);
    return (loads.data?.loads ?? []).filter((l) => l.status === "available" && byLoad.has(l.id)).map((load) => ({ load, ...byLoad.get(load.id)! }));
  }, [bids.data, loads.data]);

  const loading = bids.isLoading || loads.isLoading;
  const failed = (bids.isError && !bids.data) || (loads.isError && !loads.data);
  const refetching = !loading && (bids.isFetching || loads.isFetching);

  return (
    <section aria-labelledby="loads-with-bids-heading" className="space-y-3">
      <div className="flex min-h-6 items-center justify-between gap-3">
        <h2 id="loads-with-bids-heading" className="text-lg font-semibold text-slate-900">
          Loads with Bids
        </h2>
        <span className={refetching ? "text-sm text-slate-600" : "invisible text-sm"} aria-hidden={!refetching}>
          Updating data...
        </span>
      </div>

      {loading ? (
        <Spinner label="Loading loads with bids..." className="py-8" />
      ) : failed ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <AlertTriangle className="mx-auto h-6 w-6 text-red-700" aria-hidden="true" />
          <p className="mt-2 font-medium text-red-900">The loads with bids could not be loaded.</p>
          <p className="mt-1 text-sm text-red-800">{errorMessage(bids.error ?? loads.error, "Please check your connection and try again.")}</p>
          <Button
            className="mt-4"
            onClick={() => {
              void bids.refetch();
              void loads.refetch();
            }}
          >
            Retry
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <Gavel className="mx-auto h-6 w-6 text-slate-500" aria-hidden="true" />
          <p className="mt-2 font-medium text-slate-900">No loads with pending bids found.</p>
          <p className="mt-1 text-sm text-slate-600">When carriers bid on available loads, those loads appear here.</p>
        </div>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Available loads with pending bids</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Load
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Route
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Pickup
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Listed Price
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Lowest Bid
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Bids
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map(({ load, lowest, count }) => (
                  <tr key={load.id} data-testid="load-with-bids-row" data-load-id={load.id}>
                    <td className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">#{load.loadNumber}</td>
                    <td className="px-3 py-2 text-slate-800">
                      <span className="inline-flex flex-wrap items-center gap-1">
                        {load.pickupCity}
                        <ArrowRight className="h-3.5 w-3.5 text-slate-500" aria-label="to" role="img" />
                        {load.deliveryCity}
                      </span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatCardDateTime(load.pickupDate)}</td>
                    <td className="tabular px-3 py-2 text-right text-slate-900">{formatMoney(load.price)}</td>
                    <td className="tabular px-3 py-2 text-right font-semibold text-purple-800">{formatMoney(lowest)}</td>
                    <td className="tabular px-3 py-2 text-right">{count}</td>
                    <td className="px-3 py-2">
                      <div className="flex justify-end gap-2">
                        <Button size="sm" onClick={() => setManage({ load, open: true })} aria-label={`View bids on load ${load.loadNumber}`}>
                          <Gavel className="h-4 w-4" aria-hidden="true" />
                          View Bids
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => onEditLoad(load)} aria-label={`Edit load ${load.loadNumber}`}>
                          <Pencil className="h-4 w-4" aria-hidden="true" />
                          Edit Load
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="space-y-3 md:hidden" aria-label="Available loads with pending bids">
            {rows.map(({ load, lowest, count }) => (
              <li key={load.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="font-semibold text-slate-900">#{load.loadNumber}</p>
                <p className="mt-1 flex flex-wrap items-center gap-1 text-slate-800">
                  {load.pickupCity}
                  <ArrowRight className="h-3.5 w-3.5 text-slate-500" aria-label="to" role="img" />
                  {load.deliveryCity}
                </p>
                <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-600">Listed</dt>
                    <dd className="tabular">{formatMoney(load.price)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Lowest bid</dt>
                    <dd className="tabular font-semibold text-purple-800">{formatMoney(lowest)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Bids</dt>
                    <dd className="tabular">{count}</dd>
                  </div>
                </dl>
                <div className="mt-3 grid grid-cols-2 gap-2">
                  <Button onClick={() => setManage({ load, open: true })} aria-label={`View bids on load ${load.loadNumber}`}>
                    View Bids
                  </Button>
                  <Button variant="outline" onClick={() => onEditLoad(load)} aria-label={`Edit load ${load.loadNumber}`}>
                    Edit Load
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <ManageBidsDialog
        load={manage?.load ?? null}
        open={!!manage?.open}
        onOpenChange={(open) => setManage((m) => (m ? { ...m, open } : m))}
      />
    </section>
  );
}

/** Count for the tab badge: available loads with at least one pending bid. */
export function useLoadsWithBidsCount(): number {
  const bids = useAdminBids();
  return useMemo(() => pendingBidsByLoad(bids.data).size, [bids.data]);
}
